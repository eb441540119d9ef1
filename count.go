package utf8x

import (
	"bytes"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Counts is what Count measures in a text: its length, characters, lines,
// UTF-16 code units, ill-formed maximal subparts, and its valid characters by
// encoded length. An ill-formed maximal subpart counts as one character and
// one UTF-16 unit, the U+FFFD that replaces it, and in no length.
//
// The counts of consecutive pieces of a text that each start and end on an
// element boundary (RangeBounds) add up (Add) to the counts of the whole. A
// text is ASCII when ByLength[0] == Bytes (the bytes of an ill-formed subpart
// are never ASCII).
type Counts struct {
	Bytes   int // len(p)
	Runes   int // characters, each ill-formed maximal subpart counting as one
	UTF16   int // UTF-16 code units, each ill-formed maximal subpart counting as one
	Lines   int // LF bytes
	Invalid int // ill-formed maximal subparts

	// ByLength[n-1] is the number of valid characters encoded in n bytes:
	// ByLength[0] the ASCII bytes, ByLength[3] the characters beyond U+FFFF.
	ByLength [UTFMax]int
}

// Count validates p and counts it in one pass over its valid runs, at the
// speed of Valid on valid text (the validation kernels count as they go),
// plus one bytes.Count for the lines.
func Count(p []byte) Counts {
	c := Counts{Bytes: len(p), Lines: bytes.Count(p, newline)}
	// Sums over the valid runs, from which the lengths follow (lengths).
	var vBytes, vRunes, vUnits, vASCII int
	for len(p) > 0 {
		n, runes, units, ascii := utf8kernel.ValidCount(p)
		vBytes, vRunes, vUnits, vASCII = vBytes+n, vRunes+runes, vUnits+units, vASCII+ascii
		if n == len(p) {
			break
		}
		// The kernel stops near the fault; the scalar code finds it, and
		// the valid bytes before it are counted on their own.
		off, size, _ := firstInvalid(p[n:])
		if off > 0 {
			m, runes, units, ascii := utf8kernel.ValidCount(p[n : n+off])
			vBytes, vRunes, vUnits, vASCII = vBytes+m, vRunes+runes, vUnits+units, vASCII+ascii
		}
		if size == 0 {
			break // cannot happen: the kernel stops short only of a fault
		}
		c.Invalid++
		p = p[n+off+size:]
	}
	c.Runes = vRunes + c.Invalid
	c.UTF16 = vUnits + c.Invalid
	c.ByLength = lengths(vBytes, vRunes, vUnits, vASCII)
	return c
}

// CountString is like Count but its input is a string.
func CountString(s string) Counts { return Count(bytesOf(s)) }

// lengths splits valid characters by encoded length. With n1..n4 the
// characters of each length: n1+n2+n3+n4 = runes, n1+2n2+3n3+4n4 = bytes,
// n1+n2+n3+2n4 = units and n1 = ascii; so n4 = units-runes, and the first
// two equations less twice the first give n3.
func lengths(bytes, runes, units, ascii int) [UTFMax]int {
	n4 := units - runes
	n3 := bytes + ascii - 2*n4 - 2*runes
	n2 := runes - ascii - n3 - n4
	return [UTFMax]int{ascii, n2, n3, n4}
}

// Add returns the counts of c's text followed by next's, where c's ends on an
// element boundary.
func (c Counts) Add(next Counts) Counts {
	c.Bytes += next.Bytes
	c.Runes += next.Runes
	c.UTF16 += next.UTF16
	c.Lines += next.Lines
	c.Invalid += next.Invalid
	for i := range c.ByLength {
		c.ByLength[i] += next.ByLength[i]
	}
	return c
}
