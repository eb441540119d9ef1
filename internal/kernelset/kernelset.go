// Package kernelset is what the kernel packages (internal/utf8kernel,
// internal/convkernel) share: the CPU feature levels their kernel sets need,
// detected once, and the registry that picks a set at start-up and lets tests
// and benchmarks force another.
//
// A kernel package lists its sets, best first, as a []Set[T] where T holds
// what that package needs to dispatch (a small set id for a switch, length
// thresholds). The registry chooses, and keeps the chosen T copied into the
// package's variable that its entry points read. Dispatch is a switch on the id calling
// the concrete kernels, never a call through a function value, so that the
// compiler can see that no argument escapes (see internal/utf8kernel).
package kernelset

import (
	"fmt"
	"slices"
	"strings"
)

// Level is the group of CPU features a kernel set needs. Each level names the
// instructions the generated kernels use, not a marketing name: a set whose
// kernels use an instruction outside its level is a bug.
type Level uint8

const (
	// Portable is pure Go: every machine has it.
	Portable Level = iota
	// AVX2 is AVX2 with BMI1 (ANDN, TZCNT), BMI2 (BZHI, PDEP, SHRX) and
	// POPCNT: every CPU with AVX2 has the others, but some virtual machines
	// hide them.
	AVX2
	// AVX512BW is AVX2 plus AVX-512 F and BW (byte and word operations on
	// ZMM registers, opmasks).
	AVX512BW
	// AVX512VBMI is AVX512BW plus VBMI (VPERMB).
	AVX512VBMI
	// AVX512VBMI2 is AVX512BW plus VBMI2 (VPCOMPRESSB, VPCOMPRESSW).
	AVX512VBMI2
	// NEON is arm64's Advanced SIMD (ASIMD), present on every arm64 CPU Go
	// runs on.
	NEON
	numLevels
)

var levelNames = [numLevels]string{"portable", "AVX2", "AVX-512BW", "AVX-512VBMI", "AVX-512VBMI2", "NEON"}

// String returns the level's name as people write it.
func (l Level) String() string {
	if l < numLevels {
		return levelNames[l]
	}
	return "unknown"
}

// has is the feature table, filled once (features: features_amd64.go reads
// the CPU itself on amd64, features_cpu.go asks golang.org/x/sys/cpu
// elsewhere). Either way AVX2 and the AVX-512 subsets count only when the
// operating system also saves the YMM, ZMM and opmask registers across
// context switches, so the table covers the CPU and the OS, and
// GODEBUG=cpu.NAME=off turns a feature off as x/sys/cpu's options do.
var has = features()

// Supported reports whether this machine (CPU and operating system) can run
// kernels that need level l.
func (l Level) Supported() bool { return l < numLevels && has[l] }

// Set is one kernel set as a registry holds it.
type Set[T any] struct {
	Name  string // as tests, benchmarks and Use spell it
	Needs Level
	Impl  T // what the owning package dispatches on
}

// Registry is the list of a package's kernel sets, best first, the portable
// set last, and the index of the one in use.
type Registry[T any] struct {
	arch     []Set[T] // the sets before the portable one, best first
	portable Set[T]
	active   int
	impl     *T // the owning package's copy of the active set's Impl
}

// NewRegistry returns a registry of sets (best first; the last must need
// only Portable) with the best set this machine supports in use, its Impl
// copied to *impl. Use and Reset keep *impl in step, so that the package's
// entry points read one plain variable and dispatch on it with a switch.
//
// *impl holds its zero value until the registry is made: a package whose
// variable initializers call its kernels must make that zero value mean its
// portable code.
func NewRegistry[T any](impl *T, sets ...Set[T]) *Registry[T] {
	if len(sets) == 0 {
		panic("kernelset: the last kernel set must be the portable one")
	}
	r := MakeRegistry(impl, sets[:len(sets)-1], sets[len(sets)-1])
	return &r
}

// MakeRegistry is NewRegistry(impl, append(arch, portable)...) as a value:
// it allocates nothing, so that a package holding its registry in a
// variable adds no heap object (each in a size class of its own, a fresh
// page) to the start of every program that imports it. arch is kept, not
// copied.
func MakeRegistry[T any](impl *T, arch []Set[T], portable Set[T]) Registry[T] {
	if portable.Needs != Portable {
		panic("kernelset: the last kernel set must be the portable one")
	}
	r := Registry[T]{arch: arch, portable: portable, impl: impl}
	r.Reset()
	return r
}

// len is the number of sets, the portable one included.
func (r *Registry[T]) len() int { return len(r.arch) + 1 }

// set returns set i, best first.
func (r *Registry[T]) set(i int) Set[T] {
	if i < len(r.arch) {
		return r.arch[i]
	}
	return r.portable
}

// Names lists every set compiled into this binary, best first, whether or
// not this machine can run it.
func (r *Registry[T]) Names() []string {
	names := make([]string, r.len())
	for i := range names {
		names[i] = r.set(i).Name
	}
	return names
}

// Active returns the set in use.
func (r *Registry[T]) Active() Set[T] { return r.set(r.active) }

// Lookup returns the named set and whether this machine can run it; ok is
// false for an unknown name too, with known telling the two apart.
func (r *Registry[T]) Lookup(name string) (s Set[T], known, ok bool) {
	for i := range r.len() {
		if s := r.set(i); s.Name == name {
			return s, true, s.Needs.Supported()
		}
	}
	return Set[T]{}, false, false
}

// Supported reports whether name is a set compiled into this binary that
// this machine can run, and if not, what it lacks: "unknown kernel set" or
// the CPU feature level the set needs.
func (r *Registry[T]) Supported(name string) (ok bool, lacks string) {
	s, known, ok := r.Lookup(name)
	switch {
	case !known:
		return false, "unknown kernel set"
	case !ok:
		return false, s.Needs.String()
	}
	return true, ""
}

// Use puts the named set in use. It reports false, changing nothing, when
// the name is unknown or this machine cannot run that set.
func (r *Registry[T]) Use(name string) bool {
	for i := range r.len() {
		if s := r.set(i); s.Name == name {
			if !s.Needs.Supported() {
				return false
			}
			r.put(i)
			return true
		}
	}
	return false
}

// Reset puts the best set this machine supports back in use.
func (r *Registry[T]) Reset() {
	for i := range r.len() {
		if r.set(i).Needs.Supported() {
			r.put(i)
			return
		}
	}
}

// put makes set i the active one.
func (r *Registry[T]) put(i int) {
	r.active = i
	*r.impl = r.set(i).Impl
}

// Refusal is the error with which a package's UseKernelSet turns down name:
// pkg is the package's name and kind its sets' ("validation",
// "conversion"), names lists the sets compiled in and lacks is what
// Supported reported for name. The root package and transcode word it the
// same way through this one function.
func Refusal(pkg, kind, name string, names []string, lacks string) error {
	if slices.Contains(names, name) {
		return fmt.Errorf("%s: %s kernel set %q needs %s, which this CPU lacks", pkg, kind, name, lacks)
	}
	return fmt.Errorf("%s: no %s kernel set %q in this build (it has %s)", pkg, kind, name, strings.Join(names, ", "))
}
