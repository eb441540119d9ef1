//go:build !purego

package transkernel

// The single-byte kernels' arch functions on arm64 (see SingleByte): a NEON
// decoder for the characters of two UTF-8 bytes; the portable code encodes
// and takes the three-byte characters.

// sbMinLen is the input length from which the kernels are called at all.
const sbMinLen = 32

// sbDecodesThree is for the tests: the NEON decoder stops at characters of three UTF-8 bytes.
const sbDecodesThree = false

// sbDecodeNEON converts a single-byte encoding (tab: its sbDec) to UTF-8 in
// 16-byte blocks while src has 16 bytes left and dst 32, and returns the
// bytes written and read. It stops at a block holding an undefined byte or
// one of three UTF-8 bytes.
//
//go:noescape
func sbDecodeNEON(dst, src []byte, tab *byte) (nDst, nSrc int)

func archSBDecode(id setID, t *sbDec, dst, src []byte) (nDst, nSrc int) {
	if id == neon {
		return sbDecodeNEON(dst, src, &t.lead[0])
	}
	return 0, 0
}

func archSBEncode(setID, *SingleByte, []byte, []byte) (nDst, nSrc int) { return 0, 0 }
