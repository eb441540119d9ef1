package transcode

import "github.com/utf8x/utf8x/internal/transkernel"

// KernelSet returns the name of the set of conversion kernels in use (the
// best this CPU runs, unless a test chose another): "avx512vbmi2",
// "avx512bw" or "avx2" on amd64, "neon" on arm64, "go" for the portable code.
// The conversions between the Unicode forms, ISO-8859-1 and the single-byte
// encodings run on it; bug reports about speed need it.
func KernelSet() string { return transkernel.Active() }
