package detect

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/testsample"
)

// English text quoting a few words of another language (a name, a title)
// is what most legacy-encoded files hold, and what training text is least
// like: the test corpus's English article with words of its other articles
// put in, written in each encoding of their language; answers must not be
// confident beyond their evidence (a repeated line is one piece of it).
//
// The bounds guard what session 24 measured (74 of 166 right, 2 of 58
// confident answers wrong); the aim, confident answers wrong at
// most 0.5% of the time, is not met here. Most misses are the English
// outvoting the foreign words: a reading's language must read the ASCII
// too, and English is read best in Windows-1252. Letting a Latin-script
// reading take the ASCII as another Latin language's (tried in session 24:
// 81 right here, 811 of 1,257 sparse samples against 689) cost right
// answers on real documents (Windows-1252 manual pages read as
// Windows-1250), so it was left out.
func TestForeignWordsInEnglish(t *testing.T) {
	files := testsample.Corpus(t, "wikipedia_mars/english.utf8.txt")
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var english []string
	for _, l := range strings.Split(string(raw), "\n") {
		if !strings.ContainsFunc(l, func(r rune) bool { return r >= 0x80 }) {
			english = append(english, l)
		}
	}
	dir := filepath.Dir(files[0])
	encs := map[string][]string{
		"czech":      {"windows-1250", "iso-8859-2"},
		"french":     {"windows-1252"},
		"german":     {"windows-1252"},
		"portuguese": {"windows-1252"},
		"turkish":    {"windows-1254"},
		"russian":    {"windows-1251", "koi8-r", "ibm866"},
		"greek":      {"windows-1253", "iso-8859-7"},
		"hebrew":     {"windows-1255"},
		"arabic":     {"windows-1256"},
		"esperanto":  {"iso-8859-3"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var n, right, conf, confWrong int
	var wrongs []string
	for _, lang := range []string{"czech", "french", "german", "portuguese", "turkish", "russian", "greek", "hebrew", "arabic", "esperanto"} {
		text, err := os.ReadFile(filepath.Join(dir, lang+".utf8.txt"))
		if err != nil {
			t.Fatal(err)
		}
		var words []string
		for _, w := range strings.Fields(string(text)) {
			w = strings.Trim(w, "[]()\"'*.,;:!?|")
			if len(w) >= 4 && len(w) <= 24 && strings.ContainsFunc(w, func(r rune) bool { return r >= 0x80 }) {
				words = append(words, w)
			}
		}
		for _, name := range encs[lang] {
			e, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			enc := e.NewEncoder()
			for i := 0; i < 12; i++ {
				size := []int{4 << 10, 16 << 10}[i%2]
				k := []int{1, 2, 3, 5, 8, 12}[i/2]
				repeat := 1 + i%3
				var base []string
				start := rng.IntN(len(english))
				for j, got := start, 0; got < size; j = (j + 1) % len(english) {
					base = append(base, strings.Fields(english[j])...)
					base = append(base, "\n")
					got += len(english[j]) + 1
				}
				for range k {
					w, err := enc.String(words[rng.IntN(len(words))])
					if err != nil {
						continue // a character the encoding lacks
					}
					for range repeat {
						at := rng.IntN(len(base) + 1)
						base = append(base[:at], append([]string{w}, base[at:]...)...)
					}
				}
				p := []byte(strings.ReplaceAll(strings.Join(base, " "), " \n ", "\n"))
				want, err := e.NewDecoder().Bytes(p)
				if err != nil || utf8.Valid(p) {
					continue
				}
				n++
				c, ok := Detect(p, nil).Best()
				good := ok && readsAs(c, p, string(want))
				if good {
					right++
				}
				if ok && c.Confidence >= 0.9 {
					conf++
					if !good {
						confWrong++
						wrongs = append(wrongs, fmt.Sprintf("%s in %s, %d words x%d in %d bytes: %s (%s, %.3f)", lang, name, k, repeat, len(p), c.Encoding, c.Language, c.Confidence))
					}
				}
			}
		}
	}
	t.Logf("%d inputs: %d right (%.1f%%); %d answers at >= 0.9, %d of them wrong", n, right, 100*float64(right)/float64(n), conf, confWrong)
	for _, w := range wrongs {
		t.Logf("confident and wrong: %s", w)
	}
	if right*100 < n*40 {
		t.Errorf("%d of %d right, want at least 40%%", right, n)
	}
	if confWrong*100 > conf*5 {
		t.Errorf("%d of %d answers at >= 0.9 wrong, want at most 5%%", confWrong, conf)
	}
}
