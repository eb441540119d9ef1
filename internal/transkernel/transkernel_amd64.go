//go:build !purego

package transkernel

import "github.com/utf8x/utf8x/internal/simd"

// The amd64 sets; see transkernel.go for what this file provides.
const (
	avx512vbmi2 setID = 1 + iota
	avx512bw
	avx2
)

var archSets = []simd.Set[impl]{
	// The call and its setup cost about as much as the scalar code takes
	// for 32 bytes of ASCII; any non-ASCII makes the scalar
	// code several times slower from 8 bytes on.
	{Name: "avx512vbmi2", Needs: simd.AVX512VBMI2, Impl: impl{id: avx512vbmi2, latin1Min: 32}},
	// Skylake-X to Cascade Lake: UTF-8 to UTF-16 and UTF-32 in 64-byte
	// blocks with VPCOMPRESSD (AVX-512F) in place of VPCOMPRESSB; the
	// conversions to UTF-8 and Latin-1 are the AVX2 kernels.
	{Name: "avx512bw", Needs: simd.AVX512BW, Impl: impl{id: avx512bw, latin1Min: MinLen}},
	{Name: "avx2", Needs: simd.AVX2, Impl: impl{id: avx2, latin1Min: MinLen}},
}

func archLatin1ToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return latin1ToUTF8AVX512(dst, src)
	case avx512bw:
		return latin1ToUTF8AVX2(dst, src)
	case avx2:
		return latin1ToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToLatin1(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToLatin1AVX512(dst, src)
	case avx512bw:
		return utf8ToLatin1AVX2(dst, src)
	case avx2:
		return utf8ToLatin1AVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToUTF16LE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToUTF16LEAVX512(dst, src)
	case avx512bw:
		return utf8ToUTF16LEAVX512BW(dst, src)
	case avx2:
		return utf8ToUTF16LEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToUTF16BE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToUTF16BEAVX512(dst, src)
	case avx512bw:
		return utf8ToUTF16BEAVX512BW(dst, src)
	case avx2:
		return utf8ToUTF16BEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToUTF32LE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToUTF32LEAVX512(dst, src)
	case avx512bw:
		return utf8ToUTF32LEAVX512BW(dst, src)
	case avx2:
		return utf8ToUTF32LEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToUTF32BE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToUTF32BEAVX512(dst, src)
	case avx512bw:
		return utf8ToUTF32BEAVX512BW(dst, src)
	case avx2:
		return utf8ToUTF32BEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF16LEToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16LEToUTF8AVX512(dst, src)
	case avx512bw:
		return utf16LEToUTF8AVX2(dst, src)
	case avx2:
		return utf16LEToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archUTF16BEToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16BEToUTF8AVX512(dst, src)
	case avx512bw:
		return utf16BEToUTF8AVX2(dst, src)
	case avx2:
		return utf16BEToUTF8AVX2(dst, src)
	}
	return 0, 0
}
