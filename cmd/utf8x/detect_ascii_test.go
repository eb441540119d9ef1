package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"

	"github.com/utf8x/utf8x/detect"
)

// chunkReader yields at most n bytes a read. (internal/testsample has one,
// but the command's tests import no internal package: TestNoInternalImports.)
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// asciiContext and asciiReadOn are the bounds detect documents for looking
// past an ASCII prefix (see detect.Detect): the window starts at most
// 1 KiB before the first byte beyond ASCII, and 64 MiB of ASCII are
// "us-ascii".
const (
	asciiContext = 1 << 10
	asciiReadOn  = 64 << 20
)

// pastASCIIWant is what detect.DetectReader must answer for p under the
// default limit, by the rule built here apart from the library's code: the
// detector on the window from the start of the line of p's first byte
// beyond ASCII (at most asciiContext bytes before it, none before
// detect.DefaultLimit), examined under an explicit limit of
// detect.DefaultLimit (so that it is not looked past again).
func pastASCIIWant(p []byte) detect.Result {
	i := bytes.IndexFunc(p, func(r rune) bool { return r >= 0x80 })
	s := max(i-asciiContext, detect.DefaultLimit)
	for k := i - 1; k >= s; k-- {
		if p[k] == '\n' {
			s = k + 1
			break
		}
	}
	res := detect.Detect(p[s:], &detect.Options{Limit: detect.DefaultLimit})
	res.Examined += int64(s)
	return res
}

// TestDetectPastASCII: an input whose first 64 KiB are ASCII is named by
// what follows, whatever the reads, and the command says so.
func TestDetectPastASCII(t *testing.T) {
	fr := strings.Repeat("Le café était très bon, à Noël nous étions déjà là-bas avec Zoé et Hélène. ", 8) + "\n"
	ru := strings.Repeat("Привет, как дела? Всё хорошо, спасибо, мы едем домой завтра утром. ", 8) + "\n"
	ja := strings.Repeat("今日は天気がとても良いので、公園へ散歩に行きました。", 8) + "\n"
	texts := []struct {
		enc  encoding.Encoding
		text string
		want string // the answer, or one it lists as equivalent
	}{
		{unicode.UTF8, fr, "utf-8"},
		{charmap.Windows1252, fr, "windows-1252"},
		{charmap.Windows1251, ru, "windows-1251"},
		{japanese.ShiftJIS, ja, "shift_jis"},
	}
	line := "    key = value; // plain ASCII configuration line\n"
	dir := t.TempDir()
	for k, tx := range texts {
		enc, err := tx.enc.NewEncoder().String(tx.text)
		if err != nil {
			t.Fatal(err)
		}
		tail := []int{50, 2000}[k%2] // the window ends with the input, or at the limit
		for _, pre := range []int{detect.DefaultLimit, detect.DefaultLimit + 3, detect.DefaultLimit + 900, 200 << 10} {
			for _, nl := range []bool{true, false} {
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
				want := pastASCIIWant(p)
				if best, ok := want.Best(); !ok || best.Encoding != tx.want && !slices.Contains(best.Equivalent, tx.want) {
					t.Errorf("%s after %d ASCII bytes (LFs %v): %+v", tx.want, pre, nl, want.Candidates[0])
				}
				for _, r := range []io.Reader{bytes.NewReader(p), iotest.HalfReader(bytes.NewReader(p)), chunkReader{bytes.NewReader(p), 1000}, iotest.DataErrReader(chunkReader{bytes.NewReader(p), 4093})} {
					got, err := detect.DetectReader(r, &detect.Options{})
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s after %d ASCII bytes: %+v (examined %d, truncated %v), want %+v (examined %d, truncated %v)", tx.want, pre, got.Candidates[0], got.Examined, got.Truncated, want.Candidates[0], want.Examined, want.Truncated)
					}
				}
				if pre == 200<<10 && nl {
					name := filepath.Join(dir, tx.want+".txt")
					if err := os.WriteFile(name, p, 0o600); err != nil {
						t.Fatal(err)
					}
					var out, errOut bytes.Buffer
					if code := run([]string{"detect", name}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), tx.want) {
						t.Errorf("utf8x detect %s: exit %d, %q %q", name, code, out.String(), errOut.String())
					}
				}
			}
		}
	}
}

// endlessASCII yields "y\n" for ever.
type endlessASCII struct{}

func (endlessASCII) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i&1]
	}
	return len(p), nil
}

// TestDetectPastASCIIEnds: ASCII to the end is "us-ascii" for all of it;
// --read-all examines everything; the escapes of a 7-bit encoding in the
// first 64 KiB keep their answer.
func TestDetectPastASCIIEnds(t *testing.T) {
	p := bytes.Repeat([]byte("plain ASCII text, line after line.\n"), 6000)
	for _, r := range []io.Reader{bytes.NewReader(p), iotest.OneByteReader(bytes.NewReader(p))} {
		res, err := detect.DetectReader(r, &detect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if best, _ := res.Best(); best.Encoding != "us-ascii" || res.Examined != int64(len(p)) || res.Truncated {
			t.Errorf("ASCII of %d bytes: %s, examined %d, truncated %v", len(p), best.Encoding, res.Examined, res.Truncated)
		}
	}
	// An ASCII stream that never ends is answered at asciiReadOn.
	res, err := detect.DetectReader(endlessASCII{}, &detect.Options{})
	if best, _ := res.Best(); err != nil || best.Encoding != "us-ascii" || !res.Truncated || res.Examined < asciiReadOn || res.Examined > asciiReadOn+1<<20 {
		t.Errorf("endless ASCII: %s, examined %d, truncated %v, %v", best.Encoding, res.Examined, res.Truncated, err)
	}
	// Short of the limit: the detector's own answer.
	short := p[:detect.DefaultLimit-10]
	got, err := detect.DetectReader(bytes.NewReader(short), &detect.Options{})
	if want := detect.Detect(short, nil); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("%d ASCII bytes: %+v, want %+v", len(short), got, want)
	}
	jis, err := japanese.ISO2022JP.NewEncoder().String(strings.Repeat("今日は良い天気です。\n", 10))
	if err != nil {
		t.Fatal(err)
	}
	seven := append(append([]byte(jis), p...), "caf\xe9\n"...)
	if res, _ := detect.DetectReader(bytes.NewReader(seven), &detect.Options{}); res.Candidates[0].Encoding != "iso-2022-jp" {
		t.Errorf("ISO-2022-JP, then ASCII, then Latin-1: %s", res.Candidates[0].Encoding)
	}
}
