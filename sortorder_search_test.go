package utf8x_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// Two properties RFC 3629 (section 1) claims for UTF-8, tested as stated:
//
//   - "The byte-value lexicographic sorting order of UTF-8 strings is the same
//     as if ordered by character numbers": bytes.Compare on valid UTF-8 orders
//     strings as slices.Compare orders their code points.
//   - "The Boyer-Moore fast search algorithm can be used with UTF-8 data": a
//     byte search for a valid needle in a valid haystack finds only whole
//     characters, so bytes.Index needs no decoding.
//
// The strings are built with unicode/utf8's encoder, and boundaries come from
// the reference decomposition (reference_test.go), not from the code under test.

// sortOrderRunes are code points at every edge of UTF-8's lengths, of each
// byte's range (a continuation byte at 80 or BF, the E0/ED/F0/F4 second-byte
// limits) and of the surrogate gap, with their neighbours.
func sortOrderRunes() []rune {
	edges := []rune{0, 0x3F, 0x40, 0x7F, 0x80, 0xBF, 0xC0, 0x7FF, 0x800, 0xFFF, 0x1000,
		0xCFFF, 0xD000, 0xD7FF, 0xE000, 0xEFFF, 0xFFFD, 0xFFFF, 0x10000, 0x3FFFF,
		0x40000, 0xFFFFF, 0x100000, 0x10FFFF}
	var out []rune
	for _, e := range edges {
		for d := rune(-1); d <= 1; d++ {
			if r := e + d; utf8.ValidRune(r) && !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Every pair of single code points from the edges, and every pair from a
// random sample across the whole range.
func TestUTF8SortOrderIsCodePointOrderPairs(t *testing.T) {
	sample := sortOrderRunes()
	rng := rand.New(rand.NewPCG(27, 3))
	for len(sample) < 600 {
		if r := rune(rng.IntN(utf8.MaxRune + 1)); utf8.ValidRune(r) {
			sample = append(sample, r)
		}
	}
	for _, a := range sample {
		ea := string(a)
		for _, b := range sample {
			if got, want := strings.Compare(ea, string(b)), sign(int(a)-int(b)); got != want {
				t.Fatalf("%U (% X) vs %U (% X): byte order %d, code point order %d", a, ea, b, string(b), got, want)
			}
		}
	}
}

// Random valid strings, many sharing a prefix: byte order is code point order,
// a proper prefix included.
func TestUTF8SortOrderIsCodePointOrderRandom(t *testing.T) {
	edges := sortOrderRunes()
	rng := rand.New(rand.NewPCG(27, 4))
	gen := func() []rune {
		r := make([]rune, rng.IntN(7))
		for i := range r {
			if rng.IntN(2) == 0 {
				r[i] = edges[rng.IntN(len(edges))]
			} else {
				for r[i] = -1; !utf8.ValidRune(r[i]); {
					r[i] = rune(rng.IntN(utf8.MaxRune + 1))
				}
			}
		}
		return r
	}
	for range 200000 {
		a := gen()
		b := gen()
		if rng.IntN(2) == 0 && len(a) > 0 {
			b = append(slices.Clone(a[:rng.IntN(len(a)+1)]), b...)
		}
		ea, eb := []byte(string(a)), []byte(string(b))
		if !utf8x.Valid(ea) || !utf8x.Valid(eb) {
			t.Fatalf("test input not valid: % X, % X", ea, eb)
		}
		if got, want := bytes.Compare(ea, eb), slices.Compare(a, b); got != want {
			t.Fatalf("%U vs %U: bytes.Compare %d, code point order %d", a, b, got, want)
		}
	}
}

// searchAlphabet is characters whose encodings share bytes as much as UTF-8
// allows: the same continuation bytes after different leads, a character's
// tail equal to another's head minus the lead, and ASCII.
var searchAlphabet = []string{"a", "\x00", "\u00A9", "\u00E9", "\u00AC", "\u0080", "\u00BF",
	"\u20AC", "\u2082", "\u20A9", "\u0829", "\uE9A9", "\U0001F600", "\U0001F680", "\U00010080",
	"\U0010FFBF", "\uFFFD", "\uFEFF"}

func randomFrom(rng *rand.Rand, pieces []string, n int) []byte {
	var b []byte
	for range n {
		b = append(b, pieces[rng.IntN(len(pieces))]...)
	}
	return b
}

// boundaries returns the offsets at which an element of the reference's
// maximal-subpart decomposition of p starts, and len(p): on valid input the
// character boundaries.
func boundaries(p []byte) map[int]bool {
	at := map[int]bool{len(p): true}
	for _, e := range refDecompose(p) {
		at[e.off] = true
	}
	return at
}

// matches returns the offset of every occurrence of needle in hay, overlapping
// ones included.
func matches(hay, needle []byte) []int {
	var out []int
	for i := 0; i <= len(hay); {
		j := bytes.Index(hay[i:], needle)
		if j < 0 {
			break
		}
		out = append(out, i+j)
		i += j + 1
	}
	return out
}

// A valid needle matches a valid haystack only at character boundaries, at
// both ends: no occurrence starts or ends inside a character.
func TestUTF8SearchMatchesWholeCharacters(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 5))
	found := 0
	for range 20000 {
		hay := randomFrom(rng, searchAlphabet, rng.IntN(40))
		needle := randomFrom(rng, searchAlphabet, 1+rng.IntN(3))
		if rng.IntN(2) == 0 && len(hay) > 0 {
			// A needle that occurs: the characters of hay from one boundary to another.
			i, j := rng.IntN(len(hay)+1), rng.IntN(len(hay)+1)
			i, j = utf8x.StartOfRune(hay, min(i, j)), utf8x.StartOfRune(hay, max(i, j))
			if i < j {
				needle = hay[i:j]
			}
		}
		at := boundaries(hay)
		for _, m := range matches(hay, needle) {
			found++
			if !at[m] || !at[m+len(needle)] {
				t.Fatalf("needle % X matches haystack % X at [%d,%d), inside a character", needle, hay, m, m+len(needle))
			}
		}
	}
	if found < 10000 {
		t.Fatalf("only %d matches: the test exercises too little", found)
	}
}

// The same property, exhaustively on short haystacks: every substring of a
// valid string that is itself valid starts and ends at character boundaries,
// so any valid needle found anywhere is found whole.
func TestUTF8SearchValidSubstringsAreWholeCharacters(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 6))
	for range 3000 {
		hay := randomFrom(rng, searchAlphabet, rng.IntN(8))
		at := boundaries(hay)
		for i := 0; i < len(hay); i++ {
			for j := i + 1; j <= len(hay); j++ {
				if utf8.Valid(hay[i:j]) && (!at[i] || !at[j]) {
					t.Fatalf("valid substring % X of % X at [%d,%d) cuts a character", hay[i:j], hay, i, j)
				}
			}
		}
	}
}

// On an ill-formed haystack a valid needle still matches only at the edges of
// the maximal-subpart decomposition (StartOfRune, Chunks, DecodeRune): its
// first byte is never a continuation byte, so it cannot start inside an element,
// and its last character is complete, so the haystack's element there is the
// same character and ends where the needle does. A match can begin right
// after an ill-formed subpart, a truncated lead whose continuation bytes are
// missing, for example.
func TestUTF8SearchInIllFormedHaystack(t *testing.T) {
	illFormed := append(slices.Clone(searchAlphabet), "\xE2\x82", "\xF0\x9F\x98", "\xC3", "\xE2",
		"\xF0", "\x80", "\xA9", "\xBF\xBF", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF", "\xF5")
	rng := rand.New(rand.NewPCG(27, 7))
	found, afterBad := 0, 0
	for range 20000 {
		hay := randomFrom(rng, illFormed, rng.IntN(40))
		needle := randomFrom(rng, searchAlphabet, 1+rng.IntN(3))
		if rng.IntN(2) == 0 && len(hay) > 0 {
			// A needle that occurs: a valid run of hay between element edges.
			i, j := rng.IntN(len(hay)+1), rng.IntN(len(hay)+1)
			i, j = utf8x.StartOfRune(hay, min(i, j)), utf8x.StartOfRune(hay, max(i, j))
			if i < j && utf8.Valid(hay[i:j]) {
				needle = hay[i:j]
			}
		}
		at := boundaries(hay)
		for _, m := range matches(hay, needle) {
			found++
			if !at[m] || !at[m+len(needle)] {
				t.Fatalf("needle % X matches ill-formed haystack % X at [%d,%d), inside an element", needle, hay, m, m+len(needle))
			}
			if utf8x.StartOfRune(hay, m) != m || (m+len(needle) < len(hay) && utf8x.StartOfRune(hay, m+len(needle)) != m+len(needle)) {
				t.Fatalf("StartOfRune disagrees with the reference at a match [%d,%d) in % X", m, m+len(needle), hay)
			}
			if m > 0 && !utf8x.Valid(hay[utf8x.StartOfRune(hay, m-1):m]) {
				afterBad++
			}
		}
	}
	if found < 4000 || afterBad < 1000 {
		t.Fatalf("%d matches, %d right after an ill-formed subpart: the test exercises too little", found, afterBad)
	}
}

// What the search property does not give: a needle that is not valid UTF-8
// matches inside characters, and removing a match from an ill-formed haystack
// can join the bytes around it into a character that was not there.
func TestUTF8SearchLimits(t *testing.T) {
	hay := []byte("caf\u00E9 \u20AC")
	for _, needle := range []string{"\xA9", "\x82\xAC", "\xE2\x82"} { // a tail, a tail, a head
		m := bytes.Index(hay, []byte(needle))
		if m < 0 {
			t.Fatalf("% X not found in % X", needle, hay)
		}
		if at := boundaries(hay); at[m] && at[m+len(needle)] {
			t.Errorf("ill-formed needle % X matched whole characters at %d; expected a cut", needle, m)
		}
	}

	bad := []byte("\xE2x\x82\xAC") // a lone lead, x, two stray continuation bytes
	if utf8x.RuneCount(bad) != 4 || utf8x.Valid(bad) {
		t.Fatalf("% X: %d elements, valid %v; want 4 and false", bad, utf8x.RuneCount(bad), utf8x.Valid(bad))
	}
	m := bytes.Index(bad, []byte("x"))
	if at := boundaries(bad); !at[m] || !at[m+1] {
		t.Fatalf("x in % X matched at %d, not at element edges", bad, m)
	}
	joined := slices.Concat(bad[:m], bad[m+1:])
	if string(joined) != "\u20AC" || !utf8x.Valid(joined) {
		t.Errorf("removing x from % X gives % X; expected the euro sign E2 82 AC to appear", bad, joined)
	}
}
