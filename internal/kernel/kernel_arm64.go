//go:build !purego

package kernel

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

// neon is the NEON set. Its minimum lengths are the kernels' own, not tuned
// on hardware (emulation cannot time them); the wrappers send shorter inputs
// to the portable code for the test hook that hands every length to the set.
var neon = impl{
	name:      "neon",
	minLen:    neonMin,
	minScan:   neonMin,
	supported: func() bool { return true },
	validPrefix: func(p []byte) int {
		if len(p) < neonMin {
			return validPrefixGo(p)
		}
		return finishValid(p, validNEON(p))
	},
	validCount: func(p []byte) (int, int, int) {
		if len(p) < neonMin {
			return validCountGo(p)
		}
		n, runes, utf16 := validCountNEON(p)
		return finishCount(p, n, runes, utf16)
	},
	validCopy: func(dst, src []byte) int {
		if len(src) < neonMin {
			return validCopyGo(dst, src)
		}
		return finishCopy(dst, src, validCopyNEON(dst, src))
	},
	asciiPrefix: atLeast(asciiNEON, asciiPrefixGo),
	countRunes:  atLeast(countNEON, countRunesGo),
	utf16Len:    atLeast(utf16NEON, utf16LenGo),
}

// atLeast wraps a NEON kernel that needs neonMin bytes.
func atLeast(vec, short func([]byte) int) func([]byte) int {
	return func(p []byte) int {
		if len(p) < neonMin {
			return short(p)
		}
		return vec(p)
	}
}

var impls = []impl{neon, portable}
