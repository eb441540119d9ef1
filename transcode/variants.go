package transcode

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// The variant forms of UTF-8: CESU-8, modified UTF-8, WTF-8 and the
// legacy RFC 2279 form. Each has its own file; this one holds what they share
// (the generalized bit layout, surrogate sequences) and the two hooks through
// which Converter lets values that are not Unicode scalar values travel
// between the forms that can hold them.
//
// A decoder reports only what is ill-formed in its own form: a lone surrogate
// is well-formed WTF-8 and U+7FFFFFFF is well-formed legacy UTF-8, so their
// decoders return those values with no kind. Whether the target can hold such
// a value is then the target's business (encodeUnit), and when it cannot, the
// value is an Unrepresentable unit that names it, like U+20AC going to
// Latin-1.

func init() {
	encodings = append(encodings, CESU8, MUTF8, WTF8, UTF8Legacy)
}

// decodeUnit reads one unit of the source form. It is the source's own decode,
// except that a lone UTF-16 surrogate is passed on as the code unit's value,
// not as an error, when the target is WTF-8: that form exists to carry exactly
// those, and UTF-16 -> WTF-8 -> UTF-16 is then lossless, as it must be for
// Windows file names.
func (c *Converter) decodeUnit(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if p[0] < utf8x.RuneSelf && c.src.ascii {
		return rune(p[0]), 1, 0
	}
	r, n, kind := c.src.decode(p, atEOF)
	if c.to == wtf8Form && kind == utf8x.Truncated && n == 3 && isUTF16(c.src) {
		// A high surrogate then a last odd byte: the code unit is whole
		// and goes over as itself; the odd byte is the unit after it.
		n, kind = 2, utf8x.LoneSurrogate
	}
	if kind == utf8x.LoneSurrogate && n == 2 && c.to == wtf8Form {
		switch c.src {
		case utf16LEForm:
			return rune(binary.LittleEndian.Uint16(p)), 2, 0
		case utf16BEForm:
			return rune(binary.BigEndian.Uint16(p)), 2, 0
		}
	}
	return r, n, kind
}

// encodeUnit writes r in the target form, or returns -1 when the target
// cannot hold it. Only the variant decoders produce values that are not
// scalar values; the Unicode forms assume scalar values, so the check is
// made here, once, rather than in every encode function.
func (c *Converter) encodeUnit(p []byte, r rune) int {
	if uint32(r) < utf8x.RuneSelf && c.to.ascii && len(p) > 0 {
		p[0] = byte(r)
		return 1
	}
	if r > utf8x.MaxRune || r >= 0xD800 && r <= 0xDFFF {
		if !carries(c.src, c.to, r) {
			return -1
		}
	}
	return c.to.encode(p, r)
}

// carries reports whether a surrogate code point or a value beyond U+10FFFF,
// r, read from form from, may be written in form to.
//
//   - Legacy UTF-8 holds every value up to 0x7FFFFFFF, surrogates included.
//   - WTF-8 holds lone surrogates, from WTF-8 or UTF-16, whose decoders never
//     yield a high surrogate directly followed by a low one. Legacy UTF-8 may
//     (ED A0 80 ED B0 80 is two values there), and writing those as two 3-byte
//     sequences would be ill-formed WTF-8, so they are unrepresentable.
//   - UTF-16 holds the lone surrogates of WTF-8 as lone code units, which
//     undoes the lenient reading of decodeUnit.
//
// Under the Skip policy two lone surrogates separated only by skipped input
// end up side by side and so pair up in the output; Replace and Escape do not
// have this problem.
func carries(from, to *form, r rune) bool {
	switch {
	case to == legacyForm:
		return r >= 0
	case r > utf8x.MaxRune:
		return false
	case to == wtf8Form:
		return from == wtf8Form || isUTF16(from)
	case isUTF16(to):
		return from == wtf8Form
	}
	return false
}

func isUTF16(f *form) bool { return f == utf16LEForm || f == utf16BEForm || f == utf16Form }

func isCont(b byte) bool { return b&0xC0 == 0x80 }

// putSeq writes r, 0 to 0x7FFFFFFF, with the bit layout of RFC 2279 in the
// fewest bytes, surrogates included, and returns the length; p must have room.
func putSeq(p []byte, r rune) int {
	n := seqLen(r)
	if n == 1 {
		p[0] = byte(r)
		return 1
	}
	for i := n - 1; i > 0; i-- {
		p[i] = 0x80 | byte(r)&0x3F
		r >>= 6
	}
	p[0] = ^byte(0xFF>>n) | byte(r)
	return n
}

// seqLen is the length of putSeq's output for r.
func seqLen(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	case r < 0x200000:
		return 4
	case r < 0x4000000:
		return 5
	}
	return 6
}

// surrogateAt reads a surrogate code point written as a 3-byte sequence
// (ED A0-BF 80-BF) at the start of p. It returns n == 0 when p does not start
// with one, and n < 0 when p, cut short, still could.
func surrogateAt(p []byte) (r rune, n int) {
	switch {
	case len(p) == 0:
		return 0, -1
	case p[0] != 0xED:
		return 0, 0
	case len(p) == 1:
		return 0, -1
	case p[1] < 0xA0 || p[1] > 0xBF:
		return 0, 0
	case len(p) == 2:
		return 0, -1
	case !isCont(p[2]):
		return 0, 0
	}
	return 0xD000 | rune(p[1]&0x3F)<<6 | rune(p[2]&0x3F), 3
}

// lowSurrogateAt is surrogateAt for a low surrogate (ED B0-BF 80-BF) only.
func lowSurrogateAt(p []byte) (r rune, n int) {
	if len(p) >= 2 && p[0] == 0xED && p[1] < 0xB0 {
		return 0, 0
	}
	return surrogateAt(p)
}

// decodeWithSurrogates reads one unit of UTF-8 that may also hold surrogate
// code points as 3-byte sequences, and a high surrogate followed by a low
// one, each in 3 bytes, as a pair: then it returns the low surrogate in lo
// and n == 6. Everything else it reads as UTF-8 does (maximal subparts).
func decodeWithSurrogates(p []byte, atEOF bool) (r, lo rune, n int, kind utf8x.ErrorKind) {
	if p[0] != 0xED {
		r, n, kind = decodeUTF8(p, atEOF)
		return r, 0, n, kind
	}
	r, n = surrogateAt(p)
	switch {
	case n < 0 && !atEOF:
		return 0, 0, 0, 0
	case n < 0:
		return utf8x.RuneError, 0, len(p), utf8x.Truncated // ED A0 at the end
	case n == 0 && len(p) >= 2 && p[1] >= 0xA0 && p[1] <= 0xBF:
		return utf8x.RuneError, 0, 2, utf8x.Truncated // ED A0 then not a continuation
	case n == 0:
		r, n, kind = decodeUTF8(p, atEOF)
		return r, 0, n, kind
	case r >= 0xDC00:
		return r, 0, 3, 0
	}
	lo, m := lowSurrogateAt(p[3:])
	switch {
	case m < 0 && !atEOF:
		return 0, 0, 0, 0
	case m == 3:
		return r, lo, 6, 0
	}
	return r, 0, 3, 0
}

// pairValue is the character a high and a low surrogate stand for.
func pairValue(hi, lo rune) rune { return 0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00) }

// putPair writes r, U+10000..U+10FFFF, as its UTF-16 surrogate pair, each
// surrogate in 3 bytes (CESU-8), and returns 6, or 0 when p is too short.
func putPair(p []byte, r rune) int {
	if len(p) < 6 {
		return 0
	}
	r -= 0x10000
	putSeq(p, 0xD800+r>>10)
	putSeq(p[3:], 0xDC00+r&0x3FF)
	return 6
}

// utf8ToBMPForm is the kernel from UTF-8 to CESU-8 (nul false) or modified
// UTF-8 (nul true): it converts the longest prefix of src that is valid
// UTF-8 and fits in dst. Runs that read the same in both are copied (a window
// of text without a 4-byte sequence, or NUL, is copied whole after one pass
// of the validation kernel); each character beyond U+FFFF becomes its
// surrogate pair, 6 bytes, and with nul each 00 becomes C0 80.
func utf8ToBMPForm(dst, src []byte, nul bool) (j, i int) {
	window := bmpWindow
	for i < len(src) {
		end := min(len(src), i+window)
		window = min(2*window, bmpWindowMax)
		w := src[i:end]
		k, clean := bmpSplit(w, nul)
		var d, s int
		if clean && k <= len(dst)-j {
			d = copy(dst[j:], w[:k])
			s = d
		} else {
			d, s = encodeBMPForm(dst[j:], w[:k], nul)
		}
		i += s
		j += d
		if s < k || k < len(w) && !cutByWindow(k, len(w), end, len(src)) {
			return j, i // dst is full, or src[i] starts an ill-formed sequence
		}
	}
	return j, i
}

// encodeBMPForm is utf8ToBMPForm for v, which is valid UTF-8.
func encodeBMPForm(dst, v []byte, nul bool) (j, i int) {
	for i < len(v) {
		k := i + stopIndex(v[i:], nul)
		if room := len(dst) - j; k-i > room {
			// What fits, in whole characters.
			k = i + room
			for k > i && !utf8x.RuneStart(v[k]) {
				k--
			}
			return j + copy(dst[j:], v[i:k]), k
		}
		j += copy(dst[j:], v[i:k])
		i = k
		if i == len(v) {
			break
		}
		if v[i] == 0 {
			if len(dst)-j < 2 {
				break
			}
			dst[j], dst[j+1] = 0xC0, 0x80
			i, j = i+1, j+2
			continue
		}
		r := rune(v[i]&0x07)<<18 | rune(v[i+1]&0x3F)<<12 | rune(v[i+2]&0x3F)<<6 | rune(v[i+3]&0x3F)
		if putPair(dst[j:], r) == 0 {
			break
		}
		i, j = i+4, j+6
	}
	return j, i
}

// bmpFormToUTF8 is the kernel from CESU-8 (nul false) or modified UTF-8 (nul
// true) to UTF-8: it converts the longest prefix of src that is well-formed
// in that form and fits in dst. What is valid UTF-8 without a 4-byte
// sequence (or a 00) reads the same and is copied; where the UTF-8
// validation stops, a surrogate pair becomes its character in 4 bytes, and
// with nul C0 80 becomes 00; anything else is left to the caller.
func bmpFormToUTF8(dst, src []byte, nul bool) (j, i int) {
	window := bmpWindow
	for i < len(src) {
		end := min(len(src), i+window, i+len(dst)-j)
		window = min(2*window, bmpWindowMax)
		w := src[i:end]
		k, clean := bmpSplit(w, nul)
		if !clean {
			// A 4-byte sequence, or a 00, is ill-formed here.
			k = stopIndex(w[:k], nul)
			return j + copy(dst[j:], w[:k]), i + k
		}
		j += copy(dst[j:], w[:k])
		i += k
		if k == len(w) {
			if k == 0 {
				return j, i // dst is full
			}
			continue
		}
		if cutByWindow(k, len(w), end, len(src)) {
			continue
		}
		// A surrogate pair, or C0 80, or a fault: the next unitSpan
		// bytes go one character at a time.
		d, s := bmpFormToUTF8Scalar(dst[j:], src[i:], nul, unitSpan)
		i += s
		j += d
		if s < unitSpan {
			return j, i // a fault, dst is full, or src ends
		}
	}
	return j, i
}

// unitSpan is how many bytes go one unit at a time after a valid run that
// ended soon, before the vector kernels are called again: the CESU-8 and
// modified UTF-8 kernels after a surrogate pair or a fault, validation in
// every form with a shortcut (validPrefix) after a short valid prefix.
// Where the runs are short the units that end them come close together
// (a pair per character beyond U+FFFF), and one unit decoded costs less
// than two calls of a vector kernel that stop at it.
const unitSpan = 256

// bmpFormToUTF8Scalar is bmpFormToUTF8 one character at a time, for at least
// span bytes of src (or all of it) unless it stops first.
func bmpFormToUTF8Scalar(dst, src []byte, nul bool, span int) (j, i int) {
	for i < len(src) && i < span {
		b := src[i]
		if b < utf8x.RuneSelf {
			if b == 0 && nul || j == len(dst) {
				break
			}
			dst[j] = b
			i, j = i+1, j+1
			continue
		}
		// unicode/utf8 gives every ill-formed sequence width 1 (utf8x
		// gives it its maximal subpart's), so here a width above 1 is a
		// well-formed character.
		_, n := utf8.DecodeRune(src[i:])
		switch {
		case n == 2 || n == 3:
			if len(dst)-j < n {
				return j, i
			}
			j += copy(dst[j:], src[i:i+n])
			i += n
		case n == 4:
			return j, i // ill-formed in this form
		case nul && b == 0xC0 && i+1 < len(src) && src[i+1] == 0x80:
			if j == len(dst) {
				return j, i
			}
			dst[j] = 0
			i, j = i+2, j+1
		case b == 0xED:
			hi, lo, m, kind := decodeWithSurrogates(src[i:], false)
			if m != 6 || kind != 0 || len(dst)-j < 4 {
				return j, i
			}
			j += utf8x.EncodeRune(dst[j:], pairValue(hi, lo))
			i += 6
		default:
			return j, i
		}
	}
	return j, i
}

// copyValidUTF8 is the kernel of the forms that read and write UTF-8 as
// UTF-8 (WTF-8, legacy UTF-8): a copy of the valid prefix.
func copyValidUTF8(dst, src []byte) (int, int) {
	off, _, _ := utf8x.FirstInvalid(src[:min(len(src), len(dst))])
	copy(dst, src[:off])
	return off, off
}
