package detect

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/utf8x/utf8x/detect/internal/model"
	"golang.org/x/text/encoding/charmap"
)

// A document of English with a few symbols or names beyond ASCII is
// answered at detect's default confidence (0.5) when its top reading is
// right: the text model took a middle dot or a degree sign among ASCII
// words for byte salad, and such files came out at 0.1 to 0.2, abstained,
// when their top reading was right four times in five (the sparse map,
// Calibration.SparseX, fitted on whole real documents, corrects that).
// The English is this repository's README, ASCII only; the lines put in
// were written for this test.
func TestSparseDocumentsAnswered(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ascii := strings.Map(func(r rune) rune {
		if r >= 0x80 {
			return -1
		}
		return r
	}, string(readme))
	lines := []string{
		"TEXT runtime·memmove(SB), NOSPLIT, $0-24",
		"Keep the board under 40 °C (± 2 °C).",
		"Thanks to José Núñez and Jürgen Groß for the first tests.",
		"Copyright © 2026 the utf8x authors.",
		"Multiply by 3 × 10³ and add ½.",
	}
	for _, line := range lines {
		for _, size := range []int{2 << 10, 8 << 10, 24 << 10} {
			text := ascii
			for len(text) < size {
				text += ascii
			}
			text = text[:size]
			cut := strings.LastIndexByte(text[:size/2], '\n') + 1
			doc := text[:cut] + line + "\n" + text[cut:]
			p, err := charmap.Windows1252.NewEncoder().String(doc)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%q in %d bytes", line, len(p))
			c, ok := Detect([]byte(p), &Options{MinConfidence: 0.5}).Best()
			if !ok {
				all, _ := Detect([]byte(p), nil).Best()
				t.Errorf("%s: abstained (best guess %s %.3f)", name, all.Encoding, all.Confidence)
				continue
			}
			if !readsAs(c, []byte(p), doc) {
				t.Errorf("%s: %s (%.3f) reads it wrong", name, c.Encoding, c.Confidence)
			}
		}
	}
}

// readsAs reports whether c's encoding, or one it names equivalent, decodes
// p to want.
func readsAs(c Candidate, p []byte, want string) bool {
	for _, name := range append([]string{c.Encoding}, c.Equivalent...) {
		if e, err := Lookup(name); err == nil {
			if got, err := e.NewDecoder().Bytes(p); err == nil && string(got) == want {
				return true
			}
		}
	}
	return false
}

// The sparse map never makes an answer confident: below model.SparseCap it
// stays at most the cap (under 0.9), from there on it leaves the confidence as it is, and it
// is monotone (a higher raw confidence is never mapped lower).
func TestSparseRescaleBounds(t *testing.T) {
	c := model.Fitted
	if len(c.SparseX) == 0 || len(c.SparseX) != len(c.SparseY) {
		t.Fatalf("the fitted calibration has no sparse map: %v -> %v", c.SparseX, c.SparseY)
	}
	prev := -1.0
	for i := 0; i <= 10000; i++ {
		p := float64(i) / 10000
		q := c.SparseRescale(p)
		if math.IsNaN(q) || q < 0 || q > 1 {
			t.Fatalf("SparseRescale(%v) = %v", p, q)
		}
		if p < model.SparseCap && q > model.SparseCap {
			t.Errorf("SparseRescale(%v) = %v, above the cap %v", p, q, model.SparseCap)
		}
		if p >= model.SparseCap && q != p {
			t.Errorf("SparseRescale(%v) = %v, want it unchanged", p, q)
		}
		if q < prev {
			t.Errorf("SparseRescale(%v) = %v, below %v for a lower confidence", p, q, prev)
		}
		prev = q
	}
}
