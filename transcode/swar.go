package transcode

import (
	"encoding/binary"
	"math/bits"
)

// Helpers for converting ASCII eight bytes at a time in plain Go (SWAR: SIMD
// within a register). Every kernel checks a whole word for bytes >= 0x80 with
// one AND, and moves it with one load and one or two stores.

const hiBits = 0x8080808080808080

// copyASCII copies whole 8-byte words of ASCII from src[i:] to dst[j:] while
// they fit, and returns the indices after them: the fast path of the kernels
// between UTF-8 and the single-byte forms, where ASCII reads the same. It
// takes and returns indices rather than subslices so that, inlined, the
// kernels' loops compile as if written out.
func copyASCII(dst, src []byte, i, j int) (int, int) {
	for i+8 <= len(src) && j+8 <= len(dst) {
		x := binary.LittleEndian.Uint64(src[i:])
		if x&hiBits != 0 {
			break
		}
		binary.LittleEndian.PutUint64(dst[j:], x)
		i += 8
		j += 8
	}
	return i, j
}

// widen spreads the four bytes of x into the low bytes of four 16-bit lanes:
// four ASCII characters as UTF-16LE.
func widen(x uint32) uint64 {
	t := uint64(x)
	t = (t | t<<16) & 0x0000FFFF0000FFFF
	return (t | t<<8) & 0x00FF00FF00FF00FF
}

// narrow is the inverse of widen: the low bytes of four 16-bit lanes.
func narrow(x uint64) uint32 {
	x = (x | x>>8) & 0x0000FFFF0000FFFF
	return uint32(x | x>>16)
}

// bitsOnes counts the set bits of x.
func bitsOnes(x uint64) int { return bits.OnesCount64(x) }
