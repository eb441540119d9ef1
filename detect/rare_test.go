package detect

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// TestRareByteLate: a long Greek text whose only byte that ISO-8859-7 and
// Windows-1253 read differently (Ά: B6 in one, A2 in the other) comes
// after the statistics' budget is spent is named by that byte's context,
// in both encodings, and confidently (it was a coin toss between the two,
// settled by their priors: vim's Greek tutor, Ά at byte 21,238 of 30,216).
func TestRareByteLate(t *testing.T) {
	para := "Η γάτα κοιμάται στον καναπέ και ο σκύλος περιμένει στην πόρτα. Το πρωί πίνουμε καφέ και διαβάζουμε την εφημερίδα.\n"
	text := strings.Repeat(para, 60) + "Άλλη μια φορά, γράψτε την εντολή και πατήστε το πλήκτρο.\n" + strings.Repeat(para, 5)
	for _, tc := range []struct {
		name string
		enc  *charmap.Charmap
	}{{"iso-8859-7", charmap.ISO8859_7}, {"windows-1253", charmap.Windows1253}} {
		b, err := tc.enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int64{0, -1} {
			c := Detect(b, &Options{Limit: limit}).Candidates[0]
			if c.Encoding != tc.name || c.Confidence < 0.9 {
				t.Errorf("%s, limit %d: %s %.2f (%s)", tc.name, limit, c.Encoding, c.Confidence, c.Note)
			}
		}
	}
}
