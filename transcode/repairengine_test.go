package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// UTF-8 to UTF-8 in transcode is the root package's repair engine. These tests
// hold both entry points (utf8x.Transformer and AppendValid; transcode's
// Converter, Append, AppendRange, Encoder and Decoder for UTF8) to one
// reference written here from RFC 3629's byte ranges and the policies'
// documentation, on random inputs cut at random places, so that neither
// agreeing with the other by construction can pass for correct.

// engineRanges is RFC 3629 section 4's UTF8-char, one byte range per byte.
var engineRanges = [][][2]byte{
	{{0x00, 0x7F}},
	{{0xC2, 0xDF}, {0x80, 0xBF}},
	{{0xE0, 0xE0}, {0xA0, 0xBF}, {0x80, 0xBF}},
	{{0xE1, 0xEC}, {0x80, 0xBF}, {0x80, 0xBF}},
	{{0xED, 0xED}, {0x80, 0x9F}, {0x80, 0xBF}},
	{{0xEE, 0xEF}, {0x80, 0xBF}, {0x80, 0xBF}},
	{{0xF0, 0xF0}, {0x90, 0xBF}, {0x80, 0xBF}, {0x80, 0xBF}},
	{{0xF1, 0xF3}, {0x80, 0xBF}, {0x80, 0xBF}, {0x80, 0xBF}},
	{{0xF4, 0xF4}, {0x80, 0x8F}, {0x80, 0xBF}, {0x80, 0xBF}},
}

// engineUnit returns the length of the unit at the start of p and whether
// it is a well-formed character; otherwise it is a maximal subpart: the
// longest prefix of p that starts some character, or one byte.
func engineUnit(p []byte) (n int, ok bool) {
	longest := 1
	for _, rs := range engineRanges {
		k := 0
		for k < len(rs) && k < len(p) && rs[k][0] <= p[k] && p[k] <= rs[k][1] {
			k++
		}
		if k == len(rs) {
			return k, true
		}
		longest = max(longest, k)
	}
	return longest, false
}

// engineByte1252 is the character of byte b in Windows-1252 as the WHATWG
// standard reads it: x/text's table, whose five unassigned bytes are the C1
// controls of the same value.
func engineByte1252(b byte) rune {
	r := charmap.Windows1252.DecodeByte(b)
	if r == utf8x.RuneError {
		return rune(b)
	}
	return r
}

// engineWant is the reference: what repairing src under p and b gives, the
// number of units p handled, and under Strict the offset and length of the
// first ill-formed unit (off < 0 when there is none).
func engineWant(src []byte, p utf8x.Policy, b utf8x.BOMPolicy) (out []byte, fixed, off, n int) {
	const bom = "\xEF\xBB\xBF"
	out = []byte{}
	i := 0
	had := bytes.HasPrefix(src, []byte(bom))
	switch {
	case b == utf8x.BOMStrip && had:
		i = 3
	case b == utf8x.BOMAdd && !had:
		out = append(out, bom...)
	}
	for i < len(src) {
		l, ok := engineUnit(src[i:])
		if ok {
			out = append(out, src[i:i+l]...)
			i += l
			continue
		}
		bad := src[i : i+l]
		switch p.Action() {
		case utf8x.ActionStrict:
			return out, 0, i, l
		case utf8x.ActionReplace:
			out = append(out, p.Replacement()...)
		case utf8x.ActionEscape:
			for _, c := range bad {
				out = fmt.Appendf(out, `\x%02x`, c)
			}
		case utf8x.ActionCP1252:
			for _, c := range bad {
				out = fmt.Appendf(out, "%c", engineByte1252(c))
			}
		case utf8x.ActionLatin1:
			for _, c := range bad {
				out = fmt.Appendf(out, "%c", rune(c))
			}
		}
		fixed++
		i += l
	}
	return out, fixed, -1, 0
}

// engineInput is a random input of up to 40 bytes, mostly pieces of
// characters and of the byte order mark.
func engineInput(rng *rand.Rand) []byte {
	pieces := [][]byte{
		[]byte("a"), []byte("\xEF\xBB\xBF"), []byte("é"), []byte("€"), []byte("😀"),
		{0x80}, {0xBF}, {0xC0}, {0xC1}, {0xC2}, {0xE0}, {0xE0, 0xA0}, {0xED, 0xA0},
		{0xF0}, {0xF0, 0x90}, {0xF0, 0x90, 0x80}, {0xF4, 0x90}, {0xF5}, {0xFF}, {0xEF, 0xBB},
	}
	var b []byte
	if rng.IntN(3) == 0 {
		b = append(b, 0xEF, 0xBB, 0xBF)
	}
	for n := rng.IntN(16); n > 0 && len(b) < 40; n-- {
		if rng.IntN(5) == 0 {
			b = append(b, byte(rng.Uint32()))
		} else {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
	}
	return b[:min(len(b), 40)]
}

// engineFeed runs tr over src cut into pieces at cuts, with a destination
// of dstSize bytes that doubles when a single unit does not fit.
func engineFeed(tr transform.Transformer, src []byte, cuts []int, dstSize int) ([]byte, error) {
	tr.Reset()
	out := []byte{}
	var pending []byte
	dst := make([]byte, dstSize)
	prev := 0
	for i, cut := range append(cuts, len(src)) {
		pending = append(slices.Clone(pending), src[prev:cut]...)
		prev = cut
		atEOF := i == len(cuts)
		for {
			d, s, err := tr.Transform(dst, pending, atEOF)
			out = append(out, dst[:d]...)
			pending = pending[s:]
			switch {
			case err == transform.ErrShortDst:
				if d == 0 && s == 0 {
					dst = make([]byte, 2*len(dst))
				}
				continue
			case err == transform.ErrShortSrc && !atEOF:
			case err != nil:
				return out, err
			case len(pending) > 0:
				return out, errors.New("nil error with input left")
			}
			break
		}
	}
	return out, nil
}

// engineCuts returns up to 4 sorted cut points in [0, n].
func engineCuts(rng *rand.Rand, n int) []int {
	cuts := make([]int, rng.IntN(5))
	for i := range cuts {
		cuts[i] = rng.IntN(n + 1)
	}
	slices.Sort(cuts)
	return cuts
}

// engineCheck compares one path's result with the reference. Under Strict
// the path must hold the output before the unit and an error for it:
// *Error from transcode, *utf8x.Error from the root package, of the same
// kind as utf8x.Decode gives the unit.
func engineCheck(t *testing.T, path string, src, got []byte, err error, want []byte, off, n int) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Fatalf("%s on % X: got %q, want %q", path, src, got, want)
	}
	if off < 0 {
		if err != nil {
			t.Fatalf("%s on % X: unexpected error %v", path, src, err)
		}
		return
	}
	_, _, kind := utf8x.Decode(src[off:])
	switch e := err.(type) {
	case *Error:
		if e.Offset != off || e.Len != n || e.Kind != kind || e.Encoding != "UTF-8" || !bytes.Equal(e.Bytes(), src[off:off+n]) {
			t.Fatalf("%s on % X: error %+v, want offset %d len %d kind %v", path, src, e, off, n, kind)
		}
	default:
		t.Fatalf("%s on % X: error %v (%T), want one at offset %d", path, src, err, err, off)
	}
}

func TestRepairEngineOne(t *testing.T) {
	policies := []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.ReplaceWith("<?>"), utf8x.Skip,
		utf8x.Escape, utf8x.FallbackCP1252, utf8x.FallbackLatin1}
	boms := []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd}
	rounds := 1500
	if testing.Short() {
		rounds = 300
	}
	rng := rand.New(rand.NewPCG(15, 1))
	for range rounds {
		src := engineInput(rng)
		for _, p := range policies {
			for _, b := range boms {
				want, fixed, off, n := engineWant(src, p, b)
				cuts := engineCuts(rng, len(src))
				dstSize := 1 + rng.IntN(16)
				name := fmt.Sprintf("%v/bom %v/cuts %v/dst %d", p, b, cuts, dstSize)

				root := utf8x.NewTransformer(p, b)
				got, err := engineFeed(root, src, cuts, dstSize)
				engineCheck(t, "utf8x.Transformer "+name, src, got, err, want, off, n)

				c := NewConverter(UTF8, UTF8, p, b)
				got, err = engineFeed(c, src, cuts, dstSize)
				engineCheck(t, "Converter "+name, src, got, err, want, off, n)
				if off < 0 && (c.Fixed() != int64(fixed) || root.Fixed() != int64(fixed)) {
					t.Fatalf("%s on % X: Fixed %d (root %d), want %d", name, src, c.Fixed(), root.Fixed(), fixed)
				}

				got, err = c.Append([]byte{}, src)
				engineCheck(t, "Converter.Append "+name, src, got, err, want, off, n)
				e := UTF8.WithPolicy(p).WithBOM(b)
				got, err = e.AppendDecode([]byte{}, src)
				engineCheck(t, "AppendDecode "+name, src, got, err, want, off, n)
				got, err = e.AppendEncode([]byte{}, src)
				engineCheck(t, "AppendEncode "+name, src, got, err, want, off, n)
				got, err = engineFeed(e.NewDecoder(), src, cuts, dstSize)
				engineCheck(t, "NewDecoder "+name, src, got, err, want, off, n)
				got, err = engineFeed(e.NewEncoder(), src, cuts, dstSize)
				engineCheck(t, "NewEncoder "+name, src, got, err, want, off, n)

				got, err = engineRanges3(c, src, cuts, rng)
				engineCheck(t, "AppendRange "+name, src, got, err, want, off, n)
				if off < 0 && c.Fixed() != int64(fixed) {
					t.Fatalf("AppendRange %s on % X: Fixed sums to %d, want %d", name, src, c.Fixed(), fixed)
				}

				if b == utf8x.BOMKeep {
					got, k, err := utf8x.AppendValid([]byte{}, src, p)
					engineCheck(t, "utf8x.AppendValid "+name, src, got, err, want, off, n)
					if off < 0 && k != fixed {
						t.Fatalf("utf8x.AppendValid %s on % X: %d fixed, want %d", name, src, k, fixed)
					}
				}
			}
		}
	}
}

// engineRanges3 converts src as the ranges between cuts, each through
// AppendRange with a window of utf8x.RangeContext bytes around it (or the whole input), and
// returns the outputs end to end, up to the first error; c.Fixed() is left
// holding the sum of the ranges' counts.
func engineRanges3(c *Converter, src []byte, cuts []int, rng *rand.Rand) ([]byte, error) {
	out := []byte{}
	fixed := int64(0)
	bounds := append(append([]int{0}, cuts...), len(src))
	bounds = slices.Compact(bounds)
	if len(bounds) == 1 {
		bounds = append(bounds, len(src)) // the empty input is one range
	}
	for i := 0; i+1 < len(bounds); i++ {
		start, end := bounds[i], bounds[i+1]
		lo, hi := 0, len(src)
		if rng.IntN(2) == 0 {
			lo, hi = max(0, start-utf8x.RangeContext), min(len(src), end+utf8x.RangeContext)
		}
		var err error
		out, _, _, err = c.AppendRange(out, src[lo:hi], lo, start-lo, end-lo)
		fixed += c.Fixed()
		if err != nil {
			return out, err
		}
	}
	c.fixed = fixed
	return out, nil
}
