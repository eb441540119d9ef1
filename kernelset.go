package utf8x

import (
	"github.com/utf8x/utf8x/internal/kernelset"
	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// KernelSet returns the name of the set of validation kernels in use (the
// best this CPU runs, unless UseKernelSet chose another): "avx512vbmi",
// "avx512" or "avx2" on amd64, "neon" on arm64, "go" for the portable code.
// Validation, counting and repair run on it; bug reports about speed or one
// machine's answers need it.
func KernelSet() string { return utf8kernel.Active() }

// KernelSets lists the validation kernel sets compiled into this binary,
// best first, whether or not this CPU can run them; "go", the portable code,
// is always last.
func KernelSets() []string { return utf8kernel.Kernels() }

// UseKernelSet switches validation, counting and repair to the named kernel
// set, or back to the one chosen at start-up when name is "": for benchmarks
// that compare the sets on one machine and for reproducing another
// machine's answers. Every set gives the same results; only speed differs.
// It returns an error, changing nothing, when the name is unknown or this CPU
// cannot run the set. It must not be called while other goroutines use the
// package.
func UseKernelSet(name string) error {
	if name == "" {
		utf8kernel.Reset()
		return nil
	}
	if !utf8kernel.Use(name, false) {
		_, lacks := utf8kernel.Supported(name)
		return kernelset.Refusal("utf8x", "validation", name, utf8kernel.Kernels(), lacks)
	}
	return nil
}
