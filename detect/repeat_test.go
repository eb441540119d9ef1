package detect

import (
	"math"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// A line repeated through a file is one piece of evidence: a file's head
// with "Copyright © ..." on eight lines, or a test that uses one made-up
// word on every line, gets the answer and confidence of the same file
// with the line twice (to a millionth: the candidates that the whole
// input's byte frequencies rule out may differ, and their small shares
// with them). Lines written for this test.
func TestRepeatedLineIsOneEvidence(t *testing.T) {
	for _, c := range []struct {
		line string
		enc  *charmap.Charmap
	}{
		{"// Copyright © 1994-1999 Someone Else", charmap.Windows1252},
		{"    self.assertEqual(f('spœm'), 'spam')", charmap.Windows1252},
		{"Maintainer: Jiří Dvořák <jd@example.org>", charmap.Windows1250},
		{"# author: Jürgen", charmap.ISO8859_1},
	} {
		line, err := c.enc.NewEncoder().String(c.line)
		if err != nil {
			t.Fatal(err)
		}
		doc := func(times int) []byte {
			var b strings.Builder
			for i := range 8 {
				b.WriteString("func example() int { return 42 } // plain ASCII between\n")
				if i < times {
					b.WriteString(line + "\n")
				}
			}
			return []byte(b.String())
		}
		twice, _ := Detect(doc(2), nil).Best()
		for _, n := range []int{3, 8} {
			got, _ := Detect(doc(n), nil).Best()
			if got.Encoding != twice.Encoding || math.Abs(got.Confidence-twice.Confidence) > 1e-6 {
				t.Errorf("%q %d times: %s %.4f; twice: %s %.4f", c.line, n, got.Encoding, got.Confidence, twice.Encoding, twice.Confidence)
			}
		}
	}
}
