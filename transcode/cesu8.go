package transcode

import "github.com/utf8x/utf8x"

// CESU-8 (Unicode Technical Report #26) is UTF-8 as software written for
// UCS-2 produces it: a character beyond U+FFFF is written as its UTF-16
// surrogate pair, each surrogate as a 3-byte sequence (ED A0-AF xx, then
// ED B0-BF xx), never as one 4-byte sequence. Oracle's UTF8 character set and
// MySQL's utf8mb3 exports hold it.
//
// What the decoder reports, besides the kinds of UTF-8 (overlong, truncated,
// ...):
//   - a well-formed 4-byte sequence: FourByte, 4 bytes;
//   - a surrogate sequence not part of a high-low pair: LoneSurrogate, 3 bytes.
var CESU8 = Encoding{f: cesu8Form}

var cesu8Form = &form{
	name:   "CESU-8",
	labels: []string{"cesu-8", "cesu8", "csutf8mb3"},
	id:     cesu8ID, ascii: true, maxLen: 6, bom: utf8x.BOM,
	fromUTF8: utf8ToCESU8Conv, toUTF8: cesu8ToUTF8Conv,
}

func decodeCESU8(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if p[0] < utf8x.RuneSelf {
		return rune(p[0]), 1, 0
	}
	if p[0] >= 0xF0 {
		r, n, kind := decodeUTF8(p, atEOF)
		if n == 4 && kind == 0 {
			return utf8x.RuneError, 4, utf8x.FourByte
		}
		return r, n, kind
	}
	hi, lo, n, kind := decodeWithSurrogates(p, atEOF)
	switch {
	case n == 0 || kind != 0:
		return hi, n, kind
	case n == 6:
		return pairValue(hi, lo), 6, 0
	case hi >= 0xD800 && hi <= 0xDFFF:
		return utf8x.RuneError, 3, utf8x.LoneSurrogate
	}
	return hi, n, 0
}

func encodeCESU8(p []byte, r rune) int {
	switch {
	case r >= 0x10000 && r <= utf8x.MaxRune:
		return putPair(p, r)
	case r < 0 || r > utf8x.MaxRune || r >= 0xD800 && r <= 0xDFFF:
		return -1
	case len(p) < seqLen(r):
		return 0
	}
	return putSeq(p, r)
}
