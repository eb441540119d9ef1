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
