package kernelset

import (
	"slices"
	"testing"
)

// TestLevels checks that the levels nest as documented: a machine that runs
// a level runs every level it is built on.
func TestLevels(t *testing.T) {
	builtOn := map[Level]Level{AVX2: Portable, AVX512BW: AVX2, AVX512VBMI: AVX512BW, AVX512VBMI2: AVX512BW}
	if !Portable.Supported() {
		t.Fatal("Portable must always be supported")
	}
	for l := Portable; l < numLevels; l++ {
		t.Logf("%-13s supported: %v", l, l.Supported())
		if b, ok := builtOn[l]; ok && l.Supported() && !b.Supported() {
			t.Errorf("%s supported without %s", l, b)
		}
	}
	if numLevels.Supported() || numLevels.String() != "unknown" {
		t.Errorf("a level out of range is %q, supported %v", numLevels, numLevels.Supported())
	}
}

func TestRegistry(t *testing.T) {
	// unsupported stands for a set this machine cannot run.
	unsupported := Level(numLevels)
	var impl int
	r := NewRegistry(&impl,
		Set[int]{Name: "never", Needs: unsupported, Impl: 3},
		Set[int]{Name: "always", Needs: Portable, Impl: 2},
		Set[int]{Name: "go", Needs: Portable, Impl: 1},
	)
	if got := r.Names(); !slices.Equal(got, []string{"never", "always", "go"}) {
		t.Fatalf("Names() = %v", got)
	}
	if a := r.Active(); a.Name != "always" || a.Impl != 2 || impl != 2 {
		t.Fatalf("start-up pick = %+v (impl %d), want the best supported set, always", a, impl)
	}
	if r.Use("never") || r.Use("nonesuch") || r.Active().Name != "always" || impl != 2 {
		t.Fatalf("Use of an unsupported or unknown set changed the active set to %s (impl %d)", r.Active().Name, impl)
	}
	if !r.Use("go") || r.Active().Impl != 1 || impl != 1 {
		t.Fatalf("Use(go) did not put it in use: %+v (impl %d)", r.Active(), impl)
	}
	r.Reset()
	if r.Active().Name != "always" || impl != 2 {
		t.Fatalf("Reset left %s in use (impl %d)", r.Active().Name, impl)
	}
	for _, c := range []struct {
		name      string
		known, ok bool
	}{{"never", true, false}, {"go", true, true}, {"nonesuch", false, false}} {
		if _, known, ok := r.Lookup(c.name); known != c.known || ok != c.ok {
			t.Errorf("Lookup(%s) = known %v, ok %v; want %v, %v", c.name, known, ok, c.known, c.ok)
		}
	}
	for _, c := range []struct {
		name, lacks string
		ok          bool
	}{{"never", "unknown", false}, {"go", "", true}, {"nonesuch", "unknown kernel set", false}} {
		if ok, lacks := r.Supported(c.name); ok != c.ok || lacks != c.lacks {
			t.Errorf("Supported(%s) = %v, %q; want %v, %q", c.name, ok, lacks, c.ok, c.lacks)
		}
	}
}

func TestRegistryNeedsPortableLast(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("NewRegistry accepted a list without the portable set last")
		}
	}()
	var impl int
	NewRegistry(&impl, Set[int]{Name: "avx2", Needs: AVX2})
}

// TestRefusal checks the two refusals UseKernelSet gives: a set this build
// has but this CPU cannot run names what it lacks; an unknown name lists the
// sets there are.
func TestRefusal(t *testing.T) {
	names := []string{"fast", "go"}
	err := Refusal("pkg", "validation", "fast", names, "AVX-9")
	if err == nil || err.Error() != `pkg: validation kernel set "fast" needs AVX-9, which this CPU lacks` {
		t.Errorf("known set: %v", err)
	}
	err = Refusal("pkg", "conversion", "slow", names, "unknown kernel set")
	if err == nil || err.Error() != `pkg: no conversion kernel set "slow" in this build (it has fast, go)` {
		t.Errorf("unknown set: %v", err)
	}
}

// TestMakeRegistry checks that the value form picks and lists the sets as
// NewRegistry does, and allocates nothing (its reason to exist).
func TestMakeRegistry(t *testing.T) {
	unsupported := Level(numLevels)
	arch := []Set[int]{{Name: "never", Needs: unsupported, Impl: 3}, {Name: "always", Needs: Portable, Impl: 2}}
	var impl int
	r := MakeRegistry(&impl, arch, Set[int]{Name: "go", Needs: Portable, Impl: 1})
	if got := r.Names(); !slices.Equal(got, []string{"never", "always", "go"}) {
		t.Fatalf("Names() = %v", got)
	}
	if a := r.Active(); a.Name != "always" || impl != 2 {
		t.Fatalf("start-up pick = %+v (impl %d), want always", a, impl)
	}
	if !r.Use("go") || impl != 1 || r.Active().Name != "go" {
		t.Fatalf("Use(go) left %s in use (impl %d)", r.Active().Name, impl)
	}
	if n := testing.AllocsPerRun(10, func() {
		r = MakeRegistry(&impl, arch, Set[int]{Name: "go", Needs: Portable, Impl: 1})
	}); n != 0 {
		t.Errorf("MakeRegistry allocates %v times", n)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("MakeRegistry accepted a portable set that needs more than Portable")
		}
	}()
	MakeRegistry(&impl, nil, Set[int]{Name: "avx2", Needs: AVX2})
}
