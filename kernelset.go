package utf8x

import "github.com/utf8x/utf8x/internal/kernel"

// KernelSet returns the name of the set of validation kernels in use (the
// best this CPU runs, unless a test chose another): "avx512vbmi", "avx512" or
// "avx2" on amd64, "neon" on arm64, "go" for the portable code. Validation,
// counting and repair run on it; bug reports about speed or one machine's
// answers need it.
func KernelSet() string { return kernel.Active() }
