package transcode

import "encoding/binary"

// Byte order of UTF-16 and UTF-32 without a signature. RFC 2781 says
// big-endian, but iconv, Python, the WHATWG Encoding Standard and Windows,
// which writes most such files, say little-endian, and reading a file in the
// wrong order gives CJK-looking garbage without a single error. So the text
// is asked first: each order reads the start of the input, the reading that
// looks more like text wins, and a tie goes to little-endian.

// guessLen is how much of the input the guess reads: enough code units to
// outvote a few odd ones, few enough that a stream decides soon. It is a
// multiple of 4 and well under the 4096-byte buffers of transform.Reader and
// transform.Writer, which must be able to hold it.
const guessLen = 512

// guessOrder returns the byte order (big or little) that makes the most
// plausible text of p, the start of a UTF-16 (unit 2) or UTF-32 (unit 4)
// input without a signature. Only p[:guessLen] counts, so that a stream,
// which waits for guessLen bytes or the end of the input, decides exactly as
// the slice conversion does.
func guessOrder(p []byte, unit int) int {
	p = p[:min(len(p), guessLen)]
	var be, le int
	if unit == 2 {
		be, le = score16(p, binary.BigEndian), score16(p, binary.LittleEndian)
	} else {
		be, le = score32(p, binary.BigEndian), score32(p, binary.LittleEndian)
	}
	if be > le {
		return big
	}
	return little
}

// The weights of plausibility: what text is made of scores high, and what a
// byte-swapped reading makes (lone surrogates, values beyond U+10FFFF, the
// swapped signature U+FFFE) costs more than any one character earns.
const (
	scoreASCII    = 3  // printable ASCII and the white space of text files
	scoreLatin1   = 2  // U+00A0..U+00FF
	scoreScript   = 1  // a block where text is written (scripts, CJK, Hangul, punctuation)
	scorePair     = 6  // a surrogate pair: rare by chance
	scoreIllegal  = -5 // a lone surrogate, a value beyond U+10FFFF, U+FFFE, U+FFFF
	scoreControls = 0  // C0 and C1 controls, NUL: no evidence either way
	scoreSameRow  = 2  // a character in the same 256-character row as the one before
)

// score16 sums the plausibility of each code unit of p read in order o.
// Besides what each character scores alone, a character in the same row of
// 256 as the one before it scores: text in one script stays in one or two
// rows (the high byte repeats), while the swapped reading puts the varying
// low byte in the high place.
func score16(p []byte, o binary.ByteOrder) int {
	s := 0
	prev := rune(-1)
	for i := 0; i+2 <= len(p); i += 2 {
		u := rune(o.Uint16(p[i:]))
		switch {
		case u < 0xD800 || u > 0xDFFF:
			s += scoreRune(u)
			if u>>8 == prev>>8 {
				s += scoreSameRow
			}
			prev = u
		case u >= 0xDC00:
			s += scoreIllegal
		case i+4 > len(p):
			// A high surrogate cut off by the end of the prefix: no evidence.
		case o.Uint16(p[i+2:])&0xFC00 == 0xDC00:
			s += scorePair
			i += 2
		default:
			s += scoreIllegal
		}
	}
	return s
}

// score32 sums the plausibility of each code unit of p read in order o.
func score32(p []byte, o binary.ByteOrder) int {
	s := 0
	for i := 0; i+4 <= len(p); i += 4 {
		v := o.Uint32(p[i:])
		switch {
		case v > 0x10FFFF || v >= 0xD800 && v <= 0xDFFF:
			s += scoreIllegal
		case v >= 0x1F000 && v <= 0x1FAFF, v >= 0x20000 && v <= 0x3134F:
			s += scoreScript // emoji and symbols; CJK extensions
		case v <= 0xFFFF:
			s += scoreRune(rune(v))
		}
	}
	return s
}

// textBlocks are the BMP blocks beyond Latin-1 where running text is written.
var textBlocks = [][2]rune{
	{0x0100, 0x058F}, // Latin extended, IPA, Greek, Cyrillic, Armenian
	{0x0590, 0x06FF}, // Hebrew, Arabic
	{0x0900, 0x0DFF}, // the scripts of India and Sri Lanka
	{0x0E00, 0x0EFF}, // Thai, Lao
	{0x10A0, 0x11FF}, // Georgian, Hangul jamo
	{0x1E00, 0x1FFF}, // Latin extended additional, Greek extended
	{0x2000, 0x2BFF}, // punctuation, currency, arrows, mathematics, boxes, symbols
	{0x3000, 0x31FF}, // CJK punctuation, kana, bopomofo
	{0x3400, 0x4DBF}, // CJK extension A
	{0x4E00, 0x9FFF}, // CJK unified ideographs
	{0xAC00, 0xD7AF}, // Hangul syllables
	{0xFF00, 0xFFEF}, // half- and full-width forms
}

// scoreRune is the plausibility of the BMP character r in running text.
func scoreRune(r rune) int {
	switch {
	case r >= 0x20 && r < 0x7F, r == '\t', r == '\n', r == '\r':
		return scoreASCII
	case r < 0xA0:
		return scoreControls
	case r <= 0xFF:
		return scoreLatin1
	case r == 0xFFFE, r == 0xFFFF:
		return scoreIllegal
	}
	for _, b := range textBlocks {
		if r >= b[0] && r <= b[1] {
			return scoreScript
		}
	}
	return 0
}

// Reading and writing the code units of UTF-16 and UTF-32 in the byte order
// be selects.

// put16 stores one code unit in the byte order be selects.
func put16(p []byte, u uint16, be bool) {
	if be {
		binary.BigEndian.PutUint16(p, u)
	} else {
		binary.LittleEndian.PutUint16(p, u)
	}
}

func get16(p []byte, be bool) uint16 {
	if be {
		return binary.BigEndian.Uint16(p)
	}
	return binary.LittleEndian.Uint16(p)
}

func put32(p []byte, v uint32, be bool) {
	if be {
		binary.BigEndian.PutUint32(p, v)
	} else {
		binary.LittleEndian.PutUint32(p, v)
	}
}

func get32(p []byte, be bool) uint32 {
	if be {
		return binary.BigEndian.Uint32(p)
	}
	return binary.LittleEndian.Uint32(p)
}
