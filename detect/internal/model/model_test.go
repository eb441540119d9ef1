package model

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
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

// TestCJKCosts checks that every CJK language has one cost per character of
// its alphabet, and that the generated pages the detector reads (CharIndex,
// CharPages) give each character that cost and no other code point one;
// Build, to start fast, checks only that the pages named are there.
func TestCJKCosts(t *testing.T) {
	cjk := 0
	for _, d := range Data {
		if !d.CJK {
			continue
		}
		cjk++
		if n := utf8.RuneCountInString(d.Alphabet); n != len(d.Costs) {
			t.Errorf("%s: %d characters, %d costs", d.Tag, n, len(d.Costs))
		}
		if !utf8.ValidString(d.Alphabet) {
			t.Errorf("%s: alphabet is not UTF-8", d.Tag)
		}
		// The generated pages must give every character of the alphabet
		// its own cost, as range reads them, and no other code point one.
		m, err := Build([]LangData{d}, ASCIIModel, Fitted)
		if err != nil {
			t.Fatal(err)
		}
		l := m.Langs[0]
		i := 0
		for _, r := range d.Alphabet {
			c := l.Class(r)
			if c < ASCIILetter {
				t.Errorf("%s: %U (character %d) is of class %d, not scored", d.Tag, r, i, c)
				break
			}
			if got, want := l.charCost(r, c), int(d.Costs[i]); got != want {
				t.Errorf("%s: %U (character %d) has cost %d, want %d", d.Tag, r, i, got, want)
				break
			}
			i++
		}
		scored := 0
		for _, k := range []byte(d.CharPages) {
			if k != 0 {
				scored++
			}
		}
		if scored != i {
			t.Errorf("%s: the pages score %d code points, the alphabet has %d", d.Tag, scored, i)
		}
		if idx, pages, err := CharTable(d.Alphabet, d.Costs); err != nil || idx != d.CharIndex || pages != d.CharPages {
			t.Errorf("%s: CharIndex and CharPages are not CharTable(Alphabet, Costs) (err %v)", d.Tag, err)
		}
		if _, _, err := CharTable(d.Alphabet, d.Costs[:len(d.Costs)-1]); err == nil {
			t.Errorf("%s: CharTable takes %d costs for %d characters", d.Tag, len(d.Costs)-1, len(d.Costs))
		}
		short := d
		short.CharPages = d.CharPages[:len(d.CharPages)/512*256]
		if _, err := Build([]LangData{short}, ASCIIModel, Fitted); err == nil {
			t.Errorf("%s: Build takes %d pages when the index names %d", d.Tag, len(short.CharPages)/256, len(d.CharPages)/256)
		}
	}
	if cjk == 0 {
		t.Error("no CJK language in Data")
	}
}

// The tables must stay small in the binary (the budget: 300 KB).
func TestTablesSize(t *testing.T) {
	n := len(ASCIIModel)
	for _, d := range Data {
		n += len(d.Alphabet) + len(d.Bigram) + len(d.Uni) + len(d.Costs) + len(d.Rare) + len(d.CharIndex) + len(d.CharPages) + len(d.Words) + len(d.Case) + len(d.Tag) + len(d.Name)
	}
	n += len(ByteClasses)
	n += len(byteTables) * 256 * 2
	t.Logf("tables: %d bytes", n)
	if n > 300_000 {
		t.Errorf("tables take %d bytes, over the 300 KB budget", n)
	}
}

// The generated classes of the byte tables are what the models compute
// (regenerate with go generate ./detect when they are not), and a model
// given them scores as one that computes them.
func TestByteClassesGenerated(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	if ComputeByteClasses(m) != ByteClasses {
		t.Fatal("ByteClasses differ from the classes the models compute: run go generate ./detect")
	}
	g, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	if !g.UseByteClasses(ByteClasses) {
		t.Fatal("UseByteClasses refuses the generated classes")
	}
	p := []byte("Stra\xdfe \xe9t\xe9 \xc0 la fen\xeatre, \xd0\xee\xf1\xf1\xe8\xff \x93quoted\x94 \xa4\x80\x9f")
	ct, gt := m.tables(), g.tables()
	for i := range ct {
		for b := range 256 {
			if x, y := ct[i].ClassOf(byte(b)), gt[i].ClassOf(byte(b)); x != y {
				t.Fatalf("%s/%s byte %#02x: class %d computed, %d generated", ct[i].Enc.Name, ct[i].L.Tag, b, x, y)
			}
		}
		if x, y := ct[i].Score(p), gt[i].Score(p); x != y {
			t.Errorf("%s/%s: score %d computed, %d generated", ct[i].Enc.Name, ct[i].L.Tag, x, y)
		}
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
			if rune(e.Table[b]) != r {
				t.Errorf("%s byte %02X: table %U, decoder %U", e.Name, b, rune(e.Table[b]), r)
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
		[]byte("a\xc9b \xc9\xc9 \xe9\xc9"), []byte("Ab\xdcC\xfcD \xdd\xfde\xd0"), []byte("\xc9\xc9\xc9a\xc9a\xc9\xe9 \xc9a\xc9")}
	tables := m.tables()
	for _, tb := range append(tables[:8], tables[len(tables)-8:]...) {
		for _, p := range inputs {
			want, prev, cases, prevCase := 0, uint8(Space), 0, uint8(CaseNone)
			for i, b := range p {
				c, k := tb.L.Class(rune(tb.Enc.Table[b])), CaseOf(rune(tb.Enc.Table[b]))
				if b >= 0x80 || i > 0 && p[i-1] >= 0x80 {
					want += bigramRef(tb.L, prev, c)
					cases += int(tb.L.Case[prevCase<<2|k])
				}
				prev, prevCase = c, k
			}
			want += int(tb.L.caseCost(cases))
			rs := RuneScorer{L: tb.L}
			for _, b := range p {
				rs.Add(rune(tb.Enc.Table[b]))
			}
			if got := rs.WideCost + int(rs.CaseCost()); got != want {
				t.Errorf("%s/%s %q: RuneScorer %d, reference %d", tb.Enc.Name, tb.L.Tag, p, got, want)
			}
			if got := tb.Score(p); got != want {
				t.Errorf("%s/%s %q: Score %d, reference %d", tb.Enc.Name, tb.L.Tag, p, got, want)
			}
			var high []int32
			for i, b := range p {
				if b >= 0x80 {
					high = append(high, int32(i))
				}
			}
			var ps bytePairs
			if !ps.collect(p, high) {
				t.Fatalf("%q: pairs not collected", p)
			}
			if got := tb.scorePairs(&ps); got != want {
				t.Errorf("%s/%s %q: scorePairs %d, reference %d", tb.Enc.Name, tb.L.Tag, p, got, want)
			}
		}
	}
}

// bigramRef is the cost of a character of class b after one of class a
// as the serialised data says (row a, column b of LangData.Bigram), the
// cost of picking one of a generic class's characters added, and every
// character of class Bad at BadCost.
func bigramRef(l *Lang, a, b uint8) int {
	if b == Bad {
		return BadCost
	}
	for _, d := range Data {
		if d.Tag == l.Tag {
			n := len(d.Uni)
			return int(d.Bigram[int(a)*n+int(b)]) + int(within(l.CJK, int(b)))
		}
	}
	panic("no data for " + l.Tag)
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
				want[uint16(prev*WordClasses+c)]++
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
			if l.Tag != c.best && l.Words != "" && l.WordCost(w) <= best {
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
			if got := rune(e.Table[b]); got != want {
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

// The one pass of windowStats gathers what the separate walks do.
func TestWindowStatsMatchWalks(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"", "a", "\xe9", "Ab cd", "Stra\xdfe 12, \xe9t\xe9!", "x\x80\x81YZ\xff", "  ..  ", "\xd0\xee\xf1\xf1\xe8\xff abc\n\xff", "\xe9a\xe8b\xe0c\xf9", "\xe9a\xe8b\xe0c\xf9\xfa", "\xe9\xe8 \xe0 \xf9 \xfa"} {
		p := []byte(s)
		var ws windowStats
		ws.scan(p, m.asciiArr)
		if got, want := loneHigh(p, ws.high), loneHighBytes(p); got != want {
			t.Errorf("%q: lone high bytes %v, walk %v", s, got, want)
		}
		letters, runs := ASCIIRuns(p)
		if ws.letters != letters || ws.runs != runs {
			t.Errorf("%q: %d letters in %d runs, walk %d in %d", s, ws.letters, ws.runs, letters, runs)
		}
		if a := m.ASCIIPairs(p); ws.asciiPairs != a {
			t.Errorf("%q: ASCII pairs %d, walk %d", s, ws.asciiPairs, a)
		}
		w := WordPairs(p)
		if len(w) != len(ws.words) {
			t.Errorf("%q: %d word pairs, walk %d", s, len(ws.words), len(w))
		} else {
			for i := range w {
				if w[i] != ws.words[i] {
					t.Errorf("%q: word pair %v, walk %v", s, ws.words[i], w[i])
				}
			}
		}
		var hist [256]int
		var high []int32
		for i, b := range p {
			hist[b]++
			if b >= 0x80 {
				high = append(high, int32(i))
			}
		}
		if hist != ws.hist || len(high) != len(ws.high) {
			t.Errorf("%q: histogram or positions of high bytes differ", s)
		}
	}
}

// classCase reads what Class and CaseOf compute, and charCost the cost
// the serialised data gives each scored character of a CJK language.
func TestClassCaseAndCharCost(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"ja", "zh-hant", "ko", "ru", "fr", "th"} {
		l := m.Lang(tag)
		for r := rune(0); r < 0x10000; r += 7 {
			if c, k := l.classCase(r); c != l.Class(r) || k != CaseOf(r) {
				t.Fatalf("%s %U: classCase %d %d, Class %d CaseOf %d", tag, r, c, k, l.Class(r), CaseOf(r))
			}
		}
	}
	for i, d := range Data {
		if !d.CJK {
			continue
		}
		l := m.Langs[i]
		j := 0
		for _, r := range d.Alphabet {
			if got := l.charCost(r, l.Class(r)); got != int(d.Costs[j]) {
				t.Fatalf("%s %U: charCost %d, data %d", d.Tag, r, got, d.Costs[j])
			}
			j++
		}
		for _, r := range []rune{0x4E00 + 0x4FF0, 0xAC01, 0x3042, 0x20000} {
			if !strings.ContainsRune(d.Alphabet, r) {
				if c := l.Class(r); c >= ASCIILetter && l.charCost(r, c) != int(l.rare[c]) {
					t.Errorf("%s %U: charCost %d, want the rare cost %d", d.Tag, r, l.charCost(r, c), l.rare[c])
				}
			}
		}
	}
}

// AddText scores as Add does rune by rune, in every kind of language and
// from any state, invalid UTF-8 included.
func TestAddTextMatchesAdd(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"", "abc", "Ab cd\u00e9f", "日本語のテキスト、abc。", "中文的文字和汉字", "한국어 텍스트 abc", "Привет, мир! ok",
		"\ufffd\x01x\u00a0\ue000 \U00020000\U0001F600", "Straße über 12 «quoted» — end", "x\u0080y\u009fz", "a\xffb\xe4\xb8c\xc3", "The END.\n"}
	for _, l := range m.Langs {
		for _, a := range texts {
			for _, b := range texts {
				var one, all RuneScorer
				one.L, all.L = l, l
				for _, r := range a + b {
					one.Add(r)
				}
				all.AddText([]byte(a))
				all.AddText([]byte(b))
				if one != all {
					t.Fatalf("%s %q+%q: AddText %+v, Add %+v", l.Tag, a, b, all, one)
				}
			}
		}
	}
}

// AddText scores as Add does on random mixtures of the characters a
// multi-byte reading yields (ideographs, kana, Hangul, full-width forms,
// U+FFFD, symbols, letters of other scripts, controls, private use,
// supplementary characters, ASCII) and of ill-formed UTF-8, cut at random
// places, in every language.
func TestAddTextMatchesAddRandom(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	pool := []string{"a", "Z", " ", "\n", ".", "7", "@", "~", "\x01", "\x7f", "日", "本", "語", "漢", "の", "カ", "ー", "한", "글",
		"\u3000", "、", "。", "「", "Ａ", "ｱ", "\ufffd", "é", "Ω", "ж", "א", "€", "—", "\u0080", "\u00a0", "\ue000", "\uf8ff",
		"\U00020000", "\U0001F600", "\u0800", "\ud7ff", "\uffff", "\xe4\xb8", "\xff", "\xc3", "\xed\xa0\x80", "\xe0\x80\x80", "\xf0\x9f"}
	rng := rand.New(rand.NewPCG(23, 1))
	for _, l := range m.Langs {
		for range 200 {
			var b []byte
			for range rng.IntN(60) {
				b = append(b, pool[rng.IntN(len(pool))]...)
			}
			var one, all RuneScorer
			one.L, all.L = l, l
			for _, r := range string(b) {
				one.Add(r)
			}
			for len(b) > 0 {
				// (a decoder's texts end where a character does)
				k := rng.IntN(len(b) + 1)
				for k < len(b) && !utf8.RuneStart(b[k]) {
					k++
				}
				all.addText(b[:k], utf8.Valid(b[:k])) // (both loops: see addText)
				b = b[k:]
			}
			if one != all {
				t.Fatalf("%s: AddText %+v, Add %+v", l.Tag, all, one)
			}
		}
	}
}

// A run of non-ASCII characters longer than AddText's loop counts at
// once (65,535) scores as Add scores it.
func TestAddTextLongRun(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{[]byte("x" + strings.Repeat("日本\ufffdé", 25000) + "\U00020000 y"),
		[]byte("x" + strings.Repeat("日 本a", 40000) + " y"), []byte("x" + strings.Repeat("é ", 50000) + " y")} {
		l := m.Lang("ja")
		var one, all RuneScorer
		one.L, all.L = l, l
		for _, r := range string(b) {
			one.Add(r)
		}
		all.AddText(b)
		if one != all {
			t.Fatalf("AddText %+v, Add %+v", all, one)
		}
	}
}

// wordSums gives each language the sum WordCost weighs.
func TestWordSumsMatchWordCost(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	m.WordWeight = 1
	for _, s := range []string{"", "a", "the cat sat on the mat", "Der Hund und die Katze", "zzzz qqqq xxxx jjjj", "¿Dónde está? ça va, Ærø"} {
		w := WordPairs([]byte(strings.Repeat(s+" ", 50)))
		sums := make([]int, len(m.Langs))
		if !m.wordSums(w, sums) {
			t.Fatalf("%q: wordSums refused", s)
		}
		for _, l := range m.Langs {
			if got, want := l.wordCostOf(sums[l.index]), l.WordCost(w); got != want {
				t.Errorf("%q %s: word cost %d from the packed sums, %d from WordCost", s, l.Tag, got, want)
			}
		}
	}
	// too many pairs for the lanes: refused
	if m.wordSums([]WordPair{{Index: 1, N: maxWordSum}}, make([]int, len(m.Langs))) {
		t.Error("wordSums took more pairs than its lanes hold")
	}
}

// The longest window of statistics (4*statBytes, one pair repeated
// throughout) is counted without overflow and scored as Score walks it.
func TestPairsOfLongestWindow(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	tb := m.tables()[0]
	for _, p := range [][]byte{bytes.Repeat([]byte{0xE9}, 4*statBytes), bytes.Repeat([]byte("\xe9a"), 2*statBytes)} {
		high := make([]int32, 0, len(p))
		for i, b := range p {
			if b >= 0x80 {
				high = append(high, int32(i))
			}
		}
		var ps bytePairs
		if !ps.collect(p, high) {
			t.Fatalf("%d bytes: pairs not collected", len(p))
		}
		if got, want := tb.scorePairs(&ps), tb.scoreAt(p, high); got != want {
			t.Errorf("%d bytes: scorePairs %d, scoreAt %d", len(p), got, want)
		}
	}
	var ps bytePairs
	if ps.collect(make([]byte, 4*statBytes+1), nil) {
		t.Error("collect took a window longer than its counts allow")
	}
}

// A probe that ends a line is decoded and scored once: the reading of all
// of q continued from it is the reading of q decoded whole.
func TestScoreProbedMatchesWhole(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := japaneseSJIS([]byte(strings.Repeat("今日は天気がとても良いので、公園で散歩しました。\n", 40)))
	zh, _ := simplifiedchinese.GB18030.NewEncoder().Bytes([]byte(strings.Repeat("中文的文字和汉字的文章，中文的文字。\nabc ", 40)))
	ru := []byte(strings.Repeat("\xc2\xf7\xe5\xf0\xe0 \xe2\xe5\xf7\xe5\xf0\xee\xec mir\n", 120))
	bad := []byte(strings.Repeat("\x81\xff\xa1 x\n\xa4", 300))
	for _, q := range [][]byte{ja, zh, ru, bad, append(append([]byte{}, ja...), 0x82)} {
		probe := q[:probeBytes]
		probe = probe[:bytes.LastIndexByte(probe, '\n')+1]
		for _, e := range Encodings {
			if e.Table != nil {
				continue
			}
			for _, complete := range []bool{false, true} {
				ts := &mbTextSet{ascii: m.asciiArr}
				got := m.scoreProbed(e, probe, q, ts, complete, func(Scored) bool { return false }, "far")
				ts.release()
				want := m.scoreDecoded(e, q, nil, complete)
				probeRuled := false
				if p := m.scoreDecoded(e, probe, nil, false); p.Ruled != "" {
					// (of a reading ruled out on its probe only these are
					// read: ruledEarly may leave High, HighCost, Foreign zero)
					want, probeRuled = p, true
					want.Cost = 1e18
				}
				if got.Cost != want.Cost || got.Lang != want.Lang || got.Ruled != want.Ruled ||
					!probeRuled && (got.High != want.High || got.HighCost != want.HighCost || got.Foreign != want.Foreign) {
					t.Errorf("%s, %d bytes, complete %v: probed %+v, whole %+v", e.Name, len(q), complete, got, want)
				}
				if h := m.scoreProbed(e, probe, q, nil, complete, func(Scored) bool { return true }, "far"); h.Cost != 1e18 || h.Ruled == "" {
					t.Errorf("%s: a hopeless probe was scored on: %+v", e.Name, h)
				}
			}
		}
	}
}

func japaneseSJIS(p []byte) ([]byte, error) { return japanese.ShiftJIS.NewEncoder().Bytes(p) }

// TestCollectPairs checks collect, on both of its paths (few pairs, counted
// in collectSmall's table, and many), against a plain count of the pairs
// around those bytes in the order they first occur.
func TestCollectPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	small, large := 0, 0
	for n := 0; n < 400; n++ {
		p := make([]byte, 1+rng.IntN(4096))
		density := rng.IntN(100) + 1 // percent of bytes above 7F
		for i := range p {
			if rng.IntN(100) < density {
				p[i] = byte(0x80 + rng.IntN(0x80))
				if rng.IntN(8) == 0 {
					p[i] = 0xFF // the highest pair, FF FF, too
				}
			} else {
				p[i] = byte(rng.IntN(0x80))
			}
		}
		var high []int32
		for i, b := range p {
			if b >= 0x80 {
				high = append(high, int32(i))
			}
		}
		var want []bytePair
		at := map[[2]byte]int{}
		count := func(a, b byte) {
			k := [2]byte{a, b}
			if j, ok := at[k]; ok {
				want[j].n++
				return
			}
			at[k] = len(want)
			want = append(want, bytePair{a, b, 1})
		}
		for _, q := range high {
			i := int(q)
			if i > 0 {
				count(p[i-1], p[i])
			}
			if i+1 < len(p) && p[i+1] < 0x80 {
				count(p[i], p[i+1])
			}
		}
		if len(want) <= smallPairs/2 {
			small++
		} else {
			large++
		}
		var ps bytePairs
		if !ps.collect(p, high) {
			t.Fatalf("%d bytes: not collected", len(p))
		}
		if start := len(p) > 0 && p[0] >= 0x80; ps.start != start || start && ps.first != p[0] {
			t.Errorf("%d bytes: start %v %02X, want %v", len(p), ps.start, ps.first, start)
		}
		if !slices.Equal(ps.pairs, want) {
			t.Fatalf("%d bytes, %d above 7F: %d pairs, want %d (first difference among %v / %v)", len(p), len(high), len(ps.pairs), len(want), ps.pairs[:min(8, len(ps.pairs))], want[:min(8, len(want))])
		}
	}
	if small < 50 || large < 50 {
		t.Errorf("%d texts took the small path, %d the large: want both", small, large)
	}
}

// TestWesternLists checks that the written-out lists of the western
// encodings' languages are western with Icelandic (ISO-8859-1), and with
// Estonian and Icelandic (Windows-1252, ISO-8859-15), in that order.
func TestWesternLists(t *testing.T) {
	withIs := append(western[:len(western):len(western)], "is")
	withEtIs := append(western[:len(western):len(western)], "et", "is")
	for _, c := range []struct {
		name string
		want []string
	}{{"iso-8859-1", withIs}, {"windows-1252", withEtIs}, {"iso-8859-15", withEtIs}, {"macintosh", western}} {
		if e := Lookup(c.name); !slices.Equal(e.Langs, c.want) {
			t.Errorf("%s: languages %v, want %v", c.name, e.Langs, c.want)
		}
	}
}

// TestBuildRoom checks that the generated model fits Build's one
// allocation, in the size class the languages alone would take (room for
// one more language, no more), and that Build fills it as it would the
// separate allocations.
func TestBuildRoom(t *testing.T) {
	if len(Data) > buildRoomLangs || len(Data) < buildRoomLangs-1 {
		t.Fatalf("the generated model has %d languages; set buildRoomLangs to %d", len(Data), len(Data)+1)
	}
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Langs) != len(Data) || cap(m.Langs) != len(Data) {
		t.Fatalf("%d languages (cap %d), want %d", len(m.Langs), cap(m.Langs), len(Data))
	}
	for i, l := range m.Langs {
		if l.Tag != Data[i].Tag || m.Lang(l.Tag) != l || l.index != i || l.m != m {
			t.Errorf("language %d: %s, index %d", i, l.Tag, l.index)
		}
	}
	// Beyond the room: the same model from separate allocations.
	more := append(slices.Clone(Data), make([]LangData, buildRoomLangs+1-len(Data))...)
	for i := len(Data); i < len(more); i++ {
		more[i] = Data[i%len(Data)]
		more[i].Tag = fmt.Sprintf("x%d", i)
	}
	big, err := Build(more, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range m.Langs {
		b := big.Langs[i]
		if b.Tag != l.Tag || b.N != l.N || b.Uni != l.Uni || b.within != l.within || b.bigram != l.bigram {
			t.Errorf("language %s differs when built beyond the room", l.Tag)
		}
	}
}
