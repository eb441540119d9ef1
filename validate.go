package utf8x

import (
	"unsafe"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// bytesOf views a string's bytes without copying; the kernels only read them.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// scanFrom is the scalar reference validator: it returns the offset, length and
// kind of the first ill-formed maximal subpart of p at or after i, or (len(p), 0, 0).
func scanFrom[T text](p T, i int) (off, n int, kind ErrorKind) {
	for i < len(p) {
		if p[i] < RuneSelf {
			i++
			continue
		}
		_, size, k := decode(p[i:])
		if k != 0 {
			return i, size, k
		}
		i += size
	}
	return len(p), 0, 0
}

// firstInvalid lets a kernel skip the valid bulk of p, then pinpoints the error
// with the reference. The kernel only ever stops short, never past an error.
func firstInvalid(p []byte) (off, n int, kind ErrorKind) {
	if i := utf8kernel.ValidPrefix(p); i != len(p) {
		return scanFrom(p, i)
	}
	return len(p), 0, 0
}

// FirstInvalid returns the offset, length and kind of the first ill-formed maximal
// subpart of p, or (len(p), 0, 0) when p is valid. p[:offset] is the longest valid
// prefix. It does not allocate; Validate returns the same facts as an error.
func FirstInvalid(p []byte) (offset, length int, kind ErrorKind) {
	return firstInvalid(p)
}

// FirstInvalidString is like FirstInvalid but its input is a string.
func FirstInvalidString(s string) (offset, length int, kind ErrorKind) {
	return firstInvalid(bytesOf(s))
}

// Valid reports whether p is entirely valid UTF-8 (RFC 3629).
func Valid(p []byte) bool {
	// A kernel stops short of len(p) exactly when p is invalid.
	return utf8kernel.ValidPrefix(p) == len(p)
}

// ValidString reports whether s is entirely valid UTF-8 (RFC 3629).
func ValidString(s string) bool { return Valid(bytesOf(s)) }

// Validate returns nil if p is valid UTF-8, or an *Error describing the first
// ill-formed maximal subpart.
func Validate(p []byte) error {
	// The valid path is one kernel call; pinpointing an error stays out of line.
	if i := utf8kernel.ValidPrefix(p); i != len(p) {
		return errorFrom(p, i)
	}
	return nil
}

// errorFrom pinpoints the first error at or after i, where a kernel stopped.
func errorFrom(p []byte, i int) error {
	off, n, kind := scanFrom(p, i)
	return newError(p, off, n, kind)
}

// ValidateString is like Validate but its input is a string.
func ValidateString(s string) error { return Validate(bytesOf(s)) }

// IsASCII reports whether every byte of p is below 0x80.
func IsASCII(p []byte) bool { return utf8kernel.ASCIIPrefix(p) == len(p) }

// IsASCIIString reports whether every byte of s is below 0x80.
func IsASCIIString(s string) bool { return IsASCII(bytesOf(s)) }

// ASCIIPrefix returns the length of the longest prefix of p that is pure ASCII.
func ASCIIPrefix(p []byte) int { return utf8kernel.ASCIIPrefix(p) }

// ASCIIPrefixString is like ASCIIPrefix but its input is a string.
func ASCIIPrefixString(s string) int { return utf8kernel.ASCIIPrefix(bytesOf(s)) }

// count finishes RuneCount (with utf16, UTF16Len) once a kernel has found
// p[:n] valid and total characters (UTF-16 units) in it: it walks the rest as
// valid runs separated by ill-formed subparts, each of which counts as one
// character and as one UTF-16 unit, the U+FFFD that replaces it.
func count(p []byte, n, total int, utf16 bool) int {
	for {
		// The kernel may stop a little short of the error: the scalar
		// reference finds it, and the bytes between are valid.
		off, size, _ := scanFrom(p, n)
		if utf16 {
			total += utf8kernel.UTF16Len(p[n:off])
		} else {
			total += utf8kernel.CountRunes(p[n:off])
		}
		if size == 0 {
			return total
		}
		total++
		p = p[off+size:]
		var runes, units int
		n, runes, units = utf8kernel.ValidRunes(p)
		if utf16 {
			total += units
		} else {
			total += runes
		}
		if n == len(p) {
			return total
		}
	}
}

// RuneCount returns the number of characters in p, counting each ill-formed
// maximal subpart as one (unicode/utf8 counts each of its bytes).
func RuneCount(p []byte) int {
	// One pass validates and counts; on valid input that is all.
	n, runes, _ := utf8kernel.ValidRunes(p)
	if n == len(p) {
		return runes
	}
	return count(p, n, runes, false)
}

// RuneCountInString is like RuneCount but its input is a string.
func RuneCountInString(s string) int { return RuneCount(bytesOf(s)) }

// UTF16Len returns the number of UTF-16 code units needed to hold p, each
// ill-formed maximal subpart counting as one (the U+FFFD replacing it).
func UTF16Len(p []byte) int {
	n, _, units := utf8kernel.ValidRunes(p)
	if n == len(p) {
		return units
	}
	return count(p, n, units, true)
}

// UTF16LenString is like UTF16Len but its input is a string.
func UTF16LenString(s string) int { return UTF16Len(bytesOf(s)) }
