//go:build !amd64 || purego || darwin

package kernelset

import "golang.org/x/sys/cpu"

// features fills the feature table from golang.org/x/sys/cpu, which reports
// AVX2 and the AVX-512 subsets only when the operating system saves their
// registers (on darwin, whose AVX-512 state is enabled lazily, it knows how
// to ask), and applies GODEBUG's cpu.NAME=off. Its X86 fields are false on
// other architectures and its ARM64 fields off arm64, so this file needs no
// other constraint; an architecture's levels are added beside these.
func features() (t [numLevels]bool) {
	x := cpu.X86
	t[Portable] = true
	t[AVX2] = x.HasAVX2 && x.HasBMI1 && x.HasBMI2 && x.HasPOPCNT
	t[AVX512BW] = t[AVX2] && x.HasAVX512F && x.HasAVX512BW
	t[AVX512VBMI] = t[AVX512BW] && x.HasAVX512VBMI
	t[AVX512VBMI2] = t[AVX512BW] && x.HasAVX512VBMI2
	t[NEON] = cpu.ARM64.HasASIMD
	return t
}
