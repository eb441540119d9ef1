//go:build !purego && !darwin

package kernelset

import (
	"strings"
	"syscall"
)

//go:generate sh -c "cd ../gen && go run ./cpuid"

// features reads the CPU's features with CPUID (cpuid_amd64.s, generated
// by internal/gen/cpuid) rather than through golang.org/x/sys/cpu, whose
// package init executes CPUID four times in every process that links it:
// in a virtual machine where CPUID traps to the hypervisor each costs
// microseconds (14.6 µs on the machine of
// bench/results/startcost-2026-11-29-h25c), a large part of what a short
// `utf8x detect` costs. Two leaves are enough here: 1 (POPCNT, AVX,
// OSXSAVE) and 7 (AVX2, BMI1, BMI2, AVX-512 F, BW, VBMI, VBMI2). Leaf 0 (the
// highest leaf) is not asked: leaf 7 is read only when leaf 1 reports AVX
// and OSXSAVE, and a CPU with AVX has XSAVE, whose leaf 0DH puts the
// highest leaf at 0DH or above.
//
// The answers are x/sys/cpu's, feature by feature (TestFeaturesMatchXSysCPU
// compares them, with and without GODEBUG): AVX2 counts when the OS saves
// the YMM registers (XCR0 bits 1 and 2), AVX-512 when it also saves the
// opmask and ZMM registers (bits 5 to 7); GODEBUG=cpu.NAME=off (or
// cpu.all=off) turns off the features named as x/sys/cpu's options do, and
// cpu.NAME=on cannot turn on what the CPU lacks.
func features() [numLevels]bool {
	_, _, ecx1, _ := cpuid(1, 0)
	return levelsOf(ecx1, xgetbv, func() (ebx, ecx uint32) {
		_, ebx, ecx, _ = cpuid(7, 0)
		return ebx, ecx
	}, func() string {
		env, _ := syscall.Getenv("GODEBUG")
		return env
	})
}

// levelsOf works the levels out from CPUID leaf 1's ECX, XCR0, leaf 7's EBX
// and ECX (subleaf 0) and GODEBUG; the last three are asked for only when
// needed (leaf 7 and GODEBUG only when AVX is usable).
func levelsOf(ecx1 uint32, xcr0 func() uint32, leaf7 func() (ebx, ecx uint32), godebug func() string) (t [numLevels]bool) {
	t[Portable] = true
	popcnt := ecx1&(1<<23) != 0
	if ecx1&(1<<27) == 0 || ecx1&(1<<28) == 0 { // OSXSAVE, AVX
		return t
	}
	x := xcr0()
	if x&6 != 6 { // SSE and AVX state
		return t
	}
	osAVX512 := x&0xe0 == 0xe0 // opmask, ZMM0-15 upper halves, ZMM16-31
	ebx7, ecx7 := leaf7()
	var f [numFeatures]bool
	f[fPOPCNT] = popcnt
	f[fAVX2] = ebx7&(1<<5) != 0
	f[fBMI1] = ebx7&(1<<3) != 0
	f[fBMI2] = ebx7&(1<<8) != 0
	if osAVX512 && ebx7&(1<<16) != 0 {
		f[fAVX512F] = true
		f[fAVX512BW] = ebx7&(1<<30) != 0
		f[fAVX512VBMI] = ecx7&(1<<1) != 0
		f[fAVX512VBMI2] = ecx7&(1<<6) != 0
	}
	if env := godebug(); env != "" {
		godebugOff(&f, env)
	}
	t[AVX2] = f[fAVX2] && f[fBMI1] && f[fBMI2] && f[fPOPCNT]
	t[AVX512BW] = t[AVX2] && f[fAVX512F] && f[fAVX512BW]
	t[AVX512VBMI] = t[AVX512BW] && f[fAVX512VBMI]
	t[AVX512VBMI2] = t[AVX512BW] && f[fAVX512VBMI2]
	return t
}

// The features the levels are made of, and their names in GODEBUG
// (golang.org/x/sys/cpu's option names).
const (
	fPOPCNT = iota
	fAVX2
	fBMI1
	fBMI2
	fAVX512F
	fAVX512BW
	fAVX512VBMI
	fAVX512VBMI2
	numFeatures
)

var featureNames = [numFeatures]string{"popcnt", "avx2", "bmi1", "bmi2", "avx512f", "avx512bw", "avx512vbmi", "avx512vbmi2"}

// godebugOff turns off the features of f that env, a GODEBUG value, turns
// off, read as golang.org/x/sys/cpu reads it: comma-separated fields, those
// of the form cpu.NAME=on or cpu.NAME=off taken in order (a later one for
// the same name wins), cpu.all naming every feature; "on" leaves a feature
// as the CPU has it (it cannot add one the CPU lacks); any other value, any
// other name and every other field are ignored (x/sys/cpu also prints a
// warning for some of them; the runtime, which reads the same variable,
// warns about names it does not know).
func godebugOff(f *[numFeatures]bool, env string) {
	var off [numFeatures]bool
	for env != "" {
		var field string
		field, env, _ = strings.Cut(env, ",")
		key, value, ok := strings.Cut(field, "=")
		key, isCPU := strings.CutPrefix(key, "cpu.")
		if !ok || !isCPU || (value != "on" && value != "off") {
			continue
		}
		for i, name := range featureNames {
			if key == "all" || key == name {
				off[i] = value == "off"
			}
		}
	}
	for i, o := range off {
		if o {
			f[i] = false
		}
	}
}
