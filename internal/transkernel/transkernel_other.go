//go:build purego || (!amd64 && !arm64)

package transkernel

import "github.com/utf8x/utf8x/internal/simd"

// No vector sets here: the caller's scalar code does everything, and the
// arch functions convert nothing.
var archSets []simd.Set[impl]
