package main

import (
	"strings"
	"testing"

	"github.com/utf8x/utf8x/bench/table"
)

// TestEntryPointsAgree runs every entry point of every operation once and
// checks that each writes as many bytes as the slice function, so that the
// table compares the same work.
func TestEntryPointsAgree(t *testing.T) {
	text := table.Generated([]int{70 << 10}, []string{"70KiB"})
	for _, op := range operations() {
		for _, in := range text {
			src := op.prepare(in.Data)
			impls := op.impls()
			want := impls[0].Run(src)
			if want == 0 && len(src) > 0 {
				t.Fatalf("%s/%s: %s wrote nothing", op.name, in.Name, impls[0].Name)
			}
			for _, impl := range impls[1:] {
				if strings.HasPrefix(impl.Name, floorPrefix) {
					// A floor writes as much as the conversion, give or
					// take the rounding of its ratio.
					if got := impl.Run(src); (got < want-1 || got > want+1) && got != len(src) {
						t.Errorf("%s/%s: %s wrote %d bytes, %s %d", op.name, in.Name, impl.Name, got, impls[0].Name, want)
					}
					continue
				}
				if got := impl.Run(src); got != want {
					t.Errorf("%s/%s: %s wrote %d bytes, %s %d", op.name, in.Name, impl.Name, got, impls[0].Name, want)
				}
			}
		}
	}
}

// TestToBoundPairsRounds: the ratio to the bound is the median of the
// ratios within each round, not the ratio of the medians.
func TestToBoundPairsRounds(t *testing.T) {
	// Impl 0 the slice function, 1 the entry point, 2 its floor; in each
	// round the entry point is at exactly its bound, while the machine
	// speeds up and slows down from round to round.
	c := cell{names: []string{"slice", "entry", floorPrefix + "entry"}, rounds: make([][]float64, 3)}
	for _, k := range []float64{1, 3, 0.5} {
		slice, floor := 10*k, 5*k
		c.rounds[0] = append(c.rounds[0], slice)
		c.rounds[1] = append(c.rounds[1], 1/(1/slice+1/floor))
		c.rounds[2] = append(c.rounds[2], floor)
	}
	// Medians of a skewed set: slice 10, entry at another round's speed.
	c.gbps = []float64{10, 1 / (1/30.0 + 1/15.0), 5}
	if got := c.toBound(1, 2); got < 0.999 || got > 1.001 {
		t.Errorf("toBound = %v, want 1 (every round at its bound)", got)
	}
	c.rounds = nil
	if got := c.toBound(1, 2); got < 2.9 || got > 3.1 {
		t.Errorf("toBound without rounds = %v, want 3 from the medians", got)
	}
}
