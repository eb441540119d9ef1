package transcode

import (
	"github.com/utf8x/utf8x/internal/convkernel"
	"github.com/utf8x/utf8x/internal/kernelset"
)

// KernelSet returns the name of the set of conversion kernels in use (the
// best this CPU runs, unless UseKernelSet chose another): "avx512vbmi2",
// "avx512bw" or "avx2" on amd64, "neon" on arm64, "go" for the portable code.
// The conversions between the Unicode forms, ISO-8859-1 and the single-byte
// encodings run on it; bug reports about speed need it.
func KernelSet() string { return convkernel.Active() }

// KernelSets lists the conversion kernel sets compiled into this binary,
// best first, whether or not this CPU can run them; "go", the portable code,
// is always last.
func KernelSets() []string { return convkernel.Kernels() }

// UseKernelSet switches the conversions to the named kernel set, or back to
// the one chosen at start-up when name is "": for benchmarks that compare
// the sets on one machine and for reproducing another machine's answers.
// Every set gives the same results; only speed differs. It returns an error,
// changing nothing, when the name is unknown or this CPU cannot run the set.
// It must not be called while other goroutines use the package. Validation
// has its own sets (utf8x.UseKernelSet).
func UseKernelSet(name string) error {
	if name == "" {
		convkernel.Reset()
		return nil
	}
	if !convkernel.Use(name) {
		_, lacks := convkernel.Supported(name)
		return kernelset.Refusal("transcode", "conversion", name, convkernel.Kernels(), lacks)
	}
	return nil
}
