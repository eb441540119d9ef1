package transcode_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/utf8x/utf8x/transcode"
)

// KernelSet names the set in use: each one this CPU runs, once chosen with
// UseKernelSet; a set it cannot run or an unknown name is refused with an
// error that says why, changing nothing; "" restores the start-up choice.
func TestKernelSet(t *testing.T) {
	start := transcode.KernelSet()
	sets := transcode.KernelSets()
	if !slices.Contains(sets, start) || sets[len(sets)-1] != "go" {
		t.Fatalf("KernelSet() = %q; KernelSets() = %v, which must hold it and end with go", start, sets)
	}
	defer transcode.UseKernelSet("")
	text := []byte(strings.Repeat("aé€😀", 40))
	want, err := transcode.UTF16LE.AppendEncode(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range sets {
		if err := transcode.UseKernelSet(name); err != nil {
			if !strings.Contains(err.Error(), "lacks") {
				t.Errorf("UseKernelSet(%q) = %v, which does not say what the CPU lacks", name, err)
			}
			t.Logf("SKIPPED: %v", err)
			continue
		}
		if got := transcode.KernelSet(); got != name {
			t.Errorf("with %s in use, KernelSet() = %q", name, got)
		}
		if got, err := transcode.UTF16LE.AppendEncode(nil, text); err != nil || !bytes.Equal(got, want) {
			t.Errorf("with %s in use, UTF-16LE encoding differs: %v", name, err)
		}
	}
	before := transcode.KernelSet()
	if err := transcode.UseKernelSet("no such set"); err == nil || !strings.Contains(err.Error(), "go") {
		t.Errorf("UseKernelSet of an unknown name = %v, want an error listing the sets", err)
	}
	if got := transcode.KernelSet(); got != before {
		t.Errorf("a refused UseKernelSet changed the set from %s to %s", before, got)
	}
	if err := transcode.UseKernelSet(""); err != nil || transcode.KernelSet() != start {
		t.Errorf("UseKernelSet(\"\") = %v, set %s; want nil and %s", err, transcode.KernelSet(), start)
	}
}
