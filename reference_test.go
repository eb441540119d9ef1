package utf8x_test

// An independent reference for the tests, written from RFC 3629 section 4's ABNF
// and the byte ranges each ErrorKind's documentation gives, without calling the
// code under test.

// rule is one alternative of the ABNF: the allowed range of each byte in turn.
type rule [][2]byte

const tailLo, tailHi = 0x80, 0xBF

var abnf = []rule{
	{{0x00, 0x7F}},                                 // UTF8-1
	{{0xC2, 0xDF}, {tailLo, tailHi}},               // UTF8-2
	{{0xE0, 0xE0}, {0xA0, 0xBF}, {tailLo, tailHi}}, // UTF8-3
	{{0xE1, 0xEC}, {tailLo, tailHi}, {tailLo, tailHi}},
	{{0xED, 0xED}, {0x80, 0x9F}, {tailLo, tailHi}},
	{{0xEE, 0xEF}, {tailLo, tailHi}, {tailLo, tailHi}},
	{{0xF0, 0xF0}, {0x90, 0xBF}, {tailLo, tailHi}, {tailLo, tailHi}}, // UTF8-4
	{{0xF1, 0xF3}, {tailLo, tailHi}, {tailLo, tailHi}, {tailLo, tailHi}},
	{{0xF4, 0xF4}, {0x80, 0x8F}, {tailLo, tailHi}, {tailLo, tailHi}},
}

// matches reports whether seq fits the first len(seq) byte ranges of r.
func (r rule) matches(seq []byte) bool {
	if len(seq) > len(r) {
		return false
	}
	for i, b := range seq {
		if b < r[i][0] || b > r[i][1] {
			return false
		}
	}
	return true
}

// refCharLen returns the length of the well-formed character at the start of p,
// or 0 if none starts there.
func refCharLen(p []byte) int {
	for _, r := range abnf {
		if len(p) >= len(r) && r.matches(p[:len(r)]) {
			return len(r)
		}
	}
	return 0
}

// refIsPrefix reports whether seq is the beginning of some well-formed character.
func refIsPrefix(seq []byte) bool {
	for _, r := range abnf {
		if r.matches(seq) {
			return true
		}
	}
	return false
}

// refMaximalSubpart returns the length of the maximal subpart at the start of p,
// which must not start with a well-formed character: the longest prefix that
// begins some well-formed character, or 1 (Unicode chapter 3, definition D93b).
func refMaximalSubpart(p []byte) int {
	n := 1
	for k := 2; k <= 3 && k <= len(p); k++ {
		if refIsPrefix(p[:k]) {
			n = k
		}
	}
	return n
}

// refKind classifies an ill-formed subpart by the byte ranges ErrorKind's
// documentation gives for each kind.
func refKind(p []byte) string {
	b0 := p[0]
	var b1 byte
	has1 := len(p) > 1
	if has1 {
		b1 = p[1]
	}
	switch {
	case b0 >= 0x80 && b0 <= 0xBF:
		return "unexpected-continuation"
	case b0 == 0xC0 || b0 == 0xC1:
		return "overlong"
	case b0 == 0xE0 && has1 && b1 >= 0x80 && b1 <= 0x9F:
		return "overlong"
	case b0 == 0xF0 && has1 && b1 >= 0x80 && b1 <= 0x8F:
		return "overlong"
	case b0 == 0xED && has1 && b1 >= 0xA0 && b1 <= 0xBF:
		return "surrogate"
	case b0 == 0xF4 && has1 && b1 >= 0x90 && b1 <= 0xBF:
		return "too-large"
	case b0 >= 0xF5 && b0 <= 0xF7:
		return "too-large"
	case b0 >= 0xF8:
		return "invalid-byte"
	}
	return "truncated"
}

// refElem is one element of the maximal-subpart decomposition of an input.
type refElem struct {
	off, n int
	kind   string // "" for a well-formed character
}

// refDecompose splits p into characters and maximal subparts.
func refDecompose(p []byte) []refElem {
	var out []refElem
	for i := 0; i < len(p); {
		if n := refCharLen(p[i:]); n > 0 {
			out = append(out, refElem{i, n, ""})
			i += n
			continue
		}
		n := refMaximalSubpart(p[i:])
		out = append(out, refElem{i, n, refKind(p[i:])})
		i += n
	}
	return out
}

// refFirstInvalid returns the first ill-formed element, or (len(p), 0, "").
func refFirstInvalid(p []byte) (int, int, string) {
	for i := 0; i < len(p); {
		if n := refCharLen(p[i:]); n > 0 {
			i += n
			continue
		}
		return i, refMaximalSubpart(p[i:]), refKind(p[i:])
	}
	return len(p), 0, ""
}
