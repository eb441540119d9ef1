package transcode

import (
	"bytes"
	"errors"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// drive feeds src to c in chunks ending at cuts, with a destination of
// dstSize bytes, the way transform.Reader does but with every size chosen.
func drive(t testing.TB, c *Converter, src []byte, cuts []int, dstSize int) ([]byte, error) {
	return driveEach(t, c, src, cuts, dstSize, nil)
}

// driveEach is drive, calling each (when not nil) with every call's output.
func driveEach(t testing.TB, c *Converter, src []byte, cuts []int, dstSize int, each func(out []byte)) ([]byte, error) {
	c.Reset()
	var out []byte
	dst := make([]byte, dstSize)
	pos, end := 0, 0
	next := func() {
		for _, k := range cuts {
			if k > end && k <= len(src) {
				end = k
				return
			}
		}
		end = len(src)
	}
	next()
	for {
		atEOF := end == len(src)
		nDst, nSrc, err := c.Transform(dst, src[pos:end], atEOF)
		if each != nil {
			each(dst[:nDst])
		}
		out = append(out, dst[:nDst]...)
		pos += nSrc
		switch {
		case err == nil && atEOF:
			return out, nil
		case err == nil, err == transform.ErrShortSrc:
			if atEOF {
				t.Fatalf("%v: ErrShortSrc at the end of input", c)
			}
			next()
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				t.Fatalf("%v: no progress with %d bytes of room", c, dstSize)
			}
		default:
			return out, err
		}
	}
}

var testPolicies = []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.ReplaceWith("<?>")}

// checkSplit compares every way of converting src between UTF-8 and e: whole,
// in chunks, with small destinations, and without the kernels.
func checkSplit(t *testing.T, e Encoding, src []byte, cuts []int) {
	t.Helper()
	for _, p := range testPolicies {
		for _, b := range []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd} {
			for _, dir := range []struct {
				from, to Encoding
			}{{e, UTF8}, {UTF8, e}, {e, UTF16BE}, {CP1252, e}} {
				c := NewConverter(dir.from, dir.to, p, b)
				want, wantErr := c.Append(nil, src)
				useKernels = false
				ref, refErr := c.Append(nil, src)
				useKernels = true
				if !bytes.Equal(ref, want) || !sameErr(refErr, wantErr) {
					t.Fatalf("%v on % X: kernels give % X, %v; per-unit code % X, %v", c, src, want, wantErr, ref, refErr)
				}
				for _, size := range []int{64, 67, 4096} {
					got, err := drive(t, c, src, cuts, size)
					if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
						t.Fatalf("%v on % X cut at %v, dst %d: % X, %v; want % X, %v", c, src, cuts, size, got, err, want, wantErr)
					}
				}
				if p.Action() != utf8x.ActionStrict && wantErr == nil && dir.to == UTF8 && !utf8.Valid(want) {
					t.Fatalf("%v: invalid UTF-8 output % X", c, want)
				}
			}
		}
	}
}

func sameErr(a, b error) bool {
	var x, y *Error
	if errors.As(a, &x) && errors.As(b, &y) {
		return *x == *y
	}
	return a == b
}

func randomCuts(rng *rand.Rand, n int) []int {
	var cuts []int
	for range rng.IntN(6) {
		cuts = append(cuts, rng.IntN(n+1))
	}
	slices.Sort(cuts)
	return cuts
}

// TestSplit cuts valid and ill-formed inputs at every byte, and at random
// places, and compares with the slice conversion.
func TestSplit(t *testing.T) {
	inputs := []string{
		"", "a", "\xff\xfe", "\xfe\xff", "\xff\xfe\x00\x00", "\x00\x00\xfe\xff",
		"\xef\xbb\xbfa", "\xff\xfea\x00\x00\xd8\x00\xdc", "a\x00\x00\xd8", "\x00\xdc\x00\xd8b",
		"héllo wörld €", "\U0001F600\U0001F600", "\xe2\x82", "\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80",
		"\x00\x00\x11\x00\x00\xd8\x00\x00", "0123456789abcdefghijklmnop\u00e9qrstuvwxyz0123456789",
	}
	for ei, e := range testEncodings() {
		for ii, in := range inputs {
			for k := 0; k <= len(in); k++ {
				if testsample.Sampled(3, ei, ii, k) {
					checkSplit(t, e, []byte(in), []int{k})
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	rounds := 30
	if testing.Short() {
		rounds = 10
	}
	for range rounds {
		src := []byte(sample(rng, rng.IntN(200)))
		for range rng.IntN(4) { // damage it
			if len(src) > 0 {
				src[rng.IntN(len(src))] = byte(rng.Uint32())
			}
		}
		for _, e := range testEncodings() {
			checkSplit(t, e, src, randomCuts(rng, len(src)))
		}
	}
}

// TestXText compares with golang.org/x/text on valid input for every encoding
// it also has.
func TestXText(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	texts := [][]byte{[]byte(sample(rng, 5000)), []byte("plain ASCII, and \u00e9\u00e8 \U0001F600 \uFEFF"), {}}
	if dir, ok := testsample.CorpusDir(); ok {
		texts = append(texts, corpusTexts(dir)...)
	}
	peers := []struct {
		ours   Encoding
		dec    encoding.Encoding // decoding peer
		enc    encoding.Encoding // encoding peer
		latin1 bool              // only texts within Latin-1 apply
	}{
		{UTF8, unicode.UTF8, unicode.UTF8, false},
		{UTF16LE, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), false},
		{UTF16BE, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), false},
		{UTF16, unicode.UTF16(unicode.BigEndian, unicode.UseBOM), unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), false},
		{UTF32LE, utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), false},
		{UTF32BE, utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), false},
		{UTF32, utf32.UTF32(utf32.BigEndian, utf32.UseBOM), utf32.UTF32(utf32.LittleEndian, utf32.UseBOM), false},
		{Latin1, charmap.ISO8859_1, charmap.ISO8859_1, true},
		{CP1252, charmap.Windows1252, charmap.Windows1252, true},
	}
	for _, p := range peers {
		for _, text := range texts {
			if p.latin1 {
				text = []byte(latin1Only(string(text)))
			}
			want, err := p.enc.NewEncoder().Bytes(text)
			if err != nil {
				if p.ours == CP1252 {
					continue // x/text's table leaves out the five C1 controls WHATWG maps
				}
				t.Fatalf("x/text %s encode: %v", p.ours, err)
			}
			got, err := p.ours.AppendEncode(nil, text)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s encode differs from x/text (%d bytes): %v", p.ours, len(text), err)
			}
			back, err := p.ours.AppendDecode(nil, want)
			peer, perr := p.dec.NewDecoder().Bytes(want)
			if err != nil || perr != nil || !bytes.Equal(back, peer) {
				t.Errorf("%s decode differs from x/text (%d bytes): %v %v", p.ours, len(want), err, perr)
			}
		}
	}
	// Every byte through both single-byte decoders, except where x/text's
	// Windows-1252 table has no character (81 8D 8F 90 9D).
	for b := 0; b < 256; b++ {
		for _, p := range peers[7:] {
			want, _ := p.dec.NewDecoder().Bytes([]byte{byte(b)})
			got, _ := p.ours.AppendDecode(nil, []byte{byte(b)})
			if !bytes.Equal(got, want) && string(want) != "\uFFFD" {
				t.Errorf("%s byte %02X: %q, x/text %q", p.ours, b, got, want)
			}
		}
	}
}

func latin1Only(s string) string {
	var b []byte
	for _, r := range s {
		if r <= 0xFF {
			b = utf8.AppendRune(b, r)
		}
	}
	return string(b)
}
