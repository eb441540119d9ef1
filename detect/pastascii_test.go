package detect

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

// chunkReader yields at most n bytes a read.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestPastASCII: an input whose first DefaultLimit bytes are ASCII is
// named by what comes after them, by Detect and by DetectReader alike
// however r cuts it, and an ASCII input is ASCII to its end.
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
				for _, r := range []io.Reader{bytes.NewReader(p), iotest.HalfReader(bytes.NewReader(p)), chunkReader{bytes.NewReader(p), 1000}, iotest.DataErrReader(chunkReader{bytes.NewReader(p), 4093})} {
					got, err := DetectReader(r, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !sameResult(got, res) {
						t.Errorf("%s after %d ASCII bytes: DetectReader %+v (examined %d), Detect %+v (examined %d)", tx.want, pre, got.Candidates[0], got.Examined, res.Candidates[0], res.Examined)
					}
				}
			}
		}
	}
}

func sameResult(a, b Result) bool {
	if a.Abstained != b.Abstained || a.Examined != b.Examined || a.Truncated != b.Truncated || len(a.Candidates) != len(b.Candidates) {
		return false
	}
	for i := range a.Candidates {
		x, y := a.Candidates[i], b.Candidates[i]
		if x.Encoding != y.Encoding || x.Confidence != y.Confidence || x.Note != y.Note {
			return false
		}
	}
	return true
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
		if got, _ := DetectReader(bytes.NewReader(late), o); !sameResult(got, res) {
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
