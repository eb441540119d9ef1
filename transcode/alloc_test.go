package transcode

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// TestZeroAllocs: with a destination big enough, no conversion allocates.
func TestZeroAllocs(t *testing.T) {
	text := []byte("ASCII run long enough for the wide loads, then h\u00e9llo \u20ac \U0001F600 and \u4e2d\u6587.")
	le, _ := AppendUTF8ToUTF16LE(nil, text)
	l1 := []byte("caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, and plain ASCII for eight-byte rounds")
	latin, _ := AppendUTF8ToLatin1(nil, l1)
	units, _ := AppendUTF8ToUTF16(nil, text)
	buf := make([]byte, 0, 4*len(text)+16)
	ubuf := make([]uint16, 0, len(text))
	for name, f := range map[string]func(){
		"AppendUTF8ToUTF16LE":  func() { AppendUTF8ToUTF16LE(buf, text) },
		"AppendUTF16LEToUTF8":  func() { AppendUTF16LEToUTF8(buf, le) },
		"AppendUTF8ToUTF16":    func() { AppendUTF8ToUTF16(ubuf, text) },
		"AppendUTF16ToUTF8":    func() { AppendUTF16ToUTF8(buf, units) },
		"AppendUTF8ToUTF32BE":  func() { AppendUTF8ToUTF32BE(buf, text) },
		"AppendUTF8ToLatin1":   func() { AppendUTF8ToLatin1(buf, l1) },
		"AppendLatin1ToUTF8":   func() { AppendLatin1ToUTF8(buf, latin) },
		"UTF16.AppendEncode":   func() { UTF16.AppendEncode(buf, text) },
		"UTF16LE.AppendDecode": func() { UTF16LE.AppendDecode(buf, le) },
		"CP1252.AppendEncode":  func() { CP1252.AppendEncode(buf, l1) },
	} {
		// Exact-size destinations too: the length functions say how much.
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
	exact := make([]byte, 0, 2*utf8x.UTF16Len(text))
	if n := testing.AllocsPerRun(20, func() { AppendUTF8ToUTF16LE(exact, text) }); n != 0 {
		t.Errorf("AppendUTF8ToUTF16LE into an exact-size buffer: %v allocations", n)
	}
	exact8 := make([]byte, 0, UTF8LenFromUTF16LE(le))
	if n := testing.AllocsPerRun(20, func() { AppendUTF16LEToUTF8(exact8, le) }); n != 0 {
		t.Errorf("AppendUTF16LEToUTF8 into an exact-size buffer: %v allocations", n)
	}
}

// TestTransformAllocs: once made, a Converter converts a stream of any size,
// ill-formed units and all, without allocating, whatever the policy, in the
// 4 KiB chunks transform.NewReader uses (a handled unit once cost one).
func TestTransformAllocs(t *testing.T) {
	text := []byte("ASCII run long enough for the wide loads, then h\u00e9llo \u20ac \U0001F600, \xFF\xE2\x82 ill-formed, and \u4e2d\u6587.")
	for len(text) < 20000 {
		text = append(text, text...)
	}
	dst := make([]byte, 4096)
	for _, p := range append(testPolicies[1:], utf8x.FallbackCP1252) {
		for _, e := range allocFreeEncodings() {
			src, _ := e.WithPolicy(utf8x.Replace).AppendEncode(nil, text)
			for _, c := range []*Converter{NewConverter(UTF8, e, p, utf8x.BOMStrip), NewConverter(e, UTF8, p, utf8x.BOMAdd)} {
				in := text
				if c.to == utf8Form && e != UTF8 {
					in = src
				}
				if _, err := c.Append(nil, in); err != nil {
					continue // an error value is an allocation, rightly
				}
				n := testing.AllocsPerRun(5, func() {
					c.Reset()
					for rest := in; len(rest) > 0; {
						chunk := rest[:min(4096, len(rest))]
						_, s, err := c.Transform(dst, chunk, len(chunk) == len(rest))
						if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
							t.Fatalf("%v: %v", c, err)
						}
						rest = rest[s:]
					}
				})
				if n != 0 {
					t.Errorf("%v: %v allocations per stream", c, n)
				}
			}
		}
	}
}

// TestAppendGrowth: AppendEncode and AppendDecode into nil make room for the
// worst case of well-formed input of the pair of forms, not for four bytes
// per input byte: UTF-8 to UTF-16 at most doubles, UTF-16 to UTF-8 grows by
// half, UTF-32 to UTF-8 does not grow (the allocator rounds large sizes up
// to whole 8 KiB pages).
func TestAppendGrowth(t *testing.T) {
	text := []byte(strings.Repeat("ASCII and h\u00e9llo \u20ac \U0001F600 \u4e2d\u6587 ", 2000))
	for _, c := range []struct {
		e        Encoding
		enc, dec float64 // the most output per input byte
	}{
		{UTF16LE, 2, 1.5}, {UTF16, 2, 1.5}, {UTF32BE, 4, 1}, {UTF8, 1, 1}, {CESU8, 1.5, 1},
	} {
		encoded, err := c.e.AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		if limit := c.enc*float64(len(text)) + 8<<10 + 64; float64(cap(encoded)) > limit {
			t.Errorf("%s encode: capacity %d for %d input bytes, more than %.0f", c.e, cap(encoded), len(text), limit)
		}
		decoded, err := c.e.AppendDecode(nil, encoded)
		if err != nil || !bytes.Equal(decoded, text) {
			t.Fatalf("%s round trip: %v", c.e, err)
		}
		if limit := c.dec*float64(len(encoded)) + 8<<10 + 64; float64(cap(decoded)) > limit {
			t.Errorf("%s decode: capacity %d for %d input bytes, more than %.0f", c.e, cap(decoded), len(encoded), limit)
		}
	}
}

// TestAppendAllocs checks that the Append functions leave the caller's
// buffers where they are: converting between stack arrays with room to spare
// allocates nothing, with every kernel set forced (the purego build runs the
// portable set alone). Inputs are long enough for the vector kernels, and mix
// every length of UTF-8 character so that the scalar kernels run too.
func TestAppendAllocs(t *testing.T) {
	text := strings.Repeat("ab é 我 😀 z ", 12)
	latin := strings.Repeat("Ça été déjà l'été ÿ ", 8)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		check := func(name string, f func()) {
			t.Helper()
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s: %v allocations per run, want 0", name, n)
			}
		}
		check("AppendUTF8ToUTF16LE", func() {
			var src [256]byte
			var dst [1024]byte
			s := src[:copy(src[:], text)]
			out, err := AppendUTF8ToUTF16LE(dst[:0], s)
			if err != nil || len(out) == 0 {
				t.Fatal(err)
			}
		})
		check("AppendUTF8ToUTF16BE", func() {
			var src [256]byte
			var dst [1024]byte
			s := src[:copy(src[:], text)]
			if _, err := AppendUTF8ToUTF16BE(dst[:0], s); err != nil {
				t.Fatal(err)
			}
		})
		check("AppendUTF16LEToUTF8", func() {
			var src [512]byte
			var mid, dst [1024]byte
			s := src[:copy(src[:], text)]
			u, _ := AppendUTF8ToUTF16LE(mid[:0], s)
			out, err := AppendUTF16LEToUTF8(dst[:0], u)
			if err != nil || string(out) != string(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
		check("AppendUTF16BEToUTF8", func() {
			var src [512]byte
			var mid, dst [1024]byte
			s := src[:copy(src[:], text)]
			u, _ := AppendUTF8ToUTF16BE(mid[:0], s)
			out, err := AppendUTF16BEToUTF8(dst[:0], u)
			if err != nil || string(out) != string(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
		check("AppendUTF8ToUTF32LE/AppendUTF32LEToUTF8", func() {
			var src [256]byte
			var mid [2048]byte
			var dst [512]byte
			s := src[:copy(src[:], text)]
			u, _ := AppendUTF8ToUTF32LE(mid[:0], s)
			out, err := AppendUTF32LEToUTF8(dst[:0], u)
			if err != nil || string(out) != string(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
		check("AppendUTF8ToUTF32BE/AppendUTF32BEToUTF8", func() {
			var src [256]byte
			var mid [2048]byte
			var dst [512]byte
			s := src[:copy(src[:], text)]
			u, _ := AppendUTF8ToUTF32BE(mid[:0], s)
			out, err := AppendUTF32BEToUTF8(dst[:0], u)
			if err != nil || string(out) != string(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
		check("AppendUTF8ToUTF16/AppendUTF16ToUTF8", func() {
			var src [256]byte
			var mid [512]uint16
			var dst [512]byte
			s := src[:copy(src[:], text)]
			u, _ := AppendUTF8ToUTF16(mid[:0], s)
			out, err := AppendUTF16ToUTF8(dst[:0], u)
			if err != nil || string(out) != string(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
		check("AppendUTF8ToLatin1/AppendLatin1ToUTF8", func() {
			var src [256]byte
			var mid [256]byte
			var dst [512]byte
			s := src[:copy(src[:], latin)]
			l, err := AppendUTF8ToLatin1(mid[:0], s)
			if err != nil {
				t.Fatal(err)
			}
			if out := AppendLatin1ToUTF8(dst[:0], l); string(out) != string(s) {
				t.Fatal("round trip differs")
			}
		})
		// The Encoding and Converter functions, through the per-unit code
		// and the policies too: every encoding both ways, valid input and,
		// under Replace and Escape, ill-formed input.
		bad := "\xFF" + text[:40] + "\xED\xA0\x80\x00\xD8"
		for _, e := range allocFreeEncodings() {
			if _, err := e.AppendEncode(nil, []byte(text)); err != nil {
				e = e.WithPolicy(utf8x.Replace) // a strict error is an allocation, rightly
			}
			check(e.Name()+".AppendEncode/AppendDecode", func() {
				var src [256]byte
				var mid [1024]byte
				var dst [512]byte
				s := src[:copy(src[:], text)]
				enc, err := e.AppendEncode(mid[:0], s)
				if err != nil || len(enc) == 0 {
					t.Fatalf("encode: %v", err)
				}
				if _, err := e.AppendDecode(dst[:0], enc); err != nil {
					t.Fatalf("decode: %v", err)
				}
			})
			for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Escape} {
				for _, c := range []*Converter{NewConverter(e, UTF8, p, utf8x.BOMStrip), NewConverter(UTF8, e, p, utf8x.BOMAdd)} {
					check(c.String()+" Append", func() {
						var src [256]byte
						var dst [2048]byte
						s := src[:copy(src[:], bad)]
						if _, err := c.Append(dst[:0], s); err != nil {
							t.Fatal(err)
						}
					})
				}
			}
		}
		for _, e := range []Encoding{UTF8, UTF16LE, UTF16BE, UTF32LE, Latin1} {
			enc, _ := e.WithPolicy(utf8x.Replace).AppendEncode(nil, []byte(text))
			c := NewConverter(e, UTF8, utf8x.Replace, utf8x.BOMKeep)
			check(e.Name()+" AppendRange", func() {
				var src [1024]byte
				var dst [1024]byte
				s := src[:copy(src[:], enc)]
				out, from, to, err := c.AppendRange(dst[:0], s, 0, 0, len(s)/2)
				if err != nil || len(out) == 0 || from != 0 || to < len(s)/2 {
					t.Fatalf("AppendRange: %v", err)
				}
			})
		}
		// Validation and counting in every encoding (these once reached
		// their UTF-8 shortcut through a function value, which moved the
		// caller's buffer to the heap), and the Transform a Converter
		// implements, on valid and ill-formed input.
		for _, e := range allocFreeEncodings() {
			enc, _ := e.WithPolicy(utf8x.Replace).AppendEncode(nil, []byte(text))
			for _, in := range [][]byte{enc, append([]byte("\xFF\xED\xA0\x80"), enc...)} {
				in := in
				check(e.Name()+".FirstInvalid/Valid/RuneCount/IncompleteTail", func() {
					var src [1024]byte
					s := src[:copy(src[:], in)]
					off, n, _ := e.FirstInvalid(s, true)
					if e.Valid(s) != (n == 0) || off > len(s) {
						t.Fatal("Valid and FirstInvalid disagree")
					}
					if e.RuneCount(s) == 0 || e.IncompleteTail(s) > len(s) {
						t.Fatal("RuneCount or IncompleteTail out of range")
					}
					if n == 0 && e.Validate(s) != nil {
						t.Fatal("Validate fails on valid input") // an error allocates, rightly
					}
				})
			}
			c := NewConverter(UTF8, e, utf8x.Replace, utf8x.BOMKeep)
			check(e.Name()+" Converter.Transform", func() {
				var src [256]byte
				var dst [2048]byte
				s := src[:copy(src[:], bad)]
				c.Reset()
				if _, n, err := c.Transform(dst[:], s, true); err != nil || n != len(s) {
					t.Fatalf("Transform: %d of %d, %v", n, len(s), err)
				}
			})
		}
		check("length functions", func() {
			var src [512]byte
			var units [256]uint16
			s := src[:copy(src[:], text)]
			u := units[:copy(units[:], []uint16{'a', 0xD83D, 0xDE00, 0xE9})]
			n := UTF16LenFromUTF8(s) + UTF32LenFromUTF8(s) + Latin1LenFromUTF8(s) +
				UTF8LenFromLatin1(s) + UTF8LenFromUTF16LE(s) + UTF8LenFromUTF16BE(s) +
				UTF8LenFromUTF32LE(s) + UTF8LenFromUTF32BE(s) + UTF8LenFromUTF16(u)
			if n == 0 {
				t.Fatal("every length is 0")
			}
		})
		withNul := text + "\x00"
		check("AppendMUTF8WithLength/DecodeMUTF8WithLength", func() {
			var src [256]byte
			var mid, dst [512]byte
			s := src[:copy(src[:], withNul)]
			m, err := AppendMUTF8WithLength(mid[:0], s)
			if err != nil {
				t.Fatal(err)
			}
			out, n, err := DecodeMUTF8WithLength(dst[:0], m)
			if err != nil || n != len(m) || string(out) != string(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
		check("AppendUTF16ToWTF8/AppendWTF8ToUTF16", func() {
			var src [64]uint16
			var mid [256]byte
			var dst [64]uint16
			s := append(src[:0], 'a', 0xD800, 'b', 0xDC00, 0xD83D, 0xDE00)
			w := AppendUTF16ToWTF8(mid[:0], s)
			out, err := AppendWTF8ToUTF16(dst[:0], w)
			if err != nil || len(out) != len(s) {
				t.Fatalf("round trip: %v", err)
			}
		})
	})
	// The reference the test relies on: the standard library's encoder on
	// stack buffers does not allocate either, so a failure above is ours.
	if n := testing.AllocsPerRun(20, func() {
		var buf [16]uint16
		_ = utf16.AppendRune(buf[:0], '😀')
	}); n != 0 {
		t.Fatalf("utf16.AppendRune allocates %v times: the test's premise fails", n)
	}
}
