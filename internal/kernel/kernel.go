// Package kernel is the single place where fast paths for UTF-8 scanning are
// plugged in. The root package utf8x holds the scalar reference; everything here
// is an accelerator whose answers must agree with it.
//
// Contract shared by every implementation:
//   - ValidPrefix(p) returns n with p[:n] valid UTF-8 ending on a character
//     boundary. n == len(p) means p is valid. When n < len(p) the caller finishes
//     the scan with the scalar reference from n, so n should be close to the first
//     error (a kernel rewinds to the start of the block where it saw the error).
//   - ASCIIPrefix(p) returns the exact length of the longest all-ASCII prefix.
//   - CountRunes and UTF16Len are only defined for valid input.
package kernel

// ValidPrefix returns the length of a prefix of p known to be valid UTF-8.
func ValidPrefix(p []byte) int { return validPrefix(p) }

// ASCIIPrefix returns the number of leading bytes of p below 0x80.
func ASCIIPrefix(p []byte) int { return asciiPrefix(p) }

// CountRunes returns the number of characters in valid UTF-8 p.
func CountRunes(p []byte) int { return countRunes(p) }

// UTF16Len returns the number of UTF-16 code units valid UTF-8 p needs.
func UTF16Len(p []byte) int { return utf16Len(p) }

// Placeholder portable implementations; the SIMD and SWAR kernels replace them.
func validPrefix(p []byte) int { return 0 }

func asciiPrefix(p []byte) int {
	for i, b := range p {
		if b >= 0x80 {
			return i
		}
	}
	return len(p)
}

func countRunes(p []byte) int {
	n := 0
	for _, b := range p {
		if b&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

func utf16Len(p []byte) int {
	n := 0
	for _, b := range p {
		if b&0xC0 != 0x80 {
			n++
		}
		if b >= 0xF0 {
			n++
		}
	}
	return n
}
