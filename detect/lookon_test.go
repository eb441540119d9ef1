package detect

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// lateText is body repeated past DefaultLimit, then tail repeated: text
// whose bytes that tell some encodings apart all come after the bytes
// examined.
// (Every character of these texts is one byte in the encodings they are
// written in.)
func lateText(body, tail string, tailReps int) string {
	var b strings.Builder
	for n := 0; n < DefaultLimit+5000; n += utf8.RuneCountInString(body) {
		b.WriteString(body)
	}
	for range tailReps {
		b.WriteString(tail)
	}
	return b.String()
}

type lateCase struct {
	name string
	text string
	enc  encoding.Encoding
	want string
}

func lateCases() []lateCase {
	// Greek without Ά, then with it: ISO-8859-7 has Ά at B6 (¶ in
	// Windows-1253), Windows-1253 at A2 (’ in ISO-8859-7).
	greekBody := "Ο πλανήτης έχει δύο μικρούς δορυφόρους, τον Φόβο και τον Δείμο, που είναι ακανόνιστου σχήματος.\n" +
		"Η επιφάνεια του πλανήτη είναι κόκκινη εξαιτίας του οξειδίου του σιδήρου που βρίσκεται στο έδαφος.\n"
	greekTail := "Άρης είναι ο τέταρτος πλανήτης. Άλλοι πλανήτες είναι μεγαλύτεροι από τον Άρη.\n"
	// French without œ, €, curly quotes, then with them: ISO-8859-15 has œ
	// at BD (½ in the others) and € at A4, Windows-1252 œ at 9C and € at
	// 80 (C1 controls in ISO-8859-1 and -15).
	frenchBody := "Le garçon a mangé une crème brûlée près de la fenêtre, où l'été était très chaud.\n" +
		"Les élèves étudient la géographie et l'histoire de la région depuis le début de l'année.\n"
	frenchTail := "Le cœur de l'œuvre coûte cinq €, dit sœur Thérèse.\n"
	return []lateCase{
		{"greek iso-8859-7", lateText(greekBody, greekTail, 20), charmap.ISO8859_7, "iso-8859-7"},
		{"greek windows-1253", lateText(greekBody, greekTail, 20), charmap.Windows1253, "windows-1253"},
		{"french iso-8859-15", lateText(frenchBody, frenchTail, 20), charmap.ISO8859_15, "iso-8859-15"},
		{"french windows-1252", lateText(frenchBody, frenchTail, 20), charmap.Windows1252, "windows-1252"},
	}
}

func encodeLate(t *testing.T, c lateCase) []byte {
	t.Helper()
	b, err := c.enc.NewEncoder().Bytes([]byte(c.text))
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return b
}

// An answer whose equivalents decode the bytes examined alike, but not the
// rest of the input, names the one that reads the rest right: by Detect,
// DetectReader (whatever its reads) and NewReader, whose text is then the
// input's. The bytes examined alone (the Detector's verdict) leave the
// choice open, so that the test shows the look-on deciding.
func TestLookOnNamesTheEquivalentTheRestTells(t *testing.T) {
	for _, c := range lateCases() {
		in := encodeLate(t, c)
		ex := detectExamined(in, nil)
		top := ex.Candidates[0]
		if !ex.Truncated || top.Evidence != Statistics {
			t.Fatalf("%s: the bytes examined give %+v, not a statistical answer on a truncated input", c.name, top)
		}
		if top.Encoding != c.want && !strings.Contains(strings.Join(top.Equivalent, " "), c.want) {
			t.Fatalf("%s: the bytes examined give %s = %v, which does not hold %s: the case tests nothing", c.name, top.Encoding, top.Equivalent, c.want)
		}
		if _, ok := newLookOn(&ex); !ok {
			t.Fatalf("%s: no look-on for %s = %v", c.name, top.Encoding, top.Equivalent)
		}
		got := Detect(in, nil)
		if g := got.Candidates[0]; g.Encoding != c.want {
			t.Errorf("%s: Detect names %s = %v (%s), want %s", c.name, g.Encoding, g.Equivalent, g.Note, c.want)
		}
		if g := got.Candidates[0]; g.Encoding != top.Encoding && !strings.Contains(g.Note, "not "+top.Encoding) {
			t.Errorf("%s: the note does not say the look-on chose: %q", c.name, g.Note)
		}
		if got.Candidates[0].Confidence != top.Confidence {
			t.Errorf("%s: confidence %v, the window's %v", c.name, got.Candidates[0].Confidence, top.Confidence)
		}
		// Every equivalent still listed decodes the whole input alike.
		want := decodeWith(t, got.Candidates[0].Encoding, in)
		if want != c.text {
			t.Errorf("%s: %s does not decode the input to its text", c.name, got.Candidates[0].Encoding)
		}
		for _, e := range got.Candidates[0].Equivalent {
			if d := decodeWith(t, e, in); d != want {
				t.Errorf("%s: equivalent %s decodes the input otherwise", c.name, e)
			}
		}
		for i, mk := range []func() io.Reader{
			func() io.Reader { return bytes.NewReader(in) },
			func() io.Reader { return iotest.HalfReader(bytes.NewReader(in)) },
			func() io.Reader { return &countingReader{p: in, step: 4093, stalls: 2} },
		} {
			r, err := DetectReader(mk(), nil)
			if err != nil || r.Candidates[0].Encoding != got.Candidates[0].Encoding || strings.Join(r.Candidates[0].Equivalent, " ") != strings.Join(got.Candidates[0].Equivalent, " ") {
				t.Errorf("%s: DetectReader %d: %v %+v, Detect %+v", c.name, i, err, r.Candidates[0], got.Candidates[0])
			}
			rd, err := NewReader(mk(), nil)
			if err != nil {
				t.Fatalf("%s: NewReader %d: %v", c.name, i, err)
			}
			if rd.Decision().Encoding != c.want {
				t.Errorf("%s: NewReader %d decided %s", c.name, i, rd.Decision().Encoding)
			}
			if text, err := io.ReadAll(rd); err != nil || string(text) != c.text {
				t.Errorf("%s: NewReader %d: the text read differs from the input's (%v)", c.name, i, err)
			}
		}
		// An explicit limit examines what it says and no more.
		if r := Detect(in, &Options{Limit: DefaultLimit}); r.Candidates[0].Encoding != top.Encoding {
			t.Errorf("%s: under an explicit limit Detect names %s, the bytes examined %s", c.name, r.Candidates[0].Encoding, top.Encoding)
		}
	}
}

// Every prefix of such an input that holds a telling byte past the bytes
// examined is decoded right (more text never makes the answer worse; with
// only one, the window's answer may stand), and those that hold none keep
// the window's answer and its equivalents.
func TestLookOnEveryPrefix(t *testing.T) {
	for _, c := range lateCases() {
		in := encodeLate(t, c)
		ex := detectExamined(in, nil)
		s, _ := newLookOn(&ex)
		first := -1
		for i := DefaultLimit; i < len(in); i++ {
			if s.tell[in[i]] != 0 {
				first = i
				break
			}
		}
		if first < 0 {
			t.Fatalf("%s: no telling byte past the bytes examined", c.name)
		}
		for _, n := range []int{DefaultLimit + 1, first, first + 1, first + 200, first + 5000, len(in)} {
			p := in[:n]
			r := Detect(p, nil)
			top := r.Candidates[0]
			if n <= first {
				if w := detectExamined(p, nil); !sameTop(top, w.Candidates[0]) {
					t.Errorf("%s: %d bytes, no telling byte: %s = %v, the window's %s = %v", c.name, n, top.Encoding, top.Equivalent, w.Candidates[0].Encoding, w.Candidates[0].Equivalent)
				}
				continue
			}
			want, err := c.enc.NewDecoder().Bytes(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := decodeWith(t, top.Encoding, p); got != string(want) {
				// One telling byte, at the very end of the input, is weak
				// evidence (French "Le c½" and "Le cœ" read about alike):
				// there the window's answer may stand.
				if n > first+1 || top.Encoding != detectExamined(p, nil).Candidates[0].Encoding {
					t.Errorf("%s: %d bytes (a telling byte at %d): %s does not decode them right", c.name, n, first, top.Encoding)
				}
			}
		}
	}
}

// The look-on reads no more than lookOn bytes past those examined: a
// telling byte beyond them is not seen.
func TestLookOnBound(t *testing.T) {
	c := lateCases()[0]
	in := encodeLate(t, c)
	ex := detectExamined(in, nil)
	cut := bytes.IndexByte(in, 0xB6) // ISO-8859-7's Ά, the first telling byte
	pad := bytes.Repeat(in[:DefaultLimit/2], (lookOn/(DefaultLimit/2))+1)
	far := append(append(append([]byte(nil), in[:cut]...), pad...), in[cut:]...)
	if r := Detect(far, nil); r.Candidates[0].Encoding != ex.Candidates[0].Encoding {
		t.Errorf("a telling byte %d bytes past those examined was seen: %s", len(pad)+cut-int(ex.Examined), r.Candidates[0].Encoding)
	}
	counting := &countingReader{p: far, step: 1 << 20}
	if _, err := DetectReader(counting, nil); err != nil {
		t.Fatal(err)
	}
	if max := ex.Examined + lookOn; int64(counting.given) > max {
		t.Errorf("DetectReader read %d bytes, more than %d", counting.given, max)
	}
}

func sameTop(a, b Candidate) bool {
	return a.Encoding == b.Encoding && strings.Join(a.Equivalent, " ") == strings.Join(b.Equivalent, " ")
}

func decodeWith(t *testing.T, name string, p []byte) string {
	t.Helper()
	e, err := Lookup(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	d, err := e.NewDecoder().Bytes(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return string(d)
}

// indexTelling finds what a plain loop finds, at every position and
// length around its steps of eight.
func TestIndexTelling(t *testing.T) {
	var tell [256]byte
	tell[0xB6], tell[0x80], tell[0xFF] = 1, 1, 1
	plain := func(p []byte) int {
		for i, b := range p {
			if tell[b] != 0 {
				return i
			}
		}
		return -1
	}
	base := []byte("Ο πλανήτης έχει δύο μικρούς δορυφόρους")
	for n := 0; n <= 40; n++ {
		for at := -1; at < n; at++ {
			p := append([]byte(nil), base[:n]...)
			for i := range p {
				if tell[p[i]] != 0 {
					p[i] = 'x'
				}
			}
			if at >= 0 {
				p[at] = []byte{0xB6, 0x80, 0xFF}[at%3]
			}
			if got, want := indexTelling(p, &tell), plain(p); got != want || want != at {
				t.Fatalf("%d bytes, telling byte at %d: got %d, want %d", n, at, got, want)
			}
		}
	}
}

// BenchmarkIndexTelling measures the look-on's scan over 4 MiB with no
// telling byte: Greek (ISO-8859-7, nearly every byte beyond ASCII) and
// French (Windows-1252, mostly ASCII), as lateCases writes them.
func BenchmarkIndexTelling(b *testing.B) {
	var tell [256]byte
	tell[0xB6], tell[0xA2] = 1, 1 // Ά in ISO-8859-7 and Windows-1253: in neither text
	for _, c := range []struct {
		name string
		body string
		enc  encoding.Encoding
	}{
		{"greek", "Ο πλανήτης έχει δύο μικρούς δορυφόρους, τον Φόβο και τον Δείμο.\n", charmap.ISO8859_7},
		{"french", "Le garçon a mangé une crème brûlée près de la fenêtre.\n", charmap.Windows1252},
	} {
		one, err := c.enc.NewEncoder().Bytes([]byte(c.body))
		if err != nil {
			b.Fatal(err)
		}
		p := bytes.Repeat(one, lookOn/len(one)+1)[:lookOn]
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			for b.Loop() {
				if indexTelling(p, &tell) >= 0 {
					b.Fatal("a telling byte in the text")
				}
			}
		})
	}
}
