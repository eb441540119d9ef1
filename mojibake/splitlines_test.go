package mojibake

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x/internal/testsample"
)

// TestFixSplitAtLines holds Fix to what the utf8x command's fix --mojibake
// on a file in ranges rests on: each stretch is decided within its line
// and the text within 16 KiB before it (docState), and the windows start
// after each LF, so the repair of a text cut just after LFs, each piece by
// a Transformer primed with the text before it, put end to end, is the
// repair of the whole. Over the test
// text (the sample, the training sample and the negatives) and the corpus
// when it is there, each as it is and misread through Windows-1252,
// Windows-1251 and Windows-1252 twice, cut at random LFs.
func TestFixSplitAtLines(t *testing.T) {
	var texts [][]byte
	for _, name := range []string{"testdata/sample.txt", "testdata/training-sample.txt", "testdata/negative.txt"} {
		p, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, p)
	}
	corpus := testsample.CorpusFiles("*/*.utf8.txt")
	if len(corpus) == 0 {
		t.Log("../shared/corpus is absent: testdata only")
	}
	for _, name := range corpus {
		p, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, p)
	}
	rng := rand.New(rand.NewPCG(5, 9))
	cases, changed := 0, 0
	for _, text := range texts {
		var forms []string
		forms = append(forms, string(text))
		if m, ok := misread(string(text), Windows1252, lossNone); ok {
			forms = append(forms, m)
			if m2, ok := misread(m, Windows1252, lossNone); ok {
				forms = append(forms, m2)
			}
		}
		if m, ok := misread(string(text), Windows1251, lossNone); ok {
			forms = append(forms, m)
		}
		for _, form := range forms {
			p := []byte(form)
			whole, cs := Fix(p)
			if len(cs) > 0 {
				changed++
			}
			// About 40 pieces a round at most: each is primed with up
			// to 16 KiB, which the Transformer judges again.
			spread := 1 + bytes.Count(p, []byte{'\n'})/40
			for round := range 3 {
				var got []byte
				for rest := p; len(rest) > 0; {
					done := len(p) - len(rest)
					// Cut after the k-th LF from here (k small: many cuts).
					k, cut := 1+rng.IntN(1+8*round)+rng.IntN(spread), len(rest)
					for i := 0; i < len(rest); i++ {
						if rest[i] == '\n' {
							if k--; k == 0 {
								cut = i + 1
								break
							}
						}
					}
					// Primed with the text before the piece: all of
					// it, or as little as Prime needs.
					before := p[:done]
					if round%2 == 1 && len(before) > PrimeSize {
						before = before[len(before)-PrimeSize:]
					}
					tr := NewTransformer()
					tr.Prime(before, len(before) == done)
					out, _, err := transform.Bytes(tr, rest[:cut])
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, out...)
					rest = rest[cut:]
				}
				if !bytes.Equal(got, whole) {
					i := 0
					for i < min(len(got), len(whole)) && got[i] == whole[i] {
						i++
					}
					t.Fatalf("cut after LFs, the repair differs from the whole's at byte %d: %q, whole %q",
						i, got[max(0, i-40):min(len(got), i+40)], whole[max(0, i-40):min(len(whole), i+40)])
				}
				cases++
			}
		}
	}
	if changed < 3 {
		t.Fatalf("only %d texts had mojibake undone: the test shows nothing", changed)
	}
	t.Logf("%d cut texts, %d of the forms with mojibake undone", cases, changed)
}
