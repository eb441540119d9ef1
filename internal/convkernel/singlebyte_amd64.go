//go:build !purego

package convkernel

import "github.com/utf8x/utf8x/internal/kernelset"

// The single-byte kernels' arch functions (see SingleByte). The AVX-512
// kernels need VBMI (VPERMB, VPERMI2B) besides the VBMI2 of their set: every
// CPU with one has had the other so far, but the check keeps the set honest.
// The other sets run the AVX2 kernels.

// sbMinLen is the input length from which the kernels are called at all.
const sbMinLen = 32

// sbDecodesThree and sbEncodesThree are for the tests: whether the
// kernels convert characters of three UTF-8 bytes themselves.
const (
	sbDecodesThree = true
	sbEncodesThree = true
)

var sbVBMI = kernelset.AVX512VBMI.Supported()

func archSBDecode(id setID, t *sbDec, dst, src []byte) (nDst, nSrc int) {
	switch {
	case id == avx512vbmi2 && sbVBMI:
		return sbDecodeAVX512(dst, src, &t.lead[0])
	case id == avx512vbmi2 || id == avx512bw || id == avx2:
		return sbDecodeAVX2(dst, src, &t.lead[0])
	}
	return 0, 0
}

func archSBEncode(id setID, t *SingleByte, dst, src []byte) (nDst, nSrc int) {
	switch {
	case id == avx512vbmi2 && sbVBMI:
		return sbEncodeAVX512(dst, src, &t.enc.page2[0])
	case id == avx512vbmi2 || id == avx512bw || id == avx2:
		return sbEncodeAVX2(dst, src, &t.page[0], &t.blocks[0])
	}
	return 0, 0
}
