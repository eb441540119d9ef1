package transcode

import (
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/cp1252"
)

// A form is the internal shape of one encoding: how to read one unit of it and
// how to write one character in it. Everything else (policies, byte order
// marks, streaming, offsets) is shared, in Converter, so that a new form is
// two small functions plus, when it is worth it, fast kernels to and from
// UTF-8.
type form struct {
	name   string
	labels []string // lower-case; the first is the preferred spelling

	// decode reads the first unit of p, which is not empty. It returns the
	// character and the unit's length in bytes, or a non-zero kind and the
	// length of the ill-formed unit. It returns n == 0 when p holds only the
	// beginning of a unit that more input could complete; never when atEOF.
	decode func(p []byte, atEOF bool) (r rune, n int, kind utf8x.ErrorKind)

	// encode writes the scalar value r at the start of p and returns the number
	// of bytes written, 0 when p is too short, or -1 when the form cannot
	// represent r.
	encode func(p []byte, r rune) int

	// maxLen is the longest encoding of one character, in bytes.
	maxLen int

	// unit is the size of a code unit in bytes when it is more than one
	// (UTF-16: 2, UTF-32: 4), where a unit starts only at a multiple of it.
	unit int

	// bom is U+FEFF in this form, or "" when the form cannot hold it.
	bom string

	// auto is set for the forms whose byte order a signature picks (UTF-16 and
	// UTF-32): the big-endian form and the little-endian one, indexed by big
	// and little; the encoder writes little-endian after its signature, and
	// without a signature the decoder reads the order guessOrder picks.
	auto *[2]*form

	// Optional fast kernels. Each converts the longest prefix of src that is
	// well formed, representable and fits in dst, and returns the bytes written
	// and read; it may stop earlier, and Converter carries on one unit at a
	// time from where it stopped.
	fromUTF8 kernel // UTF-8 to this form
	toUTF8   kernel // this form to UTF-8
}

type kernel func(dst, src []byte) (nDst, nSrc int)

const (
	big    = 0
	little = 1
)

func (f *form) String() string { return f.name }

var (
	utf8Form = &form{
		name:   "UTF-8",
		labels: []string{"utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"},
		decode: decodeUTF8, encode: encodeUTF8, maxLen: 4, bom: utf8x.BOM,
	}
	utf16LEForm = &form{
		name:   "UTF-16LE",
		labels: []string{"utf-16le", "utf16le", "unicodefeff"},
		decode: decodeUTF16LE, encode: encodeUTF16LE, maxLen: 4, unit: 2, bom: "\xFF\xFE",
		fromUTF8: utf8ToUTF16LE, toUTF8: utf16LEToUTF8,
	}
	utf16BEForm = &form{
		name:   "UTF-16BE",
		labels: []string{"utf-16be", "utf16be", "unicodefffe"},
		decode: decodeUTF16BE, encode: encodeUTF16BE, maxLen: 4, unit: 2, bom: "\xFE\xFF",
		fromUTF8: utf8ToUTF16BE, toUTF8: utf16BEToUTF8,
	}
	utf16Form = &form{
		name:   "UTF-16",
		labels: []string{"utf-16", "utf16"},
		decode: decodeUTF16BE, encode: encodeUTF16LE, maxLen: 4, unit: 2, bom: "\xFF\xFE",
		auto: &[2]*form{utf16BEForm, utf16LEForm},
	}
	utf32LEForm = &form{
		name:   "UTF-32LE",
		labels: []string{"utf-32le", "utf32le", "ucs-4le"},
		decode: decodeUTF32LE, encode: encodeUTF32LE, maxLen: 4, unit: 4, bom: "\xFF\xFE\x00\x00",
		fromUTF8: utf8ToUTF32LE, toUTF8: utf32LEToUTF8,
	}
	utf32BEForm = &form{
		name:   "UTF-32BE",
		labels: []string{"utf-32be", "utf32be", "ucs-4be", "ucs-4", "ucs4"},
		decode: decodeUTF32BE, encode: encodeUTF32BE, maxLen: 4, unit: 4, bom: "\x00\x00\xFE\xFF",
		fromUTF8: utf8ToUTF32BE, toUTF8: utf32BEToUTF8,
	}
	utf32Form = &form{
		name:   "UTF-32",
		labels: []string{"utf-32", "utf32"},
		decode: decodeUTF32BE, encode: encodeUTF32LE, maxLen: 4, unit: 4, bom: "\xFF\xFE\x00\x00",
		auto: &[2]*form{utf32BEForm, utf32LEForm},
	}
	latin1Form = &form{
		name: "ISO-8859-1",
		labels: []string{"iso-8859-1", "iso8859-1", "iso_8859-1", "iso_8859-1:1987", "iso88591",
			"latin1", "latin-1", "l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1"},
		decode: decodeLatin1, encode: encodeLatin1, maxLen: 1,
		fromUTF8: utf8ToLatin1, toUTF8: latin1ToUTF8,
	}
	cp1252Form = &form{
		name:   "Windows-1252",
		labels: []string{"windows-1252", "cp1252", "x-cp1252", "ms-ansi", "1252"},
		decode: decodeCP1252, encode: encodeCP1252, maxLen: 1,
		fromUTF8: utf8ToCP1252, toUTF8: cp1252ToUTF8,
	}
)

// decodeUTF8 is utf8x.Decode in the shape of a form's decode: a sequence
// cut short by the end of p waits for more input unless atEOF. It is also
// the decoder of the UTF-8 part of the variant forms.
func decodeUTF8(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if p[0] < utf8x.RuneSelf {
		return rune(p[0]), 1, 0
	}
	r, n, kind := utf8x.Decode(p)
	if kind == utf8x.Truncated && n == len(p) && !atEOF {
		return 0, 0, 0
	}
	return r, n, kind
}

func encodeUTF8(p []byte, r rune) int {
	if len(p) < utf8x.RuneLen(r) {
		return 0
	}
	return utf8x.EncodeRune(p, r)
}

func decodeUTF16LE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF16(p, atEOF, false)
}

func decodeUTF16BE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF16(p, atEOF, true)
}

// decodeUTF16 reads one character. A high surrogate not followed by a low one,
// at the end of the input included, and a low surrogate on its own are each a
// 2-byte LoneSurrogate; a last odd byte is a 1-byte Truncated unit. A high
// surrogate followed only by a last odd byte is one 3-byte Truncated unit, a
// pair cut short, as the WHATWG Encoding Standard, Python and ICU read it (one
// U+FFFD, not two).
func decodeUTF16(p []byte, atEOF bool, be bool) (rune, int, utf8x.ErrorKind) {
	if len(p) < 2 {
		return short(p, atEOF)
	}
	u := rune(get16(p, be))
	switch {
	case u < 0xD800 || u > 0xDFFF:
		return u, 2, 0
	case u >= 0xDC00:
		return utf8x.RuneError, 2, utf8x.LoneSurrogate
	case len(p) < 4:
		if !atEOF {
			return 0, 0, 0
		}
		if len(p) == 3 {
			return utf8x.RuneError, 3, utf8x.Truncated
		}
		return utf8x.RuneError, 2, utf8x.LoneSurrogate
	}
	v := rune(get16(p[2:], be))
	if v < 0xDC00 || v > 0xDFFF {
		return utf8x.RuneError, 2, utf8x.LoneSurrogate
	}
	return 0x10000 + (u-0xD800)<<10 + (v - 0xDC00), 4, 0
}

// short is what decode returns for p shorter than one code unit: nothing yet,
// or at the end of the input a Truncated unit of the bytes left.
func short(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if !atEOF {
		return 0, 0, 0
	}
	return utf8x.RuneError, len(p), utf8x.Truncated
}

func encodeUTF16LE(p []byte, r rune) int { return encodeUTF16(p, r, false) }
func encodeUTF16BE(p []byte, r rune) int { return encodeUTF16(p, r, true) }

func encodeUTF16(p []byte, r rune, be bool) int {
	if r < 0x10000 {
		if len(p) < 2 {
			return 0
		}
		put16(p, uint16(r), be)
		return 2
	}
	if len(p) < 4 {
		return 0
	}
	r -= 0x10000
	put16(p, uint16(0xD800+r>>10), be)
	put16(p[2:], uint16(0xDC00+r&0x3FF), be)
	return 4
}

func decodeUTF32LE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF32(p, atEOF, false)
}

func decodeUTF32BE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF32(p, atEOF, true)
}

// decodeUTF32 reads one code unit: a surrogate code point is Surrogate, a value
// above U+10FFFF TooLarge, and 1 to 3 bytes at the end of the input Truncated.
func decodeUTF32(p []byte, atEOF bool, be bool) (rune, int, utf8x.ErrorKind) {
	if len(p) < 4 {
		return short(p, atEOF)
	}
	v := get32(p, be)
	switch {
	case v > utf8x.MaxRune:
		return utf8x.RuneError, 4, utf8x.TooLarge
	case v >= 0xD800 && v <= 0xDFFF:
		return utf8x.RuneError, 4, utf8x.Surrogate
	}
	return rune(v), 4, 0
}

func encodeUTF32LE(p []byte, r rune) int { return encodeUTF32(p, r, false) }
func encodeUTF32BE(p []byte, r rune) int { return encodeUTF32(p, r, true) }

func encodeUTF32(p []byte, r rune, be bool) int {
	if len(p) < 4 {
		return 0
	}
	put32(p, uint32(r), be)
	return 4
}

func decodeLatin1(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) { return rune(p[0]), 1, 0 }

func encodeLatin1(p []byte, r rune) int { return putByte(p, byte(r), r <= 0xFF) }

// putByte is the encode of the single-byte forms, given the character's
// byte b if it has one (ok): -1 when it has none, 0 when p has no room, else
// 1 with b written.
func putByte(p []byte, b byte, ok bool) int {
	switch {
	case !ok:
		return -1
	case len(p) == 0:
		return 0
	}
	p[0] = b
	return 1
}

func decodeCP1252(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return cp1252.Decode(p[0]), 1, 0
}

func encodeCP1252(p []byte, r rune) int {
	b, ok := cp1252.Encode(r)
	return putByte(p, b, ok)
}

// MaxUnitLen returns the most bytes one character takes in e: 1 in the
// single-byte encodings, 4 in UTF-8, UTF-16, UTF-32 and WTF-8, 6 in CESU-8 and
// modified UTF-8 (a surrogate pair of 3-byte units) and legacy UTF-8. A stream
// reader that holds that many bytes can always finish a unit.
func (e Encoding) MaxUnitLen() int { return e.form().maxLen }

// IncompleteTail returns how many bytes at the end of p begin a unit of e
// that more input could complete (0 when p ends on a unit boundary), for p
// that starts on a unit boundary: cutting a stream before them splits no
// unit, and what FirstInvalid or a converter reports is the same as without
// the cut. The count is below 2*MaxUnitLen (a WTF-8 lead surrogate waits for
// the unit after it, which could make a pair). It looks at the last
// 2*MaxUnitLen bytes only. UTF-16 and UTF-32 without a byte order in their
// name are read little-endian.
func (e Encoding) IncompleteTail(p []byte) int {
	f := e.form()
	if f.auto != nil {
		f = f.auto[little]
	}
	i := max(0, len(p)-2*f.maxLen)
	if f.unit > 1 {
		i -= i % f.unit
	} else {
		// A byte-oriented form resynchronizes at the first byte that is
		// not a continuation byte; starting on the second half of a
		// surrogate pair reads it as a unit of its own, which ends where
		// the pair does.
		for i < len(p) && p[i]&0xC0 == 0x80 {
			i++
		}
	}
	for i < len(p) {
		_, n, _ := f.decode(p[i:], false)
		if n == 0 {
			return len(p) - i
		}
		i += n
	}
	return 0
}
