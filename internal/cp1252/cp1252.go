// Package cp1252 holds the one Windows-1252 table the project uses, in the WHATWG
// reading: the five bytes Windows-1252 leaves unassigned (81, 8D, 8F, 90, 9D) map
// to the C1 controls of the same value, so every byte decodes to something.
package cp1252

import "unicode/utf8"

// High maps bytes 0x80-0x9F to characters; every other byte is its own code point.
var High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// Decode returns the character byte b stands for in Windows-1252.
func Decode(b byte) rune {
	if b >= 0x80 && b < 0xA0 {
		return High[b-0x80]
	}
	return rune(b)
}

// Encode returns the Windows-1252 byte for r, and false when it has none.
// It is a few loads and compares whatever r is: a lossy conversion calls it
// for every character the target lacks.
func Encode(r rune) (byte, bool) {
	switch {
	case 0 <= r && r < 0x80 || 0xA0 <= r && r <= 0xFF:
		return byte(r), true
	case r < 0xA0:
		// 80-9F: only the five C1 controls the WHATWG reading keeps.
		if r >= 0x80 && High[r-0x80] == r {
			return byte(r), true
		}
		return 0, false
	case r > 0x21FF:
		return 0, false
	}
	b := beyondPages[pageOf[r>>8]][r&0xFF]
	return b, b != 0
}

// pageOf numbers the blocks of 256 code points holding a character of
// Windows-1252 beyond Latin-1 (U+01xx, U+02xx, U+20xx, U+21xx) from 1, for
// beyondPages, whose page 0 is empty; it covers U+0000 to U+21FF.
var pageOf = [0x22]uint8{0x01: 1, 0x02: 2, 0x20: 3, 0x21: 4}

// beyondPages holds the byte of each character beyond Latin-1, by page
// (pageOf) and low byte; 0 where there is none.
var beyondPages = func() (t [5][256]byte) {
	for i, r := range High {
		if r > 0xFF {
			t[pageOf[r>>8]][r&0xFF] = byte(0x80 + i)
		}
	}
	return t
}()

// The table below is derived from High, once, when the package starts, so
// that every user of Windows-1252 reads the same one instead of building its
// own. (No map is built here: every program that imports the package would
// pay for it at start.)

// UTF8 holds, for each byte 80-FF, the UTF-8 encoding of its character in
// the first bytes and the encoding's length in the last (the longest, U+20AC
// and the other characters beyond Latin-1, take 3 bytes).
var UTF8 = func() (t [128][4]byte) {
	for i := range t {
		n := utf8.EncodeRune(t[i][:], Decode(byte(0x80+i)))
		t[i][3] = byte(n)
	}
	return t
}()
