package mojibake

import (
	"math/rand/v2"
	"testing"
)

// TestLineBlocks checks lineBlocks against blockBit of each character, on
// lines of every length up to 40 (each remainder of its four-a-step loop)
// of random characters, none and invalidByte among them.
func TestLineBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 24))
	for n := range 41 {
		for range 200 {
			rs := make([]rune, n)
			var want uint64
			for i := range rs {
				switch rng.IntN(8) {
				case 0:
					rs[i] = none
				case 1:
					rs[i] = invalidByte
				case 2:
					rs[i] = rune(rng.IntN(0x80))
				default:
					rs[i] = rune(rng.IntN(0x110000))
				}
				want |= blockBit(rs[i])
			}
			if got := lineBlocks(rs); got != want {
				t.Fatalf("lineBlocks(%U) = %#x, want %#x", rs, got, want)
			}
		}
	}
}
