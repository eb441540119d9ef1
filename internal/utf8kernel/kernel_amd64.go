//go:build !purego

package utf8kernel

import "github.com/utf8x/utf8x/internal/kernelset"

// The amd64 sets; see kernel.go for what this file provides.
const (
	avx512vbmi setID = 1 + iota
	avx512
	avx2
)

// The vector sets leave short inputs to the portable code: below these lengths
// a few word-at-a-time
// steps cost less than the call, the vector constants and, for AVX2, the
// fallback for inputs without a whole 32-byte block.
var archSets = []kernelset.Set[impl]{
	{Name: "avx512vbmi", Needs: kernelset.AVX512VBMI, Impl: impl{id: avx512vbmi, minLen: 16, minScan: 64}},
	{Name: "avx512", Needs: kernelset.AVX512BW, Impl: impl{id: avx512, minLen: 16, minScan: 64}},
	{Name: "avx2", Needs: kernelset.AVX2, Impl: impl{id: avx2, minLen: 32, minScan: 64}},
}

// The arch functions return at once when the kernel validated everything,
// the common case, and call the finish helpers only otherwise: a call less
// on valid input.

func archValidPrefix(id setID, p []byte) int {
	var n int
	switch id {
	case avx512vbmi:
		n = validAVX512VBMI(p)
	case avx512:
		n = validAVX512(p)
	case avx2:
		n = validAVX2(p)
	default:
		return validPrefixGo(p)
	}
	if n == len(p) {
		return n
	}
	return finishValid(p, n)
}

func archValidRunes(id setID, p []byte) (n, runes, utf16 int) {
	switch id {
	case avx512vbmi:
		n, runes, utf16 = validRunesAVX512VBMI(p)
	case avx512:
		n, runes, utf16 = validRunesAVX512(p)
	case avx2:
		n, runes, utf16 = validRunesAVX2(p)
	default:
		n, runes, utf16, _ = validCountGo(p)
		return n, runes, utf16
	}
	if n == len(p) {
		return n, runes, utf16
	}
	n, runes, utf16, _ = finishCount(p, n, runes, utf16, 0)
	return n, runes, utf16
}

func archValidCount(id setID, p []byte) (n, runes, utf16, ascii int) {
	switch id {
	case avx512vbmi:
		n, runes, utf16, ascii = validCountAVX512VBMI(p)
	case avx512:
		n, runes, utf16, ascii = validCountAVX512(p)
	case avx2:
		n, runes, utf16, ascii = validCountAVX2(p)
	default:
		return validCountGo(p)
	}
	if n == len(p) {
		return n, runes, utf16, ascii
	}
	return finishCount(p, n, runes, utf16, ascii)
}

func archValidCopy(id setID, dst, src []byte) int {
	var n int
	switch id {
	case avx512vbmi:
		n = validCopyAVX512VBMI(dst, src)
	case avx512:
		n = validCopyAVX512(dst, src)
	case avx2:
		n = validCopyAVX2(dst, src)
	default:
		return validCopyGo(dst, src)
	}
	if n == len(src) {
		return n
	}
	return finishCopy(dst, src, n)
}

// The NUL-reporting kernels' marks cover p[:n] for their own n;
// finishNUL extends it to the n the finish helpers return.

func archValidNUL(id setID, p []byte, want Marks) (n int, marks Marks) {
	var mk uint8
	esc := want&ESC != 0
	switch {
	case id == avx512vbmi && esc:
		n, mk = validMarksAVX512VBMI(p)
	case id == avx512vbmi:
		n, mk = validNULAVX512VBMI(p)
	case id == avx512 && esc:
		n, mk = validMarksAVX512(p)
	case id == avx512:
		n, mk = validNULAVX512(p)
	case id == avx2 && esc:
		n, mk = validMarksAVX2(p)
	case id == avx2:
		n, mk = validNULAVX2(p)
	default:
		return validNULGo(p, want)
	}
	if n == len(p) {
		return n, Marks(mk)
	}
	m := finishValid(p, n)
	return m, finishNUL(p, n, m, Marks(mk), want)
}

func archValidCountNUL(id setID, p []byte, want Marks) (n, runes, utf16, ascii int, marks Marks) {
	var mk uint8
	esc := want&ESC != 0
	switch {
	case id == avx512vbmi && esc:
		n, runes, utf16, ascii, mk = validCountMarksAVX512VBMI(p)
	case id == avx512vbmi:
		n, runes, utf16, ascii, mk = validCountNULAVX512VBMI(p)
	case id == avx512 && esc:
		n, runes, utf16, ascii, mk = validCountMarksAVX512(p)
	case id == avx512:
		n, runes, utf16, ascii, mk = validCountNULAVX512(p)
	case id == avx2 && esc:
		n, runes, utf16, ascii, mk = validCountMarksAVX2(p)
	case id == avx2:
		n, runes, utf16, ascii, mk = validCountNULAVX2(p)
	default:
		return validCountNULGo(p, want)
	}
	if n == len(p) {
		return n, runes, utf16, ascii, Marks(mk)
	}
	m, runes, utf16, ascii := finishCount(p, n, runes, utf16, ascii)
	return m, runes, utf16, ascii, finishNUL(p, n, m, Marks(mk), want)
}

func archValidCopyNUL(id setID, dst, src []byte, want Marks) (n int, marks Marks) {
	var mk uint8
	esc := want&ESC != 0
	switch {
	case id == avx512vbmi && esc:
		n, mk = validCopyMarksAVX512VBMI(dst, src)
	case id == avx512vbmi:
		n, mk = validCopyNULAVX512VBMI(dst, src)
	case id == avx512 && esc:
		n, mk = validCopyMarksAVX512(dst, src)
	case id == avx512:
		n, mk = validCopyNULAVX512(dst, src)
	case id == avx2 && esc:
		n, mk = validCopyMarksAVX2(dst, src)
	case id == avx2:
		n, mk = validCopyNULAVX2(dst, src)
	default:
		return validCopyNULGo(dst, src, want)
	}
	if n == len(src) {
		return n, Marks(mk)
	}
	m := finishCopy(dst, src, n)
	return m, finishNUL(src, n, m, Marks(mk), want)
}

// The AVX2 ASCII and counting kernels need a whole 32-byte block; shorter
// inputs reach them only when a test hands the set every length.

func archASCIIPrefix(id setID, p []byte) int {
	switch {
	case id == avx512vbmi, id == avx512:
		return asciiAVX512(p)
	case id == avx2 && len(p) >= 32:
		return asciiAVX2(p)
	}
	return asciiPrefixGo(p)
}

func archCountRunes(id setID, p []byte) int {
	switch {
	case id == avx512vbmi, id == avx512:
		return countAVX512(p)
	case id == avx2 && len(p) >= 32:
		return countAVX2(p)
	}
	return countRunesGo(p)
}

func archUTF16Len(id setID, p []byte) int {
	switch {
	case id == avx512vbmi, id == avx512:
		return utf16AVX512(p)
	case id == avx2 && len(p) >= 32:
		return utf16AVX2(p)
	}
	return utf16LenGo(p)
}
