package mojibake

import (
	"encoding/binary"
	"testing"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// TestPairTiles asks pairSeen about every pair of characters below
// tileLimit and some beyond, twice (the first time through the filter
// until a tile is built, the second through the tiles), and compares
// with the filter's own answer.
func TestPairTiles(t *testing.T) {
	buildTables() // pairFP
	if pairArray == nil {
		t.Skip("no model of real text")
	}
	bad := 0
	for round := range 2 {
		for a := rune(0); a < tileLimit+0x100; a++ {
			for b := rune(0); b < tileLimit+0x100; b++ {
				if got, want := pairSeen(a, b), pairs.HasIn(pairArray, a, b) && !pairFP.Has(a, b); got != want {
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

// TestModelFalsePositives: each pair of pairs-fp.bin is one the filter
// holds (else it need not be listed) and the model denies, through the
// tiles too; and the list is there.
func TestModelFalsePositives(t *testing.T) {
	buildTables()
	if pairArray == nil {
		t.Skip("no model of real text")
	}
	if pairFP.Len() < 100 {
		t.Fatalf("pairs-fp.bin holds %d pairs: not the generator's table", pairFP.Len())
	}
	for i := 0; i+8 <= len(pairFPTable); i += 8 {
		a, b := rune(binary.LittleEndian.Uint32(pairFPTable[i+4:])), rune(binary.LittleEndian.Uint32(pairFPTable[i:]))
		if !pairs.HasIn(pairArray, a, b) {
			t.Fatalf("(%U, %U) is listed, but the filter does not hold it", a, b)
		}
		if modelHas(a, b) || pairSeen(a, b) || seenPair(a, b) && pairs.Counted(a, b) {
			t.Fatalf("(%U, %U): the model holds a pair listed as a collision", a, b)
		}
	}
}
