//go:build purego || (!amd64 && !arm64)

package convkernel

import "github.com/utf8x/utf8x/internal/kernelset"

// No vector sets here: the caller's scalar code does everything, and the
// arch functions convert nothing.
var archSets []kernelset.Set[impl]
