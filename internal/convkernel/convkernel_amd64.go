//go:build !purego

package convkernel

import "github.com/utf8x/utf8x/internal/kernelset"

// The amd64 sets; see convkernel.go for what this file provides.
const (
	avx512vbmi2 setID = 1 + iota
	avx512bw
	avx2
)

var archSets = []kernelset.Set[impl]{
	// The call and its setup cost about as much as the scalar code takes
	// for 32 bytes of ASCII; any non-ASCII makes the scalar
	// code several times slower from 8 bytes on.
	{Name: "avx512vbmi2", Needs: kernelset.AVX512VBMI2, Impl: impl{id: avx512vbmi2, latin1Min: 32}},
	// Skylake-X to Cascade Lake: UTF-8 to UTF-16 and UTF-32 in 64-byte
	// blocks with VPCOMPRESSD (AVX-512F) in place of VPCOMPRESSB; the
	// conversions to UTF-8 and Latin-1 are the AVX2 kernels.
	{Name: "avx512bw", Needs: kernelset.AVX512BW, Impl: impl{id: avx512bw, latin1Min: MinLen}},
	{Name: "avx2", Needs: kernelset.AVX2, Impl: impl{id: avx2, latin1Min: MinLen}},
}
