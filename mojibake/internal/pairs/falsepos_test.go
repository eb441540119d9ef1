package pairs

import (
	"math/rand/v2"
	"testing"
)

// TestFalsePositives builds sets of random pairs (some close together, as
// misreading's are) and holds Has to a map of the same pairs, for members
// and for pairs next to them; a table out of order or cut is refused.
func TestFalsePositives(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 300, 5000} {
		want := map[[2]rune]bool{}
		var ps [][2]rune
		for len(ps) < n {
			p := [2]rune{rune(0x80 + rng.IntN(0x600)), rune(rng.IntN(0x2200))}
			if !want[p] {
				want[p] = true
				ps = append(ps, p)
				if len(ps) < n && !want[[2]rune{p[0], p[1] + 1}] {
					q := [2]rune{p[0], p[1] + 1}
					want[q] = true
					ps = append(ps, q)
				}
			}
		}
		ps = append(ps, ps[:min(len(ps), 3)]...) // duplicates are kept once
		f := NewFalsePositives(BuildFalsePositives(ps))
		if f == nil || f.Len() != len(want) {
			t.Fatalf("%d pairs: set of %d", len(want), f.Len())
		}
		for p := range want {
			for _, q := range [][2]rune{p, {p[0], p[1] + 2}, {p[0] + 1, p[1]}, {p[1], p[0]}} {
				if got := f.Has(q[0], q[1]); got != want[q] {
					t.Fatalf("%d pairs: Has(%U, %U) = %v, want %v", len(want), q[0], q[1], got, want[q])
				}
			}
		}
		for range 50 {
			a0 := rune(0x80 + rng.IntN(0x600))
			n := 0
			var last uint64
			f.EachFrom(a0, a0+128, func(a, b rune) {
				if !want[[2]rune{a, b}] || a < a0 || a >= a0+128 || n > 0 && fpKey(a, b) <= last {
					t.Fatalf("EachFrom(%U, +128) gave (%U, %U) out of the set, the block or order", a0, a, b)
				}
				last = fpKey(a, b)
				n++
			})
			m := 0
			for p := range want {
				if p[0] >= a0 && p[0] < a0+128 {
					m++
				}
			}
			if n != m {
				t.Fatalf("EachFrom(%U, +128) gave %d pairs, the set holds %d", a0, n, m)
			}
		}
		for range 20000 {
			q := [2]rune{rune(rng.IntN(0x800)), rune(rng.IntN(0x2200))}
			if got := f.Has(q[0], q[1]); got != want[q] {
				t.Fatalf("%d pairs: Has(%U, %U) = %v, want %v", len(want), q[0], q[1], got, want[q])
			}
		}
	}
	table := BuildFalsePositives([][2]rune{{1, 2}, {3, 4}})
	swapped := append(append([]byte{}, table[8:]...), table[:8]...)
	if NewFalsePositives(swapped) != nil || NewFalsePositives(table[:9]) != nil {
		t.Fatal("a table out of order or cut was taken")
	}
	var none *FalsePositives
	if none.Has(1, 2) || none.Len() != 0 {
		t.Fatal("a nil set holds something")
	}
}
