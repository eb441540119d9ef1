package mojibake

import (
	"encoding/binary"
	"math/rand"
	"testing"
	"unicode"

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

// TestModelMemo asks modelHas and pairSeen about pairs beyond the tiles (Hangul and
// CJK beside ASCII, which real text holds, and random ones, which it
// mostly does not), the filter's listed collisions, and pairs with none
// (-1) or a character past unicode.MaxRune, three times over, far more
// pairs than modelMemo has entries (so entries are overwritten by other
// pairs between the asks): each answer must be the filter's own.
func TestModelMemo(t *testing.T) {
	buildTables()
	if pairArray == nil {
		t.Skip("no model of real text")
	}
	var ps [][2]rune
	for _, a := range []rune{' ', 'a', '.', ',', '(', ')', '1'} {
		for b := rune(0xAC00); b <= 0xD7A3; b += 3 {
			ps = append(ps, [2]rune{a, b}, [2]rune{b, a})
		}
		for b := rune(0x4E00); b < 0x9FFF; b += 7 {
			ps = append(ps, [2]rune{a, b}, [2]rune{b, a})
		}
	}
	// Twins of the pairs so far that a key short of bits would take for
	// them: (a-1, b + 1<<16) and (a-1, b + 1<<20), which real text does
	// not hold.
	for _, p := range ps[:len(ps):len(ps)] {
		if p[0] > 0 && p[1] <= 0xFFFF {
			ps = append(ps, [2]rune{p[0] - 1, p[1] + 1<<16}, [2]rune{p[0] - 1, p[1] + 1<<20})
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		ps = append(ps, [2]rune{rune(rng.Intn(0x11000)), rune(rng.Intn(0x11000))})
	}
	for i := 0; i+8 <= len(pairFPTable); i += 8 {
		ps = append(ps, [2]rune{rune(binary.LittleEndian.Uint32(pairFPTable[i+4:])), rune(binary.LittleEndian.Uint32(pairFPTable[i:]))})
	}
	ps = append(ps, [2]rune{none, 0xAC00}, [2]rune{0xAC00, none}, [2]rune{unicode.MaxRune + 1, 'a'}, [2]rune{'a', 0x7FFFFFFF})
	held, bad := 0, 0
	for round := range 3 {
		rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		for _, p := range ps {
			want := pairs.HasIn(pairArray, p[0], p[1]) && !pairFP.Has(p[0], p[1])
			// pairSeen first (pairSeenSlow reads modelMemo itself beyond
			// the tiles), then modelHas, each after other pairs' asks.
			ask := [2]func(a, b rune) bool{pairSeen, modelHas}
			if round == 1 {
				ask[0], ask[1] = ask[1], ask[0]
			}
			for _, f := range ask {
				if got := f(p[0], p[1]); got != want {
					if bad++; bad <= 10 {
						t.Errorf("round %d: (%U, %U) answered %v, the filter says %v", round, p[0], p[1], got, want)
					}
				}
			}
			if want && round == 0 {
				held++
			}
		}
	}
	if held < 1000 || held > len(ps)-1000 {
		t.Fatalf("%d of %d pairs held: the test asks too few of one answer", held, len(ps))
	}
	if bad > 0 {
		t.Errorf("%d answers differ", bad)
	}
}
