package model

import (
	"math"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
)

func TestTablesLoad(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range append(Encodings, ISO2022JP) {
		for _, tag := range e.Langs {
			if m.Lang(tag) == nil {
				t.Errorf("%s names language %q, which has no model", e.Name, tag)
			}
		}
	}
	if Fitted.Temperature <= 0 {
		t.Errorf("temperature %v", Fitted.Temperature)
	}
}

// The tables must stay small in the binary (the budget: 300 KB).
func TestTablesSize(t *testing.T) {
	n := len(ASCIIModel)
	for _, d := range Data {
		n += len(d.Alphabet) + len(d.Bigram) + len(d.Uni) + len(d.Costs) + len(d.Rare) + len(d.Words) + len(d.Case) + len(d.Tag) + len(d.Name)
	}
	t.Logf("tables: %d bytes", n)
	if n > 300_000 {
		t.Errorf("tables take %d bytes, over the 300 KB budget", n)
	}
}

// Every single-byte table agrees with the x/text decoder it was built from.
func TestByteTablesMatchDecoders(t *testing.T) {
	for _, e := range Encodings {
		if e.Table == nil {
			continue
		}
		for b := 0; b < 256; b++ {
			out, err := e.Enc.NewDecoder().Bytes([]byte{byte(b)})
			r, _ := utf8.DecodeRune(out)
			if err != nil {
				r = utf8.RuneError
			}
			if e.Table[b] != r {
				t.Errorf("%s byte %02X: table %U, decoder %U", e.Name, b, e.Table[b], r)
			}
		}
	}
}

// ByteTable.Score (which skips ASCII runs) equals the plain walk over every
// byte that charges only pairs touching a non-ASCII byte, with the case of
// letters read from the decoded characters, and RuneScorer charges the
// same for the decoded text.
func TestScoreMatchesReference(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	m.CaseWeight = 0.75
	inputs := [][]byte{nil, []byte("abc"), []byte("\xe9"), []byte("a\xe9b"), []byte("\xe9\xe8 abc \xf0x"), []byte("x\x80\x81\x82yz\xff"),
		[]byte("a\xc9b \xc9\xc9 \xe9\xc9"), []byte("Ab\xdcC\xfcD \xdd\xfde\xd0")}
	tables := m.tables()
	for _, tb := range append(tables[:8], tables[len(tables)-8:]...) {
		for _, p := range inputs {
			want, prev, cases, prevCase := 0, uint8(Space), 0, uint8(CaseNone)
			for i, b := range p {
				c, k := tb.Class[b], CaseOf(tb.Enc.Table[b])
				if b >= 0x80 || i > 0 && p[i-1] >= 0x80 {
					want += int(tb.L.Bigram[int(prev)<<6|int(c)])
					cases += int(tb.L.Case[prevCase<<2|k])
				}
				prev, prevCase = c, k
			}
			want += int(tb.L.caseCost(cases))
			rs := RuneScorer{L: tb.L}
			for _, b := range p {
				rs.Add(tb.Enc.Table[b])
			}
			if got := rs.WideCost + int(rs.CaseCost()); got != want {
				t.Errorf("%s/%s %q: RuneScorer %d, reference %d", tb.Enc.Name, tb.L.Tag, p, got, want)
			}
			if got := tb.Score(p); got != want {
				t.Errorf("%s/%s %q: Score %d, reference %d", tb.Enc.Name, tb.L.Tag, p, got, want)
			}
		}
	}
}

// The fitted recalibration map is a probability map: monotone, within
// [0, 1], and 0 at 0 (byte salad, whose share is near 0, stays near 0).
func TestRescaleMonotone(t *testing.T) {
	c := Fitted
	if len(c.MapX) == 0 || len(c.MapX) != len(c.MapY) {
		t.Fatalf("map of %d and %d points", len(c.MapX), len(c.MapY))
	}
	prev := -1.0
	for i := 0; i <= 100000; i++ {
		p := float64(i) / 100000
		q := c.Rescale(p)
		if q < 0 || q > 1 || q < prev {
			t.Fatalf("Rescale(%v) = %v after %v", p, q, prev)
		}
		prev = q
	}
	if q := c.Rescale(0); q != 0 {
		t.Errorf("Rescale(0) = %v", q)
	}
}

// WordPairs counts what a plain walk over the letters counts: every pair of
// word classes but two non-letters, the text framed by non-letters.
func TestWordPairsReference(t *testing.T) {
	for _, p := range []string{"", "a", "Ab", "the cat", "Stra\xdfe 12, \xe9t\xe9!", "x\x80\x81YZ\xff", "  ..  "} {
		want := map[uint16]int32{}
		prev := 0
		for i := 0; i <= len(p); i++ {
			c := 0
			if i < len(p) {
				b := p[i] | 0x20
				if 'a' <= b && b <= 'z' {
					c = int(b-'a') + 1
				}
			}
			if prev != 0 || c != 0 {
				want[uint16(prev<<5|c)]++
			}
			prev = c
		}
		got := map[uint16]int32{}
		for _, w := range WordPairs([]byte(p)) {
			if w.N <= 0 || got[w.Index] != 0 {
				t.Errorf("%q: pair %#x listed with %d, or twice", p, w.Index, w.N)
			}
			got[w.Index] = w.N
		}
		if len(got) != len(want) {
			t.Errorf("%q: %d pairs, want %d", p, len(got), len(want))
		}
		for k, n := range want {
			if got[k] != n {
				t.Errorf("%q: pair %#x counted %d times, want %d", p, k, got[k], n)
			}
		}
	}
}

// The models of ASCII words tell the Latin-script languages apart by their
// ASCII letters alone (the evidence issue 12's English read as Estonian or
// Lithuanian lacked).
func TestWordsTellLanguages(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	m.WordWeight = 1
	for _, c := range []struct{ text, best string }{
		{"the first of these is the one that should be used with the other options", "en"},
		{"les fichiers de la liste sont ouverts dans le mode que vous avez choisi", "fr"},
		{"die Dateien werden in der Reihenfolge gelesen, in der sie angegeben sind", "de"},
	} {
		w := WordPairs([]byte(c.text))
		best := m.Lang(c.best).WordCost(w)
		for _, l := range m.Langs {
			if l.Tag != c.best && l.Words != nil && l.WordCost(w) <= best {
				t.Errorf("%q: %s costs %d, not more than %s's %d", c.text, l.Tag, l.WordCost(w), c.best, best)
			}
		}
	}
}

// Each single-byte encoding's Table gives the rune its decoder makes of
// each byte alone, U+FFFD for the bytes it leaves undefined.
func TestTableIsTheDecoder(t *testing.T) {
	n := 0
	for _, e := range Encodings {
		if e.Table == nil {
			continue
		}
		n++
		d := e.Enc.NewDecoder()
		for b := range 256 {
			out, err := d.Bytes([]byte{byte(b)})
			want, size := utf8.DecodeRune(out)
			if err != nil || size != len(out) {
				want = utf8.RuneError
			}
			if got := e.Table[b]; got != want {
				t.Fatalf("%s: byte %#02x is %U in the table, %U decoded", e.Name, b, got, want)
			}
		}
	}
	if n < 10 {
		t.Fatalf("only %d encodings have a table", n)
	}
}

// A double-byte sequence cut off at the end costs a whole input (complete)
// what an ill-formed one costs, and costs a prefix nothing: only there can
// more input complete it.
func TestCutSequenceAtTheEnd(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := simplifiedchinese.GB18030.NewEncoder().Bytes([]byte("中文的文字和汉字的文章，中文的文字。"))
	if err != nil {
		t.Fatal(err)
	}
	cost := func(p []byte, complete bool) float64 {
		var hist [256]int
		for _, b := range p {
			hist[b]++
		}
		for _, s := range m.Rank(p, &hist, complete) {
			if s.Name == "gb18030" {
				return s.Cost
			}
		}
		t.Fatalf("no gb18030 reading of % X", p)
		return 0
	}
	if a, b := cost(whole, true), cost(whole, false); a != b {
		t.Errorf("whole characters: %v as a whole input, %v as a prefix; want equal", a, b)
	}
	cut := whole[:len(whole)-1]
	if a, b := cost(cut, true), cost(cut, false); a-b < BadCost/2 {
		t.Errorf("a character cut off: %v as a whole input, %v as a prefix; want the whole input to cost about %d more", a, b, BadCost)
	}
}

// Tilt leaves a confidence alone at 64 bytes and without a tilt, and moves
// its log-odds by LengthTilt per doubling of the length.
func TestTilt(t *testing.T) {
	logit := func(p float64) float64 { return math.Log(p / (1 - p)) }
	c := Calibration{LengthTilt: 0.5}
	for _, p := range []float64{0.1, 0.6, 0.95} {
		if got := c.Tilt(p, 64); math.Abs(got-p) > 1e-12 {
			t.Errorf("Tilt(%v, 64) = %v, want it unchanged", p, got)
		}
		if got := (&Calibration{}).Tilt(p, 1000); got != p {
			t.Errorf("no tilt: Tilt(%v, 1000) = %v", p, got)
		}
		for n, want := range map[int]float64{256: 1, 16: -1} {
			if got := logit(c.Tilt(p, n)) - logit(p); math.Abs(got-want) > 1e-9 {
				t.Errorf("Tilt(%v, %d) moved the log-odds by %v, want %v", p, n, got, want)
			}
		}
	}
	for _, p := range []float64{0, 1} {
		if got := c.Tilt(p, 1000); got != p {
			t.Errorf("Tilt(%v, 1000) = %v, want it unchanged", p, got)
		}
	}
}
