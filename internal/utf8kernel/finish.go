package utf8kernel

import "math/bits"

// What every vector set needs after its kernel returns, whatever the
// architecture: a vector kernel reports a prefix that holds no error but may
// end inside a character (it works in whole blocks), and the portable code
// finishes from the last character boundary before it.

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
// counts add up over any split of the bytes, see contsFours; none of those
// bytes is ASCII), and the counts of what the portable code then accepts are
// added.
func finishCount(p []byte, n, runes, utf16, ascii int) (int, int, int, int) {
	if n == len(p) {
		return n, runes, utf16, ascii
	}
	b := trimUnfinished(p, n)
	conts, fours := contsFours(p[b:n])
	runes -= n - b - conts
	utf16 -= n - b - conts + fours
	m, r, u, a := validCountGo(p[b:])
	return b + m, runes + r, utf16 + u, ascii + a
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

// finishNUL is what a NUL-reporting kernel's answer (n, marks) becomes once
// a finish helper has turned n into m: the bytes the helper trims off p[:n]
// belong to an unfinished character, at or above 0x80, so only what it adds
// beyond n can hold a NUL or ESC the kernel did not see.
func finishNUL(p []byte, n, m int, marks, want Marks) Marks {
	if m > n {
		marks |= marksOf(p[n:m], want)
	}
	return marks
}

// trimUnfinished returns the start of the character p[:n] ends inside, or n
// if p[:n] ends on a boundary, given that p[:n] is otherwise valid. A valid
// character ends at most three bytes after its lead.
func trimUnfinished(p []byte, n int) int {
	for j := n - 1; j >= 0 && j >= n-3; j-- {
		c := p[j]
		if c < 0x80 {
			return n
		}
		if c >= 0xC0 {
			size := 2
			if c >= 0xF0 {
				size = 4
			} else if c >= 0xE0 {
				size = 3
			}
			if n-j < size {
				return j
			}
			return n
		}
	}
	return n
}

// contsFours returns the number of continuation bytes and of 4-byte leads in
// p. Valid text of n bytes holds n-conts characters and n-conts+fours UTF-16
// units, and both sums split over any cut of the bytes, even one inside a
// character, which is what lets the counting kernels count whole blocks.
func contsFours(p []byte) (conts, fours int) {
	r := countRunesGo(p)
	return len(p) - r, utf16LenGo(p) - r
}

// highBytes returns the number of bytes of p at or above 0x80: the ASCII
// count of a set whose counting kernel leaves it out (arm64's NEON).
func highBytes(p []byte) int {
	h, i := 0, 0
	for ; i+8 <= len(p); i += 8 {
		h += bits.OnesCount64(load64(p[i:]) & hiBits)
	}
	for _, b := range p[i:] {
		h += int(b >> 7)
	}
	return h
}
