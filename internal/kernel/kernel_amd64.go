//go:build !purego

package kernel

import "golang.org/x/sys/cpu"

// x/sys/cpu reports AVX2 and the AVX-512 subsets only when the operating system
// also saves the YMM, ZMM and opmask registers across context switches, so these
// tests cover both the CPU and the OS.
var (
	hasAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT
	hasAVX512 = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
	hasVBMI   = hasAVX512 && cpu.X86.HasAVX512VBMI
)

// The vector sets leave short inputs to the portable code: below these lengths
// (measured on the machine the kernels were tuned on) a few word-at-a-time
// steps cost less than the call, the vector constants and, for AVX2, the
// fallback for inputs without a whole 32-byte block.
var impls = []impl{
	{
		name:        "avx512vbmi",
		minLen:      16,
		minScan:     64,
		supported:   func() bool { return hasVBMI },
		validPrefix: func(p []byte) int { return finishValid(p, validAVX512VBMI(p)) },
		validCount: func(p []byte) (int, int, int) {
			n, runes, utf16 := validCountAVX512VBMI(p)
			return finishCount(p, n, runes, utf16)
		},
		validCopy:   func(dst, src []byte) int { return finishCopy(dst, src, validCopyAVX512VBMI(dst, src)) },
		asciiPrefix: asciiAVX512,
		countRunes:  countAVX512,
		utf16Len:    utf16AVX512,
	},
	{
		name:        "avx512",
		minLen:      16,
		minScan:     64,
		supported:   func() bool { return hasAVX512 },
		validPrefix: func(p []byte) int { return finishValid(p, validAVX512(p)) },
		validCount: func(p []byte) (int, int, int) {
			n, runes, utf16 := validCountAVX512(p)
			return finishCount(p, n, runes, utf16)
		},
		validCopy:   func(dst, src []byte) int { return finishCopy(dst, src, validCopyAVX512(dst, src)) },
		asciiPrefix: asciiAVX512,
		countRunes:  countAVX512,
		utf16Len:    utf16AVX512,
	},
	{
		name:        "avx2",
		minLen:      32,
		minScan:     64,
		supported:   func() bool { return hasAVX2 },
		validPrefix: func(p []byte) int { return finishValid(p, validAVX2(p)) },
		validCount: func(p []byte) (int, int, int) {
			n, runes, utf16 := validCountAVX2(p)
			return finishCount(p, n, runes, utf16)
		},
		validCopy:   func(dst, src []byte) int { return finishCopy(dst, src, validCopyAVX2(dst, src)) },
		asciiPrefix: orGo(asciiAVX2, asciiPrefixGo),
		countRunes:  orGo(countAVX2, countRunesGo),
		utf16Len:    orGo(utf16AVX2, utf16LenGo),
	},
	portable,
}

// orGo wraps an AVX2 kernel that needs a whole 32-byte block, for the test
// hook that hands every length to the vector set.
func orGo(vec, short func([]byte) int) func([]byte) int {
	return func(p []byte) int {
		if len(p) < 32 {
			return short(p)
		}
		return vec(p)
	}
}
