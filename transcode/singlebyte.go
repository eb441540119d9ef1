package transcode

import "github.com/utf8x/utf8x"

// US-ASCII and ISO-8859-15, two single-byte encodings iconv users name often.
// Neither has fast kernels: the Converter's unit-at-a-time loop is fast enough
// for what they are used for, and the forms stay two small functions each.

var (
	asciiForm = &form{
		name: "US-ASCII",
		labels: []string{"us-ascii", "ascii", "ansi_x3.4-1968", "ansi_x3.4-1986", "iso646-us", "iso_646.irv:1991",
			"iso-ir-6", "us", "ibm367", "cp367", "csascii", "646"},
		decode: decodeASCII, encode: encodeASCII, maxLen: 1,
	}
	latin9Form = &form{
		name: "ISO-8859-15",
		labels: []string{"iso-8859-15", "iso8859-15", "iso_8859-15", "iso885915", "iso_8859-15:1998",
			"latin-9", "latin9", "l9", "iso-ir-203", "csisolatin9", "csiso885915"},
		decode: decodeLatin9, encode: encodeLatin9, maxLen: 1,
	}
)

// decodeASCII reads one byte; 80-FF are not ASCII (invalid-byte).
func decodeASCII(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if p[0] >= utf8x.RuneSelf {
		return 0, 1, utf8x.InvalidByte
	}
	return rune(p[0]), 1, 0
}

func encodeASCII(p []byte, r rune) int { return putByte(p, byte(r), r < utf8x.RuneSelf) }

// latin9Changes are the eight bytes where ISO-8859-15 differs from ISO-8859-1:
// the euro sign, and letters French, Finnish and Estonian need, in place of
// rarely used symbols.
var latin9Changes = [...]struct {
	b byte
	r rune
}{
	{0xA4, '€'}, {0xA6, 'Š'}, {0xA8, 'š'}, {0xB4, 'Ž'}, {0xB8, 'ž'}, {0xBC, 'Œ'}, {0xBD, 'œ'}, {0xBE, 'Ÿ'},
}

func decodeLatin9(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	b := p[0]
	if b >= 0xA4 && b <= 0xBE {
		for _, c := range latin9Changes {
			if c.b == b {
				return c.r, 1, 0
			}
		}
	}
	return rune(b), 1, 0
}

func encodeLatin9(p []byte, r rune) int {
	b, ok := latin9Byte(r)
	return putByte(p, b, ok)
}

// latin9Byte returns the ISO-8859-15 byte for r, if there is one.
func latin9Byte(r rune) (byte, bool) {
	if r < 0xA4 {
		return byte(r), true
	}
	for _, c := range latin9Changes {
		switch r {
		case c.r:
			return c.b, true
		case rune(c.b): // a symbol of ISO-8859-1 that ISO-8859-15 replaced
			return 0, false
		}
	}
	return byte(r), r <= 0xFF
}

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
