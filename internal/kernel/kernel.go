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
//
// One implementation set is chosen at start-up from the CPU's features (see
// Kernels and Use); inputs too short to amortise a vector set-up always take the
// portable code, which is tuned for a handful of bytes.
//
// Each entry point makes one call and is small enough to inline, so that a
// caller in the root package pays for one call on a short input, as it does
// with unicode/utf8: the validators and the ASCII scan dispatch inside the
// portable code (see validPrefix), the others pick their function by a
// selection rather than branching around two calls.
package kernel

// ValidPrefix returns the length of a prefix of p known to be valid UTF-8.
func ValidPrefix(p []byte) int { return validPrefix(p, true) }

// ValidCount returns n as ValidPrefix(p) does and the number of characters
// and of UTF-16 code units in p[:n]. Counting while validating reads p once:
// a count after the validation would read it again, from farther caches.
func ValidCount(p []byte) (n, runes, utf16 int) { return validCount(p, true) }

// ValidCopy returns n as ValidPrefix(src) does, having copied src[:n] to dst
// in the same pass. It may write anything to the rest of dst[:len(src)], and
// panics if dst is shorter than src. dst must not overlap src.
func ValidCopy(dst, src []byte) int {
	f := active.validCopy
	if len(src) < active.minLen {
		f = validCopyGo
	}
	return f(dst[:len(src)], src)
}

// ASCIIPrefix returns the number of leading bytes of p below 0x80.
func ASCIIPrefix(p []byte) int { return asciiPrefix(p, true) }

// CountRunes returns the number of characters in valid UTF-8 p.
func CountRunes(p []byte) int {
	f := active.countRunes
	if len(p) < active.minScan {
		f = countRunesGo
	}
	return f(p)
}

// UTF16Len returns the number of UTF-16 code units valid UTF-8 p needs.
func UTF16Len(p []byte) int {
	f := active.utf16Len
	if len(p) < active.minScan {
		f = utf16LenGo
	}
	return f(p)
}

// impl is one complete set of kernels. minLen (for validation) and minScan
// (for the ASCII prefix and counting, whose portable code is cheaper) are the
// input lengths below which the set is not worth calling: the portable code
// answers instead.
type impl struct {
	name        string
	minLen      int
	minScan     int
	supported   func() bool
	validPrefix func([]byte) int
	asciiPrefix func([]byte) int
	countRunes  func([]byte) int
	utf16Len    func([]byte) int
	validCount  func([]byte) (int, int, int)
	validCopy   func(dst, src []byte) int
}

// portable is the pure-Go set; every architecture has it. Its minLen sends
// every input down the direct calls in the exported functions, saving the
// indirect call.
var portable = impl{
	name:        "go",
	minLen:      int(^uint(0) >> 1),
	minScan:     int(^uint(0) >> 1),
	supported:   func() bool { return true },
	validPrefix: validPrefixGo,
	asciiPrefix: asciiPrefixGo,
	countRunes:  countRunesGo,
	utf16Len:    utf16LenGo,
	validCount:  validCountGo,
	validCopy:   validCopyGo,
}

// active is chosen once, at package initialisation, as the first supported
// entry of impls (best first).
// It is set in init, not by an initializer, because the portable code reads
// it to dispatch, which an initializer would make a cycle.
var active impl

func init() { active = pick() }

func pick() impl {
	for _, k := range impls {
		if k.supported() {
			return k
		}
	}
	return portable
}

// Kernels lists the names of every kernel set compiled into this binary, best
// first, whether or not this CPU can run it.
func Kernels() []string {
	names := make([]string, len(impls))
	for i, k := range impls {
		names[i] = k.name
	}
	return names
}

// Active returns the name of the kernel set in use.
func Active() string { return active.name }

// Use switches every entry point to the named kernel set, for tests and
// benchmarks that must exercise each one. With allLengths the set also gets the
// short inputs it would normally leave to the portable code, so that tests reach
// its tail handling. Use reports false, changing nothing, when the name is
// unknown or this CPU cannot run that set. It is not safe to call while other
// goroutines use the package.
func Use(name string, allLengths bool) bool {
	for _, k := range impls {
		if k.name == name {
			if !k.supported() {
				return false
			}
			if allLengths && k.name != portable.name {
				k.minLen, k.minScan = 0, 0
			}
			active = k
			return true
		}
	}
	return false
}

// Reset restores the kernel set chosen at start-up.
func Reset() { active = pick() }
