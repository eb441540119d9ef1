package mojibake

import (
	"math/rand"
	"slices"
	"testing"
	"unicode"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// TestFoldOrbit checks what mayHold relies on: every character c whose
// Fold is not ASCII is Fold(c) itself or in its orbit under
// unicode.SimpleFold.
func TestFoldOrbit(t *testing.T) {
	for c := rune(0); c <= unicode.MaxRune; c++ {
		f := pairs.Fold(c)
		if f < 0x80 || f == c {
			continue
		}
		in := false
		for o := unicode.SimpleFold(f); o != f; o = unicode.SimpleFold(o) {
			if o == c {
				in = true
				break
			}
		}
		if !in {
			t.Fatalf("Fold(%U) = %U, and %U is not in its SimpleFold orbit", c, f, c)
		}
	}
}

// TestFoldWide checks what lineScripts.noWide relies on: no character
// but a wide letter itself folds as the wide letter does (pairs.Fold
// keeps each as it is), so a line holding no character at or beyond
// maskDense holds none that folds as one.
func TestFoldWide(t *testing.T) {
	for c := rune(0); c <= unicode.MaxRune; c++ {
		if f := pairs.Fold(c); isWideLetter(f) && f != c || isWideLetter(c) && (f != c || c < maskDense) {
			t.Fatalf("Fold(%U) = %U", c, f)
		}
	}
}

// TestMayHoldRandom holds the line filter to the plain scan: when mayHold
// says a line holds no character folding as r does, no character of the
// line is r or folds as r does (the characters containsOutside looks for
// when r and its fold are not ASCII), and containsOutside finds nothing.
func TestMayHoldRandom(t *testing.T) {
	pool := []rune{
		'a', 'K', 'k', 's', 'i', ' ', '1', '"', // ASCII
		0xA0, 0xB5, 0xC3, 0xD0, 0xD1, 0xDF, 0xE5, 0xC5, 0xE9, 0xFF, // Latin-1
		0x130, 0x131, 0x152, 0x153, 0x160, 0x178, 0x17F, 0x192, 0x2C6, 0x2DC, // Latin extended, Windows-1252
		0x391, 0x3A3, 0x3A9, 0x3B1, 0x3BC, 0x3C2, 0x3C3, 0x3C9, // Greek
		0x400, 0x401, 0x402, 0x410, 0x420, 0x421, 0x430, 0x43F, 0x440, 0x451, 0x453, 0x490, 0x491, // Cyrillic
		0x5D0, 0x5E9, 0x627, 0x644, 0x6CC, 0x200C, // Hebrew, Arabic, ZWNJ
		0x10D0, 0x1C90, 0x13A0, 0xAB70, // Georgian, Cherokee
		0x1E9E, 0x1EA0, 0x1EA1, 0x1EF9, // Latin Extended Additional
		0x2013, 0x201C, 0x2022, 0x20AC, 0x2116, 0x2122, 0x2126, 0x212A, 0x212B, // punctuation, signs folding below U+0800
		0x3042, 0x4E2D, 0x6587, 0xAC00, 0xD55C, 0xFFFD, 0x1F600, invalidByte, // wide, emoji
	}
	rng := rand.New(rand.NewSource(27))
	refused, held := 0, 0
	shared := &lineScripts{} // as the fixer keeps it from window to window
	for n := 0; n < 200000; n++ {
		line := make([]rune, 1+rng.Intn(40))
		// Lines of a few characters of the pool, so that both answers come.
		sub := pool[rng.Intn(len(pool)-8):]
		sub = sub[:1+rng.Intn(min(len(sub), 12))]
		for i := range line {
			if rng.Intn(4) == 0 {
				line[i] = pool[rng.Intn(len(pool))]
			} else {
				line[i] = sub[rng.Intn(len(sub))]
			}
		}
		r := pool[rng.Intn(len(pool))]
		lc := &lineScripts{line: line}
		if n%2 == 0 {
			lc = shared
			lc.line, lc.blocksOK = line, false
		}
		may := lc.mayHold(line, r)
		f := pairs.Fold(r)
		found := false
		for _, c := range line {
			if c == r || pairs.Fold(c) == f {
				found = true
			}
		}
		if r < 0x80 || f < 0x80 {
			if !may {
				t.Fatalf("mayHold(%q, %U) = false for an ASCII question", string(line), r)
			}
			continue
		}
		if found {
			held++
			if !may {
				t.Fatalf("mayHold(%q, %U) = false, but the line holds a character folding as it does", string(line), r)
			}
		} else if !may {
			refused++
		}
		if !may {
			// containsOutside agrees, for stretches anywhere.
			start := rng.Intn(len(line))
			end := start + rng.Intn(len(line)-start+1)
			out := []rune{r}
			if rng.Intn(2) == 0 {
				out = append(out, line[rng.Intn(len(line))])
			}
			if containsOutside(line, start, end, out) {
				t.Fatalf("containsOutside(%q, %d, %d, %q) = true where mayHold said no", string(line), start, end, string(out))
			}
		}
		// The summary is kept for the window's later questions.
		r2 := pool[rng.Intn(len(pool))]
		if f2 := pairs.Fold(r2); r2 >= 0x80 && f2 >= 0x80 && !lc.mayHold(line, r2) {
			for _, c := range line {
				if c == r2 || pairs.Fold(c) == f2 {
					t.Fatalf("second question: mayHold(%q, %U) = false, but the line holds %U", string(line), r2, c)
				}
			}
		}
	}
	// The filter must refuse often enough to be worth having, and the
	// test must see lines holding the character.
	if refused < 1000 || held < 1000 {
		t.Fatalf("refused %d, held %d: the pool does not exercise the filter", refused, held)
	}
	t.Logf("refused %d, held %d", refused, held)
}

// TestAboutMojibakeFilter: aboutMojibake answers the same whether it asks
// mayHold first (the window's summary made or not yet, a stretch that is
// most of its line or not) or searches at once (lc nil: mayHold says
// "may" for every question), on lines that write out, or a character
// folding as its first does, outside the stretch and elsewhere.
func TestAboutMojibakeFilter(t *testing.T) {
	buildTables()
	pool := []rune{'a', 'B', ' ', '.', 'é', 'É', 'Ã', '©', 'š', 'Š', 'ш', 'Ш', 'ש', '가', '€', '™', '中', 'あ', '한'}
	rng := rand.New(rand.NewSource(11))
	about, long := 0, 0
	for range 100000 {
		out := make([]rune, 1+rng.Intn(3))
		for i := range out {
			out[i] = pool[4+rng.Intn(len(pool)-4)] // (beyond ASCII first: mayHold's case)
		}
		var line []rune
		for len(line) < 4+rng.Intn(30) {
			switch rng.Intn(4) {
			case 0: // out as a word, maybe in the other case
				w := slices.Clone(out)
				if rng.Intn(2) == 0 {
					for i, r := range w {
						w[i] = unicode.SimpleFold(r)
					}
				}
				line = append(append(append(line, ' '), w...), ' ')
			default:
				line = append(line, pool[rng.Intn(len(pool))])
			}
		}
		// wide, as the fixer's decoder sets it: a character at or beyond
		// maskDense on the line (noWide's filter; false in a fifth of
		// the lines, which have none, to exercise it).
		if rng.Intn(5) == 0 {
			for i, r := range line {
				if r >= maskDense {
					line[i] = 'x'
				}
			}
		}
		start := rng.Intn(len(line))
		end := start + 1 + rng.Intn(len(line)-start)
		if end-start > len(line)/2 {
			long++
		}
		want := aboutMojibake(line, start, end, out, nil, ' ', ' ')
		if want {
			about++
		}
		wide := slices.ContainsFunc(line, func(r rune) bool { return r >= maskDense })
		fresh := &lineScripts{line: line, wide: wide}
		made := &lineScripts{line: line, wide: wide}
		made.mayHold(line, 'é') // the window's summary, made by an earlier question
		for _, lc := range []*lineScripts{fresh, made} {
			if got := aboutMojibake(line, start, end, out, lc, ' ', ' '); got != want {
				t.Fatalf("aboutMojibake(%q, %d, %d, %q) = %v with the summary made %v, %v searching at once", string(line), start, end, string(out), got, lc.blocksOK, want)
			}
		}
	}
	if about < 2000 || long < 2000 {
		t.Fatalf("%d lines about their stretch, %d stretches most of their line: too few", about, long)
	}
}
