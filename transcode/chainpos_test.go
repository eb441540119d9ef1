package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// Where a conversion from one encoding to another stops under Strict, for
// every source and a few targets (single-byte, multi-byte, stateful), the
// chains through UTF-8 (a multi-byte codec on either side) included: the
// error must name the input's offset and length of the unit that holds the
// character the target lacks.
//
// The expected place is found without the code under test: the input is
// decoded one byte at a time by the source's own decoder to UTF-8, each
// unit's bytes and characters noted as the decoder consumes them, and the
// first unit holding a character that, alone, does not convert from UTF-8
// to the target is the one.

// refTargets are the targets the tests convert to.
var refTargets = []string{"iso-8859-1", "windows-1251", "shift_jis", "us-ascii", "iso-2022-jp", "euc-kr"}

// refPool are characters from many repertoires; each test's text is drawn
// from those its source holds, with the characters of a single-byte
// source's upper half.
var refPool = []rune("aZ0 \n\t~éßüÄñ©ÿőłčŽαΩЖяЁїאבกあカｶ中日本語漢한글€™—…①♥😀𠀋\uE000ꙮǅ")

type unitRef struct {
	off, n int
	runes  []rune
}

// refUnits decodes in, read as e, one byte at a time, and returns its units
// with their characters (units that write none, a signature or a shift,
// left out).
func refUnits(t testing.TB, e Encoding, in []byte, bom utf8x.BOMPolicy) []unitRef {
	t.Helper()
	units, err := refUnitsErr(e, in, bom)
	if err != nil {
		t.Fatalf("%s: reference decoding of % X: %v", e, in, err)
	}
	return units
}

// refUnitsErr is refUnits for input that may be ill-formed: it returns the
// units before the decoder's error, and the error.
func refUnitsErr(e Encoding, in []byte, bom utf8x.BOMPolicy) ([]unitRef, error) {
	if e.f.auto != nil {
		// Without a signature UTF-16 and UTF-32 read nothing before they
		// have guessed the byte order from the first bytes, then many
		// units at once: read in the order picked instead.
		probe := NewConverter(e, UTF8, utf8x.Replace, utf8x.BOMKeep)
		probe.Append(nil, in)
		if src := probe.Source(); !bytes.HasPrefix(in, []byte(src.f.bom)) {
			e = src
		}
	}
	dec := NewConverter(e, UTF8, utf8x.Strict, bom)
	var units []unitRef
	buf := make([]byte, 64)
	pos := 0
	for j := 1; j <= len(in); j++ {
		for {
			d, s, err := dec.Transform(buf, in[pos:j], j == len(in))
			if d > 0 {
				units = append(units, unitRef{off: pos, n: s, runes: []rune(string(buf[:d]))})
			}
			if err != nil && err != transform.ErrShortSrc && err != transform.ErrShortDst {
				return units, err
			}
			pos += s
			if err != transform.ErrShortDst {
				break
			}
		}
	}
	return units, nil
}

// writes reports whether the character r alone converts from UTF-8 to to.
func writes(to Encoding, r rune) bool {
	_, err := to.AppendEncode(nil, []byte(string(r)))
	return err == nil
}

// expectedStop returns the offset and length of the first unit of in whose
// characters to cannot all write, or -1.
func expectedStop(units []unitRef, to Encoding) (off, n int) {
	for _, u := range units {
		for _, r := range u.runes {
			if !writes(to, r) {
				return u.off, u.n
			}
		}
	}
	return -1, 0
}

// repertoire returns the characters of refPool (and of a single-byte
// source's bytes 80-FF) that e writes.
func repertoire(e Encoding) []rune {
	pool := append([]rune(nil), refPool...)
	if e.IsSingleByte() {
		for b := 0x80; b < 0x100; b++ {
			if out, err := e.AppendDecode(nil, []byte{byte(b)}); err == nil {
				if r, _ := utf8.DecodeRune(out); r != utf8.RuneError && r >= 0xA0 {
					pool = append(pool, r)
				}
			}
		}
	}
	var rs []rune
	for _, r := range pool {
		if writes(e, r) {
			rs = append(rs, r)
		}
	}
	return rs
}

// mixedText draws n characters from what from holds, most of them also in
// to's repertoire.
func mixedText(rng *rand.Rand, from, to []rune, n int) string {
	var b []rune
	for range n {
		pool := to
		if len(pool) == 0 || rng.IntN(8) == 0 {
			pool = from
		}
		b = append(b, pool[rng.IntN(len(pool))])
	}
	return string(b)
}

// smallConvert converts in with c as a stream does, src fed srcStep bytes at
// a time and dst dstLen bytes long (grown only when a call can do nothing).
func smallConvert(c *Converter, in []byte, srcStep, dstLen int) ([]byte, error) {
	out, _, err := smallConvertAt(c, in, srcStep, dstLen)
	return out, err
}

// smallConvertAt is smallConvert that also returns the input c reported
// consumed.
func smallConvertAt(c *Converter, in []byte, srcStep, dstLen int) ([]byte, int, error) {
	c.Reset()
	var out []byte
	dst := make([]byte, dstLen)
	pos, avail := 0, min(srcStep, len(in))
	for {
		atEOF := avail == len(in)
		d, s, err := c.Transform(dst, in[pos:avail], atEOF)
		out = append(out, dst[:d]...)
		pos += s
		switch err {
		case nil:
			if atEOF {
				return out, pos, nil
			}
			avail = min(len(in), avail+srcStep)
		case transform.ErrShortSrc:
			if atEOF {
				return out, pos, errors.New("ErrShortSrc at the end of the input")
			}
			avail = min(len(in), avail+srcStep)
		case transform.ErrShortDst:
			if d == 0 && s == 0 {
				dst = make([]byte, 2*len(dst))
			}
		default:
			return out, pos, err
		}
	}
}

// checkStop converts in from from to to under Strict, whole and streamed in
// small pieces, and compares where it stops with the reference.
func checkStop(t *testing.T, from, to Encoding, in []byte, bom utf8x.BOMPolicy) {
	t.Helper()
	units, decErr := refUnitsErr(from, in, bom)
	wantOff, wantLen := expectedStop(units, to)
	wantKind := utf8x.Unrepresentable
	if de, ok := decErr.(*Error); ok && wantOff < 0 {
		// An ill-formed unit of the input, before any character the
		// target lacks.
		wantOff, wantLen, wantKind = de.Offset, de.Len, de.Kind
	} else if decErr != nil && wantOff < 0 {
		t.Fatalf("%s: reference decoding of % X: %v", from, in, decErr)
	}
	check := func(how string, err error) {
		t.Helper()
		var e *Error
		if wantOff < 0 {
			if err != nil {
				t.Fatalf("%s to %s (%s) of % X: %v, want no error", from, to, how, in, err)
			}
			return
		}
		if !errors.As(err, &e) {
			t.Fatalf("%s to %s (%s) of % X: %v, want an *Error at byte %d", from, to, how, in, err, wantOff)
		}
		if e.Kind != wantKind || e.Offset != wantOff || e.Len != wantLen || !bytes.Equal(e.Bytes(), in[wantOff:wantOff+min(wantLen, 8)]) {
			t.Fatalf("%s to %s (%s) of % X: %v (offset %d, len %d, % X), want %s at %d, len %d",
				from, to, how, in, err, e.Offset, e.Len, e.Bytes(), wantKind, wantOff, wantLen)
		}
	}
	c := NewConverter(from, to, utf8x.Strict, bom)
	_, err := c.Append(nil, in)
	check("Append", err)
	// With the room a stream's buffers have (pump's, transform.Reader's),
	// the input consumed ends right before the unit, for the CLI to
	// count the position of an error in a stream from what it consumed.
	_, pos, err := smallConvertAt(c, in, 4096, 4096)
	check("src and dst of 4096", err)
	if wantOff >= 0 && (pos != wantOff || c.Offset() != int64(wantOff)) {
		t.Fatalf("%s to %s of % X: %d bytes consumed (Offset() %d) at the error at %d", from, to, in, pos, c.Offset(), wantOff)
	}
	for _, sz := range [][2]int{{1, 1}, {3, 5}, {7, 64}, {64, 16}} {
		_, err := smallConvert(c, in, sz[0], sz[1])
		check(fmt.Sprintf("src by %d, dst %d", sz[0], sz[1]), err)
	}
	r := transform.NewReader(bytes.NewReader(in), NewConverter(from, to, utf8x.Strict, bom))
	var out bytes.Buffer
	_, err = out.ReadFrom(r)
	check("transform.Reader", err)
}

func TestMixedStopOffsets(t *testing.T) {
	rounds := 12
	if testing.Short() {
		rounds = 3
	}
	rng := rand.New(rand.NewPCG(25, 7))
	for _, tl := range refTargets {
		to, err := Lookup(tl)
		if err != nil {
			t.Fatal(err)
		}
		toRep := repertoire(to)
		for _, from := range Encodings() {
			fromRep := repertoire(from)
			var both []rune
			for _, r := range fromRep {
				if writes(to, r) {
					both = append(both, r)
				}
			}
			for i := range rounds {
				text := mixedText(rng, fromRep, both, 1+rng.IntN(40))
				in, err := from.AppendEncode(nil, []byte(text))
				if err != nil {
					t.Fatalf("%s: encoding %q: %v", from, text, err)
				}
				bom := utf8x.BOMKeep
				if i%2 == 1 {
					bom = utf8x.BOMStrip
				}
				if !from.IsStateful() {
					// The reference agrees with the text: the first
					// character to lacks starts where the encoding of the
					// text before it ends.
					wantOff, wantLen := expectedStop(refUnits(t, from, in, bom), to)
					textOff, textLen := -1, 0
					for j, r := range text {
						if !writes(to, r) {
							pre, _ := from.AppendEncode(nil, []byte(text[:j]))
							ch, _ := from.AppendEncode(nil, []byte(string(r)))
							textOff, textLen = len(pre), len(ch)-len(from.f.autoBOM())
							break
						}
					}
					if wantOff != textOff || wantLen != textLen {
						t.Fatalf("%s of %q: the reference decoder says byte %d (%d long), the text %d (%d long)", from, text, wantOff, wantLen, textOff, textLen)
					}
				}
				checkStop(t, from, to, in, bom)
			}
		}
		_ = toRep
	}
}

// autoBOM is the signature the encoder of a form that picks its byte order
// writes before the text ("" for the others).
func (f *form) autoBOM() string {
	if f.auto == nil {
		return ""
	}
	return f.auto[little].bom
}

// The example of issue 25: gb18030 "ß\nß中" to ISO-8859-1 stops at byte 9,
// where 中 (D6 D0) starts, not at its place in the UTF-8 (5).
func TestMixedStopGB18030Example(t *testing.T) {
	gb, _ := Lookup("gb18030")
	// ß is 81 30 89 38 in gb18030 (a four-byte sequence), 中 is D6 D0.
	in := []byte("\x81\x30\x89\x38\n\x81\x30\x89\x38\xD6\xD0")
	_, err := NewConverter(gb, Latin1, utf8x.Strict, utf8x.BOMKeep).Append(nil, in)
	var e *Error
	if !errors.As(err, &e) || e.Offset != 9 || e.Len != 2 || e.Rune != '中' {
		t.Fatalf("got %v (%+v), want U+4E2D at byte 9, 2 bytes", err, e)
	}
}

// Under the other policies the chains write what converting to UTF-8 and
// then from UTF-8 writes.
func TestMixedPoliciesTwoSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 8))
	policies := []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.HTML}
	for _, tl := range refTargets {
		to, _ := Lookup(tl)
		for _, from := range Encodings() {
			fromRep := repertoire(from)
			for range 3 {
				text := mixedText(rng, fromRep, fromRep, 1+rng.IntN(30))
				in, err := from.AppendEncode(nil, []byte(text))
				if err != nil {
					t.Fatal(err)
				}
				mid, err := NewConverter(from, UTF8, utf8x.Strict, utf8x.BOMKeep).Append(nil, in)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range policies {
					want, err1 := NewConverter(UTF8, to, p, utf8x.BOMKeep).Append(nil, mid)
					got, err2 := NewConverter(from, to, p, utf8x.BOMKeep).Append(nil, in)
					if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
						t.Fatalf("%s to %s under %s of %q: % X (%v), in two steps % X (%v)", from, to, p, text, got, err2, want, err1)
					}
				}
			}
		}
	}
}

// An undefined byte in the input of a chain is placed where it is.
func TestMixedUndefinedByte(t *testing.T) {
	cases := []struct {
		from, to string
		in       string
		off, n   int
	}{
		{"euc-jp", "iso-8859-1", "abc\xff\xfe\n", 3, 1},
		{"shift_jis", "windows-1251", "x\n\xa0\x80", 2, 1},
		{"iso-8859-8", "gb18030", "ab\xe0\xfb", 3, 1},
		{"iso-8859-8", "shift_jis", "ab\n\xfb", 3, 1},
		{"utf-16le", "gb18030", "a\x00\x00\xdcb\x00", 2, 2},
	}
	for _, tc := range cases {
		from, _ := Lookup(tc.from)
		to, _ := Lookup(tc.to)
		// The reference: where the source's own decoder stops.
		want := -1
		var de *Error
		if _, err := from.AppendDecode(nil, []byte(tc.in)); errors.As(err, &de) {
			want = de.Offset
		}
		c := NewConverter(from, to, utf8x.Strict, utf8x.BOMKeep)
		_, err := c.Append(nil, []byte(tc.in))
		var e *Error
		if !errors.As(err, &e) || e.Offset != tc.off || e.Len != tc.n || e.Offset != want || e.Kind == utf8x.Unrepresentable {
			t.Errorf("%s to %s of %q: %v, want an ill-formed unit at %d (%d bytes; the decoder alone: %d)", tc.from, tc.to, tc.in, err, tc.off, tc.n, want)
		}
		for _, sz := range [][2]int{{1, 1}, {2, 3}} {
			_, err := smallConvert(c, []byte(tc.in), sz[0], sz[1])
			if !errors.As(err, &e) || e.Offset != tc.off || e.Len != tc.n {
				t.Errorf("%s to %s of %q streamed by %v: %v, want offset %d", tc.from, tc.to, tc.in, sz, err, tc.off)
			}
		}
	}
}

// UTF-16 and UTF-32 without a signature guess their byte order from the
// first 512 bytes. Into a codec under Strict the chain gives the reading
// stage less than that a call, to place the error; it used to wait for the
// rest and end "short source buffer" on any input longer than 64 bytes.
func TestMixedStopGuessedOrder(t *testing.T) {
	text := strings.Repeat("plain text ", 40)
	for _, name := range []string{"utf-16", "utf-32"} {
		from, _ := Lookup(name)
		for _, to := range []string{"shift_jis", "euc-kr", "iso-2022-jp", "gb18030"} {
			enc, _ := Lookup(to)
			for _, order := range []ByteOrder{LittleEndian, BigEndian} {
				fixed, _ := Lookup(name)
				fixed = fixed.WithByteOrder(order)
				for _, tail := range []string{"", "😀 after", "क Devanagari"} {
					body, err := NewConverter(UTF8, fixed, utf8x.Skip, utf8x.BOMKeep).Append(nil, []byte(text+tail))
					if err != nil {
						t.Fatal(err)
					}
					for _, n := range []int{65, 200, 511, 512, len(body)} {
						if n > len(body) {
							continue
						}
						checkStop(t, from, enc, body[:n], utf8x.BOMKeep)
					}
				}
				// Ill-formed units the reading stage meets itself.
				checkStop(t, from, enc, bytes.Repeat([]byte{0x30}, 65), utf8x.BOMKeep)
				checkStop(t, from, enc, bytes.Repeat([]byte{0xD8, 0x00}, 300), utf8x.BOMKeep)
			}
		}
	}
}

// FuzzMixedStop: text from the fuzzer, written in one encoding (what it
// cannot hold left out), or with raw set the fuzzer's bytes as they are,
// converted to another under Strict, must stop at the unit the reference
// names: the first holding a character the target lacks, or an ill-formed
// one before it.
func FuzzMixedStop(f *testing.F) {
	f.Add([]byte("ß\nß中"), uint16(0), uint8(0), false)
	f.Add([]byte("aЖ中😀é"), uint16(70), uint8(2), false)
	f.Add([]byte("한글 カ €"), uint16(65), uint8(4), false)
	f.Add([]byte("\x81\x30\x89\x38\xd6\xd0\xff"), uint16(69), uint8(0), true)
	f.Add([]byte("ab\xa4\xa2\x80\xff\xfe"), uint16(67), uint8(1), true)
	encs := Encodings()
	f.Fuzz(func(t *testing.T, data []byte, fromIdx uint16, toIdx uint8, raw bool) {
		if len(data) > 256 {
			return
		}
		from := encs[int(fromIdx)%len(encs)]
		to, _ := Lookup(refTargets[int(toIdx)%len(refTargets)])
		in := data
		if !raw {
			if !utf8.Valid(data) || bytes.ContainsRune(data, 0xFEFF) {
				return
			}
			var err error
			in, err = NewConverter(UTF8, from, utf8x.Skip, utf8x.BOMKeep).Append(nil, data)
			if err != nil {
				return
			}
			if _, err := from.AppendDecode(nil, in); err != nil {
				return // skipping may join what then reads otherwise
			}
		}
		checkStop(t, from, to, in, utf8x.BOMKeep)
	})
}

// Long inputs, whose output grows (Cyrillic to Shift_JIS, kana to
// ISO-2022-JP), streamed in 4 KiB buffers as pump and transform.Reader do:
// the error falls well after the first buffer, and the input consumed ends
// right before it.
func TestMixedStopLongStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 9))
	pairs := [][2]string{
		{"windows-1251", "shift_jis"}, {"koi8-r", "iso-2022-jp"}, {"utf-16le", "shift_jis"},
		{"gb18030", "iso-2022-jp"}, {"gb18030", "windows-1251"}, {"shift_jis", "euc-kr"},
		{"big5", "iso-8859-1"}, {"iso-2022-jp", "windows-1251"}, {"iso-2022-kr", "shift_jis"}, {"utf-32", "euc-kr"}, {"hz-gb-2312", "us-ascii"},
	}
	for _, p := range pairs {
		from, _ := Lookup(p[0])
		to, _ := Lookup(p[1])
		var both, only []rune
		for _, r := range repertoire(from) {
			switch {
			case !writes(to, r):
				only = append(only, r)
			case r != '\n':
				both = append(both, r)
			}
		}
		if len(only) == 0 {
			t.Fatalf("%s holds no character of the pool that %s lacks", from, to)
		}
		rounds := 6
		if testing.Short() {
			rounds = 2
		}
		for range rounds {
			n := 2000 + rng.IntN(20000)
			text := []rune(mixedText(rng, both, both, n))
			text[rng.IntN(n)] = only[rng.IntN(len(only))]
			in, err := from.AppendEncode(nil, []byte(string(text)))
			if err != nil {
				t.Fatal(err)
			}
			checkStop(t, from, to, in, utf8x.BOMKeep)
		}
	}
}

// A text that starts with U+FEFF, kept or stripped (by the decoder's
// Converter in the reference, and in a chain by its middle stage, whose
// output then is not its input).
func TestMixedStopSignature(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 10))
	for _, tl := range refTargets {
		to, _ := Lookup(tl)
		for _, from := range Encodings() {
			if !writes(from, 0xFEFF) {
				continue
			}
			fromRep := repertoire(from)
			var both []rune
			for _, r := range fromRep {
				if writes(to, r) {
					both = append(both, r)
				}
			}
			for i := range 4 {
				text := "\uFEFF" + mixedText(rng, fromRep, both, 1+rng.IntN(20))
				in, err := from.AppendEncode(nil, []byte(text))
				if err != nil {
					t.Fatal(err)
				}
				bom := utf8x.BOMKeep
				if i%2 == 1 {
					bom = utf8x.BOMStrip
				}
				checkStop(t, from, to, in, bom)
			}
		}
	}
}

// AppendRange from a single-byte encoding, UTF-16 or UTF-32 to a codec:
// each range of a random cut, in a window of its own, converted by a fresh
// Converter; the first range's error must be the whole input's.
func TestMixedStopRanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	for _, tl := range refTargets {
		to, _ := Lookup(tl)
		if to.IsStateful() {
			continue
		}
		for _, from := range Encodings() {
			if !from.IsSingleByte() && from.f != utf16LEForm && from.f != utf16BEForm && from.f != utf32LEForm && from.f != utf32BEForm {
				continue
			}
			fromRep := repertoire(from)
			var both []rune
			for _, r := range fromRep {
				if writes(to, r) {
					both = append(both, r)
				}
			}
			for range 4 {
				text := mixedText(rng, fromRep, both, 1+rng.IntN(3000))
				in, err := from.AppendEncode(nil, []byte(text))
				if err != nil {
					t.Fatal(err)
				}
				wantOff, wantLen := expectedStop(refUnits(t, from, in, utf8x.BOMKeep), to)
				var got *Error
				for start := 0; start < len(in) && got == nil; {
					end := min(len(in), start+1+rng.IntN(700))
					lo, hi := max(0, start-utf8x.RangeContext), min(len(in), end+utf8x.RangeContext)
					c := NewConverter(from, to, utf8x.Strict, utf8x.BOMKeep)
					_, _, _, err := c.AppendRange(nil, in[lo:hi], lo, start-lo, end-lo)
					if err != nil && !errors.As(err, &got) {
						t.Fatalf("%s to %s, range [%d, %d): %v", from, to, start, end, err)
					}
					start = end
				}
				switch {
				case wantOff < 0 && got != nil:
					t.Fatalf("%s to %s of %d bytes in ranges: %v, want no error", from, to, len(in), got)
				case wantOff >= 0 && (got == nil || got.Offset != wantOff || got.Len != wantLen):
					t.Fatalf("%s to %s of %d bytes in ranges: %v, want byte %d, %d long", from, to, len(in), got, wantOff, wantLen)
				}
			}
		}
	}
}
