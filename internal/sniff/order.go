package sniff

import (
	"bytes"
	"encoding/binary"
)

// Order returns the byte order (big-endian: true) in which p, the start of
// UTF-16 (unit 2) or UTF-32 (unit 4) input without a byte order mark, is
// to be read. Structure decides first, as Sniff does: when Sniff(p, true)
// (on at least minOrderLen bytes)
// finds UTF-16 or UTF-32 of that unit without a mark, its order is the
// answer. Otherwise (text whose NULs say nothing: CJK, or too short, or not
// text) the reading OrderScore finds more plausible wins, little-endian
// when they tie: iconv, Python, the WHATWG Encoding Standard and Windows,
// which writes most such files, say little-endian.
func Order(p []byte, unit int) bool {
	if len(p) < minOrderLen {
		return OrderScore(p, unit, true) > OrderScore(p, unit, false)
	}
	// Sniff(p, true), without the phrases.
	valid := validPrefix(p, true)
	if _, marked := MarkedIndex(p, true, valid); !marked {
		if r := rest(p, true, bytes.Count(p, []byte{0}), valid); r.Kind == Wide && (unit == 2) == (r.Encoding[4:6] == "16") {
			return r.Encoding[len(r.Encoding)-2:] == "be"
		}
	}
	return OrderScore(p, unit, true) > OrderScore(p, unit, false)
}

// minOrderLen is the shortest input whose NUL bytes Order lets decide: in a
// few units one NUL, or one private-use character, can point the wrong way
// (a lone emoji, D83D DE00, has one NUL byte, on the side that makes it two
// other characters).
const minOrderLen = 16

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

// OrderScore sums the plausibility of each code unit of p, UTF-16 (unit 2)
// or UTF-32 (unit 4), read in the byte order big selects.
func OrderScore(p []byte, unit int, big bool) int {
	if unit == 2 {
		return score16(p, big)
	}
	return score32(p, big)
}

// score16 sums the plausibility of each code unit of p read in the byte
// order be selects. Besides what each character scores alone, a character
// in the same row of 256 as the one before it scores: text in one script
// stays in one or two rows (the high byte repeats), while the swapped
// reading puts the varying low byte in the high place.
func score16(p []byte, be bool) int {
	s := 0
	prev := rune(-1)
	for i := 0; i+2 <= len(p); i += 2 {
		u := rune(get16(p[i:], be))
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
		case get16(p[i+2:], be)&0xFC00 == 0xDC00:
			s += scorePair
			i += 2
		default:
			s += scoreIllegal
		}
	}
	return s
}

// score32 sums the plausibility of each code unit of p read in the byte
// order be selects.
func score32(p []byte, be bool) int {
	s := 0
	for i := 0; i+4 <= len(p); i += 4 {
		v := get32(p[i:], be)
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

func get16(p []byte, be bool) uint16 {
	if be {
		return binary.BigEndian.Uint16(p)
	}
	return binary.LittleEndian.Uint16(p)
}

func get32(p []byte, be bool) uint32 {
	if be {
		return binary.BigEndian.Uint32(p)
	}
	return binary.LittleEndian.Uint32(p)
}
