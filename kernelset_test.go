package utf8x_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// KernelSet names the set in use: each one this CPU runs, once chosen with
// UseKernelSet; a set it cannot run or an unknown name is refused with an
// error that says why, changing nothing; "" restores the start-up choice.
func TestKernelSet(t *testing.T) {
	start := utf8x.KernelSet()
	sets := utf8x.KernelSets()
	if !slices.Contains(sets, start) || sets[len(sets)-1] != "go" {
		t.Fatalf("KernelSet() = %q; KernelSets() = %v, which must hold it and end with go", start, sets)
	}
	defer utf8x.UseKernelSet("")
	used := 0
	for _, name := range sets {
		err := utf8x.UseKernelSet(name)
		if err != nil {
			if !strings.Contains(err.Error(), "lacks") {
				t.Errorf("UseKernelSet(%q) = %v, which does not say what the CPU lacks", name, err)
			}
			t.Logf("SKIPPED: %v", err)
			continue
		}
		used++
		if got := utf8x.KernelSet(); got != name {
			t.Errorf("with %s in use, KernelSet() = %q", name, got)
		}
		if !utf8x.Valid([]byte(strings.Repeat("aé€😀", 40))) || utf8x.Valid([]byte(strings.Repeat("aé€😀", 40)+"\xff")) {
			t.Errorf("with %s in use, Valid answers wrongly", name)
		}
	}
	if used < min(2, len(sets)) { // the purego build has the portable set alone
		t.Fatalf("only %d kernel sets run here; the portable one always does", used)
	}
	before := utf8x.KernelSet()
	if err := utf8x.UseKernelSet("no such set"); err == nil || !strings.Contains(err.Error(), "go") {
		t.Errorf("UseKernelSet of an unknown name = %v, want an error listing the sets", err)
	}
	if got := utf8x.KernelSet(); got != before {
		t.Errorf("a refused UseKernelSet changed the set from %s to %s", before, got)
	}
	if err := utf8x.UseKernelSet(""); err != nil || utf8x.KernelSet() != start {
		t.Errorf("UseKernelSet(\"\") = %v, set %s; want nil and %s", err, utf8x.KernelSet(), start)
	}
}
