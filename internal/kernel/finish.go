package kernel

// The helpers below complete the answers of the vector kernels of every
// architecture, which check whole blocks and leave the rest to the portable
// code.

// finishValid turns a vector kernel's answer n (len(p), or a prefix that holds
// no error but may end inside a character) into a valid prefix on a character
// boundary, then lets the portable code look at what the kernel left: the
// failing block, or the bytes after the last whole block of a short input.
func finishValid(p []byte, n int) int {
	if n == len(p) {
		return n
	}
	b := trimUnfinished(p, n)
	return b + validPrefixGo(p[b:])
}

// finishCount is finishValid for a counting kernel, whose counts cover p[:n]:
// the bytes of the unfinished character it trims are taken out of them (the
// counts add up over any split of the bytes, see contsFours), and the counts
// of what the portable code then accepts are added.
func finishCount(p []byte, n, runes, utf16 int) (int, int, int) {
	if n == len(p) {
		return n, runes, utf16
	}
	b := trimUnfinished(p, n)
	conts, fours := contsFours(p[b:n])
	runes -= n - b - conts
	utf16 -= n - b - conts + fours
	m, r, u := validCountGo(p[b:])
	return b + m, runes + r, utf16 + u
}

// finishCopy is finishValid for a copying kernel, which copied src[:n].
func finishCopy(dst, src []byte, n int) int {
	if n == len(src) {
		return n
	}
	b := trimUnfinished(src, n)
	m := b + validPrefixGo(src[b:])
	copy(dst[b:m], src[b:m])
	return m
}
