package transcode

import "github.com/utf8x/utf8x"

// A form is the internal shape of one encoding: how to read one unit of it and
// how to write one character in it. Everything else (policies, byte order
// marks, streaming, offsets) is shared, in Converter, so that a new form is
// two small functions (a formID and a case in the switches of decode and
// encode) plus, when it is worth it, fast kernels to and from UTF-8 (conv
// values).
type form struct {
	name   string
	labels []string // lower-case; the first is the preferred spelling

	// id names the form's decode and encode (see the methods of those
	// names).
	id formID

	// ascii is set when every ASCII character is one byte, itself: the
	// Converter's per-unit loop (decodeUnit, encodeUnit) takes those, most
	// units of most text, without the call through decode's or encode's
	// switch.
	ascii bool

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

	// Optional fast kernels (noConv when there is none), run by conv.run.
	// Each converts the longest prefix of src that is well formed,
	// representable and fits in dst, and returns the bytes written and read;
	// it may stop earlier, and Converter carries on one unit at a time from
	// where it stopped.
	fromUTF8 conv // UTF-8 to this form
	toUTF8   conv // this form to UTF-8

	// sb is the table of a generated single-byte form (id sbID).
	sb *sbTable
	// full is the table of a single-byte form whose bytes 00-7F are not all
	// ASCII (id sbFullID; VISCII).
	full *sbFullTable
	// codec is the multi-byte codec of a form with id codecID. Its units
	// cannot be read or written one at a time (the codecs keep state):
	// decode and encode give up on them, and only codecChain converts.
	codec *codec
}

// formID names a form's decode and encode functions. They are reached by a
// switch on it, never through function values, for the reason conv gives:
// the compiler then sees every call, and the caller's buffers passed to a
// Converter do not escape to the heap.
type formID uint8

const (
	utf8ID formID = iota
	utf16LEID
	utf16BEID
	utf16ID // reads UTF-16BE until a signature or the guess picks; writes UTF-16LE
	utf32LEID
	utf32BEID
	utf32ID // likewise
	latin1ID
	cp1252ID
	asciiID
	sbID     // a generated single-byte table (form.sb)
	codecID  // a multi-byte codec (form.codec), run by codecChain
	sbFullID // a generated single-byte table of 256 bytes (form.full)
	cesu8ID
	mutf8ID
	wtf8ID
	legacyID
)

// decode reads the first unit of p, which is not empty. It returns the
// character and the unit's length in bytes, or a non-zero kind and the length
// of the ill-formed unit. It returns n == 0 when p holds only the beginning of
// a unit that more input could complete; never when atEOF.
func (f *form) decode(p []byte, atEOF bool) (r rune, n int, kind utf8x.ErrorKind) {
	switch f.id {
	case utf16LEID:
		return decodeUTF16LE(p, atEOF)
	case utf16BEID, utf16ID:
		return decodeUTF16BE(p, atEOF)
	case utf32LEID:
		return decodeUTF32LE(p, atEOF)
	case utf32BEID, utf32ID:
		return decodeUTF32BE(p, atEOF)
	case latin1ID:
		return decodeLatin1(p, atEOF)
	case cp1252ID:
		return decodeCP1252(p, atEOF)
	case asciiID:
		return decodeASCII(p, atEOF)
	case sbID:
		return f.sb.decode(p)
	case sbFullID:
		return f.full.decode(p)
	case codecID:
		if !atEOF {
			return 0, 0, 0
		}
		return utf8x.RuneError, len(p), utf8x.Unmapped
	case cesu8ID:
		return decodeCESU8(p, atEOF)
	case mutf8ID:
		return decodeMUTF8(p, atEOF)
	case wtf8ID:
		return decodeWTF8(p, atEOF)
	case legacyID:
		return decodeLegacy(p, atEOF)
	}
	return decodeUTF8(p, atEOF)
}

// encode writes the scalar value r at the start of p and returns the number of
// bytes written, 0 when p is too short, or -1 when the form cannot represent
// r.
func (f *form) encode(p []byte, r rune) int {
	switch f.id {
	case utf16LEID, utf16ID:
		return encodeUTF16LE(p, r)
	case utf16BEID:
		return encodeUTF16BE(p, r)
	case utf32LEID, utf32ID:
		return encodeUTF32LE(p, r)
	case utf32BEID:
		return encodeUTF32BE(p, r)
	case latin1ID:
		return encodeLatin1(p, r)
	case cp1252ID:
		return encodeCP1252(p, r)
	case asciiID:
		return encodeASCII(p, r)
	case sbID:
		return f.sb.encode(p, r)
	case sbFullID:
		return f.full.encode(p, r)
	case codecID:
		return -1
	case cesu8ID:
		return encodeCESU8(p, r)
	case mutf8ID:
		return encodeMUTF8(p, r)
	case wtf8ID:
		return encodeWTF8(p, r)
	case legacyID:
		return encodeLegacy(p, r)
	}
	return encodeUTF8(p, r)
}

const (
	big    = 0
	little = 1
)

func (f *form) String() string { return f.name }

// short is what decode returns for p shorter than one code unit: nothing yet,
// or at the end of the input a Truncated unit of the bytes left.
func short(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if !atEOF {
		return 0, 0, 0
	}
	return utf8x.RuneError, len(p), utf8x.Truncated
}
