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
