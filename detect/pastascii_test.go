package detect

import (
	"bytes"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"

	"github.com/utf8x/utf8x/internal/testsample"
)

// TestPastASCII: an input whose first DefaultLimit bytes are ASCII is
// named by what comes after them, by Detect, DetectReader, the Detector
// and NewReader alike however the input is cut, and an ASCII input is
// ASCII to its end.
func TestPastASCII(t *testing.T) {
	fr := strings.Repeat("Le café était très bon, à Noël nous étions déjà là-bas avec Zoé et Hélène. ", 8) + "\n"
	ru := strings.Repeat("Привет, как дела? Всё хорошо, спасибо, мы едем домой завтра утром. ", 8) + "\n"
	ja := strings.Repeat("今日は天気がとても良いので、公園へ散歩に行きました。", 8) + "\n"
	texts := []struct {
		enc  encoding.Encoding
		text string
		want string // the answer or one it lists as equivalent
	}{
		{unicode.UTF8, fr, "utf-8"},
		{charmap.Windows1252, fr, "windows-1252"},
		{charmap.Windows1251, ru, "windows-1251"},
		{japanese.ShiftJIS, ja, "shift_jis"},
	}
	line := "    key = value; // plain ASCII configuration line\n"
	for k, tx := range texts {
		tail := []int{50, 2000}[k%2] // the window ends with the input, or at the limit
		enc, err := tx.enc.NewEncoder().String(tx.text)
		if err != nil {
			t.Fatal(err)
		}
		for _, pre := range []int{DefaultLimit - 2000, DefaultLimit, DefaultLimit + 3, DefaultLimit + 900, 200 << 10} {
			for _, nl := range []bool{true, false} {
				if pre < DefaultLimit && !nl {
					// (Not this test's: the detector's own answer on 62 KiB of
					// ASCII in one line, then a little Shift_JIS.)
					continue
				}
				var b bytes.Buffer
				for b.Len() < pre {
					if nl {
						b.WriteString(line)
					} else {
						b.WriteString(strings.TrimSuffix(line, "\n") + " ")
					}
				}
				b.Truncate(pre)
				b.WriteString(enc)
				b.WriteString(strings.Repeat(line, tail))
				p := b.Bytes()
				res := Detect(p, nil)
				best, ok := res.Best()
				if !ok || best.Encoding != tx.want && !slices.Contains(best.Equivalent, tx.want) {
					t.Errorf("%s after %d ASCII bytes (LFs %v): %+v", tx.want, pre, nl, res.Candidates[0])
				}
				if pre >= DefaultLimit && (res.Examined <= DefaultLimit || res.Examined > int64(len(p)) || res.Truncated != (res.Examined < int64(len(p)))) {
					t.Errorf("%s after %d ASCII bytes: examined %d of %d, truncated %v", tx.want, pre, res.Examined, len(p), res.Truncated)
				}
				for _, r := range []io.Reader{bytes.NewReader(p), iotest.HalfReader(bytes.NewReader(p)), testsample.ChunkReader(bytes.NewReader(p), 1000), iotest.DataErrReader(testsample.ChunkReader(bytes.NewReader(p), 4093))} {
					got, err := DetectReader(r, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, res) {
						t.Errorf("%s after %d ASCII bytes: DetectReader %+v (examined %d), Detect %+v (examined %d)", tx.want, pre, got.Candidates[0], got.Examined, res.Candidates[0], res.Examined)
					}
				}
				for _, step := range []int{1, 700, 4093, DefaultLimit + 1} {
					if step == 1 && pre != DefaultLimit+900 {
						continue // (slow, and no different)
					}
					d := New(nil)
					for q := p; len(q) > 0; q = q[min(step, len(q)):] {
						d.Write(q[:min(step, len(q))])
					}
					if got := d.Result(); !reflect.DeepEqual(got, res) {
						t.Errorf("%s after %d ASCII bytes: Detector fed %d bytes a write %+v (examined %d), Detect %+v (examined %d)", tx.want, pre, step, got.Candidates[0], got.Examined, res.Candidates[0], res.Examined)
					}
				}
				r, err := NewReader(testsample.ChunkReader(bytes.NewReader(p), 5000), nil)
				if err != nil {
					t.Fatal(err)
				}
				if dec := r.Decision(); dec.Encoding != res.Candidates[0].Encoding || !reflect.DeepEqual(dec.Result, res) {
					t.Errorf("%s after %d ASCII bytes: NewReader decided %s on %+v, Detect %+v", tx.want, pre, dec.Encoding, dec.Result, res)
				}
				raw, err := io.ReadAll(r.Raw())
				if err != nil || !bytes.Equal(raw, p) {
					t.Errorf("%s after %d ASCII bytes: Raw gives %d bytes (%v), want the %d of the input", tx.want, pre, len(raw), err, len(p))
				}
			}
		}
	}
}

// TestPastASCIIEnds: ASCII to the end is "us-ascii" for all of it; an
// explicit limit, and a 7-bit encoding's escapes in the first DefaultLimit
// bytes, keep the detector to its limit.
func TestPastASCIIEnds(t *testing.T) {
	p := bytes.Repeat([]byte("plain ASCII text, line after line.\n"), 6000)
	for _, r := range []io.Reader{bytes.NewReader(p), iotest.OneByteReader(bytes.NewReader(p[:DefaultLimit+5000]))} {
		n := int64(len(p))
		if br, ok := r.(*bytes.Reader); !ok || br.Size() != n {
			n = DefaultLimit + 5000
		}
		res, err := DetectReader(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		if best, _ := res.Best(); best.Encoding != "us-ascii" || res.Examined != n || res.Truncated {
			t.Errorf("ASCII of %d bytes: %s, examined %d, truncated %v", n, best.Encoding, res.Examined, res.Truncated)
		}
	}
	if res := Detect(p, nil); res.Examined != int64(len(p)) || res.Truncated {
		t.Errorf("Detect on ASCII: examined %d of %d, truncated %v", res.Examined, len(p), res.Truncated)
	}
	late := append(bytes.Clone(p), "café\n"...)
	for _, o := range []*Options{{Limit: DefaultLimit}, {Limit: 1000}} {
		res := Detect(late, o)
		if best, _ := res.Best(); best.Encoding != "us-ascii" || !res.Truncated || res.Examined != o.Limit {
			t.Errorf("limit %d: %s, examined %d, truncated %v", o.Limit, best.Encoding, res.Examined, res.Truncated)
		}
		if got, _ := DetectReader(bytes.NewReader(late), o); !reflect.DeepEqual(got, res) {
			t.Errorf("limit %d: DetectReader %+v, Detect %+v", o.Limit, got, res)
		}
	}
	jis, err := japanese.ISO2022JP.NewEncoder().String(strings.Repeat("今日は良い天気です。\n", 10))
	if err != nil {
		t.Fatal(err)
	}
	seven := append(append([]byte(jis), p...), "\xe9t\xe9\n"...)
	if best, _ := Detect(seven, nil).Best(); best.Encoding != "iso-2022-jp" {
		t.Errorf("ISO-2022-JP, then ASCII, then Latin-1: %s", best.Encoding)
	}
}

// A character the limit cuts, in an otherwise ASCII prefix, is the first
// byte beyond ASCII, and starts the window: the UTF-8 or windows-1252
// after it is named so by every entry point.
func TestPastASCIICutCharacter(t *testing.T) {
	ascii := bytes.Repeat([]byte("plain ASCII text, line after line.\n"), 3000)
	fr := "Le café était très bon, à Noël nous étions déjà là-bas. "
	l1, _ := charmap.Windows1252.NewEncoder().String(strings.Repeat(fr, 30))
	for _, c := range []struct {
		at   int // where the first byte beyond ASCII is
		text string
		want string
	}{
		{DefaultLimit - 1, "é" + strings.Repeat(fr, 30), "utf-8"},
		{DefaultLimit - 2, "€" + strings.Repeat(fr, 30), "utf-8"},
		{DefaultLimit - 1, "\xe9t" + l1, "windows-1252"},
	} {
		p := append(append(append([]byte(nil), ascii[:c.at]...), c.text...), ascii[:70000]...)
		res := Detect(p, nil)
		if best, _ := res.Best(); best.Encoding != c.want && !slices.Contains(best.Equivalent, c.want) || res.Examined != int64(c.at)+DefaultLimit || !res.Truncated {
			t.Errorf("%s from %d: %+v, examined %d, truncated %v", c.want, c.at, res.Candidates[0], res.Examined, res.Truncated)
		}
		got, err := DetectReader(iotest.HalfReader(bytes.NewReader(p)), nil)
		if err != nil || !reflect.DeepEqual(got, res) {
			t.Errorf("%s from %d: DetectReader %+v, %v; Detect %+v", c.want, c.at, got, err, res)
		}
		for _, cut := range []int{DefaultLimit - 1, DefaultLimit, DefaultLimit + 1} {
			d := New(nil)
			d.Write(p[:cut])
			d.Write(p[cut:])
			if got := d.Result(); !reflect.DeepEqual(got, res) {
				t.Errorf("%s from %d, written in two at %d: %+v, Detect %+v", c.want, c.at, cut, got, res)
			}
		}
		r, err := NewReader(bytes.NewReader(p), nil)
		if err != nil || r.Decision().Encoding != res.Candidates[0].Encoding || !reflect.DeepEqual(r.Decision().Result, res) {
			t.Errorf("%s from %d: NewReader %v, %+v; Detect %+v", c.want, c.at, err, r.Decision(), res)
		}
	}
}

// endlessASCII yields "y\n" for ever, and counts what it gave.
type endlessASCII struct{ n *int64 }

func (e endlessASCII) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i&1]
	}
	*e.n += int64(len(p))
	return len(p), nil
}

// More than asciiReadOn bytes of ASCII are "us-ascii" for the first
// asciiReadOn, Truncated, from every entry point, even with a byte beyond
// ASCII right after them; exactly asciiReadOn are all examined.
func TestPastASCIIReadOnCap(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB a few times")
	}
	p := bytes.Repeat([]byte("y\n"), asciiReadOn/2+10)
	copy(p[asciiReadOn:], "\xe9t\xe9")
	for _, in := range [][]byte{p, p[:asciiReadOn]} {
		capped := len(in) > asciiReadOn
		res := Detect(in, nil)
		if best, _ := res.Best(); best.Encoding != "us-ascii" || res.Examined != asciiReadOn || res.Truncated != capped {
			t.Fatalf("%d bytes: Detect %s, examined %d, truncated %v", len(in), best.Encoding, res.Examined, res.Truncated)
		}
		got, err := DetectReader(bytes.NewReader(in), nil)
		if err != nil || !reflect.DeepEqual(got, res) {
			t.Errorf("%d bytes: DetectReader %+v, %v; Detect %+v", len(in), got, err, res)
		}
		d := New(nil)
		for q := in; len(q) > 0; q = q[min(len(q), 1<<20+3):] {
			d.Write(q[:min(len(q), 1<<20+3)])
		}
		if got := d.Result(); !reflect.DeepEqual(got, res) {
			t.Errorf("%d bytes: Detector %+v; Detect %+v", len(in), got, res)
		}
		r, err := NewReader(bytes.NewReader(in), nil)
		if err != nil || r.Decision().Encoding != "us-ascii" || !reflect.DeepEqual(r.Decision().Result, res) {
			t.Errorf("%d bytes: NewReader %v, %+v; Detect %+v", len(in), err, r.Decision().Result, res)
		}
	}
	// An endless stream is answered, having been read a little further.
	var n int64
	res, err := DetectReader(endlessASCII{&n}, nil)
	if best, _ := res.Best(); err != nil || best.Encoding != "us-ascii" || res.Examined != asciiReadOn || !res.Truncated || n > asciiReadOn+DefaultLimit+probeLen {
		t.Errorf("endless ASCII: %s, examined %d, truncated %v, %v; read %d bytes", best.Encoding, res.Examined, res.Truncated, err, n)
	}
}

// NewReader decodes a text whose first byte beyond ASCII comes after
// 120 KiB of ASCII as what follows it is, the ASCII included; under an
// explicit limit it stays "us-ascii" (read as UTF-8).
func TestReaderPastASCII(t *testing.T) {
	fr := strings.Repeat("Le garçon était très content, à Noël. ", 20) + "\n"
	ru := strings.Repeat("Привет, как дела? Всё хорошо, спасибо. ", 20) + "\n"
	start := strings.Repeat("plain ascii line of text here\n", 120<<10/30+1)
	for _, c := range []struct {
		enc  encoding.Encoding
		text string
		want string
	}{
		{charmap.Windows1252, fr, "windows-1252"},
		{charmap.Windows1251, ru, "windows-1251"},
		{unicode.UTF8, fr + ru, "utf-8"},
	} {
		text := start + c.text + "the end\n"
		in, err := c.enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, strict := range []bool{false, true} {
			got, d, err := readAll(t, in, &ReaderOptions{Strict: strict})
			if err != nil || got != text || d.Encoding != c.want || d.By != ByStatistics && c.want != "utf-8" {
				t.Errorf("%s after %d ASCII bytes (strict %v): %s by %v, %v; read back as it was: %v", c.want, len(start), strict, d.Encoding, d.By, err, got == text)
			}
		}
		r, err := NewReader(bytes.NewReader(in), &ReaderOptions{Options: Options{Limit: DefaultLimit}})
		if err != nil || r.Decision().Encoding != "us-ascii" || r.Decision().Result.Examined != DefaultLimit {
			t.Errorf("%s under an explicit limit: %+v, %v", c.want, r.Decision(), err)
		}
	}
}
