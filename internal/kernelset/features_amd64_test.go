//go:build !purego && !darwin

package kernelset

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/sys/cpu"
)

// xsysLevels is the table as kernelset made it from golang.org/x/sys/cpu
// before it read the CPU itself (features_cpu.go still does, off amd64).
func xsysLevels() (t [numLevels]bool) {
	x := cpu.X86
	t[Portable] = true
	t[AVX2] = x.HasAVX2 && x.HasBMI1 && x.HasBMI2 && x.HasPOPCNT
	t[AVX512BW] = t[AVX2] && x.HasAVX512F && x.HasAVX512BW
	t[AVX512VBMI] = t[AVX512BW] && x.HasAVX512VBMI
	t[AVX512VBMI2] = t[AVX512BW] && x.HasAVX512VBMI2
	return t
}

// TestFeaturesMatchXSysCPU checks that features gives x/sys/cpu's answer
// on this machine, in this process and in children run with GODEBUG
// turning features off (and on again, and the malformed fields x/sys/cpu
// skips).
func TestFeaturesMatchXSysCPU(t *testing.T) {
	got, want := features(), xsysLevels()
	if got != want {
		t.Errorf("GODEBUG=%q: features() = %v, x/sys/cpu gives %v", os.Getenv("GODEBUG"), got, want)
	}
	if os.Getenv("KERNELSET_FEATURES_CHILD") != "" {
		return
	}
	t.Logf("this machine: %v", got)
	for _, env := range []string{
		"cpu.avx512f=off",
		"cpu.avx2=off",
		"cpu.bmi2=off",
		"cpu.popcnt=off",
		"cpu.avx512bw=off",
		"cpu.avx512vbmi=off",
		"cpu.avx512vbmi2=off",
		"cpu.all=off",
		"cpu.all=off,cpu.avx2=on,cpu.bmi1=on,cpu.bmi2=on,cpu.popcnt=on",
		"cpu.avx512f=off,cpu.avx512f=on",
		"gctrace=0,cpu.avx512vbmi=off,madvdontneed=1",
		"cpu.avx512f=maybe,cpu.avx2,cpu.nosuch=off",
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFeaturesMatchXSysCPU$", "-test.count=1")
		cmd.Env = append(os.Environ(), "KERNELSET_FEATURES_CHILD=1", "GODEBUG="+env)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GODEBUG=%s: %v\n%s", env, err, out)
		}
	}
}

// TestGodebugOff checks the reading of GODEBUG on a machine with every
// feature.
func TestGodebugOff(t *testing.T) {
	all := func() (f [numFeatures]bool) {
		for i := range f {
			f[i] = true
		}
		return f
	}
	for _, c := range []struct {
		env string
		off []int
	}{
		{"", nil},
		{"cpu.avx2=off", []int{fAVX2}},
		{"cpu.avx2=off,cpu.avx512vbmi2=off", []int{fAVX2, fAVX512VBMI2}},
		{"cpu.avx2=off,cpu.avx2=on", nil},
		{"cpu.all=off", []int{fPOPCNT, fAVX2, fBMI1, fBMI2, fAVX512F, fAVX512BW, fAVX512VBMI, fAVX512VBMI2}},
		{"cpu.all=off,cpu.bmi1=on", []int{fPOPCNT, fAVX2, fBMI2, fAVX512F, fAVX512BW, fAVX512VBMI, fAVX512VBMI2}},
		{"cpu.AVX2=off", nil}, // names are lower case
		{"cpu.avx2=0", nil},
		{"cpu.avx2", nil},
		{"avx2=off", nil},
		{"x=1,cpu.bmi2=off,y=2", []int{fBMI2}},
		{"cpu.avx512=off", nil}, // an x/sys/cpu option, not one of the levels' features
	} {
		f := all()
		godebugOff(&f, c.env)
		want := all()
		for _, i := range c.off {
			want[i] = false
		}
		if f != want {
			t.Errorf("GODEBUG=%q: %v, want %v", c.env, f, want)
		}
		none := [numFeatures]bool{}
		if godebugOff(&none, c.env); none != ([numFeatures]bool{}) {
			t.Errorf("GODEBUG=%q turned on a feature the CPU lacks: %v", c.env, none)
		}
	}
}

// TestLevelsOf checks the decoding of the registers on made-up machines,
// with the bit positions written from Intel's manual (vol. 2A, CPUID; vol.
// 1, 13.3 for XCR0), not from features_amd64.go.
func TestLevelsOf(t *testing.T) {
	const (
		popcnt, osxsave, avx = 1 << 23, 1 << 27, 1 << 28 // leaf 1 ECX
		bmi1, avx2, bmi2     = 1 << 3, 1 << 5, 1 << 8    // leaf 7 EBX
		avx512f, avx512bw    = 1 << 16, 1 << 30          // leaf 7 EBX
		vbmi, vbmi2          = 1 << 1, 1 << 6            // leaf 7 ECX
		x87, sse, ymm        = 1 << 0, 1 << 1, 1 << 2    // XCR0
		opmask, zmmHi, hiZmm = 1 << 5, 1 << 6, 1 << 7    // XCR0
	)
	const leaf1 = popcnt | osxsave | avx
	const avx2Set = bmi1 | avx2 | bmi2
	const osAVX, osAVX512 = x87 | sse | ymm, x87 | sse | ymm | opmask | zmmHi | hiZmm
	P, A2, BW, VB, VB2 := Portable, AVX2, AVX512BW, AVX512VBMI, AVX512VBMI2
	for _, c := range []struct {
		name         string
		ecx1, xcr0   uint32
		ebx7, ecx7   uint32
		godebug      string
		want         []Level
		leaf7, xgetb bool // whether leaf 7 and XGETBV may be asked for
	}{
		{"nothing", 0, 0, 0, 0, "", []Level{P}, false, false},
		{"AVX without OSXSAVE", popcnt | avx, osAVX512, avx2Set, 0, "", []Level{P}, false, false},
		{"OSXSAVE without AVX", popcnt | osxsave, osAVX512, avx2Set, 0, "", []Level{P}, false, true},
		{"OS saves no YMM", leaf1, x87 | sse, avx2Set, 0, "", []Level{P}, false, true},
		{"AVX2", leaf1, osAVX, avx2Set, 0, "", []Level{P, A2}, true, true},
		{"AVX2 without POPCNT", osxsave | avx, osAVX, avx2Set, 0, "", []Level{P}, true, true},
		{"AVX2 without BMI2", leaf1, osAVX, bmi1 | avx2, 0, "", []Level{P}, true, true},
		{"AVX-512 the OS does not save", leaf1, osAVX, avx2Set | avx512f | avx512bw, vbmi | vbmi2, "", []Level{P, A2}, true, true},
		{"AVX-512 without ZMM16-31", leaf1, osAVX | opmask | zmmHi, avx2Set | avx512f | avx512bw, vbmi | vbmi2, "", []Level{P, A2}, true, true},
		{"AVX-512F without BW", leaf1, osAVX512, avx2Set | avx512f, vbmi | vbmi2, "", []Level{P, A2}, true, true},
		{"AVX-512BW without F", leaf1, osAVX512, avx2Set | avx512bw, vbmi | vbmi2, "", []Level{P, A2}, true, true},
		{"AVX-512BW", leaf1, osAVX512, avx2Set | avx512f | avx512bw, 0, "", []Level{P, A2, BW}, true, true},
		{"VBMI", leaf1, osAVX512, avx2Set | avx512f | avx512bw, vbmi, "", []Level{P, A2, BW, VB}, true, true},
		{"VBMI2", leaf1, osAVX512, avx2Set | avx512f | avx512bw, vbmi2, "", []Level{P, A2, BW, VB2}, true, true},
		{"everything", leaf1, osAVX512, avx2Set | avx512f | avx512bw, vbmi | vbmi2, "", []Level{P, A2, BW, VB, VB2}, true, true},
		{"everything, avx512f off", leaf1, osAVX512, avx2Set | avx512f | avx512bw, vbmi | vbmi2, "cpu.avx512f=off", []Level{P, A2}, true, true},
		{"everything, vbmi off", leaf1, osAVX512, avx2Set | avx512f | avx512bw, vbmi | vbmi2, "x=1,cpu.avx512vbmi=off", []Level{P, A2, BW, VB2}, true, true},
		{"everything, all off", leaf1, osAVX512, avx2Set | avx512f | avx512bw, vbmi | vbmi2, "cpu.all=off", []Level{P}, true, true},
	} {
		asked7, askedX := false, false
		got := levelsOf(c.ecx1,
			func() uint32 { askedX = true; return c.xcr0 },
			func() (uint32, uint32) { asked7 = true; return c.ebx7, c.ecx7 },
			func() string { return c.godebug })
		var want [numLevels]bool
		for _, l := range c.want {
			want[l] = true
		}
		if got != want {
			t.Errorf("%s: %v, want %v", c.name, got, want)
		}
		if asked7 && !c.leaf7 || askedX && !c.xgetb {
			t.Errorf("%s: asked for leaf 7 %v, XGETBV %v: one it must not run", c.name, asked7, askedX)
		}
	}
}
