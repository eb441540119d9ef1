package main

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/utf8x/utf8x/detect/internal/model"
)

// sparseLengths are the byte lengths of the English text sparse samples
// are made of, and sparsePerCase how many samples each encoding and
// language gets.
var sparseLengths = []int{1 << 10, 4 << 10, 16 << 10}

var sparsePerCase = 8

// foreignWords returns the words of a language's held-out text that hold
// a character beyond ASCII (as they stand between spaces, punctuation
// included), each once, up to 30 bytes long.
func foreignWords(h *heldText) []string {
	seen := map[string]bool{}
	var out []string
	for _, src := range [][]string{h.pages, h.catalogs} {
		for _, l := range src {
			for _, w := range strings.Fields(l) {
				if len(w) > 30 || seen[w] || !nonASCII([]byte(w)) {
					continue
				}
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// sparseSamples are the files most text detectors meet and training text
// is least like: held-out English prose (manual pages) of 1 to 16 KiB with
// a few words of another language put in at random places (a name, a
// quoted title), some of them repeated, written in each encoding that
// carries that language. The calibration reports how its answers fare on
// them (nothing is fitted on them): they hold few bytes above 7F however
// long they are. A fixed seed keeps them reproducible.
func sparseSamples(heldOut map[string]*heldText) []sample {
	en := heldOut["en"]
	if en == nil || len(en.pages) == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(56, 78))
	words := map[string][]string{}
	var out []sample
	for _, e := range model.Encodings {
		enc := e.Enc.NewEncoder()
		for _, tag := range e.Langs {
			h := heldOut[tag]
			if h == nil {
				continue
			}
			if _, ok := words[tag]; !ok {
				words[tag] = foreignWords(h)
			}
			fw := words[tag]
			if len(fw) == 0 {
				continue
			}
			for i := 0; i < sparsePerCase; i++ {
				n := sparseLengths[rng.IntN(len(sparseLengths))]
				k := []int{1, 1, 2, 3, 4, 6, 8}[rng.IntN(7)]
				r := []int{1, 1, 2, 3}[rng.IntN(4)]
				// English lines from a random start, to n bytes
				var base []string
				size := 0
				for j := rng.IntN(len(en.pages)); size < n; j = (j + 1) % len(en.pages) {
					for _, w := range strings.Split(en.pages[j], " ") {
						base = append(base, w)
						size += len(w) + 1
					}
					base[len(base)-1] += "\n"
				}
				for range k {
					w := fw[rng.IntN(len(fw))]
					for range r {
						at := rng.IntN(len(base) + 1)
						base = append(base[:at], append([]string{w}, base[at:]...)...)
					}
				}
				// characters the encoding lacks are left out of both
				// the bytes and the text
				var b []byte
				var text strings.Builder
				for _, c := range strings.Join(base, " ") {
					var s [utf8.UTFMax]byte
					eb, err := enc.Bytes(s[:utf8.EncodeRune(s[:], c)])
					if err != nil {
						continue
					}
					b = append(b, eb...)
					text.WriteRune(c)
				}
				if !nonASCII(b) {
					continue
				}
				out = append(out, sample{b, text.String(), n, e.Name + "/" + tag, true, "sparse"})
			}
		}
	}
	return out
}
