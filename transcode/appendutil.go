package transcode

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// The helpers that append to a growing buffer and size its growth, shared by
// Converter's Append, AppendRange and policies. The kernels' own helpers
// (appendStrict, appendSameASCII and their growth bounds) live beside them.

// encodeText appends s, valid UTF-8, to dst in form f. When f cannot represent
// all of s it appends "?" instead, the substitute iconv and most tools write.
func encodeText(dst []byte, f *form, s string) []byte {
	start := len(dst)
	for _, r := range s {
		dst = slices.Grow(dst, f.maxLen)
		n := f.encode(dst[len(dst):cap(dst)], r)
		if n < 0 {
			return encodeText(dst[:start], f, "?")
		}
		dst = dst[:len(dst)+n]
	}
	return dst
}

// writeText writes text, valid UTF-8 that a policy made, at the start of dst
// in the target form, as encodeText does, and returns its length, or
// ErrShortDst when it does not fit. It needs no buffer of its own when dst
// has room for the longest outcome, which is almost always; the scratch
// buffer, made once per Converter, holds the rare longer ones.
func (c *Converter) writeText(dst, text []byte) (int, error) {
	need := utf8.RuneCount(text) * c.out.maxLen
	if need <= len(dst) {
		return encodeRunes(dst, c.out, text), nil
	}
	if len(c.scratch) < need {
		c.scratch = make([]byte, max(need, 128)) // 128: any escape in UTF-32
	}
	m := encodeRunes(c.scratch, c.out, text)
	if m > len(dst) {
		return 0, transform.ErrShortDst
	}
	return copy(dst, c.scratch[:m]), nil
}

// encodeRunes writes text, valid UTF-8, in form f at the start of p, which
// has room for it, or "?" when f cannot represent all of it, and returns the
// length written.
func encodeRunes(p []byte, f *form, text []byte) int {
	n := 0
	for _, r := range string(text) {
		w := f.encode(p[n:], r)
		if w <= 0 {
			return f.encode(p, '?')
		}
		n += w
	}
	return n
}

// growthProbes are characters of every length class of every form: ASCII
// (and U+0000, two bytes in modified UTF-8), Latin-1, the rest of Windows-1252,
// two- and three-byte UTF-8, and a supplementary character.
var growthProbes = []rune{0, 'A', 0xE9, 0x20AC, 0x0152, 0x7FF, 0x800, 0xFFFD, 0x10000, 0x10FFFF}

// growth returns num/den, the most bytes of form to that one byte of form
// from becomes, over the characters both can hold. It runs only when dst must
// grow: its buffer escapes through the calls of function values.
func growth(from, to *form) (num, den int) {
	num, den = 1, 1
	var buf [8]byte
	for _, r := range growthProbes {
		lf := from.encode(buf[:], r)
		lt := to.encode(buf[:], r)
		if lf > 0 && lt > 0 && lt*den > num*lf {
			num, den = lt, lf
		}
	}
	return num, den
}

// appendChunk runs c over src, growing dst as needed, and returns the bytes
// of src it consumed: all of them unless it stopped at an error or, before the
// end of the input, at a unit it cannot finish yet.
func (c *Converter) appendChunk(dst, src []byte, atEOF bool) ([]byte, int, error) {
	consumed := 0
	for {
		n := len(dst)
		d, s, err := c.Transform(dst[n:cap(dst)], src[consumed:], atEOF)
		dst = dst[:n+d]
		consumed += s
		switch err {
		case transform.ErrShortDst:
			// Room for the worst case at once, as Append makes.
			dst = slices.Grow(dst, max(c.to.maxLen*(len(src)-consumed), 4*len(c.replacement()), 64))
		case transform.ErrShortSrc:
			return dst, consumed, nil
		default:
			return dst, consumed, err
		}
	}
}

// appendCharRef appends r as an HTML numeric character reference, &#NNNN;
// in decimal, what the WHATWG encoders write for a character the encoding
// lacks in an HTML form's submission.
func appendCharRef(dst []byte, r rune) []byte {
	dst = append(dst, "&#"...)
	dst = strconv.AppendInt(dst, int64(r), 10)
	return append(dst, ';')
}
