package convkernel_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x/internal/convkernel"
	"github.com/utf8x/utf8x/internal/testsample"
)

// The oracle of the single-byte tests is the table itself, read the plain
// way: a high byte is its rune, U+FFFD undefined; a character encodes to the
// first byte that maps to it. The tables come from golang.org/x/text's
// charmaps (their DecodeByte) and from random tables built to stress what
// the charmaps leave out (many pages, three-byte leads beyond two, runes
// below U+0080 and repeated ones in the high half).

// sbCase is one encoding under test: its high half, the converter built
// from it and the reverse map of the oracle.
type sbCase struct {
	name string
	high [128]rune
	conv *convkernel.SingleByte
	rev  map[rune]byte
}

func newSBCase(t testing.TB, name string, high [128]rune) *sbCase {
	conv, err := convkernel.NewSingleByte(&high)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := &sbCase{name: name, high: high, conv: conv, rev: map[rune]byte{}}
	for i := 127; i >= 0; i-- { // the lowest byte wins
		if r := high[i]; r != utf8.RuneError && r >= 0x80 {
			c.rev[r] = byte(0x80 + i)
		}
	}
	return c
}

var sbCasesMemo []*sbCase

// sbCases returns the x/text charmaps whose low half is ASCII, then the
// random tables. It logs the charmaps it leaves out (EBCDIC).
func sbCases(t testing.TB) []*sbCase {
	if sbCasesMemo != nil {
		return sbCasesMemo
	}
	var out []*sbCase
	var skipped []string
	for _, e := range charmap.All {
		cm, ok := e.(*charmap.Charmap)
		if !ok {
			continue
		}
		ascii := true
		for b := 0; b < 0x80; b++ {
			if cm.DecodeByte(byte(b)) != rune(b) {
				ascii = false
			}
		}
		if !ascii {
			skipped = append(skipped, cm.String())
			continue
		}
		var high [128]rune
		for i := range high {
			high[i] = cm.DecodeByte(byte(0x80 + i))
		}
		out = append(out, newSBCase(t, cm.String(), high))
	}
	t.Logf("x/text charmaps not single-byte-over-ASCII, left out: %v", skipped)
	rng := rand.New(rand.NewPCG(25, 1))
	for k := 0; k < 4; k++ {
		var high [128]rune
		for i := range high {
			for {
				var r rune
				switch rng.IntN(6) {
				case 0:
					r = utf8.RuneError
				case 1:
					r = rune(0x80 + rng.IntN(0x780))
				case 2:
					r = rune(0x800 + rng.IntN(0xF800))
				case 3:
					r = rune(0x2000 + rng.IntN(0x600))
				case 4:
					r = rune(rng.IntN(0x80)) // a high byte read as ASCII
				default:
					if i > 0 {
						r = high[rng.IntN(i)] // the same character twice
					}
				}
				if r < 0xD800 || r > 0xDFFF {
					high[i] = r
					break
				}
			}
		}
		out = append(out, newSBCase(t, fmt.Sprintf("random%d", k), high))
	}
	sbCasesMemo = out
	return out
}

// wantDecode converts src by the table, stopping before an undefined byte or
// a character dst (room bytes) has no room for.
func (c *sbCase) wantDecode(src []byte, room int) (out []byte, nSrc int) {
	for _, b := range src {
		r := rune(b)
		if b >= 0x80 {
			r = c.high[b-0x80]
			if r == utf8.RuneError {
				break
			}
		}
		if len(out)+utf8.RuneLen(r) > room {
			break
		}
		out = utf8.AppendRune(out, r)
		nSrc++
	}
	return out, nSrc
}

// wantEncode converts src, UTF-8, stopping before ill-formed or incomplete
// input, a character the table lacks or a full dst.
func (c *sbCase) wantEncode(src []byte, room int) (out []byte, nSrc int) {
	for nSrc < len(src) && len(out) < room {
		r, size := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		var b byte
		if r < 0x80 {
			b = byte(r)
		} else {
			var ok bool
			if b, ok = c.rev[r]; !ok {
				break
			}
		}
		out = append(out, b)
		nSrc += size
	}
	return out, nSrc
}

const sbGuard = 0x5A

// checkSB runs one conversion with room bytes of dst and compares it with
// the oracle; it also checks that nothing is written past dst.
func checkSB(t *testing.T, c *sbCase, encode bool, src []byte, room int) {
	t.Helper()
	buf := bytes.Repeat([]byte{sbGuard}, room+80)
	dst := buf[:room:room]
	var nDst, nSrc int
	var want []byte
	var wantSrc int
	if encode {
		nDst, nSrc = c.conv.Encode(dst, src)
		want, wantSrc = c.wantEncode(src, room)
	} else {
		nDst, nSrc = c.conv.Decode(dst, src)
		want, wantSrc = c.wantDecode(src, room)
	}
	dir := map[bool]string{false: "Decode", true: "Encode"}[encode]
	for k, b := range buf[room:] {
		if b != sbGuard {
			t.Fatalf("%s %s: wrote past dst[%d] at +%d; src % x", c.name, dir, room, k, src)
		}
	}
	if nSrc != wantSrc || nDst != len(want) || !bytes.Equal(dst[:nDst], want) {
		t.Fatalf("%s %s, dst %d bytes, src (%d bytes) % x\ngot  (%d, %d) % x\nwant (%d, %d) % x",
			c.name, dir, room, len(src), src, nDst, nSrc, dst[:min(max(nDst, 0), room)], len(want), wantSrc, want)
	}
}

// defined returns the table's defined high bytes, and undefined its others.
func (c *sbCase) bytesWhere(def bool) []byte {
	var out []byte
	for i, r := range c.high {
		if (r != utf8.RuneError) == def {
			out = append(out, byte(0x80+i))
		}
	}
	return out
}

// text returns n bytes of the encoding, ASCII and defined high bytes mixed
// as in running text of a non-Latin script (dense) or a Latin one.
func (c *sbCase) text(rng *rand.Rand, n int, dense bool) []byte {
	def := c.bytesWhere(true)
	out := make([]byte, n)
	for i := range out {
		if len(def) > 0 && (dense && rng.IntN(4) != 0 || !dense && rng.IntN(12) == 0) {
			out[i] = def[rng.IntN(len(def))]
		} else {
			out[i] = byte(0x20 + rng.IntN(0x5F))
		}
	}
	return out
}

// utf8Of decodes bytes of the encoding without stopping (for making UTF-8
// input of its characters: the undefined become U+FFFD).
func (c *sbCase) utf8Of(src []byte) []byte {
	var out []byte
	for _, b := range src {
		if b < 0x80 {
			out = append(out, b)
		} else {
			out = utf8.AppendRune(out, c.high[b-0x80])
		}
	}
	return out
}

func TestSingleByteDecode(t *testing.T) {
	cases := sbCases(t)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for ci, c := range cases {
			rng := rand.New(rand.NewPCG(uint64(ci), 7))
			// Every byte at every offset of a 192-byte text, dense or not.
			for _, dense := range []bool{true, false} {
				bg := c.text(rng, 192, dense)
				src := make([]byte, len(bg))
				for b := 0; b < 256; b++ {
					for off := 0; off < len(bg); off++ {
						// Whole for the first tables, a quarter for the
						// others, which share their code.
						if !testsample.Sampled(16, ci, b, off) || (ci > 3 && !testsample.Thin(4, ci, b, off, 1)) {
							continue
						}
						copy(src, bg)
						src[off] = byte(b)
						checkSB(t, c, false, src, 3*len(src))
					}
				}
			}
			// Every length, and every room for some.
			long := c.text(rng, 260, true)
			for n := 0; n <= 260; n++ {
				checkSB(t, c, false, long[:n], 3*n)
				checkSB(t, c, false, long[len(long)-n:], 3*n+1)
			}
			for _, n := range []int{1, 7, 31, 63, 64, 65, 100, 129, 200, 260} {
				for room := 0; room <= 3*n+1; room++ {
					if testsample.Sampled(8, ci, n, room) {
						checkSB(t, c, false, long[:n], room)
					}
				}
			}
			// Stop at an undefined byte at every position.
			if und := c.bytesWhere(false); len(und) > 0 {
				for off := 0; off < len(long); off++ {
					src := append([]byte(nil), long...)
					src[off] = und[off%len(und)]
					checkSB(t, c, false, src, 3*len(src))
				}
			}
		}
	})
}

func TestSingleByteEncode(t *testing.T) {
	cases := sbCases(t)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for ci, c := range cases {
			rng := rand.New(rand.NewPCG(uint64(ci), 8))
			// Text of the encoding's characters, all of which encode.
			var long []byte
			for len(long) < 300 {
				long = append(long, c.utf8Of(c.text(rng, 1, true))...)
				if bytes.Contains(long, []byte("\uFFFD")) {
					t.Fatal("text() gave an undefined byte")
				}
			}
			// Every length, and every room for some.
			for n := 0; n <= len(long); n++ {
				checkSB(t, c, true, long[:n], n)
				checkSB(t, c, true, long[len(long)-n:], n)
			}
			for _, n := range []int{1, 7, 63, 64, 65, 130, 200, 300} {
				for room := 0; room <= n+1; room++ {
					if testsample.Sampled(8, ci, n, room) {
						checkSB(t, c, true, long[:n], room)
					}
				}
			}
			// Every byte at every offset: ill-formed UTF-8 where it lands
			// inside or between characters.
			src := make([]byte, 192)
			for b := 0x80; b < 256; b++ {
				for off := 0; off < len(src); off++ {
					if !testsample.Sampled(16, ci, b, off) || ci > 3 && !testsample.Thin(4, ci, b, off, 2) {
						continue
					}
					copy(src, long)
					src[off] = byte(b)
					checkSB(t, c, true, src, len(src))
				}
			}
			// Overlong, surrogate, 4-byte, truncated and stray sequences
			// at every place in a block; the 4-byte ones are well formed
			// but in no table.
			for _, bad := range [][]byte{{0xE0, 0x82, 0xAC}, {0xE0, 0x9F, 0xBF}, {0xED, 0xA0, 0x80},
				{0xED, 0xBF, 0xBF}, {0xC0, 0x80}, {0xC1, 0xBF}, {0xC0, 0xAC}, {0xF0, 0x9F, 0x98, 0x80},
				{0xF4, 0x8F, 0xBF, 0xBF}, {0x80}, {0xBF}, {0xC3}, {0xE2, 0x82}, {0xEF, 0xBF, 0xBD},
				{0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFF}} {
				for off := 0; off < 70; off++ {
					pre := long[:off]
					for len(pre) > 0 && !utf8.Valid(pre) {
						pre = pre[:len(pre)-1]
					}
					in := append(append(append([]byte(nil), pre...), bad...), long[off:off+60]...)
					checkSB(t, c, true, in, len(in))
				}
			}
			// Every BMP scalar value once, after a prefix that puts it at
			// every place in a block.
			for r := rune(0); r < 0x10000; r++ {
				if r >= 0xD800 && r <= 0xDFFF || !testsample.Sampled(32, ci, int(r)) {
					continue
				}
				off := int(r) % 67
				pre := long[:off]
				for len(pre) > 0 && !utf8.Valid(pre) {
					pre = pre[:len(pre)-1]
				}
				in := append(append(append([]byte(nil), pre...), string(r)...), long[off:off+40]...)
				checkSB(t, c, true, in, len(in))
			}
		}
	})
}

// TestSingleByteXText checks the oracle's tables against x/text's own
// decoder and encoder, so that the tests above test the right thing: for
// the charmaps, the whole conversion of every defined byte both ways.
func TestSingleByteXText(t *testing.T) {
	for _, e := range charmap.All {
		cm, ok := e.(*charmap.Charmap)
		if !ok || cm.DecodeByte('A') != 'A' || cm.DecodeByte(0) != 0 {
			continue
		}
		c := newSBCase(t, cm.String(), [128]rune{})
		for i := range c.high {
			c.high[i] = cm.DecodeByte(byte(0x80 + i))
		}
		conv, err := convkernel.NewSingleByte(&c.high)
		if err != nil {
			t.Fatal(err)
		}
		var all []byte
		for b := 0; b < 256; b++ {
			if b < 0x80 || c.high[b-0x80] != utf8.RuneError {
				all = append(all, byte(b))
			}
		}
		want, err := cm.NewDecoder().Bytes(all)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]byte, 3*len(all))
		nd, ns := conv.Decode(got, all)
		if ns != len(all) || !bytes.Equal(got[:nd], want) {
			t.Errorf("%s: Decode of every defined byte differs from x/text", cm)
		}
		back, err := encoding.HTMLEscapeUnsupported(cm.NewEncoder()).Bytes(want)
		if err != nil {
			t.Fatal(err)
		}
		got = make([]byte, len(want))
		nd, ns = conv.Encode(got, want)
		if ns != len(want) || !bytes.Equal(got[:nd], back) {
			t.Errorf("%s: Encode of every defined character differs from x/text:\n got % x\nwant % x", cm, got[:nd], back)
		}
	}
}

func TestNewSingleByteRejects(t *testing.T) {
	for _, r := range []rune{-1, 0xD800, 0xDFFF, 0x10000, 0x10FFFF, 0x110000} {
		var high [128]rune
		high[5] = r
		if _, err := convkernel.NewSingleByte(&high); err == nil {
			t.Errorf("NewSingleByte took %U", r)
		}
	}
}

// FuzzSingleByte converts arbitrary bytes both ways with arbitrary room,
// under every kernel set this machine runs, against the oracle.
func FuzzSingleByte(f *testing.F) {
	f.Add([]byte("abc\x80\xff\xd0\xb0\xe2\x80\x94"), uint8(0), uint16(100))
	f.Add(bytes.Repeat([]byte("Съешь же ещё этих"), 8), uint8(5), uint16(1000))
	f.Fuzz(func(t *testing.T, src []byte, table uint8, room uint16) {
		cases := sbCases(t)
		c := cases[int(table)%len(cases)]
		if len(src) > 4096 {
			src = src[:4096]
		}
		r := int(room) % (3*len(src) + 2)
		testsample.Transcoding.Runnable(func(string) {
			checkSB(t, c, false, src, r)
			checkSB(t, c, true, src, r)
		})
	})
}

// TestSingleByteKernelProgress checks that the kernels of each vector set
// convert text of their encoding themselves (the tests above pass with no
// kernel at all), correctly, up to the last block at most; and for AVX-512,
// which has no scalar tail, all of it.
func TestSingleByteKernelProgress(t *testing.T) {
	cases := sbCases(t)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled()
		if !vector {
			t.Skip("the portable set has no kernels")
		}
		encKernel := convkernel.SBEncodeKernel()
		if !encKernel {
			t.Logf("SKIPPED: set %s has no encoding kernel: encoding not checked for progress", convkernel.Active())
		}
		for ci, c := range cases {
			rng := rand.New(rand.NewPCG(uint64(ci), 9))
			for _, dense := range []bool{true, false} {
				src := c.text(rng, 1000, dense)
				for _, encode := range []bool{false, true} {
					in := src
					if !encode && !convkernel.SBDecodesThree {
						// Keep to the characters the decoder converts.
						in = append([]byte(nil), src...)
						for k, b := range in {
							if b >= 0x80 && (c.high[b-0x80] >= 0x800 || c.high[b-0x80] < 0x80) {
								in[k] = 'x'
							}
						}
					}
					if encode {
						if !encKernel {
							continue
						}
						// The kernels cover the pages with most characters
						// only: keep to those.
						in = nil
						for _, r := range string(c.utf8Of(src)) {
							if !convkernel.SBCovers(c.conv, r) || r >= 0x800 && !convkernel.SBEncodesThree {
								r = 'x'
							}
							in = utf8.AppendRune(in, r)
						}
					}
					dst := make([]byte, 3*len(in))
					nd, ns := convkernel.SBKernels(c.conv, encode, dst, in)
					var want []byte
					if encode {
						want, _ = c.wantEncode(in[:ns], len(dst))
					} else {
						want, _ = c.wantDecode(in[:ns], len(dst))
					}
					if !bytes.Equal(dst[:nd], want) {
						t.Fatalf("%s encode=%v: kernel output differs", c.name, encode)
					}
					if lim := 64 + 2; len(in)-ns > lim {
						t.Errorf("%s encode=%v dense=%v: kernel stopped at %d of %d", c.name, encode, dense, ns, len(in))
					}
				}
			}
		}
	})
}

// TestSingleByteRuneByte checks Rune on every byte and Byte on every BMP
// scalar value (and a few others) against the tables read plainly.
func TestSingleByteRuneByte(t *testing.T) {
	for _, c := range sbCases(t) {
		for b := 0; b < 256; b++ {
			want := rune(b)
			if b >= 0x80 {
				want = c.high[b-0x80]
			}
			if got := c.conv.Rune(byte(b)); got != want {
				t.Fatalf("%s: Rune(%#x) = %U, want %U", c.name, b, got, want)
			}
		}
		for r := rune(-1); r <= 0x10000; r++ {
			want, ok := c.rev[r]
			if r >= 0 && r < 0x80 {
				want, ok = byte(r), true
			}
			if got, gotOK := c.conv.Byte(r); got != want || gotOK != ok {
				t.Fatalf("%s: Byte(%U) = %#x, %v; want %#x, %v", c.name, r, got, gotOK, want, ok)
			}
		}
	}
}
