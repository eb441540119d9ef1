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

// loBits has the lowest bit of each byte set: subtracting it from a word
// borrows out of exactly the bytes that are zero, from the lowest up.
const loBits = 0x0101010101010101

// stopIndex returns the index of the first byte of p that starts a 4-byte
// sequence or could (F0-FF), or, with nul, that is 00; len(p) when there is
// none. These are the bytes where CESU-8 and modified UTF-8 part from UTF-8
// (stopIndex of valid UTF-8 is always on a character boundary).
func stopIndex(p []byte, nul bool) int {
	i := 0
	for ; i+8 <= len(p); i += 8 {
		x := binary.LittleEndian.Uint64(p[i:])
		// Bit 7 of each byte of x<<s is bit 7-s of the same byte, so the
		// AND has bit 7 set where the byte's top four bits are all set.
		m := x & (x << 1) & (x << 2) & (x << 3) & hiBits
		if nul {
			// Set for each zero byte, and maybe for bytes above one (the
			// borrow runs upward): the lowest set bit is exact.
			m |= (x - loBits) &^ x & hiBits
		}
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(p); i++ {
		if p[i] >= 0xF0 || nul && p[i] == 0 {
			return i
		}
	}
	return len(p)
}
