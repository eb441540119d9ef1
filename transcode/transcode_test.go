package transcode

import (
	"bytes"
	"encoding/binary"
	"errors"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// Independent encoders for the oracles: built on unicode/utf16 and
// encoding/binary, never on the code under test.

func refUTF16(s string, order byteOrder) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		out = order.AppendUint16(out, u)
	}
	return out
}

func refUTF32(s string, order byteOrder) []byte {
	var out []byte
	for _, r := range s {
		out = order.AppendUint32(out, uint32(r))
	}
	return out
}

// sample builds valid text mixing every length of UTF-8 sequence and the
// boundaries of each range.
func sample(rng *rand.Rand, n int) string {
	pools := [][2]rune{{0, 0x7F}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}, {'a', 'z'}}
	var b strings.Builder
	for b.Len() < n {
		p := pools[rng.IntN(len(pools))]
		b.WriteRune(p[0] + rng.Int32N(p[1]-p[0]+1))
	}
	return b.String()
}

func corpusDir(t testing.TB) string {
	dir, ok := testsample.CorpusDir()
	if !ok {
		t.Skipf("SKIPPED: no test corpus at %s (see the README, \"The test corpus\")", dir)
	}
	return dir
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCorpus checks every corpus conversion both ways byte for byte, through
// the Encoding values, the direct slice functions and the length functions.
func TestCorpus(t *testing.T) {
	dir := corpusDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.utf8.txt"))
	if len(files) == 0 {
		t.Skip("corpus has no *.utf8.txt files")
	}
	for _, name := range files {
		base := strings.TrimSuffix(name, ".utf8.txt")
		t.Run(filepath.Base(base), func(t *testing.T) {
			text := readFile(t, name)
			cases := []struct {
				suffix string
				enc    Encoding
			}{
				{".utf16.txt", UTF16},
				{".utf16be.txt", UTF16BE},
				{".utf32.txt", UTF32LE},
				{".utf32be.txt", UTF32BE},
			}
			for _, c := range cases {
				want, err := os.ReadFile(base + c.suffix)
				if err != nil {
					continue // not every text has every encoding
				}
				if got, err := c.enc.AppendEncode(nil, text); err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s encode: err %v, equal %v", c.suffix, err, bytes.Equal(got, want))
				}
				if got, err := c.enc.AppendDecode(nil, want); err != nil || !bytes.Equal(got, text) {
					t.Errorf("%s decode: err %v, equal %v", c.suffix, err, bytes.Equal(got, text))
				}
				if got, err := io_ReadAll(c.enc.NewDecoder().Reader(bytes.NewReader(want))); err != nil || !bytes.Equal(got, text) {
					t.Errorf("%s stream decode: err %v", c.suffix, err)
				}
				checkSliceFuncs(t, c.enc, text, want)
			}
		})
	}
	latin1, _ := filepath.Glob(filepath.Join(dir, "*", "*.latin1.txt"))
	for _, name := range latin1 {
		src := readFile(t, name)
		text := AppendLatin1ToUTF8(nil, src)
		if !utf8.Valid(text) || len(text) != UTF8LenFromLatin1(src) {
			t.Errorf("%s: invalid UTF-8 or wrong length", name)
		}
		for i, r := range []rune(string(text)) {
			if r != rune(src[i]) {
				t.Fatalf("%s: character %d is %U, want %U", name, i, r, src[i])
			}
		}
		back, err := AppendUTF8ToLatin1(nil, text)
		if err != nil || !bytes.Equal(back, src) {
			t.Errorf("%s: round trip: %v", name, err)
		}
	}
}

// checkSliceFuncs checks the direct functions for an encoding against its
// expected bytes.
func checkSliceFuncs(t *testing.T, e Encoding, text, enc []byte) {
	t.Helper()
	type pair struct {
		to     func([]byte, []byte) ([]byte, error)
		from   func([]byte, []byte) ([]byte, error)
		length func([]byte) int
	}
	var p pair
	switch e.Name() {
	case "UTF-16":
		if bytes.HasPrefix(enc, []byte{0xFF, 0xFE}) {
			enc = enc[2:]
			p = pair{AppendUTF8ToUTF16LE, AppendUTF16LEToUTF8, UTF8LenFromUTF16LE}
		}
	case "UTF-16BE":
		p = pair{AppendUTF8ToUTF16BE, AppendUTF16BEToUTF8, UTF8LenFromUTF16BE}
	case "UTF-32LE":
		p = pair{AppendUTF8ToUTF32LE, AppendUTF32LEToUTF8, UTF8LenFromUTF32LE}
	case "UTF-32BE":
		p = pair{AppendUTF8ToUTF32BE, AppendUTF32BEToUTF8, UTF8LenFromUTF32BE}
	}
	if p.to == nil {
		return
	}
	if got, err := p.to(nil, text); err != nil || !bytes.Equal(got, enc) {
		t.Errorf("%s direct encode: %v", e, err)
	}
	if got, err := p.from(nil, enc); err != nil || !bytes.Equal(got, text) {
		t.Errorf("%s direct decode: %v", e, err)
	}
	if n := p.length(enc); n != len(text) {
		t.Errorf("%s UTF-8 length %d, want %d", e, n, len(text))
	}
	if strings.HasPrefix(e.Name(), "UTF-16") {
		if n := utf8x.UTF16Len(text); n != len(enc)/2 {
			t.Errorf("utf8x.UTF16Len %d, want %d", n, len(enc)/2)
		}
		units, err := AppendUTF8ToUTF16(nil, text)
		if err != nil || !slicesEqual(units, utf16.Encode([]rune(string(text)))) {
			t.Errorf("AppendUTF8ToUTF16: %v", err)
		}
		back, err := AppendUTF16ToUTF8(nil, units)
		if err != nil || !bytes.Equal(back, text) || UTF8LenFromUTF16(units) != len(text) {
			t.Errorf("AppendUTF16ToUTF8: %v", err)
		}
	}
}

func slicesEqual[T comparable](a, b []T) bool {
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

func io_ReadAll(r interface{ Read([]byte) (int, error) }) ([]byte, error) {
	var buf bytes.Buffer
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}

// TestGenerated is the round trip that runs without the corpus: generated text
// against the independent encoders, for every Unicode form.
func TestGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 31, 100, 1000, 70000} {
		for _, ascii := range []bool{false, true} {
			s := sample(rng, n)
			if ascii {
				s = strings.Repeat("plain ASCII text. ", n/18+1) + s[:min(len(s), 5)] + "tail"
				s = strings.ToValidUTF8(s, "")
			}
			text := []byte(s)
			le, be := refUTF16(s, binary.LittleEndian), refUTF16(s, binary.BigEndian)
			le32, be32 := refUTF32(s, binary.LittleEndian), refUTF32(s, binary.BigEndian)
			for _, c := range []struct {
				e    Encoding
				want []byte
			}{
				{UTF8, text},
				{UTF16LE, le}, {UTF16BE, be}, {UTF16, append([]byte{0xFF, 0xFE}, le...)},
				{UTF32LE, le32}, {UTF32BE, be32}, {UTF32, append([]byte{0xFF, 0xFE, 0, 0}, le32...)},
			} {
				got, err := c.e.AppendEncode(nil, text)
				if err != nil || !bytes.Equal(got, c.want) {
					t.Fatalf("n=%d %s encode: %v", n, c.e, err)
				}
				back, err := c.e.AppendDecode(nil, c.want)
				if err != nil || !bytes.Equal(back, text) {
					t.Fatalf("n=%d %s decode: %v", n, c.e, err)
				}
				checkSliceFuncs(t, c.e, text, c.want)
			}
			// UTF-16 and UTF-32 without a signature are read big-endian when
			// asked to, and guessed big-endian when they hold text. Random
			// code points (private use, unassigned) are no text: the guess,
			// detect's structural judgement, may read a few of them either
			// way (n=7: four characters, one of them private use, which
			// rules out the big-endian reading as text).
			u16, u32 := UTF16, UTF32
			if !ascii {
				u16, u32 = UTF16.WithByteOrder(BigEndian), UTF32.WithByteOrder(BigEndian)
			}
			if got, _ := u16.AppendDecode(nil, be); !bytes.Equal(got, text) {
				t.Fatalf("n=%d UTF-16 without BOM is not read as big-endian", n)
			}
			if got, _ := u32.AppendDecode(nil, be32); !bytes.Equal(got, text) {
				t.Fatalf("n=%d UTF-32 without BOM is not read as big-endian", n)
			}
			if got, _ := UTF16.AppendDecode(nil, append([]byte{0xFE, 0xFF}, be...)); !bytes.Equal(got, text) {
				t.Fatalf("n=%d UTF-16 with FE FF", n)
			}
			if got, _ := UTF32.AppendDecode(nil, append([]byte{0, 0, 0xFE, 0xFF}, be32...)); !bytes.Equal(got, text) {
				t.Fatalf("n=%d UTF-32 with 00 00 FE FF", n)
			}
		}
	}
}

// TestEveryScalar sends every scalar value through every Unicode form and back,
// alone and all together.
func TestEveryScalar(t *testing.T) {
	var all []byte
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if utf8.ValidRune(r) {
			all = utf8.AppendRune(all, r)
		}
	}
	s := string(all)
	for _, c := range []struct {
		e    Encoding
		want []byte
	}{
		{UTF8, all},
		{UTF16LE, refUTF16(s, binary.LittleEndian)}, {UTF16BE, refUTF16(s, binary.BigEndian)},
		{UTF32LE, refUTF32(s, binary.LittleEndian)}, {UTF32BE, refUTF32(s, binary.BigEndian)},
	} {
		got, err := c.e.AppendEncode(nil, all)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s encode of every scalar: %v", c.e, err)
		}
		back, err := c.e.AppendDecode(nil, c.want)
		if err != nil || !bytes.Equal(back, all) {
			t.Errorf("%s decode of every scalar: %v", c.e, err)
		}
		checkSliceFuncs(t, c.e, all, c.want)
	}
	// One at a time, through the direct functions, so that each character also
	// meets the end of its input.
	var buf, out []byte
	var units []uint16
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		one := utf8.AppendRune(buf[:0], r)
		want16 := utf16.AppendRune(nil, r)
		var err error
		out, err = AppendUTF8ToUTF16LE(out[:0], one)
		if err != nil || len(out) != 2*len(want16) || binary.LittleEndian.Uint16(out) != want16[0] {
			t.Fatalf("%U to UTF-16LE: % X %v", r, out, err)
		}
		if back, err := AppendUTF16LEToUTF8(nil, out); err != nil || !bytes.Equal(back, one) {
			t.Fatalf("%U back from UTF-16LE: %v", r, err)
		}
		units, err = AppendUTF8ToUTF16(units[:0], one)
		if err != nil || !slicesEqual(units, want16) {
			t.Fatalf("%U to []uint16: %v", r, err)
		}
		out, err = AppendUTF8ToUTF32BE(out[:0], one)
		if err != nil || binary.BigEndian.Uint32(out) != uint32(r) || len(out) != 4 {
			t.Fatalf("%U to UTF-32BE: %v", r, err)
		}
		if back, err := AppendUTF32BEToUTF8(nil, out); err != nil || !bytes.Equal(back, one) {
			t.Fatalf("%U back from UTF-32BE: %v", r, err)
		}
	}
}

// TestUTF32Invalid checks every kind of ill-formed UTF-32 unit.
func TestUTF32Invalid(t *testing.T) {
	for _, v := range []uint32{0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0xFFFFFFFF, 0x7FFFFFFF} {
		kind := utf8x.TooLarge
		if v <= 0xDFFF {
			kind = utf8x.Surrogate
		}
		for _, order := range []byteOrder{binary.LittleEndian, binary.BigEndian} {
			e := UTF32LE
			if order == binary.BigEndian {
				e = UTF32BE
			}
			in := order.AppendUint32(order.AppendUint32(nil, 'A'), v)
			in = order.AppendUint32(in, 'B')
			got, err := e.AppendDecode(nil, in)
			checkErr(t, err, 4, 4, kind)
			if string(got) != "A" {
				t.Errorf("%s %08X: prefix %q", e, v, got)
			}
			if got, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, in); err != nil || string(got) != "A\uFFFDB" {
				t.Errorf("%s %08X replace: %q %v", e, v, got, err)
			}
		}
	}
	for n := 1; n <= 3; n++ {
		in := append([]byte{'A', 0, 0, 0}, make([]byte, n)...)
		_, err := UTF32LE.AppendDecode(nil, in)
		checkErr(t, err, 4, n, utf8x.Truncated)
		_, err = AppendUTF32LEToUTF8(nil, in)
		checkErr(t, err, 4, n, utf8x.Truncated)
		if n := UTF8LenFromUTF32LE(in); n != 4 {
			t.Errorf("UTF8LenFromUTF32LE of a truncated unit: %d, want 4", n)
		}
	}
}

func checkErr(t *testing.T, err error, off, n int, kind utf8x.ErrorKind) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v, want *Error at %d", err, off)
	}
	if e.Offset != off || e.Len != n || e.Kind != kind {
		t.Errorf("error at %d len %d %s, want at %d len %d %s (%v)", e.Offset, e.Len, e.Kind, off, n, kind, e)
	}
}

// TestSurrogates puts every lone surrogate, and every pair, at the start, in
// the middle and at the end of the input, in both UTF-16 byte orders.
func TestSurrogates(t *testing.T) {
	type order struct {
		e     Encoding
		bo    byteOrder
		toUTF func([]byte, []byte) ([]byte, error)
		size  func([]byte) int
	}
	for _, o := range []order{
		{UTF16LE, binary.LittleEndian, AppendUTF16LEToUTF8, UTF8LenFromUTF16LE},
		{UTF16BE, binary.BigEndian, AppendUTF16BEToUTF8, UTF8LenFromUTF16BE},
	} {
		units := func(us ...uint16) []byte {
			var b []byte
			for _, u := range us {
				b = o.bo.AppendUint16(b, u)
			}
			return b
		}
		for s := uint16(0xD800); s <= 0xDFFF && s >= 0xD800; s++ {
			for _, c := range []struct {
				in          []uint16
				off, prefix int
				replaced    string
			}{
				{[]uint16{s}, 0, 0, "\uFFFD"},
				{[]uint16{s, 'x'}, 0, 0, "\uFFFDx"},
				{[]uint16{'a', s, 'x'}, 2, 1, "a\uFFFDx"},
				{[]uint16{'a', 0x4E2D, s}, 4, 4, "a中\uFFFD"},
				{[]uint16{s, s}, 0, 0, ""}, // below: a high pair with a low is no error
			} {
				if c.in[0] == s && len(c.in) == 2 && c.in[1] == s {
					if s >= 0xDC00 {
						c.replaced = "\uFFFD\uFFFD"
					} else {
						c.replaced = "\uFFFD\uFFFD" // two highs: both lone
					}
				}
				in := units(c.in...)
				got, err := o.e.AppendDecode(nil, in)
				checkErr(t, err, c.off, 2, utf8x.LoneSurrogate)
				if len(got) != c.prefix {
					t.Fatalf("%s %04X: prefix %q", o.e, s, got)
				}
				_, err = o.toUTF(nil, in)
				checkErr(t, err, c.off, 2, utf8x.LoneSurrogate)
				rep, err := o.e.WithPolicy(utf8x.Replace).AppendDecode(nil, in)
				if err != nil || string(rep) != c.replaced {
					t.Fatalf("%s %04X replace: %q %v, want %q", o.e, s, rep, err, c.replaced)
				}
				if n := o.size(in); n != len(c.replaced) {
					t.Fatalf("%s %04X: UTF-8 length %d, want %d", o.e, s, n, len(c.replaced))
				}
				u16 := append([]uint16(nil), c.in...)
				_, err = AppendUTF16ToUTF8(nil, u16)
				checkErr(t, err, c.off/2, 1, utf8x.LoneSurrogate)
				if n := UTF8LenFromUTF16(u16); n != len(c.replaced) {
					t.Fatalf("%04X: UTF8LenFromUTF16 %d, want %d", s, n, len(c.replaced))
				}
			}
		}
		// Every pair, at every position: all decode, matching unicode/utf16.
		var all []uint16
		for hi := uint16(0xD800); hi <= 0xDBFF; hi++ {
			for lo := uint16(0xDC00); lo <= 0xDFFF; lo++ {
				all = append(all, hi, lo)
			}
		}
		want := string(utf16.Decode(all))
		for _, pre := range [][]uint16{nil, {'a'}, {0x4E2D}} {
			in := units(append(pre, all...)...)
			w := string(utf16.Decode(pre)) + want
			for _, decode := range []func([]byte, []byte) ([]byte, error){o.e.AppendDecode, o.toUTF} {
				got, err := decode(nil, in)
				if err != nil || string(got) != w {
					t.Fatalf("%s: every pair after %v: %v", o.e, pre, err)
				}
			}
			if got, err := AppendUTF16ToUTF8(nil, append(pre, all...)); err != nil || string(got) != w {
				t.Fatalf("[]uint16: every pair after %v: %v", pre, err)
			}
		}
		// A reversed pair is two lone surrogates.
		rep, _ := o.e.WithPolicy(utf8x.Replace).AppendDecode(nil, units(0xDC00, 0xD800))
		if string(rep) != "\uFFFD\uFFFD" {
			t.Errorf("%s reversed pair: %q", o.e, rep)
		}
		// A last odd byte, alone and after a high surrogate: then it is one
		// pair cut short, as WHATWG, Python and ICU read it.
		_, err := o.e.AppendDecode(nil, append(units('a'), 0x41))
		checkErr(t, err, 2, 1, utf8x.Truncated)
		rep, err = o.e.WithPolicy(utf8x.Replace).AppendDecode(nil, append(units(0xD800), 0x41))
		if err != nil || string(rep) != "\uFFFD" {
			t.Errorf("%s high surrogate and odd byte: %q %v", o.e, rep, err)
		}
	}
}

// TestSingleByte checks every byte of ISO-8859-1 and Windows-1252 both ways,
// and that exactly the characters they decode to encode back.
func TestSingleByte(t *testing.T) {
	// The 27 characters Windows-1252 puts at 80-9F (WHATWG index-windows-1252);
	// the other five bytes map to the C1 control of the same value.
	w1252 := map[byte]rune{
		0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
		0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
		0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
		0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
		0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
	}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for _, e := range []Encoding{Latin1, CP1252} {
		decoded := map[rune]byte{}
		var want []byte
		for b := 0; b < 256; b++ {
			r := rune(b)
			if e == CP1252 {
				if w, ok := w1252[byte(b)]; ok {
					r = w
				}
			}
			decoded[r] = byte(b)
			want = utf8.AppendRune(want, r)
			got, err := e.AppendDecode(nil, []byte{byte(b)})
			if err != nil || string(got) != string(r) {
				t.Fatalf("%s: byte %02X decodes to %q, want %q", e, b, got, string(r))
			}
			back, err := e.AppendEncode(nil, got)
			if err != nil || len(back) != 1 || back[0] != byte(b) {
				t.Fatalf("%s: %U encodes to % X %v, want %02X", e, r, back, err, b)
			}
		}
		if got, err := e.AppendDecode(nil, all); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: all bytes at once", e)
		}
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if !utf8.ValidRune(r) {
				continue
			}
			in := utf8.AppendRune([]byte("ab"), r)
			got, err := e.AppendEncode(nil, in)
			if b, ok := decoded[r]; ok {
				if err != nil || string(got) != "ab"+string([]byte{b}) {
					t.Fatalf("%s: %U encodes to % X, %v", e, r, got, err)
				}
				continue
			}
			var te *Error
			if !errors.As(err, &te) || te.Kind != utf8x.Unrepresentable || te.Rune != r || te.Offset != 2 || te.Len != len(in)-2 || string(got) != "ab" {
				t.Fatalf("%s: %U: got % X, error %v", e, r, got, err)
			}
		}
	}
	if got, err := AppendUTF8ToLatin1(nil, []byte("caf\u00e9 \u20ac")); err == nil || string(got) != "caf\xe9 " {
		t.Errorf("AppendUTF8ToLatin1 with a euro sign: % X %v", got, err)
	}
	if n := UTF8LenFromLatin1(all); n != 128+2*128 {
		t.Errorf("UTF8LenFromLatin1 of every byte: %d", n)
	}
}

// TestPolicies checks what each policy writes, in each direction.
func TestPolicies(t *testing.T) {
	tests := []struct {
		e      Encoding
		decode bool
		p      utf8x.Policy
		in     string
		want   string
		err    bool
	}{
		{UTF16LE, true, utf8x.Replace, "a\x00\x00\xd8b\x00", "a\uFFFDb", false},
		{UTF16LE, true, utf8x.Skip, "a\x00\x00\xd8b\x00", "ab", false},
		{UTF16LE, true, utf8x.Escape, "a\x00\x00\xd8b\x00", `a\x00\xd8b`, false},
		{UTF16BE, true, utf8x.Escape, "\x00a\xd8\x00\x00b\x00", `a\xd8\x00b\x00`, false},
		{UTF16LE, true, utf8x.ReplaceWith("?"), "a\x00\x00\xdc", "a?", false},
		{UTF16LE, true, utf8x.FallbackCP1252, "a\x00", "", true},
		{UTF32BE, true, utf8x.Replace, "\x00\x11\x00\x00", "\uFFFD", false},
		{UTF32BE, true, utf8x.Escape, "\x00\x00\xd8\x00", `\x00\x00\xd8\x00`, false},
		{UTF16LE, false, utf8x.Replace, "a\xffb", "a\x00\xfd\xffb\x00", false},
		{UTF16LE, false, utf8x.Skip, "a\xe2\x82b", "a\x00b\x00", false},
		{UTF16LE, false, utf8x.Escape, "\xc0", "\\\x00x\x00c\x000\x00", false},
		{UTF16LE, false, utf8x.FallbackCP1252, "\x80", "\xac\x20", false},
		{Latin1, false, utf8x.Replace, "a\u20acb\xff", "a?b?", false},
		{Latin1, false, utf8x.Skip, "a\u20acb", "ab", false},
		{Latin1, false, utf8x.Escape, "a\u20acb", `a\xe2\x82\xacb`, false},
		{Latin1, false, utf8x.FallbackLatin1, "\xe9\u20ac", "\xe9", true},
		{Latin1, false, utf8x.FallbackLatin1, "\xe9", "\xe9", false},
		{CP1252, false, utf8x.Replace, "\u20ac\u0100", "\x80?", false},
		{CP1252, false, utf8x.ReplaceWith("\u20ac"), "\u0100", "\x80", false},
		{UTF8, true, utf8x.Replace, "a\xe2\x82b", "a\uFFFDb", false},
		{UTF8, false, utf8x.Escape, "a\xe2\x82b", `a\xe2\x82b`, false},
	}
	for _, tt := range tests {
		e := tt.e.WithPolicy(tt.p)
		f, dir := e.AppendEncode, "encode"
		if tt.decode {
			f, dir = e.AppendDecode, "decode"
		}
		got, err := f(nil, []byte(tt.in))
		if string(got) != tt.want || (err != nil) != tt.err {
			t.Errorf("%s %s %s %q: %q, %v; want %q", tt.e, dir, tt.p, tt.in, got, err, tt.want)
		}
	}
}

// TestBOM checks the byte order mark policies and signatures.
func TestBOM(t *testing.T) {
	const bom8 = "\xEF\xBB\xBF"
	tests := []struct {
		e      Encoding
		decode bool
		b      utf8x.BOMPolicy
		in     string
		want   string
	}{
		{UTF16, true, utf8x.BOMKeep, "\xff\xfea\x00", "a"},
		{UTF16, true, utf8x.BOMKeep, "\xfe\xff\x00a", "a"},
		{UTF16, true, utf8x.BOMKeep, "\x00a", "a"},
		{UTF16, true, utf8x.BOMKeep, "\xff\xfe\xff\xfea\x00", bom8 + "a"},
		{UTF16, true, utf8x.BOMStrip, "\xff\xfe\xff\xfea\x00", "a"},
		{UTF16, true, utf8x.BOMAdd, "\xff\xfea\x00", bom8 + "a"},
		{UTF16, true, utf8x.BOMAdd, "", bom8},
		{UTF16, true, utf8x.BOMKeep, "\xff", ""}, // too short for a signature: decided at the end
		{UTF16LE, true, utf8x.BOMKeep, "\xff\xfea\x00", bom8 + "a"},
		{UTF16LE, true, utf8x.BOMStrip, "\xff\xfea\x00", "a"},
		{UTF16LE, true, utf8x.BOMAdd, "a\x00", bom8 + "a"},
		{UTF16BE, true, utf8x.BOMStrip, "\xfe\xff\x00a", "a"},
		{UTF32, true, utf8x.BOMKeep, "\xff\xfe\x00\x00a\x00\x00\x00", "a"},
		{UTF32, true, utf8x.BOMKeep, "\x00\x00\xfe\xff\x00\x00\x00a", "a"},
		{UTF32, true, utf8x.BOMKeep, "\x00\x00\x00a", "a"},
		{UTF8, true, utf8x.BOMStrip, bom8 + "a" + bom8, "a" + bom8},
		{UTF8, true, utf8x.BOMAdd, "a", bom8 + "a"},
		{Latin1, true, utf8x.BOMAdd, "a", bom8 + "a"},
		{UTF16, false, utf8x.BOMKeep, "a", "\xff\xfea\x00"},
		{UTF16, false, utf8x.BOMKeep, bom8 + "a", "\xff\xfe\xff\xfea\x00"},
		{UTF16, false, utf8x.BOMStrip, bom8 + "a", "\xff\xfea\x00"},
		{UTF16, false, utf8x.BOMAdd, "a", "\xff\xfea\x00"},
		{UTF16, false, utf8x.BOMKeep, "", "\xff\xfe"},
		{UTF32, false, utf8x.BOMKeep, "a", "\xff\xfe\x00\x00a\x00\x00\x00"},
		{UTF16BE, false, utf8x.BOMAdd, "a", "\xfe\xff\x00a"},
		{UTF16BE, false, utf8x.BOMAdd, bom8 + "a", "\xfe\xff\x00a"},
		{UTF16BE, false, utf8x.BOMStrip, bom8 + "a", "\x00a"},
		{UTF32LE, false, utf8x.BOMAdd, "", "\xff\xfe\x00\x00"},
		{Latin1, false, utf8x.BOMAdd, "a", "a"},
		{Latin1, false, utf8x.BOMStrip, bom8 + "a", "a"},
	}
	for _, tt := range tests {
		e := tt.e.WithBOM(tt.b)
		f, dir := e.AppendEncode, "encode"
		if tt.decode {
			f, dir = e.AppendDecode, "decode"
			if tt.in == "\xff" {
				e = e.WithPolicy(utf8x.Skip)
				f = e.AppendDecode
			}
		}
		got, err := f(nil, []byte(tt.in))
		if string(got) != tt.want || err != nil {
			t.Errorf("%s %s bom %s % X: % X, %v; want % X", tt.e, dir, tt.b, tt.in, got, err, tt.want)
		}
	}
}

// TestLookup checks labels, case-insensitively, and that every encoding is
// listed with labels that find it again.
func TestLookup(t *testing.T) {
	for label, want := range map[string]string{
		"utf8": "UTF-8", "UTF-8": "UTF-8", "utf-16le": "UTF-16LE", "UTF16LE": "UTF-16LE",
		"utf-16": "UTF-16", "UTF-16BE": "UTF-16BE", "utf-32": "UTF-32", "utf32be": "UTF-32BE",
		"latin1": "ISO-8859-1", "ISO-8859-1": "ISO-8859-1", "l1": "ISO-8859-1",
		"cp1252": "Windows-1252", "Windows-1252": "Windows-1252", " utf-8 ": "UTF-8",
	} {
		e, err := Lookup(label)
		if err != nil || e.Name() != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, e, err, want)
		}
	}
	for _, bad := range []string{"", "utf-7", "ebcdic", "utf_8x"} {
		if _, err := Lookup(bad); err == nil {
			t.Errorf("Lookup(%q) succeeded", bad)
		}
	}
	seen := map[string]bool{}
	for _, e := range Encodings() {
		for _, l := range e.Labels() {
			if seen[l] {
				t.Errorf("label %q listed twice", l)
			}
			seen[l] = true
			if got, err := Lookup(l); err != nil || got.Name() != e.Name() {
				t.Errorf("label %q of %s finds %v", l, e, got)
			}
		}
	}
}

// TestStreamOffsets checks that errors in a stream carry offsets from its
// start, and that Reset starts counting again.
func TestStreamOffsets(t *testing.T) {
	in := append(bytes.Repeat([]byte("a\x00"), 5000), 0x00, 0xDC, 'b', 0)
	r := transform.NewReader(iotestOneByte{bytes.NewReader(in)}, UTF16LE.NewDecoder())
	got, err := io_ReadAll(r)
	checkErr(t, err, 10000, 2, utf8x.LoneSurrogate)
	if len(got) != 5000 {
		t.Errorf("stream delivered %d bytes before the error, want 5000", len(got))
	}
}

type iotestOneByte struct{ r *bytes.Reader }

func (o iotestOneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// corpusTexts returns the corpus's UTF-8 texts.
func corpusTexts(dir string) [][]byte {
	var out [][]byte
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.utf8.txt"))
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			out = append(out, b)
		}
	}
	return out
}
