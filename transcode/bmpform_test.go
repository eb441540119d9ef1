package transcode

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/testsample"
	"golang.org/x/text/transform"
)

// Tests of the CESU-8 and modified UTF-8 kernels (utf8ToBMPForm,
// bmpFormToUTF8, and bmpPrefix under validation) against the per-unit code:
// the forms' own decode and encode, one unit at a time. The kernels validate
// with internal/utf8kernel, so every validation kernel set is forced in turn.

// bmpForms are the forms whose kernels these tests attack.
var bmpForms = []Encoding{CESU8, MUTF8}

// bmpPolicies are the policies each conversion runs under.
var bmpPolicies = []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape}

// bmpUnits are the pieces the test texts are made of: what reads the same in
// UTF-8 and the forms, what the kernels convert (characters beyond U+FFFF in
// 4 bytes or as surrogate pairs, 00 and C0 80), and faults of every kind.
var bmpUnits = []string{
	"a", " ", "\n", "\x00", "é", "\u07FF", "€", "中", "\uD7FF", "\uE000", "\uFFFF",
	"😀", "\U00010000", "\U0010FFFF",
	"\xED\xA0\x80\xED\xB0\x80", "\xED\xAF\xBF\xED\xBF\xBF", "\xED\xA0\xBD\xED\xB8\x80", // pairs
	"\xC0\x80",                                                 // U+0000 in modified UTF-8
	"\xED\xA0\x80", "\xED\xB0\x80", "\xED\xA0\x80\xED\xA0\x80", // lone surrogates
	"\xC0\xAF", "\xC1\xBF", "\xE0\x80\x80", "\xF4\x90\x80\x80", "\xF8", "\xFF", "\x80", "\xBF",
	"\xE2\x82", "\xF0\x9F\x98", "\xED\xA0", "\xED\xA0\x80\xED", "\xED\xA0\x80\xED\xB0", "\xC0", "\xC2",
}

// checkBMPForms runs every conversion through the kernels of bmpForms on in,
// under each of policies, and compares each with the per-unit code, whole
// and into a dst of room bytes at a time (room 0: whole only; at least 16,
// the longest any one unit is written: a 4-byte sequence escaped); and the
// forms' validation and counting with a walk one unit at a time.
func checkBMPForms(t *testing.T, in []byte, room int, policies ...utf8x.Policy) {
	t.Helper()
	for _, e := range bmpForms {
		for _, p := range policies {
			for _, c := range []*Converter{NewConverter(UTF8, e, p, utf8x.BOMKeep), NewConverter(e, UTF8, p, utf8x.BOMKeep)} {
				checkLossy(t, c, in)
				if room > 0 {
					checkRoom(t, c, in, room)
				}
			}
		}
		checkUnitWalk(t, e, in)
	}
}

// checkRoom compares c converting in through a dst of room bytes at a time
// (the kernels stop where dst is full, in whole characters) with c.Append.
func checkRoom(t *testing.T, c *Converter, in []byte, room int) {
	t.Helper()
	want, wantErr := c.Append(nil, in)
	c.Reset()
	var got []byte
	dst := make([]byte, room)
	src := in
	var err error
	for calls := 0; ; calls++ {
		var d, s int
		d, s, err = c.Transform(dst, src, true)
		got = append(got, dst[:d]...)
		src = src[s:]
		if err != transform.ErrShortDst {
			break
		}
		if d == 0 && s == 0 || calls > 4*len(in)+16 {
			t.Fatalf("%v with %d bytes of room on % X: no progress", c, room, in)
		}
	}
	if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
		t.Fatalf("%v with %d bytes of room on % X:\n% X, %v\nwhole: % X, %v", c, room, in, got, err, want, wantErr)
	}
}

// checkUnitWalk compares e's FirstInvalid and RuneCount on in with a walk
// through in one unit at a time with the form's decoder.
func checkUnitWalk(t *testing.T, e Encoding, in []byte) {
	t.Helper()
	f := e.form()
	wantOff, wantN, count := 0, 0, 0
	var wantKind utf8x.ErrorKind
	for off := 0; off < len(in); count++ {
		_, n, kind := f.decode(in[off:], true)
		if kind != 0 && wantN == 0 {
			wantOff, wantN, wantKind = off, n, kind
		}
		off += n
	}
	if wantN == 0 {
		wantOff = len(in)
	}
	if off, n, kind := e.FirstInvalid(in, true); off != wantOff || n != wantN || kind != wantKind {
		t.Fatalf("%s FirstInvalid(% X) = %d, %d, %v; one unit at a time: %d, %d, %v", e, in, off, n, kind, wantOff, wantN, wantKind)
	}
	if got := e.RuneCount(in); got != count {
		t.Fatalf("%s RuneCount(% X) = %d; one unit at a time: %d", e, in, got, count)
	}
}

// bmpText makes a text of about n bytes from bmpUnits: mostly one
// background unit (so that the kernels meet long runs, windows and the
// switch back from one unit at a time), with others at the rate 1/every.
func bmpText(rng *rand.Rand, n int, background string, every int) []byte {
	var b []byte
	for len(b) < n {
		if rng.IntN(every) == 0 {
			b = append(b, bmpUnits[rng.IntN(len(bmpUnits))]...)
		} else {
			b = append(b, background...)
		}
	}
	return b
}

// TestBMPFormsRandom: texts up to 40 KB (past every window size and the
// unit-at-a-time span), valid and not, sparse and dense in what the kernels
// convert, against the per-unit code, whole and with little room.
func TestBMPFormsRandom(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		backgrounds := []string{"a", "é", "中", "😀", "ab😀c中 "}
		for i := range 120 {
			n := []int{5, 70, 300, 1000, 5000, 40000}[i%6]
			if n >= 5000 && !testsample.Sampled(4, i) {
				continue
			}
			bg := backgrounds[i%len(backgrounds)]
			every := []int{2, 7, 50, 1000}[i/6%4]
			in := bmpText(rng, n, bg, every)
			checkBMPForms(t, in, []int{0, 16, 17, 64, 301}[i%5], bmpPolicies...)
		}
	})
}

// TestBMPFormsEveryOffset puts each unit of bmpUnits at every offset of
// texts about 1100 bytes long, where the kernels' first windows (256 and 512
// bytes from where a call starts) and the unit-at-a-time span (256 bytes
// after a pair or a fault) end, and a second one 5 bytes later; under Strict
// (where the first fault stops) and Escape (which writes every byte of each
// fault). The sweep is thinned to one case in 6 by a hash of its
// coordinates (one in 72 under -short): in full it took four minutes.
func TestBMPFormsEveryOffset(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		for bi, bg := range []string{"a", "中", "ab😀c中 "} {
			base := []byte(strings.Repeat(bg, 1100/len(bg)))
			for ui, u := range bmpUnits {
				for at := 0; at <= len(base); at++ {
					if !utf8x.RuneStart(base[min(at, len(base)-1)]) || !testsample.Thin(6, bi, ui, at) || !testsample.Sampled(12, bi, ui, at, 1) {
						continue
					}
					in := append(append(append([]byte(nil), base[:at]...), u...), base[at:]...)
					if k := min(len(in), at+len(u)+5); utf8x.RuneStart(in[min(k, len(in)-1)]) {
						in = append(append(append([]byte(nil), in[:k]...), u...), in[k:]...)
					}
					checkBMPForms(t, in, 0, utf8x.Strict, utf8x.Escape)
				}
			}
		}
	})
}

// TestBMPFormsEverySequence: every sequence of one and two bytes, and every
// sequence of three that starts with a byte that can lead one (C0-F4; after
// any other byte the next two are a sequence of two, already covered), each
// between ASCII letters, in one input per leading byte, converted through
// the kernels under Escape, which writes every byte of a fault, so that each
// fault's place and length show.
func TestBMPFormsEverySequence(t *testing.T) {
	var in []byte
	for b0 := range 256 {
		in = in[:0]
		for b1 := range 256 {
			if !testsample.Sampled(12, b0, b1) {
				continue
			}
			in = append(in, 'x', byte(b0), 'y', byte(b0), byte(b1), 'z')
			if b0 < 0xC0 || b0 > 0xF4 {
				continue
			}
			for b2 := range 256 {
				in = append(in, byte(b0), byte(b1), byte(b2), 'w')
			}
		}
		checkBMPForms(t, in, 0, utf8x.Escape)
	}
}

// FuzzBMPForms: any input, through both kernels of both forms under the
// policy pick chooses, against the per-unit code, whole and into a small
// dst, and the forms' validation against a walk one unit at a time.
func FuzzBMPForms(f *testing.F) {
	for _, u := range bmpUnits {
		f.Add([]byte("ab"+u+"cd"+u), uint8(0))
	}
	f.Add([]byte(strings.Repeat("x😀\xED\xA0\xBD\xED\xB8\x80\xC0\x80\x00", 40)), uint8(7))
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		e := bmpForms[int(pick)%2]
		p := bmpPolicies[int(pick>>1)%len(bmpPolicies)]
		room := 16 + int(pick>>3) // the longest unit out: a 4-byte sequence escaped
		for _, c := range []*Converter{NewConverter(UTF8, e, p, utf8x.BOMKeep), NewConverter(e, UTF8, p, utf8x.BOMKeep)} {
			checkLossy(t, c, data)
			checkRoom(t, c, data, room)
			r := transform.NewReader(bytes.NewReader(data), c)
			got, err := io.ReadAll(r)
			c.Reset()
			want, wantErr := c.Append(nil, data)
			if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
				t.Fatalf("%v through transform.NewReader on % X: % X, %v; Append: % X, %v", c, data, got, err, want, wantErr)
			}
		}
		checkUnitWalk(t, e, data)
	})
}

// TestStopIndex: every byte value at every position of inputs of 1 to 17
// bytes (one word, two, and the bytes after them), over a background of
// every other byte value (under -short, of ten: the borrow of the NUL test
// and the shifts of the F0 test run across bytes), against a loop over the
// bytes.
func TestStopIndex(t *testing.T) {
	var backgrounds []int
	for bg := range 256 {
		if !testing.Short() || bytes.IndexByte([]byte{0x00, 0x01, 0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xEF, 0xF0, 0xFF}, byte(bg)) >= 0 {
			backgrounds = append(backgrounds, bg)
		}
	}
	for _, nul := range []bool{false, true} {
		for n := 1; n <= 17; n++ {
			for _, bg := range backgrounds {
				for at := range n {
					for b := range 256 {
						p := bytes.Repeat([]byte{byte(bg)}, n)
						p[at] = byte(b)
						want := len(p)
						for i, c := range p {
							if c >= 0xF0 || nul && c == 0 {
								want = i
								break
							}
						}
						if got := stopIndex(p, nul); got != want {
							t.Fatalf("stopIndex(% X, %v) = %d, want %d", p, nul, got, want)
						}
					}
				}
			}
		}
	}
}
