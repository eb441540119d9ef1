// Package kernel is the single place where fast paths for UTF-8 scanning are
// plugged in. The root package utf8x holds the scalar reference; everything here
// is an accelerator whose answers must agree with it.
//
// Contract shared by every implementation:
//   - ValidPrefix(p) returns n with p[:n] valid UTF-8 ending on a character
//     boundary. n == len(p) if and only if p is valid, so a caller that only
//     needs a yes or no can stop there. When n < len(p) the caller finishes
//     the scan with the scalar reference from n, so n should be close to the first
//     error (a kernel rewinds to the start of the block where it saw the error).
//   - ASCIIPrefix(p) returns the exact length of the longest all-ASCII prefix.
//   - CountRunes and UTF16Len are only defined for valid input.
//   - ValidCount(p) returns the n of ValidPrefix(p) with the number of
//     characters and of UTF-16 code units in p[:n], from one pass over p.
//   - ValidCopy(dst, src) returns the n of ValidPrefix(src) having copied
//     src[:n] to dst, from one pass over src.
//   - ValidNUL, ValidCountNUL and ValidCopyNUL return what ValidPrefix,
//     ValidCount and ValidCopy return (the same n with the same set) and
//     whether p[:n] holds a NUL byte (0x00), as Marks, from the same pass;
//     ValidMarks, ValidCountMarks and ValidCopyMarks also whether it holds
//     an ESC byte (0x1B).
//   - No kernel keeps a reference to its arguments, so that they do not
//     escape: callers validate stack buffers without allocating.
//
// # Kernel sets and how an architecture adds its own
//
// A kernel set is one implementation of every entry point. The portable set
// (portable.go, pure Go) exists everywhere; an architecture's vector sets
// are one descriptor each in internal/gen/dispatch (validation.go), which
// writes dispatch_GOARCH.go (build constraint !purego) beside the kernels
// (kernel_GOARCH.s, declared in stubs_GOARCH.go), and that file provides:
//
//   - archSets, its sets best first, each a kernelset.Set[impl]: the name tests
//     and benchmarks force it by, the kernelset.Level of CPU features it needs,
//     and an impl holding a set id unique within the file (not 0, which is
//     the portable set) and its length thresholds;
//   - one arch function per entry point (archValidPrefix, archValidRunes,
//     archValidCount, archValidCopy, archValidNUL, archValidCountNUL,
//     archValidCopyNUL, archASCIIPrefix, archCountRunes, archUTF16Len), a
//     switch on the set id calling that set's kernels (through finishValid,
//     finishCount, finishCopy in finish.go, which turn a vector answer into
//     the contract's), and the portable code for any other id.
//
// dispatch_other.go, whose build constraint lists the architectures with
// sets (purego || !(amd64 || ...)), supplies an empty archSets and arch
// functions that only run the portable code. The registry
// (internal/kernelset) picks the best set this machine runs at start-up and
// lets Use force another.
//
// Dispatch is a switch, never a call through a function value: the compiler
// cannot see through a function value, so every argument would escape to the
// heap and a caller's stack buffer would cost an allocation (TestNoEscape).
//
// Inputs too short to amortise a vector set-up always take the portable code,
// which is tuned for a handful of bytes. Each entry point makes one call and is
// small enough to inline, so that a caller in the root package pays for one
// call on a short input, as it does with unicode/utf8: the portable function
// itself hands long inputs to the active set (see portable.go).
package utf8kernel

//go:generate sh -c "cd ../gen && go run ./utf8kernel && go run ./dispatch"

import "github.com/utf8x/utf8x/internal/kernelset"

// ValidPrefix returns the length of a prefix of p known to be valid UTF-8.
func ValidPrefix(p []byte) int { return validPrefix(p, true) }

// ValidCount returns n as ValidPrefix(p) does and the number of characters,
// of UTF-16 code units and of ASCII bytes in p[:n] (from which the number of
// characters of each encoded length follows). Counting while validating reads
// p once: a count after the validation would read it again, from farther
// caches.
func ValidCount(p []byte) (n, runes, utf16, ascii int) { return validCount(p, true) }

// ValidRunes is ValidCount without the ASCII count, which RuneCount and
// UTF16Len do not need and which costs the counting kernels about a tenth
// of their time on text that is not ASCII.
func ValidRunes(p []byte) (n, runes, utf16 int) { return validRunes(p, true) }

// ValidCopy returns n as ValidPrefix(src) does, having copied src[:n] to dst
// in the same pass. It may write anything to the rest of dst[:len(src)], and
// panics if dst is shorter than src. dst must not overlap src.
func ValidCopy(dst, src []byte) int { return validCopy(dst[:len(src)], src, true) }

// Marks says which of the bytes a detector looks for occur in a valid prefix.
type Marks uint8

// The bytes Marks reports.
const (
	NUL Marks = 1 << iota // 0x00: UTF-16 and UTF-32 are full of them
	ESC                   // 0x1B: ISO-2022 escape sequences start with it
)

// ValidNUL returns n as ValidPrefix(p) does and NUL in marks if p[:n] holds
// a NUL byte (0x00). A caller that must tell UTF-8 from UTF-16 or UTF-32,
// whose text is full of NULs, gets both answers from one read of p.
func ValidNUL(p []byte) (n int, marks Marks) { return validNUL(p, true, NUL) }

// ValidCountNUL returns what ValidCount(p) does and NUL in marks if p[:n]
// holds a NUL byte, from one pass over p.
func ValidCountNUL(p []byte) (n, runes, utf16, ascii int, marks Marks) {
	return validCountNUL(p, true, NUL)
}

// ValidCopyNUL returns n as ValidCopy(dst, src) does, having copied src[:n]
// to dst, and NUL in marks if src[:n] holds a NUL byte, from one pass over
// src. Its conditions on dst are ValidCopy's.
func ValidCopyNUL(dst, src []byte) (n int, marks Marks) {
	return validCopyNUL(dst[:len(src)], src, true, NUL)
}

// ValidMarks is ValidNUL that also reports an ESC byte (0x1B): a caller
// that must tell ASCII from ISO-2022-JP learns from the same read whether
// an escape sequence can occur. It costs one more vector operation per
// block, so ValidNUL is the choice once ESC no longer matters.
func ValidMarks(p []byte) (n int, marks Marks) { return validNUL(p, true, NUL|ESC) }

// ValidCountMarks is ValidCountNUL that also reports an ESC byte (0x1B).
func ValidCountMarks(p []byte) (n, runes, utf16, ascii int, marks Marks) {
	return validCountNUL(p, true, NUL|ESC)
}

// ValidCopyMarks is ValidCopyNUL that also reports an ESC byte (0x1B).
func ValidCopyMarks(dst, src []byte) (n int, marks Marks) {
	return validCopyNUL(dst[:len(src)], src, true, NUL|ESC)
}

// ASCIIPrefix returns the number of leading bytes of p below 0x80.
func ASCIIPrefix(p []byte) int { return asciiPrefix(p, true) }

// CountRunes returns the number of characters in valid UTF-8 p.
func CountRunes(p []byte) int { return countRunes(p, true) }

// UTF16Len returns the number of UTF-16 code units valid UTF-8 p needs.
func UTF16Len(p []byte) int { return utf16Len(p, true) }

// setID names a kernel set in the arch functions' switches; 0 is portable.
type setID uint8

// impl is what the entry points need of a kernel set. minLen (for validation)
// and minScan (for the ASCII prefix and counting, whose portable code is
// cheaper) are the input lengths below which the set is not worth calling:
// the portable code answers instead.
type impl struct {
	id      setID
	minLen  int
	minScan int
}

// portable is the pure-Go set. Its thresholds keep every input in the
// portable functions, which then never dispatch.
var portable = kernelset.Set[impl]{
	Name:  "go",
	Needs: kernelset.Portable,
	Impl:  impl{id: 0, minLen: int(^uint(0) >> 1), minScan: int(^uint(0) >> 1)},
}

// active is the impl of the set in use, which the registry keeps in step,
// so that the entry points read one variable. Its zero value, before the
// registry is made, dispatches to the portable code.
var active impl

var registry = kernelset.MakeRegistry(&active, archSets, portable)

// Kernels lists the names of every kernel set compiled into this binary, best
// first, whether or not this CPU can run it.
func Kernels() []string { return registry.Names() }

// Active returns the name of the kernel set in use.
func Active() string { return registry.Active().Name }

// Supported reports whether name is a kernel set compiled into this binary
// that this CPU can run, and if not, what it lacks: "unknown kernel set" or
// the CPU feature level it needs.
func Supported(name string) (ok bool, lacks string) { return registry.Supported(name) }

// Use switches every entry point to the named kernel set, for tests and
// benchmarks that must exercise each one. With allLengths the set also gets the
// short inputs it would normally leave to the portable code, so that tests reach
// its tail handling. Use reports false, changing nothing, when the name is
// unknown or this CPU cannot run that set. It is not safe to call while other
// goroutines use the package.
func Use(name string, allLengths bool) bool {
	if !registry.Use(name) {
		return false
	}
	if allLengths && active.id != portable.Impl.id {
		active.minLen, active.minScan = 0, 0
	}
	return true
}

// Reset restores the kernel set chosen at start-up.
func Reset() { registry.Reset() }
