package mojibake

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// joinUnitsRef is joinUnits as it was before it read each unit's fields
// once, as int32.
func joinUnitsRef(buf, rs []rune, us []unit, start int) int {
	n, k := 0, start
	for i := range us {
		u := &us[i]
		if s := int(u.start); s > k {
			for _, r := range rs[k:s] {
				buf[n] = r
				n++
			}
		}
		buf[n] = u.r
		n++
		k = int(u.end)
	}
	return n
}

// TestJoinUnits checks joinUnits against joinUnitsRef on random lines and
// units (glued, or with gaps of up to three characters, of one to four
// characters each).
func TestJoinUnits(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	for range 5000 {
		rs := make([]rune, rng.IntN(60)+1)
		for i := range rs {
			rs[i] = rune(rng.IntN(0x500))
		}
		start := rng.IntN(len(rs))
		var us []unit
		for at := start; ; {
			if rng.IntN(2) == 0 {
				at += rng.IntN(4)
			}
			w := 1 + rng.IntN(4)
			if at+w > len(rs) || rng.IntN(10) == 0 && len(us) > 0 {
				break
			}
			us = append(us, unit{start: int32(at), end: int32(at + w), r: rune(0x1000 + rng.IntN(100))})
			at += w
		}
		if len(us) == 0 {
			continue
		}
		end := int(us[len(us)-1].end)
		got, want := make([]rune, end-start), make([]rune, end-start)
		n, m := joinUnits(got, rs, us, start), joinUnitsRef(want, rs, us, start)
		if n != m || !slices.Equal(got[:n], want[:m]) {
			t.Fatalf("joinUnits(%U, %v, %d) = %U, want %U", rs, us, start, got[:n], want[:m])
		}
	}
}
