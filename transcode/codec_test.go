package transcode

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// The multi-byte codecs as Converter stages: the policies on what their
// encoders cannot represent, offsets, streams cut anywhere. The tables are
// internal/multibyte's, the oracle here x/text's encoder, run directly, on
// samples where the two agree; what is
// tested is the staging around them.

var codecSamples = []struct {
	label string
	x     encoding.Encoding
	text  string // characters the encoding holds
}{
	{"shift_jis", japanese.ShiftJIS, "日本語のテキスト、カタカナ ｶﾀｶﾅ abc\n"},
	{"euc-jp", japanese.EUCJP, "日本語のテキスト abc\n"},
	{"iso-2022-jp", japanese.ISO2022JP, "日本語 abc 日本\n"},
	{"gbk", simplifiedchinese.GBK, "中文文本 abc\n"},
	{"gb18030", simplifiedchinese.GB18030, "中文文本 é 😀 abc\n"},
	{"big5", traditionalchinese.Big5, "中文文本 abc\n"},
	{"euc-kr", korean.EUCKR, "한국어 텍스트 abc\n"},
}

func TestCodecPolicies(t *testing.T) {
	for _, s := range codecSamples {
		e, err := Lookup(s.label)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.x.NewEncoder().Bytes([]byte(s.text))
		if err != nil {
			t.Fatalf("%s: x/text cannot encode the sample: %v", s.label, err)
		}
		got, err := e.AppendEncode(nil, []byte(s.text))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: AppendEncode = % X, %v; want % X", e, got, err, want)
		}
		back, err := e.AppendDecode(nil, want)
		if err != nil || string(back) != s.text {
			t.Errorf("%s: AppendDecode = %q, %v; want %q", e, back, err, s.text)
		}
		if s.label == "gb18030" {
			continue // a Unicode encoding: every character has its bytes
		}
		// A character it lacks (U+0E01 THAI KO KAI is in none of the
		// others), at line 2, column 2.
		bad := s.text + "x\u0E01y"
		off := len(s.text) + 1
		_, err = e.AppendEncode(nil, []byte(bad))
		checkErr(t, err, off, 3, utf8x.Unrepresentable)
		head, _ := s.x.NewEncoder().Bytes([]byte(s.text + "x"))
		tail, _ := s.x.NewEncoder().Bytes([]byte("y"))
		for _, c := range []struct {
			p    utf8x.Policy
			repl string
		}{
			{utf8x.HTML, "&#3585;"},
			{utf8x.Skip, ""},
			{utf8x.Replace, "?"},
			{utf8x.ReplaceWith("[]"), "[]"},
			{utf8x.Escape, `\xe0\xb8\x81`},
		} {
			// The replacement goes through the encoder, which for
			// ISO-2022-JP means back to ASCII first.
			want, _ := s.x.NewEncoder().Bytes([]byte(s.text + "x" + c.repl + "y"))
			got, err := e.WithPolicy(c.p).AppendEncode(nil, []byte(bad))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s %s: % X, %v; want % X (head % X, tail % X)", e, c.p, got, err, want, head, tail)
			}
		}
	}
}

// A codec conversion cut anywhere, into a destination of any size, gives
// what Append gives.
func TestCodecStreams(t *testing.T) {
	for _, s := range codecSamples {
		e, _ := Lookup(s.label)
		text := strings.Repeat(s.text+"x\u0E01y\U0001F600", 40)
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.HTML, utf8x.Skip} {
			want, err := e.WithPolicy(p).AppendEncode(nil, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			for _, step := range []int{1, 3, 7, 4096} {
				r := transform.NewReader(iotest.OneByteReader(strings.NewReader(text)), e.WithPolicy(p).NewEncoder())
				got, err := readInSteps(r, step)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s %s encode in steps of %d: % X, %v; want % X", e, p, step, got, err, want)
				}
			}
			dec, err := e.WithPolicy(p).AppendDecode(nil, want)
			if err != nil || !utf8.Valid(dec) {
				t.Fatalf("%s decode: %q %v", e, dec, err)
			}
			for _, step := range []int{1, 5, 4096} {
				r := transform.NewReader(iotest.OneByteReader(bytes.NewReader(want)), e.WithPolicy(p).NewDecoder())
				got, err := readInSteps(r, step)
				if err != nil || !bytes.Equal(got, dec) {
					t.Errorf("%s %s decode in steps of %d: %q, %v; want %q", e, p, step, got, err, dec)
				}
			}
		}
	}
}

func readInSteps(r io.Reader, step int) ([]byte, error) {
	var out []byte
	buf := make([]byte, step)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

// Between a codec and another legacy encoding, through UTF-8.
func TestCodecToSingleByte(t *testing.T) {
	sjis, _ := Lookup("shift_jis")
	w1251, _ := Lookup("windows-1251")
	in, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte("abc ｶ\n"))
	got, err := NewConverter(sjis, w1251, utf8x.HTML, utf8x.BOMKeep).Append(nil, in)
	if want := "abc &#65398;\n"; err != nil || string(got) != want {
		t.Errorf("Shift_JIS to windows-1251 (html) = %q, %v; want %q", got, err, want)
	}
	cp, _ := w1251.AppendEncode(nil, []byte("Привет"))
	got, err = NewConverter(w1251, sjis, utf8x.Strict, utf8x.BOMKeep).Append(nil, cp)
	want, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte("Привет"))
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("windows-1251 to Shift_JIS = % X, %v; want % X", got, err, want)
	}
}

// FuzzCodecs: whatever the bytes, the codec decoders and encoders under
// every non-strict policy end without error and with valid output.
func FuzzCodecs(f *testing.F) {
	f.Add([]byte("abc\x93\xfa\x1b$B\xff"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		if len(data) > 2048 {
			data = data[:2048]
		}
		var cs []Encoding
		for _, e := range Encodings() {
			if e.form().codec != nil {
				cs = append(cs, e)
			}
		}
		e := cs[int(which)%len(cs)]
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.HTML} {
			out, err := e.WithPolicy(p).AppendDecode(nil, data)
			if err != nil || !utf8.Valid(out) {
				t.Fatalf("%s %s decode of % X: %q, %v", e, p, data, out, err)
			}
			if _, err := e.WithPolicy(p).AppendEncode(nil, data); err != nil {
				t.Fatalf("%s %s encode of % X: %v", e, p, data, err)
			}
		}
	})
}

// FuzzLookup: any label gives an encoding or an *UnknownEncodingError.
func FuzzLookup(f *testing.F) {
	f.Add("cp1215")
	f.Add("UTF-8 ")
	f.Fuzz(func(t *testing.T, label string) {
		if len(label) > 1024 {
			label = label[:1024]
		}
		e, err := Lookup(label)
		if err == nil {
			if e.Name() == "" {
				t.Fatalf("Lookup(%q) has no name", label)
			}
			return
		}
		if _, ok := err.(*UnknownEncodingError); !ok {
			t.Fatalf("Lookup(%q): %T %v", label, err, err)
		}
	})
}

func TestLookupSuggests(t *testing.T) {
	for label, want := range map[string]string{
		"cp1215":      "cp1251",
		"utf16":       "", // a label itself
		"latin-2":     "latin2",
		"windows1251": "windows-1251",
		"koi8r":       "",
		"ibm-852":     "ibm852",
	} {
		_, err := Lookup(label)
		if want == "" {
			if err != nil {
				t.Errorf("Lookup(%q): %v", label, err)
			}
			continue
		}
		u, ok := err.(*UnknownEncodingError)
		if !ok {
			t.Errorf("Lookup(%q) = %v, want an UnknownEncodingError", label, err)
			continue
		}
		found := false
		for _, s := range u.Suggestions {
			found = found || s == want
		}
		if !found || strings.Contains(u.Error(), "utf8x") || strings.Contains(u.Error(), "--list") {
			t.Errorf("Lookup(%q): %v; want %s suggested, and no tool words", label, err, want)
		}
	}
}

// toyCodec is a strict stateless codec for testing the stages the way the
// WHATWG-exact codecs will use them: ASCII, and a lead 80-BF followed by a
// trail 40-7E for U+4E00 + (lead-80)*63 + trail-40; anything else is an
// error of one byte (a lead at the end: truncated).
type toyErr struct {
	n    int
	kind utf8x.ErrorKind
}

func (e toyErr) Error() string             { return "toy error" }
func (e toyErr) UnitLen() int              { return e.n }
func (e toyErr) UnitKind() utf8x.ErrorKind { return e.kind }
func (toyDec) Reset()                      {}
func (toyEnc) Reset()                      {}

type toyDec struct{}
type toyEnc struct{}

func (toyDec) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		switch {
		case c < 0x80:
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
		case c < 0xC0:
			if nSrc+1 == len(src) {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				return nDst, nSrc, toyErr{1, utf8x.Truncated}
			}
			t := src[nSrc+1]
			if t < 0x40 || t > 0x7E {
				return nDst, nSrc, toyErr{1, utf8x.Unmapped} // the trail is read again
			}
			if len(dst)-nDst < 3 {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += utf8.EncodeRune(dst[nDst:], 0x4E00+rune(c-0x80)*63+rune(t-0x40))
			nSrc += 2
		default:
			return nDst, nSrc, toyErr{1, utf8x.Unmapped}
		}
	}
	return nDst, nSrc, nil
}

func (toyEnc) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		r, n := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && n == 1 && !atEOF && !utf8.FullRune(src[nSrc:]) {
			return nDst, nSrc, transform.ErrShortSrc
		}
		var out []byte
		switch {
		case r < 0x80:
			out = []byte{byte(r)}
		case r >= 0x4E00 && r < 0x4E00+64*63:
			v := r - 0x4E00
			out = []byte{byte(0x80 + v/63), byte(0x40 + v%63)}
		default:
			return nDst, nSrc, toyErr{n, utf8x.Unrepresentable}
		}
		if len(dst)-nDst < len(out) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], out)
		nSrc += n
	}
	return nDst, nSrc, nil
}

func toyEncoding() Encoding {
	c := &codec{name: "toy", maxLen: 2,
		newDecoder: func() transform.Transformer { return toyDec{} },
		newEncoder: func() transform.Transformer { return toyEnc{} }}
	initCodec(c)
	return Encoding{f: c.form}
}

// A strict codec's errors reach every policy with their offsets.
func TestCodecContract(t *testing.T) {
	toy := toyEncoding()
	in := []byte("ab\n\x80\x41\xC5c\x81\x0A\x82")
	got, err := toy.AppendDecode(nil, in)
	checkErr(t, err, 5, 1, utf8x.Unmapped)
	if string(got) != "ab\n\u4e01" {
		t.Errorf("strict decode wrote %q before the error", got)
	}
	for _, c := range []struct {
		p    utf8x.Policy
		want string
	}{
		{utf8x.Replace, "ab\n\u4e01\uFFFDc\uFFFD\n\uFFFD"},
		{utf8x.Skip, "ab\n\u4e01c\n"},
		{utf8x.Escape, `ab` + "\n\u4e01" + `\xc5c\x81` + "\n" + `\x82`},
	} {
		got, err := toy.WithPolicy(c.p).AppendDecode(nil, in)
		if err != nil || string(got) != c.want {
			t.Errorf("%s decode = %q, %v; want %q", c.p, got, err, c.want)
		}
		// Cut anywhere: one byte at a time through a reader.
		r := transform.NewReader(iotest.OneByteReader(bytes.NewReader(in)), toy.WithPolicy(c.p).NewDecoder())
		got, err = readInSteps(r, 1)
		if err != nil || string(got) != c.want {
			t.Errorf("%s streamed decode = %q, %v; want %q", c.p, got, err, c.want)
		}
	}
	_, err = toy.AppendEncode(nil, []byte("a\u4e01b\n\u00e9"))
	checkErr(t, err, 6, 2, utf8x.Unrepresentable)
	got, err = toy.WithPolicy(utf8x.HTML).AppendEncode(nil, []byte("a\u4e01b\n\u00e9"))
	if want := "a\x80\x41b\n&#233;"; err != nil || string(got) != want {
		t.Errorf("html encode = %q, %v; want %q", got, err, want)
	}
}

// FirstInvalid, RuneCount and IncompleteTail of a codec read it from the
// start, as its decoder does.
func TestCodecValidation(t *testing.T) {
	toy := toyEncoding()
	in := []byte("ab\n\x80\x41\xC5c\x81")
	if off, n, kind := toy.FirstInvalid(in, true); off != 5 || n != 1 || kind != utf8x.Unmapped {
		t.Errorf("FirstInvalid = %d, %d, %s; want 5, 1, unmapped", off, n, kind)
	}
	if off, n, _ := toy.FirstInvalid(in[:5], false); off != 5 || n != 0 {
		t.Errorf("FirstInvalid of a valid prefix = %d, %d; want 5, 0", off, n)
	}
	if off, n, _ := toy.FirstInvalid([]byte("ab\x80"), false); off != 2 || n != 0 {
		t.Errorf("FirstInvalid with a lead at the end = %d, %d; want 2, 0", off, n)
	}
	if off, n, kind := toy.FirstInvalid([]byte("ab\x80"), true); off != 2 || n != 1 || kind != utf8x.Truncated {
		t.Errorf("FirstInvalid with a lead at the end of the input = %d, %d, %s; want 2, 1, truncated", off, n, kind)
	}
	// a b LF U+4E01 (2 bytes) \xC5 c \x81: 7 characters, two of them U+FFFD.
	if got := toy.RuneCount(in); got != 7 {
		t.Errorf("RuneCount = %d, want 7", got)
	}
	if got := toy.IncompleteTail([]byte("ab\x80\x41\x80")); got != 1 {
		t.Errorf("IncompleteTail = %d, want 1", got)
	}
}

// The multi-byte decoders are strict: a byte they cannot decode is an error
// at its offset (FF starts no character in any of them, as their standards
// and Python's codecs agree), and under Replace one U+FFFD; gb18030's own
// U+FFFD, 84 31 A4 37, is a character.
func TestCodecDecodersStrict(t *testing.T) {
	for _, label := range []string{"shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr",
		"iso-2022-kr", "hz-gb-2312", "johab", "euc-jis-2004"} {
		e, _ := Lookup(label)
		in := []byte("ab\n\xffc")
		got, err := e.AppendDecode(nil, in)
		checkErr(t, err, 3, 1, utf8x.Unmapped)
		if string(got) != "ab\n" {
			t.Errorf("%s: strict wrote %q before the error", e, got)
		}
		got, err = e.WithPolicy(utf8x.Replace).AppendDecode(nil, in)
		if err != nil || string(got) != "ab\n\uFFFDc" {
			t.Errorf("%s: replace gives %q, %v", e, got, err)
		}
	}
	e, _ := Lookup("gb18030")
	got, err := e.AppendDecode(nil, []byte("a\x84\x31\xa4\x37b"))
	if err != nil || string(got) != "a\uFFFDb" {
		t.Errorf("gb18030 84 31 A4 37: %q, %v; want U+FFFD as a character", got, err)
	}
}

// The Encoding Standard's cases x/text's tables got wrong, through the
// registry: Shift_JIS F0 40 is U+E000 and gb18030 A1 40 U+E4C6 (Python's
// cp932 and gb18030 and glibc agree); gb18030 81 FF is one unit of two bytes
// (the standard: FF is not ASCII, so it is not read again; Python reads two
// errors); EUC-JIS X 0213's A4 F7 is U+304B U+309A and AE A2 U+2000B (Python's
// euc_jis_2004 and glibc agree).
func TestCodecWHATWGCases(t *testing.T) {
	for _, c := range []struct {
		label, in, want string
	}{
		{"shift_jis", "\xF0\x40", "\uE000"},
		{"gb18030", "\xA1\x40", "\uE4C6"},
		{"euc-jis-2004", "\xA4\xF7\xAE\xA2", "\u304B\u309A\U0002000B"},
	} {
		e, err := Lookup(c.label)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.AppendDecode(nil, []byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s % X = %+q, %v; want %+q", e, c.in, got, err, c.want)
		}
		back, err := e.AppendEncode(nil, []byte(c.want))
		if c.label != "shift_jis" && (err != nil || string(back) != c.in) {
			// The standard's Shift_JIS encoder does not write the
			// user-defined area it reads.
			t.Errorf("%s encode %+q = % X, %v; want % X", e, c.want, back, err, c.in)
		}
	}
	gb, _ := Lookup("gb18030")
	got, err := gb.WithPolicy(utf8x.Replace).AppendDecode(nil, []byte("a\x81\xFFb"))
	if err != nil || string(got) != "a\uFFFDb" {
		t.Errorf("gb18030 61 81 FF 62 = %+q, %v; want one U+FFFD", got, err)
	}
	_, err = gb.AppendDecode(nil, []byte("a\n\x81\xFFb"))
	checkErr(t, err, 2, 2, utf8x.Unmapped)
}

// WHATWG gives iso-2022-kr, csiso2022kr, hz-gb-2312, iso-2022-cn and
// csiso2022cn to its replacement encoding; here they are the real
// encodings, as in iconv, and the replacement encoding's own labels (and
// iso-2022-cn-ext, which is not provided) are unknown.
func TestReplacementLabels(t *testing.T) {
	for label, want := range map[string]string{
		"iso-2022-kr": "ISO-2022-KR", "csiso2022kr": "ISO-2022-KR", "hz-gb-2312": "HZ-GB-2312",
		"iso-2022-cn": "ISO-2022-CN", "csiso2022cn": "ISO-2022-CN",
	} {
		if e, err := Lookup(label); err != nil || e.Name() != want || !e.CanEncode() {
			t.Errorf("Lookup(%q) = %v, %v; want %s, both ways", label, e, err, want)
		}
	}
	for _, label := range []string{"replacement", "iso-2022-cn-ext"} {
		if _, err := Lookup(label); err == nil {
			t.Errorf("Lookup(%q) succeeds", label)
		}
	}
}

// An encoder's error from UTF-8 input is placed in the input, byte order
// mark stripped or added at the start included, and a stream stops there:
// Offset is where the character starts, not where the middle stage had read
// to (the CLI counts the line and column of a stream from it).
func TestCodecEncoderErrorOffset(t *testing.T) {
	sjis, _ := Lookup("shift_jis")
	for _, c := range []struct {
		in   string
		bom  utf8x.BOMPolicy
		want int
	}{
		{"ab\ncd\u0E01e", utf8x.BOMKeep, 5},
		{"\uFEFFab\ncd\u0E01e", utf8x.BOMStrip, 8},
		{"\uFEFFab\ncd\u0E01e", utf8x.BOMAdd, 0}, // the mark kept, which Shift_JIS lacks
		{"ab\ncd\u0E01e", utf8x.BOMStrip, 5},
	} {
		conv := NewConverter(UTF8, sjis, utf8x.Strict, c.bom)
		_, err := conv.Append(nil, []byte(c.in))
		checkErr(t, err, c.want, 3, utf8x.Unrepresentable)
		conv.Reset()
		_, n, err := conv.Transform(make([]byte, 64), []byte(c.in), false)
		checkErr(t, err, c.want, 3, utf8x.Unrepresentable)
		if n != c.want || conv.Offset() != int64(c.want) {
			t.Errorf("%q %s: the stream consumed %d (Offset %d), want %d", c.in, c.bom, n, conv.Offset(), c.want)
		}
	}
	// A mark added that Shift_JIS cannot hold is at the start.
	_, err := NewConverter(UTF8, sjis, utf8x.Strict, utf8x.BOMAdd).Append(nil, []byte("ab"))
	checkErr(t, err, 0, 3, utf8x.Unrepresentable)
}
