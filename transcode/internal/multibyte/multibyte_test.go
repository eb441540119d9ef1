package multibyte

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/testsample"
	"golang.org/x/text/transform"
)

func mustEncoder(t testing.TB, c *Codec, mode Mode, repl string) transform.Transformer {
	t.Helper()
	e, err := c.NewEncoder(mode, repl)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// run transforms in whole, growing dst as transform.Bytes does.
func run(tr transform.Transformer, in []byte) ([]byte, error) {
	tr.Reset()
	out, _, err := transform.Bytes(tr, in)
	return out, err
}

// chunked feeds in to tr in pieces cut at the given offsets, with a dst of
// dstSize bytes, the way a stream does: unconsumed input is kept and
// prefixed to the next piece.
func chunked(tr transform.Transformer, in []byte, cuts []int, dstSize int) ([]byte, error) {
	tr.Reset()
	var out []byte
	dst := make([]byte, dstSize)
	var pending []byte
	prev := 0
	cuts = append(append([]int(nil), cuts...), len(in))
	for i, c := range cuts {
		pending = append(pending, in[prev:c]...)
		prev = c
		atEOF := i == len(cuts)-1
		for {
			nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
			out = append(out, dst[:nDst]...)
			pending = pending[nSrc:]
			if err == transform.ErrShortDst {
				if nDst == 0 && nSrc == 0 && len(dst) < 256 {
					dst = make([]byte, 2*len(dst))
				}
				continue
			}
			if err == transform.ErrShortSrc {
				if atEOF {
					return out, fmt.Errorf("ErrShortSrc at EOF")
				}
				break
			}
			if err != nil {
				return out, err
			}
			if len(pending) == 0 || !atEOF {
				break
			}
		}
	}
	return out, nil
}

func runesOf(b []byte) []rune { return []rune(string(b)) }

func eqRunes(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkDecode compares the decoder with the reference on one input, in both
// modes.
func checkDecode(t *testing.T, c *Codec, ref func() func(*queue, int) []int, in []byte) bool {
	t.Helper()
	want, firstErr := refDecode(in, ref())
	got, err := run(c.NewDecoder(Replace), in)
	if err != nil || !eqRunes(runesOf(got), want) {
		t.Errorf("%s: decode % x = %U (err %v), reference %U", c.Name, in, runesOf(got), err, want)
		return false
	}
	got, err = run(c.NewDecoder(Strict), in)
	var e *Error
	switch {
	case firstErr < 0 && err != nil:
		t.Errorf("%s: strict decode % x: unexpected %v", c.Name, in, err)
		return false
	case firstErr >= 0 && (!errors.As(err, &e) || e.Offset != int64(firstErr) || e.Len < 1):
		t.Errorf("%s: strict decode % x: error %v, want one at offset %d", c.Name, in, err, firstErr)
		return false
	case firstErr >= 0 && !eqRunes(runesOf(got), want[:len(runesOf(got))]):
		t.Errorf("%s: strict decode % x: output before the error %U, reference %U", c.Name, in, runesOf(got), want)
		return false
	}
	return true
}

// TestDecodeEveryPair decodes every lead x trail (alone, and followed by an
// ASCII byte and by a lead) against the reference built from the index data.
func TestDecodeEveryPair(t *testing.T) {
	r := loadRef(t)
	for _, c := range whatwgCodecs {
		t.Run(c.Name, func(t *testing.T) {
			ref := r.decoderFor(c)
			prefix := []byte{}
			if c == ISO2022JP {
				prefix = []byte("\x1b$B")
			}
			bad := 0
			for lead := 0; lead < 256 && bad < 10; lead++ {
				for trail := 0; trail < 256 && bad < 10; trail++ {
					for ti, tail := range []string{"", "A", "\x81", "\x30\x81\x30"} {
						if ti > 0 && !testsample.Sampled(4, lead, trail, ti) {
							continue // -short: every pair alone, a quarter with each tail
						}
						in := append(append(append([]byte{}, prefix...), byte(lead), byte(trail)), tail...)
						if !checkDecode(t, c, ref, in) {
							bad++
						}
					}
				}
			}
		})
	}
}

// TestDecodeGB18030FourByte decodes four-byte sequences against the
// reference: every one whose first byte is 0x81-0x84 or 0x90-0x93 (and
// 0xE3-0xFE at the edges), with a sample of the rest.
func TestDecodeGB18030FourByte(t *testing.T) {
	r := loadRef(t)
	rng := rand.New(rand.NewSource(1))
	bad := 0
	for b1 := 0x81; b1 <= 0xFE && bad < 10; b1++ {
		full := b1 <= 0x84 || (b1 >= 0x90 && b1 <= 0x93) || b1 >= 0xE3
		if testing.Short() && b1 != 0x81 && b1 != 0x84 && b1 != 0x90 && b1 != 0xE3 {
			full = false
		}
		for b2 := 0x30; b2 <= 0x39; b2++ {
			for b3 := 0x81; b3 <= 0xFE; b3++ {
				for b4 := 0x30; b4 <= 0x39; b4++ {
					if !full && rng.Intn(64) != 0 {
						continue
					}
					in := []byte{byte(b1), byte(b2), byte(b3), byte(b4)}
					want, _ := refDecode(in, r.gb18030Decoder())
					got, err := run(GB18030.NewDecoder(Replace), in)
					if err != nil || !eqRunes(runesOf(got), want) {
						t.Errorf("decode % x = %U, reference %U", in, runesOf(got), want)
						bad++
					}
				}
			}
		}
	}
}

// TestEncodeEveryScalar encodes every Unicode scalar value against the
// reference encoders.
func TestEncodeEveryScalar(t *testing.T) {
	r := loadRef(t)
	for _, c := range whatwgCodecs {
		t.Run(c.Name, func(t *testing.T) {
			enc := mustEncoder(t, c, Strict, "")
			bad := 0
			var buf [8]byte
			for cp := 0; cp <= 0x10FFFF && bad < 10; cp++ {
				if cp >= 0xD800 && cp <= 0xDFFF || cp >= 0x10000 && !testsample.Sampled(16, cp) {
					continue // -short: the BMP and a sixteenth of the rest
				}
				in := buf[:utf8.EncodeRune(buf[:], rune(cp))]
				want := r.encodeOne(c, cp)
				got, err := run(enc, in)
				if want == nil {
					var e *Error
					if !errors.As(err, &e) || e.Kind != Unrepresentable || e.Rune != rune(cp) || e.Offset != 0 || e.Len != len(in) {
						t.Errorf("encode U+%04X: got % x, %v; want an Unrepresentable error", cp, got, err)
						bad++
					}
					continue
				}
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("encode U+%04X: got % x, %v; want % x", cp, got, err, want)
					bad++
				}
			}
		})
	}
}

// soup makes byte strings that stress a codec's error paths: leads, trails,
// ASCII, escapes, truncations.
func soup(rng *rand.Rand, c *Codec, n int) []byte {
	interesting := []byte{0x00, 0x0A, 0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x29, 0x30, 0x39, 0x40, 0x41, 0x42, 0x43, 0x49, 0x4A,
		0x5C, 0x7E, 0x7F, 0x80, 0x81, 0x84, 0x8E, 0x8F, 0x9F, 0xA0, 0xA1, 0xC6, 0xDF, 0xE0, 0xF0, 0xF9, 0xFC, 0xFE, 0xFF, '~', '{', '}'}
	b := make([]byte, rng.Intn(n+1))
	for i := range b {
		if rng.Intn(3) == 0 {
			b[i] = byte(rng.Intn(256))
		} else {
			b[i] = interesting[rng.Intn(len(interesting))]
		}
	}
	return b
}

func TestDecodeSoupVsReference(t *testing.T) {
	r := loadRef(t)
	rng := rand.New(rand.NewSource(2))
	iters := 3000
	if testing.Short() {
		iters = 500
	}
	for _, c := range whatwgCodecs {
		ref := r.decoderFor(c)
		bad := 0
		for i := 0; i < iters && bad < 10; i++ {
			if !checkDecode(t, c, ref, soup(rng, c, 40)) {
				bad++
			}
		}
	}
}

// TestChunking checks that every cut of the input, with tiny output
// buffers, gives the whole-input output, for every codec both ways.
func TestChunking(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	text := "Ab~\\ ¥‾ 日本語のテキスト ｶﾀｶﾅ 中文汉字 한국어 텍스트 繁體字 𠀋𡈽 か゚ æ̀ €\n~{x}\x1b"
	for _, c := range Codecs {
		enc := mustEncoder(t, c, Replace, "")
		encoded, err := run(enc, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		inputs := [][]byte{encoded}
		for i := 0; i < 12; i++ {
			inputs = append(inputs, soup(rng, c, 24))
		}
		for _, in := range inputs {
			for _, mode := range []Mode{Replace, Strict, Skip} {
				dec := c.NewDecoder(mode)
				whole, werr := run(dec, in)
				for cut := 0; cut <= len(in); cut++ {
					for _, dsz := range []int{1, 3, 64} {
						got, err := chunked(dec, in, []int{cut}, dsz)
						if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
							t.Fatalf("%s decode mode %d, % x cut at %d dst %d: %q %v; whole %q %v", c.Name, mode, in, cut, dsz, got, err, whole, werr)
						}
					}
				}
				if len(in) > 2 {
					got, err := chunked(dec, in, []int{1, len(in) / 2, len(in) - 1}, 2)
					if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
						t.Fatalf("%s decode, three cuts: %q %v; whole %q %v", c.Name, got, err, whole, werr)
					}
				}
			}
		}
		src := []byte(text + "\xff\xe3\x81" + text)
		for _, mode := range []Mode{Strict, Replace, HTML, Skip} {
			e := mustEncoder(t, c, mode, "")
			whole, werr := run(e, src)
			for cut := 0; cut <= len(src); cut++ {
				for _, dsz := range []int{1, 5, 80} {
					got, err := chunked(e, src, []int{cut}, dsz)
					if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
						t.Fatalf("%s encode mode %d cut at %d dst %d: % x %v; whole % x %v", c.Name, mode, cut, dsz, got, err, whole, werr)
					}
				}
			}
		}
	}
}

// TestRoundTrip: what a decoder reads without error, the encoder writes
// back to text that decodes to the same characters.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for _, c := range Codecs {
		enc := mustEncoder(t, c, Strict, "")
		dec := c.NewDecoder(Strict)
		for i := 0; i < 2000; i++ {
			in := soup(rng, c, 16)
			text, err := run(dec, in)
			if err != nil {
				continue
			}
			back, err := run(enc, text)
			if err != nil {
				// The standard's encoders cannot write every character its
				// decoders read (GB18030's A3A0 is U+3000, ...): then it
				// must be an Unrepresentable error, nothing else.
				var e *Error
				if !errors.As(err, &e) || e.Kind != Unrepresentable {
					t.Errorf("%s: re-encoding %q: %v", c.Name, text, err)
				}
				continue
			}
			again, err := run(dec, back)
			if err != nil || !bytes.Equal(again, text) {
				t.Errorf("%s: % x -> %q -> % x -> %q %v", c.Name, in, text, back, again, err)
			}
		}
	}
}

// The examples the task and the standard's tests name.
func TestWHATWGExamples(t *testing.T) {
	cases := []struct {
		c    *Codec
		in   string
		want string
	}{
		{GB18030, "\x81\xff", "\ufffd"},
		{GB18030, "\x81\xffA", "\ufffdA"},
		{GB18030, "\x81\x30\x81\x41", "\ufffd0\u4e04"},
		{GB18030, "\xa1\x40", "\ue4c6"},
		{GB18030, "\x81\x35\xf4\x37", "\ue7c7"},
		{GB18030, "\xa6\xd9", "\ufe10"},
		{GB18030, "\x84\x31\xa4\x39", "\uffff"},
		{GB18030, "\x84\x31\xa5\x30", "\ufffd"},
		{GB18030, "\xe3\x32\x9a\x35", "\U0010ffff"},
		{GB18030, "\x80", "\u20ac"},
		{ShiftJIS, "\xf0\x40", "\ue000"},
		{ShiftJIS, "\xf9\xfc", "\ue757"},
		{ShiftJIS, "\x81 ", "\ufffd "},
		{EUCJP, "\x8f\xa1A", "\ufffdA"},
		{Big5, "\x88\x62", "\u00ca\u0304"},
		{Big5, "\x87\x40", "\u43f0"},
		{ISO2022JP, "\x1b$B\x1b(B", "\ufffd"},
		{ISO2022JP, "\x1b(J\\~", "\u00a5\u203e"},
		{ISO2022JP, "\x1b(I!", "\uff61"},
		{ISO2022JP, "\x1b$B$\n", "\ufffd"},
	}
	for _, tc := range cases {
		got, err := run(tc.c.NewDecoder(Replace), []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s decode % x = %+q %v, want %+q", tc.c.Name, tc.in, got, err, tc.want)
		}
		got, err = run(tc.c.NewDecoder(Skip), []byte(tc.in))
		if want := strings.ReplaceAll(tc.want, "\ufffd", ""); err != nil || string(got) != want {
			t.Errorf("%s skip-decode % x = %+q %v, want %+q", tc.c.Name, tc.in, got, err, want)
		}
	}
	enc := []struct {
		c    *Codec
		mode Mode
		in   string
		want string
	}{
		{GB18030, HTML, "a\ue5e5b", "a&#58853;b"},
		{GB18030, Strict, "\ue7c8", "\x836\xc80"},
		{GB18030, Strict, "\ue78d", "\xa6\xd9"},
		{GBK, Strict, "\u20ac", "\x80"},
		{GBK, HTML, "\U0001F4A9", "&#128169;"},
		{Big5, HTML, "\u00ca", "&#202;"},
		{ShiftJIS, Strict, "\u2212", "\x81\x7c"},
		{ISO2022JP, HTML, "\x1b", "&#65533;"},
		{ISO2022JP, HTML, "日\u00e9", "\x1b$BF|\x1b(B&#233;"},
		{ISO2022JP, Strict, "\uff76", "\x1b$B%+\x1b(B"},
		{EUCKR, Replace, "a\u00e9", "a?"},
		{EUCKR, Skip, "a\u00e9b", "ab"},
		{ISO2022JP, Skip, "日\u00e9日", "\x1b$BF|\x1b(B\x1b$BF|\x1b(B"},
	}
	for _, tc := range enc {
		got, err := run(mustEncoder(t, tc.c, tc.mode, ""), []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s encode %+q = % x %v, want % x", tc.c.Name, tc.in, got, err, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	_, err := run(ShiftJIS.NewDecoder(Strict), []byte("ab\xa0cd"))
	var e *Error
	if !errors.As(err, &e) || e.Offset != 2 || e.Len != 1 || e.Kind != IllFormed || e.Encoder {
		t.Errorf("Shift_JIS A0: %#v", err)
	}
	// Offsets count across calls.
	d := EUCKR.NewDecoder(Strict)
	_, n1, err1 := d.Transform(make([]byte, 64), []byte("abc\xb0"), false)
	_, _, err2 := d.Transform(make([]byte, 64), []byte("\xb0\xa1\xff"), true)
	if n1 != 3 || err1 != transform.ErrShortSrc || !errors.As(err2, &e) || e.Offset != 5 || e.Kind != IllFormed {
		t.Errorf("EUC-KR offsets: %d %v %v", n1, err1, err2)
	}
	_, err = run(mustEncoder(t, EUCKR, Strict, ""), []byte("가\U0001F600"))
	if !errors.As(err, &e) || e.Offset != 3 || e.Len != 4 || e.Kind != Unrepresentable || e.Rune != 0x1F600 || !e.Encoder {
		t.Errorf("EUC-KR encode: %#v", err)
	}
	_, err = run(mustEncoder(t, GB18030, Strict, ""), []byte("a\xe3\x81b"))
	if !errors.As(err, &e) || e.Offset != 1 || e.Len != 2 || e.Kind != InvalidUTF8 {
		t.Errorf("invalid UTF-8: %#v", err)
	}
	_, err = run(EUCJP.NewDecoder(Strict), []byte("\xa4"))
	if !errors.As(err, &e) || e.Kind != Truncated || e.Len != 1 {
		t.Errorf("truncated: %#v", err)
	}
	if _, err := ShiftJIS.NewEncoder(Replace, "한"); err != ErrReplacement {
		t.Errorf("unencodable replacement accepted: %v", err)
	}
	if Lookup(" Windows-31J ") != ShiftJIS || Lookup("euc_jis_2004") != EUCJISX0213 || Lookup("nope") != nil {
		t.Error("Lookup")
	}
	_, err = run(EUCJP.NewDecoder(Strict), []byte("ab\ncd\r\n\xa4\xa2x\xa4y"))
	if !errors.As(err, &e) || e.Offset != 10 || e.Line != 3 || e.Column != 4 || e.Len != 1 || e.Kind != IllFormed {
		t.Errorf("line and column: %#v", err)
	}
	_, err = run(mustEncoder(t, Big5, Strict, ""), []byte("a\nb\n日本\u00e9"))
	if !errors.As(err, &e) || e.Offset != 10 || e.Line != 3 || e.Column != 7 || e.Rune != 0xE9 {
		t.Errorf("encoder line and column: %#v", err)
	}
	s, err := GB18030.Encoding().NewDecoder().String("\x81\xff\xa1\x40")
	if err != nil || s != "\ufffd\ue4c6" {
		t.Errorf("Encoding(): %q %v", s, err)
	}
	if e.Error() == "" || Kind(99).String() == "" {
		t.Error("empty messages")
	}
}

// TestLabelsUnique: no label or alias selects two codecs, and each is
// lower case and trimmed, as Lookup compares.
func TestLabelsUnique(t *testing.T) {
	seen := map[string]string{}
	for _, c := range Codecs {
		for _, l := range append(append([]string{}, c.Labels...), c.Aliases...) {
			if l != strings.ToLower(strings.TrimSpace(l)) {
				t.Errorf("%s: label %q not normalised", c.Name, l)
			}
			if prev, ok := seen[l]; ok {
				t.Errorf("label %q names both %s and %s", l, prev, c.Name)
			}
			seen[l] = c.Name
			if Lookup(strings.ToUpper(l)) != c {
				t.Errorf("Lookup(%q) is not %s", l, c.Name)
			}
		}
	}
}

// TestISO2022JPEncodeRandom runs random mixes of every kind of character
// through the ISO-2022-JP encoder and the standard's algorithm.
func TestISO2022JPEncodeRandom(t *testing.T) {
	r := loadRef(t)
	rng := rand.New(rand.NewSource(5))
	pool := []rune("aZ \n~\\\u00a5\u203e\u2212日本語カタカナｶﾀｶﾅ①\u00e9\U0001F600\x0e\x1b")
	for i := 0; i < 3000; i++ {
		n := rng.Intn(12)
		var b []rune
		for j := 0; j < n; j++ {
			b = append(b, pool[rng.Intn(len(pool))])
		}
		checkISO2022JPEncode(t, r, string(b))
	}
}
