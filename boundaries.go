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

// TruncateUTF16 returns the longest prefix of p whose UTF-16 form has at most n
// code units and that does not cut a character in two: the limit JavaScript's
// String length, Java's String.length and many APIs count in. A character
// beyond U+FFFF counts 2 (a surrogate pair), any other 1. As in Truncate, an
// ill-formed subpart is never split and is kept as it is; it counts 1, the
// U+FFFD that replaces it, as UTF16Len counts it. A negative n gives an empty
// prefix.
func TruncateUTF16(p []byte, n int) []byte {
	return p[:truncateUTF16(p, n)]
}

// TruncateUTF16String is like TruncateUTF16 but its input is a string.
func TruncateUTF16String(s string, n int) string {
	return s[:truncateUTF16(bytesOf(s), n)]
}

// truncateUTF16 returns the length of TruncateUTF16(p, n). A prefix of k bytes
// has at most k units, so the first n bytes cut at a character fit, and the
// vector count (UTF16Len) of those leaves a budget for the next piece; each
// round spends at least a third of what is left (no character has more than 3
// bytes per unit), and the last few units are decided one character at a time.
func truncateUTF16(p []byte, n int) int {
	i := 0
	for n >= 16 {
		if n >= len(p)-i {
			return len(p)
		}
		k := startOf(p[i:], n) // at least n-3 bytes, since startOf looks back 3 at most
		n -= UTF16Len(p[i : i+k])
		i += k
	}
	if n >= len(p)-i {
		return len(p)
	}
	for n > 0 && i < len(p) {
		_, size, kind := decode(p[i:])
		units := 1
		if size == 4 && kind == 0 {
			units = 2
		}
		if units > n {
			break
		}
		n -= units
		i += size
	}
	return i
}
