package utf8x

import "unsafe"

// startOf returns the start of the element of the maximal-subpart decomposition
// that contains byte i, looking back at most 3 bytes (UTF-8 is self-synchronizing).
func startOf[T text](p T, i int) int { return startOfString(*(*string)(unsafe.Pointer(&p)), i) }

// startOfString is startOf's body (see decode).
func startOfString(p string, i int) int {
	if i <= 0 {
		return 0
	}
	if i >= len(p) {
		return len(p)
	}
	if RuneStart(p[i]) {
		return i
	}
	lim := max(i-(UTFMax-1), 0)
	j := i - 1
	for j > lim && !RuneStart(p[j]) {
		j--
	}
	if !RuneStart(p[j]) {
		return i // no lead in reach: p[i] is a lone continuation byte
	}
	if _, size, _ := decode(p[j:]); j+size > i {
		return j
	}
	return i
}

// StartOfRune returns the offset of the first byte of the character (or
// ill-formed subpart) that contains byte i of p, looking back at most 3 bytes.
// An i at or beyond len(p) gives len(p); a negative i gives 0.
func StartOfRune(p []byte, i int) int { return startOf(p, i) }

// StartOfRuneString is like StartOfRune but its input is a string.
func StartOfRuneString(s string, i int) int { return startOf(s, i) }

// Truncate returns the longest prefix of p of at most n bytes that does not cut a
// character in two, the usual need of a database column or a protocol limit.
// An ill-formed subpart is never split either.
func Truncate(p []byte, n int) []byte {
	if n >= len(p) {
		return p
	}
	return p[:startOf(p, n)]
}

// TruncateString is like Truncate but its input is a string.
func TruncateString(s string, n int) string {
	if n >= len(s) {
		return s
	}
	return s[:startOf(s, n)]
}
