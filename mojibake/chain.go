package mojibake

import (
	"fmt"
	"strings"
)

// Chain is the sequence of misreadings a stretch went through, first one
// first: Chain{Windows1252, Windows1252} is UTF-8 read as Windows-1252 and
// written back as UTF-8, twice.
type Chain []Codepage

// String describes the chain for a person, such as "UTF-8 read as
// windows-1252, twice" or "UTF-8 read as windows-1251, then as windows-1252".
func (c Chain) String() string {
	if len(c) == 0 {
		return "nothing"
	}
	same := true
	for _, e := range c[1:] {
		same = same && e == c[0]
	}
	var b strings.Builder
	b.WriteString("UTF-8 read as ")
	b.WriteString(c[0].String())
	switch {
	case len(c) == 1:
	case same && len(c) == 2:
		b.WriteString(", twice")
	case same:
		fmt.Fprintf(&b, ", %d times", len(c))
	default:
		for _, e := range c[1:] {
			b.WriteString(", then as ")
			b.WriteString(e.String())
		}
	}
	return b.String()
}

// Change is one stretch the fixer rewrote.
type Change struct {
	InStart, InEnd   int64 // the stretch's byte range in the input
	OutStart, OutEnd int64 // the byte range of its repair in the output
	Line             int64 // 1-based line (counting LF) of the stretch's first byte
	Column           int64 // 1-based column of the stretch's first byte on its line, in characters of the input (a byte that is not part of valid UTF-8 counts as one)
	Chain            Chain // the misreadings undone, first one first
	Lossy            bool  // some bytes were lost on the way: U+FFFD stands for them, or a space was read as the no-break space it had been
	// Score is how much less bad the repair is than the stretch as found,
	// by the cost model (what misreading leaves behind: letters glued to
	// symbols, a capital inside a word, ...), counted only as far as the
	// decision to repair needed: exact when it weighed the stretch against
	// another repair or scored it whole anyway, a lower bound otherwise.
	// A repair that leaves no badness is made whatever the stretch's own,
	// which is then counted no further than its first mark of misreading:
	// the commonest Score of text misread whole is 1. With Options.Explain
	// it is counted up to 64: past that a long stretch is not scored to
	// its end.
	Score int
	// UnseenBefore and UnseenAfter count the pairs of adjacent characters
	// (with the characters around the stretch) that the model of real text
	// does not hold, in the stretch as found and as repaired: the evidence
	// the repair was made on. UnseenBefore is counted only up to
	// UnseenAfter+2, as far as the decisions look for most stretches: a
	// stretch misread whole is not counted to its end, and most show
	// UnseenAfter+2. With Options.Explain it is counted up to
	// UnseenAfter+16: past that the evidence is overwhelming.
	UnseenBefore, UnseenAfter int
	Old, New                  string // the stretch as found and as written
}
