package detect

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// readAll reads a NewReader over in through one-byte reads and through
// whole ones, checks that both give the same text and error, and returns
// them.
func readAll(t *testing.T, in []byte, o *ReaderOptions) (string, Decision, error) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(in), o)
	if err != nil {
		return "", Decision{}, err
	}
	got, err := io.ReadAll(r)
	r2, err2 := NewReader(iotest.OneByteReader(bytes.NewReader(in)), o)
	if err2 != nil {
		t.Fatalf("NewReader over one-byte reads: %v (whole reads: none)", err2)
	}
	got2, err2 := io.ReadAll(iotest.OneByteReader(r2))
	if !bytes.Equal(got, got2) || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
		t.Fatalf("whole reads give %q, %v; one-byte reads %q, %v", got, err, got2, err2)
	}
	if r.Decision().Encoding != r2.Decision().Encoding {
		t.Fatalf("whole reads decide %s, one-byte reads %s", r.Decision().Encoding, r2.Decision().Encoding)
	}
	if !utf8.Valid(got) {
		t.Fatalf("output is not valid UTF-8: %q", got)
	}
	return string(got), r.Decision(), err
}

// A byte order mark decides, whatever the input declares, and is not
// passed on as U+FEFF; a U+FEFF after it is text and is.
func TestReaderBOM(t *testing.T) {
	text := "Grüße, мир, 😀\ufeff<meta charset=koi8-r>"
	cases := []struct {
		name string
		in   []byte
		bom  int
	}{
		{"utf-8", append([]byte("\xef\xbb\xbf"), text...), 3},
		{"utf-16le", append([]byte("\xff\xfe"), readerUTF16(text, false)...), 2},
		{"utf-16be", append([]byte("\xfe\xff"), readerUTF16(text, true)...), 2},
		{"utf-32le", append([]byte("\xff\xfe\x00\x00"), readerUTF32(text, false)...), 4},
		{"utf-32be", append([]byte("\x00\x00\xfe\xff"), readerUTF32(text, true)...), 4},
	}
	for _, c := range cases {
		for _, o := range []*ReaderOptions{nil, {Declared: true, ContentType: "text/html; charset=windows-1251"}, {Strict: true}} {
			got, d, err := readAll(t, c.in, o)
			if err != nil || got != text {
				t.Errorf("%s: read %q, %v; want %q", c.name, got, err, text)
			}
			if d.Encoding != c.name || d.By != ByBOM || d.BOM != c.bom || d.Confidence != 1 {
				t.Errorf("%s: decision %+v", c.name, d)
			}
		}
	}
	// FF FE 00 00 followed by what is not UTF-32LE is the UTF-16LE mark
	// and a U+0000.
	in := append([]byte("\xff\xfe\x00\x00"), readerUTF16("hi\U0010FFFF", false)...)
	got, d, err := readAll(t, in, nil)
	if err != nil || got != "\x00hi\U0010FFFF" || d.Encoding != "utf-16le" || d.BOM != 2 {
		t.Errorf("FF FE 00 00 then UTF-16LE: read %q as %s (BOM %d), %v", got, d.Encoding, d.BOM, err)
	}
	// The mark alone is an empty text.
	for _, mark := range []string{"\xef\xbb\xbf", "\xff\xfe", "\xfe\xff"} {
		if got, _, err := readAll(t, []byte(mark), nil); got != "" || err != nil {
			t.Errorf("% X alone reads %q, %v", mark, got, err)
		}
	}
}

// A file whose first 64 KiB are ASCII and which holds UTF-8 further on is
// UTF-8 all through, even under Strict: under the default limit the
// Reader reads on and finds it UTF-8 (see Detect); under an explicit limit
// of DefaultLimit it is "us-ascii" by its head, which is decoded as UTF-8.
func TestReaderASCIIThenUTF8(t *testing.T) {
	in := strings.Repeat("plain ASCII line\n", DefaultLimit/17+100) + "and then: Grüße, 😀\n"
	for _, o := range []*ReaderOptions{nil, {Strict: true}, {Declared: true}, {Options: Options{Limit: DefaultLimit}}, {Options: Options{Limit: DefaultLimit}, Strict: true}} {
		got, d, err := readAll(t, []byte(in), o)
		if err != nil || got != in {
			t.Fatalf("read %d bytes (%v); want the %d bytes of the input", len(got), err, len(in))
		}
		if o != nil && o.Limit != 0 {
			if d.Encoding != "us-ascii" || d.By != ByStructure || !d.Result.Truncated || d.Result.Examined != DefaultLimit {
				t.Errorf("limit %d: decision %+v, want us-ascii by structure on a truncated head", o.Limit, d)
			}
		} else if d.Encoding != "utf-8" || d.By != ByStructure || d.Result.Truncated || d.Result.Examined != int64(len(in)) {
			t.Errorf("decision %+v, want utf-8 by structure, the whole input examined", d)
		}
	}
}

// Legacy text is decoded to the text it was encoded from (by x/text's
// encoders), whether the statistics or a declaration decide.
func TestReaderLegacy(t *testing.T) {
	ru := strings.Repeat("Вчера вечером мы долго гуляли по набережной и говорили о будущем. ", 20)
	in, _ := charmap.Windows1251.NewEncoder().Bytes([]byte(ru))
	got, d, err := readAll(t, in, nil)
	if err != nil || got != ru || d.Encoding != "windows-1251" || d.By != ByStatistics {
		t.Errorf("windows-1251 by statistics: %s by %v, read %q, %v", d.Encoding, d.By, got[:min(len(got), 40)], err)
	}
	// Declared: ignored unless asked for.
	page := append([]byte(`<html><head><meta charset="koi8-r"></head><body>`), must(charmap.KOI8R.NewEncoder().Bytes([]byte(ru)))...)
	want := `<html><head><meta charset="koi8-r"></head><body>` + ru
	got, d, err = readAll(t, page, &ReaderOptions{Declared: true})
	if err != nil || got != want || d.Encoding != "koi8-r" || d.By != ByDeclaration || d.Declaration.Source != "<meta charset>" {
		t.Errorf("koi8-r declared: %+v, %v", d, err)
	}
	_, d, _ = readAll(t, page, nil)
	if d.By == ByDeclaration || d.Declaration.Source != "" {
		t.Errorf("declaration followed without Declared: %+v", d)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestReaderDeclared(t *testing.T) {
	ru := "Съешь же ещё этих мягких французских булок, да выпей чаю. "
	cp1251 := must(charmap.Windows1251.NewEncoder().Bytes([]byte(ru)))
	koi := must(charmap.KOI8R.NewEncoder().Bytes([]byte(ru)))
	meta := func(cs string) string { return `<html><head><meta charset="` + cs + `"></head><body>` }
	t.Run("content-type overrides the meta", func(t *testing.T) {
		in := append([]byte(meta("windows-1251")), koi...)
		got, d, err := readAll(t, in, &ReaderOptions{Declared: true, ContentType: "text/html; charset=KOI8-R"})
		if err != nil || got != meta("windows-1251")+ru || d.Encoding != "koi8-r" || d.Declaration.Source != "Content-Type" {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
		// Without Declared, the Content-Type still counts.
		if _, d, _ := readAll(t, in, &ReaderOptions{ContentType: "text/html; charset=KOI8-R"}); d.Encoding != "koi8-r" || d.By != ByDeclaration {
			t.Errorf("Content-Type alone: %+v", d)
		}
	})
	t.Run("invalid in the declared encoding", func(t *testing.T) {
		in := append([]byte(meta("utf-8")), cp1251...)
		got, d, err := readAll(t, in, &ReaderOptions{Declared: true})
		bad := bytes.IndexFunc(in, func(r rune) bool { return r == utf8.RuneError })
		if err != nil || got != meta("utf-8")+ru || d.Encoding != "windows-1251" || d.By != ByStatistics {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
		if d.Declaration.Encoding != "utf-8" || !strings.Contains(d.NotFollowed, "not followed: invalid utf-8 at byte "+strconv.Itoa(bad)) {
			t.Errorf("not followed %q, declaration %+v; want the declaration and the offset %d", d.NotFollowed, d.Declaration, bad)
		}
	})
	t.Run("invalid in the Content-Type's, valid in the meta's", func(t *testing.T) {
		in := append([]byte(meta("windows-1251")), cp1251...)
		got, d, err := readAll(t, in, &ReaderOptions{Declared: true, ContentType: "text/html; charset=utf-8"})
		if err != nil || got != meta("windows-1251")+ru || d.Encoding != "windows-1251" || d.By != ByDeclaration || d.Declaration.Source != "<meta charset>" {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
	})
	t.Run("stale legacy declaration on UTF-8", func(t *testing.T) {
		in := meta("iso-8859-1") + "Grüße, café"
		got, d, err := readAll(t, []byte(in), &ReaderOptions{Declared: true})
		if err != nil || got != in || d.Encoding != "utf-8" || d.By != ByStructure || d.Declaration.Encoding != "windows-1252" ||
			!strings.Contains(d.NotFollowed, "not followed: the text is valid UTF-8 with 3 non-ASCII characters") {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
		// One non-ASCII character is not enough to overrule it.
		in = meta("iso-8859-1") + "caf\xc3\xa9"
		if got, d, _ := readAll(t, []byte(in), &ReaderOptions{Declared: true}); d.Encoding != "windows-1252" || got != meta("iso-8859-1")+"cafÃ©" {
			t.Errorf("one character: %q as %+v", got, d)
		}
	})
	t.Run("x-user-defined", func(t *testing.T) {
		in := meta("x-user-defined") + "\x80 \x93q\x94"
		got, d, err := readAll(t, []byte(in), &ReaderOptions{Declared: true})
		if err != nil || got != meta("x-user-defined")+"€ “q”" || d.Encoding != "windows-1252" {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
	})
	t.Run("utf-16 label in a meta", func(t *testing.T) {
		in := meta("utf-16") + "Grüße"
		got, d, err := readAll(t, []byte(in), &ReaderOptions{Declared: true})
		if err != nil || got != in || d.Encoding != "utf-8" || d.By != ByDeclaration {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
	})
	t.Run("replacement label", func(t *testing.T) {
		in := meta("iso-2022-kr") + "plain"
		got, d, err := readAll(t, []byte(in), &ReaderOptions{Declared: true})
		if err != nil || got != in || d.By == ByDeclaration || !strings.Contains(d.NotFollowed, "replacement") {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
	})
	t.Run("XML declaration in UTF-16LE without a mark", func(t *testing.T) {
		text := `<?xml version="1.0" encoding="UTF-16"?><r>Grüße, мир</r>`
		got, d, err := readAll(t, readerUTF16(text, false), &ReaderOptions{Declared: true})
		if err != nil || got != text || d.Encoding != "utf-16le" || d.By != ByDeclaration || d.Declaration.Source != "XML declaration" {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
	})
	t.Run("XML declaration", func(t *testing.T) {
		text := `<?xml version="1.0" encoding="windows-1251"?><r>`
		got, d, err := readAll(t, append([]byte(text), cp1251...), &ReaderOptions{Declared: true})
		if err != nil || got != text+ru || d.Encoding != "windows-1251" || d.Declaration.Source != "XML declaration" {
			t.Errorf("got %q as %+v, %v", got, d, err)
		}
	})
	t.Run("a declaration beyond what is read ahead", func(t *testing.T) {
		// The meta ends past the 64 bytes read ahead: not seen.
		in := append([]byte(strings.Repeat(" ", 60)+meta("windows-1251")), cp1251...)
		_, d, err := readAll(t, in, &ReaderOptions{Declared: true, Options: Options{Limit: 64}})
		if err != nil || d.By == ByDeclaration {
			t.Errorf("decided %+v, %v", d, err)
		}
	})
}

// Invalid bytes become U+FFFD, or under Strict an *InvalidError naming
// their offset in the input, after all the text before them.
func TestReaderInvalid(t *testing.T) {
	head := strings.Repeat("a", 100)
	cases := []struct {
		name      string
		in        string
		o         ReaderOptions
		encoding  string
		replaced  string // the whole text under the default
		offset    int64
		bytes     string
		transcode bool // the error wraps a *transcode.Error
	}{
		{"utf-8 beyond an ASCII head", head + "b\xffc", ReaderOptions{Options: Options{Limit: 64}},
			"us-ascii", head + "b\uFFFDc", 101, "\xff", true},
		{"truncated utf-8 at the end", head + "b\xe2\x82", ReaderOptions{Options: Options{Limit: 64}},
			"us-ascii", head + "b\uFFFD", 101, "\xe2\x82", true},
		{"utf-16le lone surrogate", "\xff\xfea\x00b\x00\x00\xd8c\x00", ReaderOptions{},
			"utf-16le", "ab\uFFFDc", 6, "\x00\xd8", true},
		{"shift_jis", head + "\x93\xfa\x81\x20x", ReaderOptions{ContentType: "text/plain; charset=shift_jis", Options: Options{Limit: 64}},
			"shift_jis", head + "日\uFFFD x", 102, "\x81", false},
		{"shift_jis cut at the end", head + "\x93\xfa\x81", ReaderOptions{ContentType: "text/plain; charset=shift_jis", Options: Options{Limit: 64}},
			"shift_jis", head + "日\uFFFD", 102, "\x81", false},
		{"windows-1253 undefined byte", head + "\xe1\xaa", ReaderOptions{ContentType: "text/plain; charset=windows-1253", Options: Options{Limit: 64}},
			"windows-1253", head + "α\uFFFD", 101, "\xaa", false},
		{"iso-2022-jp", head + "\x1b$B\x46\x7c\x1b(B \x1b$B\x7f\x7f\x1b(B", ReaderOptions{ContentType: "text/plain; charset=iso-2022-jp", Options: Options{Limit: 64}},
			// WHATWG's decoder: each 7F in the JIS X 0208 state is an error.
			"iso-2022-jp", head + "日 \uFFFD\uFFFD", 112, "\x7f", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			got, d, err := readAll(t, []byte(c.in), &o)
			if err != nil || got != c.replaced || d.Encoding != c.encoding {
				t.Fatalf("read %q as %s, %v; want %q as %s", got, d.Encoding, err, c.replaced, c.encoding)
			}
			o.Strict = true
			got, _, err = readAll(t, []byte(c.in), &o)
			var ie *InvalidError
			if !errors.As(err, &ie) {
				t.Fatalf("strict: read %q, %v; want an *InvalidError", got, err)
			}
			if ie.Offset != c.offset || string(ie.Bytes) != c.bytes || ie.Encoding != c.encoding {
				t.Errorf("strict: %+v, want offset %d, bytes % X", ie, c.offset, c.bytes)
			}
			if want := c.replaced[:strings.Index(c.replaced, "\uFFFD")]; got != want {
				t.Errorf("strict: text before the error %q, want %q", got, want)
			}
			// The error wraps transcode's when transcode decoded the input:
			// the UTF forms, and every legacy encoding it knows.
			_, lerr := transcode.Lookup(c.encoding)
			want := c.transcode || lerr == nil
			var te *transcode.Error
			if got := errors.As(err, &te); got != want {
				t.Errorf("strict: wraps a *transcode.Error: %v, want %v", got, want)
			}
			// One error model: transcode's error is utf8x's, and every
			// strict error is utf8x.ErrInvalid, whoever decoded.
			var ue *utf8x.Error
			if got := errors.As(err, &ue); got != want || ue != te {
				t.Errorf("strict: wraps a *utf8x.Error: %v (%p), want %v (%p)", got, ue, want, te)
			}
			if want && (ue.Offset+len(ue.Bytes()) > len(c.in) || ue.Kind == 0 || ue.Kind == utf8x.Unrepresentable) {
				t.Errorf("strict: wrapped error %+v", ue)
			}
			if !errors.Is(err, utf8x.ErrInvalid) || errors.Is(err, utf8x.ErrUnrepresentable) {
				t.Errorf("strict: errors.Is(%v, ErrInvalid) = %v, ErrUnrepresentable %v; want true, false",
					err, errors.Is(err, utf8x.ErrInvalid), errors.Is(err, utf8x.ErrUnrepresentable))
			}
			if !strings.Contains(err.Error(), "at byte "+strconv.Itoa(int(c.offset))) {
				t.Errorf("strict: message %q does not name the offset", err)
			}
		})
	}
	// GB18030 encodes U+FFFD itself (84 31 A4 37, Python's codec says):
	// that is text, not an error.
	in := head + "\x84\x31\xa4\x37"
	got, _, err := readAll(t, []byte(in), &ReaderOptions{Strict: true, ContentType: "text/plain; charset=gb18030", Options: Options{Limit: 64}})
	if err != nil || got != head+"\uFFFD" {
		t.Errorf("gb18030 U+FFFD: %q, %v", got, err)
	}
}

func TestReaderMinConfidence(t *testing.T) {
	_, err := NewReader(strings.NewReader("\xe9"), &ReaderOptions{Options: Options{MinConfidence: 0.99}})
	var lc *LowConfidenceError
	if !errors.As(err, &lc) || lc.MinConfidence != 0.99 || len(lc.Result.Candidates) == 0 {
		t.Fatalf("NewReader = %v, want a *LowConfidenceError", err)
	}
	// Without a minimum it decodes the best guess.
	got, d, err := readAll(t, []byte("\xe9"), nil)
	if err != nil || d.Encoding == "" || utf8.RuneCountInString(got) != 1 {
		t.Fatalf("read %q as %+v, %v", got, d, err)
	}
	// A declaration is not subject to it.
	if _, d, err := readAll(t, []byte("<meta charset=windows-1252>\xe9"), &ReaderOptions{Declared: true, Options: Options{MinConfidence: 0.99}}); err != nil || d.Encoding != "windows-1252" {
		t.Fatalf("declared: %+v, %v", d, err)
	}
}

func TestReaderEmptyAndRaw(t *testing.T) {
	got, d, err := readAll(t, nil, nil)
	if err != nil || got != "" || d.Encoding == "" {
		t.Errorf("empty input: %q as %+v, %v", got, d, err)
	}
	in := append([]byte("\xff\xfe"), readerUTF16("raw", false)...)
	r, err := NewReader(bytes.NewReader(in), nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(r.Raw())
	if err != nil || !bytes.Equal(raw, in) {
		t.Errorf("Raw gives % X, %v; want the input % X", raw, err, in)
	}
	// A read error while reading ahead is NewReader's.
	boom := errors.New("boom")
	if _, err := NewReader(iotest.ErrReader(boom), nil); !errors.Is(err, boom) {
		t.Errorf("NewReader over a failing reader: %v", err)
	}
	// One after: the Reader's.
	r, err = NewReader(io.MultiReader(strings.NewReader(strings.Repeat("a", 100)), iotest.ErrReader(boom)), &ReaderOptions{Options: Options{Limit: 10}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(r); !errors.Is(err, boom) {
		t.Errorf("read error after the head: %v", err)
	}
}

func TestReaderBasisString(t *testing.T) {
	for b, want := range map[Basis]string{ByStatistics: "statistics", ByStructure: "structure", ByBOM: "bom", ByDeclaration: "declared"} {
		if b.String() != want {
			t.Errorf("%d.String() = %q, want %q", b, b.String(), want)
		}
	}
}

// Binary data is refused, whatever it declares; a byte order mark comes
// first even when the text after it is not valid in its form.
func TestReaderBinary(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00\x5c\x72\xa8\x66")
	for _, o := range []*ReaderOptions{nil, {Declared: true, ContentType: "text/plain; charset=windows-1252"}} {
		_, err := NewReader(bytes.NewReader(png), o)
		var be *BinaryError
		if !errors.As(err, &be) || be.What != "a PNG image" || !strings.Contains(err.Error(), "not text: a PNG image") {
			t.Errorf("PNG: %v, want a *BinaryError naming a PNG image", err)
		}
	}
	// FF FE, then a lone surrogate and NULs: UTF-16LE by its mark, the
	// surrogate U+FFFD.
	got, d, err := readAll(t, []byte("\xff\xfea\x00\x00\xd8\x00\x00\x00\x00\x00\x00b\x00"), nil)
	if err != nil || got != "a\uFFFD\x00\x00\x00b" || d.Encoding != "utf-16le" || d.By != ByBOM || d.BOM != 2 {
		t.Errorf("FF FE then an invalid text: %q as %+v, %v", got, d, err)
	}
}

// Without a mark or a declaration the Reader decides as DetectReader does
// on the same input: the same candidates, the same bytes examined.
func TestReaderMatchesDetectReader(t *testing.T) {
	ru := strings.Repeat("Вчера вечером мы долго гуляли по набережной. ", 2000)
	for _, in := range [][]byte{
		[]byte("plain"),
		[]byte("Grüße"),
		must(charmap.Windows1251.NewEncoder().Bytes([]byte(ru))),
		readerUTF16("wide text without a mark, long enough to show its NULs", false),
		[]byte(strings.Repeat("a", DefaultLimit) + "\xe9"),
	} {
		want, err := DetectReader(bytes.NewReader(in), nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewReader(bytes.NewReader(in), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := r.Decision().Result
		if got.Examined != want.Examined || got.Truncated != want.Truncated || len(got.Candidates) != len(want.Candidates) ||
			got.Candidates[0].Encoding != want.Candidates[0].Encoding || got.Candidates[0].Confidence != want.Candidates[0].Confidence {
			t.Errorf("% X...: Reader's detection %+v, DetectReader's %+v", in[:4], got, want)
		}
	}
}
