package simd

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
	r := NewRegistry(
		Set[int]{Name: "never", Needs: unsupported, Impl: 3},
		Set[int]{Name: "always", Needs: Portable, Impl: 2},
		Set[int]{Name: "go", Needs: Portable, Impl: 1},
	)
	if got := r.Names(); !slices.Equal(got, []string{"never", "always", "go"}) {
		t.Fatalf("Names() = %v", got)
	}
	if a := r.Active(); a.Name != "always" || a.Impl != 2 {
		t.Fatalf("start-up pick = %+v, want the best supported set, always", a)
	}
	if r.Use("never") || r.Use("nonesuch") || r.Active().Name != "always" {
		t.Fatalf("Use of an unsupported or unknown set changed the active set to %s", r.Active().Name)
	}
	if !r.Use("go") || r.Active().Impl != 1 {
		t.Fatalf("Use(go) did not put it in use: %+v", r.Active())
	}
	r.Reset()
	if r.Active().Name != "always" {
		t.Fatalf("Reset left %s in use", r.Active().Name)
	}
	for _, c := range []struct {
		name      string
		known, ok bool
	}{{"never", true, false}, {"go", true, true}, {"nonesuch", false, false}} {
		if _, known, ok := r.Lookup(c.name); known != c.known || ok != c.ok {
			t.Errorf("Lookup(%s) = known %v, ok %v; want %v, %v", c.name, known, ok, c.known, c.ok)
		}
	}
}

func TestRegistryNeedsPortableLast(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("NewRegistry accepted a list without the portable set last")
		}
	}()
	NewRegistry(Set[int]{Name: "avx2", Needs: AVX2})
}
