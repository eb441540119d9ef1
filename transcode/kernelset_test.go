package transcode_test

import (
	"slices"
	"testing"

	"github.com/utf8x/utf8x/internal/transkernel"
	"github.com/utf8x/utf8x/transcode"
)

// KernelSet names the set in use: each one this CPU runs, once chosen.
func TestKernelSet(t *testing.T) {
	start := transcode.KernelSet()
	if !slices.Contains(transkernel.Kernels(), start) {
		t.Fatalf("KernelSet() = %q, not one of %v", start, transkernel.Kernels())
	}
	defer transkernel.Use(start)
	for _, name := range transkernel.Kernels() {
		if !transkernel.Use(name) {
			continue
		}
		if got := transcode.KernelSet(); got != name {
			t.Errorf("with %s in use, KernelSet() = %q", name, got)
		}
	}
}
