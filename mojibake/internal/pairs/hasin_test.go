package pairs

import (
	"math/rand/v2"
	"testing"
)

// TestHasIn: HasIn answers as Has on a filter holding some pairs, for the
// pairs put in and for others.
func TestHasIn(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps [][2]rune
	for range 200000 {
		ps = append(ps, [2]rune{rune(rng.IntN(0x3000)), rune(rng.IntN(0x3000))})
	}
	bits := Build(ps)
	arr := (*[Bits / 8]byte)(bits)
	yes, no := 0, 0
	for i := range 400000 {
		a, b := rune(rng.IntN(0x3000)), rune(rng.IntN(0x3000))
		if i%2 == 0 {
			a, b = ps[i/2][0], ps[i/2][1]
		}
		h := Has(bits, a, b)
		if got := HasIn(arr, a, b); got != h {
			t.Fatalf("HasIn(%U, %U) = %v, Has says %v", a, b, got, h)
		}
		if h {
			yes++
		} else {
			no++
		}
	}
	if yes == 0 || no == 0 {
		t.Fatalf("%d held, %d not: the test needs both", yes, no)
	}
}
