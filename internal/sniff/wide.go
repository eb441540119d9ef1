package sniff

import "encoding/binary"

// Word-at-a-time helpers for the UTF-16 and UTF-32 checks, which look at
// every unit of the prefix: eight bytes (four UTF-16 units) per step
// instead of one byte or unit.

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// zeroBytes has the high bit set in each byte of x that is zero (and in no
// other: no carry crosses bytes).
func zeroBytes(x uint64) uint64 {
	return ^((x&^highs + ^uint64(highs)) | x | ^uint64(highs))
}

// ZeroCounts counts the NUL bytes of p by their offset modulo 4.
func ZeroCounts(p []byte) (zeros [4]int) {
	i := 0
	for len(p)-i >= 8 {
		// Each byte of acc counts the zeros of one byte position of a word,
		// for at most 255 words before it is folded into zeros.
		var acc uint64
		for k := 0; k < 255 && len(p)-i >= 8; k++ {
			acc += zeroBytes(binary.LittleEndian.Uint64(p[i:])) >> 7
			i += 8
		}
		for j := range 8 {
			zeros[j&3] += int(acc >> (8 * j) & 0xFF)
		}
	}
	for ; i < len(p); i++ {
		if p[i] == 0 {
			zeros[i&3]++
		}
	}
	return zeros
}

// surrogateMask keeps the high bytes of the four UTF-16 units in a word.
func surrogateMask(big bool) uint64 {
	if big {
		return 0x00FF00FF00FF00FF
	}
	return 0xFF00FF00FF00FF00
}

// noUnitIn reports whether none of the four UTF-16 units in the eight bytes
// at p has a high byte b with b&and == eq.
func noUnitIn(p []byte, mask uint64, and, eq byte) bool {
	x := binary.LittleEndian.Uint64(p)
	return zeroBytes(x&(lows*uint64(and))^lows*uint64(eq))&mask == 0
}
