package mojibake

import (
	"testing"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// TestPairTiles asks pairSeen about every pair of characters below
// tileLimit and some beyond, twice (the first time through the filter
// until a tile is built, the second through the tiles), and compares
// with the filter's own answer.
func TestPairTiles(t *testing.T) {
	if pairArray == nil {
		t.Skip("no model of real text")
	}
	bad := 0
	for round := range 2 {
		for a := rune(0); a < tileLimit+0x100; a++ {
			for b := rune(0); b < tileLimit+0x100; b++ {
				if got, want := pairSeen(a, b), pairs.HasIn(pairArray, a, b); got != want {
					if bad++; bad <= 10 {
						t.Errorf("round %d: pairSeen(%U, %U) = %v, the filter says %v", round, a, b, got, want)
					}
				}
			}
		}
	}
	for k := range pairTiles {
		if pairTiles[k].Load() == nil {
			t.Fatalf("tile %d never built", k)
		}
	}
	if bad > 0 {
		t.Errorf("%d answers differ", bad)
	}
}
