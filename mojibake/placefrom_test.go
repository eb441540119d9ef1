package mojibake

import (
	"math/rand/v2"
	"testing"
)

// TestPlaceFrom holds placeFrom's search to a scan, on ordered places
// with repeats and gaps, from every start and for every target around
// them.
func TestPlaceFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 2))
	for range 3000 {
		pos := make([]place, rng.IntN(40))
		at := int32(rng.IntN(3))
		for i := range pos {
			at += int32(rng.IntN(3))
			pos[i].at = at
		}
		for i := 0; i <= len(pos)+1; i++ {
			for x := -1; x <= int(at)+2; x++ {
				want := min(i, len(pos))
				for want < len(pos) && int(pos[want].at) < x {
					want++
				}
				if got := placeFrom(pos, min(i, len(pos)), x); got != want {
					t.Fatalf("placeFrom(%v, %d, %d) = %d, want %d", pos, i, x, got, want)
				}
			}
		}
	}
}
