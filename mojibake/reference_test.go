package mojibake

import (
	"bytes"
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"
)

// sameAsReference checks that the fixer rewrites every window of in, as the
// Transformer cuts it, exactly as refFixer (the fixer before its speed
// work) does: the same bytes and the same changes.
func sameAsReference(t testing.TB, f *fixer, ref *refFixer, in []byte) {
	t.Helper()
	// Each text on its own, its windows at their offsets in it: the text
	// before a line vouches for it (docState).
	f.doc, ref.doc = docState{}, docState{}
	at, lineStart := int64(0), true
	for len(in) > 0 {
		n := windowEnd(in, true)
		w := in[:n]
		in = in[n:]
		f.at, f.lineStart, ref.at, ref.lineStart = at, lineStart, at, lineStart
		at, lineStart = at+int64(n), w[n-1] == '\n'
		var got, want []Change
		out, _ := f.window(nil, w, &got)
		for i := range got {
			// The reference predates the scores Change reports, and leaves
			// Column to the Transformer.
			got[i].Score, got[i].UnseenBefore, got[i].UnseenAfter, got[i].Column = 0, 0, 0, 0
		}
		refOut, _ := ref.window(nil, w, func(c Change) { want = append(want, c) })
		if !bytes.Equal(out, refOut) || !reflect.DeepEqual(got, want) {
			t.Fatalf("window %q:\n got  %q %+v\n want %q %+v", w, out, got, refOut, want)
		}
	}
}

// TestMatchesReference holds the fixer to the reference on the generator's
// mangled sentences (every chain, whole or one word, lossy or not), on the
// clean sentences and the negative set, on mangled pieces of different
// encodings spliced together, and on the mangled corpus texts of the
// benchmark.
func TestMatchesReference(t *testing.T) {
	f, ref := &fixer{}, &refFixer{}
	perFile := 20
	if testing.Short() {
		perFile = 4
	}
	ss := sentences(t, perFile)
	var mangled []string
	for _, s := range ss {
		sameAsReference(t, f, ref, []byte(s))
		for _, m := range manglers() {
			if ms, ok := m.f(s); ok {
				mangled = append(mangled, ms)
				sameAsReference(t, f, ref, []byte(ms))
			}
		}
	}
	neg, err := os.ReadFile("testdata/negative.txt")
	if err != nil {
		t.Fatal(err)
	}
	sameAsReference(t, f, ref, neg)
	// Splices: pieces of several mangled sentences on one line, cut at
	// random bytes (invalid UTF-8 included), where stretches of different
	// encodings meet and compete.
	rng := rand.New(rand.NewSource(13))
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	for range rounds {
		var b []byte
		for range 1 + rng.Intn(4) {
			m := mangled[rng.Intn(len(mangled))]
			i := rng.Intn(len(m) + 1)
			j := i + rng.Intn(len(m)-i+1)
			b = append(b, m[i:j]...)
			if rng.Intn(3) == 0 {
				b = append(b, " \u00a0"[rng.Intn(2):]...)
			}
		}
		sameAsReference(t, f, ref, b)
	}
	_, texts := corpusInputs(t, "*/*.utf8.txt")
	for _, data := range texts {
		for _, e := range []Codepage{Windows1252, Windows1251, Macintosh} {
			if m, ok := misread(strings.ToValidUTF8(string(data), ""), e, lossNone); ok {
				sameAsReference(t, f, ref, []byte(m))
			}
		}
	}
}

// FuzzMatchesReference holds the fixer to the reference on any input.
func FuzzMatchesReference(f *testing.F) {
	for _, s := range []string{
		"cafÃ©", "ÃƒÂ©", "â€œhiâ€\x9d", "РџСЂРёРІРµС‚", "í\u00a0½í¸€", "dÃ©jÃ  vu",
		"Ã\ufffd", "â€ x", "NÃO", "groß“", "\xffÃ©", "Ã©\x00", "├⌐", "√©",
		"ðŸ˜€ðŸ–Š", "Ø¨Ù‡\u200cØ§", "Ã©â€™Ð¿Ñ€ â•", "ÐŸÑ€Ð¸Ð²ÐµÑ‚ Ã©",
	} {
		f.Add([]byte(s))
	}
	fx, ref := &fixer{}, &refFixer{}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 8<<10 {
			in = in[:8<<10]
		}
		sameAsReference(t, fx, ref, in)
	})
}
