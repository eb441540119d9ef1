package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/utf8x/utf8x/transcode"
)

// TestExplainFormAgreesWithCheck: explain --encoding FORM names the same
// faults, with the same bytes and kinds, in the same order, as check
// --encoding FORM reports for the same input, and explains every byte.
func TestExplainFormAgreesWithCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	pieces := append([]string{"\xED\xA0\x80", "\x00", "\xF8\x88\x80\x80\x80", "\xC0\x80", "ab", "\xFD\xBF\xBF\xBF\xBF\xBF"}, variantPieces...)
	for _, e := range []transcode.Encoding{transcode.CESU8, transcode.MUTF8, transcode.WTF8, transcode.UTF8Legacy} {
		faultLine := regexp.MustCompile(`^((?:[0-9A-F]{2} ?)+)  not ` + regexp.QuoteMeta(e.Name()) + ` \(([a-z-]+)\)$`)
		for trial := range 300 {
			var p []byte
			for n := 1 + rng.IntN(40); len(p) < n; {
				p = append(p, pieces[rng.IntN(len(pieces))]...)
			}
			want, err := collectCheck(bytes.NewReader(p), "in", checkOptions{maxErrors: 0, blockSize: 64, form: &e})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			x := &explainer{w: &out, form: &e}
			x.bytes(p)
			var got []string
			for _, line := range strings.Split(out.String(), "\n") {
				if m := faultLine.FindStringSubmatch(line); m != nil {
					got = append(got, m[2]+" "+m[1])
				}
			}
			var wantFaults []string
			for _, ce := range want.Errors {
				wantFaults = append(wantFaults, ce.Kind+" "+ce.hex)
			}
			if fmt.Sprint(got) != fmt.Sprint(wantFaults) {
				t.Fatalf("%s trial %d, input % X:\nexplain: %q\n  check: %q\n%s", e, trial, p, got, wantFaults, out.String())
			}
		}
	}
}
