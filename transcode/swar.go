package transcode

import "math/bits"

// Helpers for converting ASCII eight bytes at a time in plain Go (SWAR: SIMD
// within a register). Every kernel checks a whole word for bytes >= 0x80 with
// one AND, and moves it with one load and one or two stores.

const hiBits = 0x8080808080808080

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
