package mojibake

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// containsTokenRef is containsToken as it was before it looked for the
// repair's last byte: the search for the repair itself, then tok around it.
func containsTokenRef(p, tok []byte, mid [2]int) bool {
	needle := tok[mid[0]:mid[1]]
	for at := mid[0]; at <= len(p); {
		i := bytes.Index(p[at:], needle)
		if i < 0 {
			return false
		}
		i += at - mid[0] // where tok would start
		j := i + len(tok)
		if j <= len(p) && bytes.Equal(p[i:j], tok) {
			if b, _ := utf8.DecodeLastRune(p[:i]); i == 0 || tokenEdge(b) {
				if a, _ := utf8.DecodeRune(p[j:]); j == len(p) || tokenEdge(a) {
					return true
				}
			}
		}
		at = i + mid[0] + 1
	}
	return false
}

// TestContainsToken checks containsToken against containsTokenRef on random
// texts of a few letters, their misread forms and token edges, with tokens
// made of the same pieces (some cut out of the text itself, so that about
// half are found), every split of a token into before, repair and after.
func TestContainsToken(t *testing.T) {
	pieces := []string{"a", "b", "é", "ř", "Ã", "©", "Å™", "™", "Ã©", "ab", " ", ".", "\n", "«", "»", "“", "\xC3", "\xA9", "中", "\x80", "ž"}
	rng := rand.New(rand.NewPCG(24, 38))
	gen := func(n int) []byte {
		var b []byte
		for range n {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		return b
	}
	found, cases := 0, 0
	for range 20000 {
		p := gen(rng.IntN(60))
		var tok []byte
		if len(p) > 0 && rng.IntN(2) == 0 {
			i := rng.IntN(len(p))
			tok = bytes.Clone(p[i : i+rng.IntN(min(12, len(p)-i)+1)])
		} else {
			tok = gen(rng.IntN(5))
		}
		if rng.IntN(3) == 0 {
			// tok itself between edges, or at p's ends
			edges := []string{"", " ", "«", ".", "\n"}
			p = append(append(append(append(p, edges[rng.IntN(len(edges))]...), tok...), edges[rng.IntN(len(edges))]...), gen(rng.IntN(8))...)
		}
		for m0 := 0; m0 <= len(tok); m0++ {
			for m1 := m0; m1 <= len(tok); m1++ {
				mid := [2]int{m0, m1}
				want := containsTokenRef(p, tok, mid)
				if got := containsToken(p, tok, mid); got != want {
					t.Fatalf("containsToken(%q, %q, %v) = %v, want %v", p, tok, mid, got, want)
				}
				cases++
				if want {
					found++
				}
			}
		}
	}
	if found < cases/10 || found > cases-cases/10 {
		t.Fatalf("%d of %d cases found: the texts do not exercise both answers", found, cases)
	}
	t.Logf("%d cases, %d found", cases, found)
}
