//go:build !purego

package utf8kernel

import (
	"math/bits"

	"github.com/utf8x/utf8x/internal/kernelset"
)

// NEON (Advanced SIMD) is part of every arm64 CPU Go runs on, so the NEON set
// needs no feature test.

// validNEON checks p in 64-byte blocks and returns len(p) if p is valid, else
// n < len(p) such that p[:n] holds no error short of a character left
// unfinished at its end: the start of the first block with an error, or
// len(p)-1 when p ends inside a character. p must hold at least 64 bytes.
//
//go:noescape
func validNEON(p []byte) int

// validCountNEON is validNEON that also returns the number of characters
// and of UTF-16 units in p[:n]. p must hold at least 64 bytes.
//
//go:noescape
func validCountNEON(p []byte) (n int, runes int, utf16 int)

// validCopyNEON is validNEON on src that also copies src[:n] to dst, in the
// same pass. It may write any of dst[:len(src)]; dst must have that room. src
// must hold at least 64 bytes.
//
//go:noescape
func validCopyNEON(dst []byte, src []byte) int

// asciiNEON returns the index of the first byte of p with bit 7 set, or
// len(p). p must hold at least 64 bytes.
//
//go:noescape
func asciiNEON(p []byte) int

// countNEON returns the number of bytes of p that are not continuation
// bytes: its character count if p is valid. p must hold at least 64 bytes.
//
//go:noescape
func countNEON(p []byte) int

// utf16NEON returns the number of UTF-16 code units valid p needs: one per
// character, two for each 4-byte lead. p must hold at least 64 bytes.
//
//go:noescape
func utf16NEON(p []byte) int

// neonMin is the shortest input the NEON kernels take: they read the last,
// partial block as the last 64 bytes of the input.
const neonMin = 64

// The arm64 set; see kernel.go for what this file provides.
const neon setID = 1

// The minimum lengths are the kernels' own, not tuned on hardware (emulation
// cannot time them). The arch functions still send shorter inputs to the
// portable code, for the test hook that hands every length to the set.
var archSets = []kernelset.Set[impl]{
	{Name: "neon", Needs: kernelset.NEON, Impl: impl{id: neon, minLen: neonMin, minScan: neonMin}},
}

func archValidPrefix(id setID, p []byte) int {
	if id != neon || len(p) < neonMin {
		return validPrefixGo(p)
	}
	if n := validNEON(p); n != len(p) {
		return finishValid(p, n)
	}
	return len(p)
}

func archValidRunes(id setID, p []byte) (n, runes, utf16 int) {
	if id != neon || len(p) < neonMin {
		n, runes, utf16, _ = validCountGo(p)
		return n, runes, utf16
	}
	n, runes, utf16 = validCountNEON(p)
	if n == len(p) {
		return n, runes, utf16
	}
	n, runes, utf16, _ = finishCount(p, n, runes, utf16, 0)
	return n, runes, utf16
}

func archValidCount(id setID, p []byte) (n, runes, utf16, ascii int) {
	if id != neon || len(p) < neonMin {
		return validCountGo(p)
	}
	n, runes, utf16 = validCountNEON(p)
	// The NEON kernel does not count ASCII bytes yet: a word-at-a-time pass
	// over the validated prefix does, at the cost of reading it again.
	ascii = n - highBytes(p[:n])
	if n == len(p) {
		return n, runes, utf16, ascii
	}
	return finishCount(p, n, runes, utf16, ascii)
}

// highBytes returns the number of bytes of p at or above 0x80.
func highBytes(p []byte) int {
	h, i := 0, 0
	for ; i+8 <= len(p); i += 8 {
		h += bits.OnesCount64(load64(p[i:]) & hiBits)
	}
	for _, b := range p[i:] {
		h += int(b >> 7)
	}
	return h
}

func archValidCopy(id setID, dst, src []byte) int {
	if id != neon || len(src) < neonMin {
		return validCopyGo(dst, src)
	}
	if n := validCopyNEON(dst, src); n != len(src) {
		return finishCopy(dst, src, n)
	}
	return len(src)
}

// The NEON kernels do not look for NUL or ESC bytes: searches of the valid prefix
// after the validation (bytes.IndexByte, NEON code in the runtime) does, at
// the cost of reading it again.

func archValidNUL(id setID, p []byte, want Marks) (int, Marks) {
	n := archValidPrefix(id, p)
	return n, marksOf(p[:n], want)
}

func archValidCountNUL(id setID, p []byte, want Marks) (n, runes, utf16, ascii int, marks Marks) {
	n, runes, utf16, ascii = archValidCount(id, p)
	return n, runes, utf16, ascii, marksOf(p[:n], want)
}

func archValidCopyNUL(id setID, dst, src []byte, want Marks) (int, Marks) {
	n := archValidCopy(id, dst, src)
	return n, marksOf(src[:n], want)
}

func archASCIIPrefix(id setID, p []byte) int {
	if id != neon || len(p) < neonMin {
		return asciiPrefixGo(p)
	}
	return asciiNEON(p)
}

func archCountRunes(id setID, p []byte) int {
	if id != neon || len(p) < neonMin {
		return countRunesGo(p)
	}
	return countNEON(p)
}

func archUTF16Len(id setID, p []byte) int {
	if id != neon || len(p) < neonMin {
		return utf16LenGo(p)
	}
	return utf16NEON(p)
}
