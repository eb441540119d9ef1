package utf8x_test

import (
	"slices"
	"testing"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/kernel"
)

// KernelSet names the set in use: each one this CPU runs, once chosen.
func TestKernelSet(t *testing.T) {
	start := utf8x.KernelSet()
	if !slices.Contains(kernel.Kernels(), start) {
		t.Fatalf("KernelSet() = %q, not one of %v", start, kernel.Kernels())
	}
	defer kernel.Use(start, false)
	used := 0
	for _, name := range kernel.Kernels() {
		if !kernel.Use(name, false) {
			continue
		}
		used++
		if got := utf8x.KernelSet(); got != name {
			t.Errorf("with %s in use, KernelSet() = %q", name, got)
		}
	}
	if used < min(2, len(kernel.Kernels())) { // the purego build has the portable set alone
		t.Fatalf("only %d kernel sets run here; the portable one always does", used)
	}
}
