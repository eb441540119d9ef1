package transcode

import "github.com/utf8x/utf8x"

// WTF8 is WTF-8 ("Wobbly Transformation Format"), UTF-8 generalized to carry
// the unpaired surrogates of ill-formed UTF-16, such as Windows file names and
// JavaScript strings hold: a lone surrogate is written as a 3-byte sequence
// ED A0-BF xx, and everything else as in UTF-8. A surrogate pair stands for a
// character and must be written as that character's 4-byte sequence.
//
// What the decoder reports, besides the kinds of UTF-8:
//   - a high surrogate directly followed by a low one, each in 3 bytes:
//     SurrogatePair, 6 bytes (one unit, so Replace writes one U+FFFD).
//
// A lone surrogate is well-formed WTF-8, but it is not a character: converting
// it to UTF-8, UTF-32, CESU-8 or any other encoding but UTF-16 and WTF-8 is an
// Unrepresentable unit (Error.Rune holds the surrogate; Replace writes
// U+FFFD). To UTF-16 it becomes the lone code unit again, and from UTF-16 to
// WTF-8 a lone code unit becomes its 3-byte sequence instead of an error
// (NewConverter(UTF16LE, WTF8, ...)), so ill-formed UTF-16 survives the round
// trip through WTF-8 unchanged.
var WTF8 = Encoding{f: wtf8Form}

var wtf8Form = &form{
	name:   "WTF-8",
	labels: []string{"wtf-8", "wtf8"},
	id:     wtf8ID, ascii: true, maxLen: 4, bom: utf8x.BOM,
	// Valid UTF-8 reads the same in WTF-8, and holds no surrogate that could
	// pair with one outside the run.
	fromUTF8: copyValidConv, toUTF8: copyValidConv,
}

func decodeWTF8(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if p[0] != 0xED {
		return decodeUTF8(p, atEOF)
	}
	r, _, n, kind := decodeWithSurrogates(p, atEOF)
	if n == 6 {
		return utf8x.RuneError, 6, utf8x.SurrogatePair
	}
	return r, n, kind
}

func encodeWTF8(p []byte, r rune) int {
	switch {
	case r < 0 || r > utf8x.MaxRune:
		return -1
	case len(p) < seqLen(r):
		return 0
	}
	return putSeq(p, r)
}

// AppendUTF16ToWTF8 appends src, UTF-16 code units that may hold unpaired
// surrogates, to dst as WTF-8 and returns the extended buffer. It never
// fails: every sequence of code units has a WTF-8 form.
func AppendUTF16ToWTF8(dst []byte, src []uint16) []byte {
	for i := 0; i < len(src); i++ {
		r := rune(src[i])
		if r >= 0xD800 && r <= 0xDBFF && i+1 < len(src) && src[i+1] >= 0xDC00 && src[i+1] <= 0xDFFF {
			r = pairValue(r, rune(src[i+1]))
			i++
		}
		var buf [4]byte
		dst = append(dst, buf[:putSeq(buf[:], r)]...)
	}
	return dst
}

// AppendWTF8ToUTF16 appends src, WTF-8, to dst as UTF-16 code units, each
// lone surrogate as itself, and returns the extended slice. Ill-formed WTF-8
// is an *Error whose Offset counts bytes of src; dst then holds the code
// units of the input before it.
func AppendWTF8ToUTF16(dst []uint16, src []byte) ([]uint16, error) {
	for i := 0; i < len(src); {
		r, n, kind := decodeWTF8(src[i:], true)
		if kind != 0 {
			return dst, newError(wtf8Form, src, i, n, kind)
		}
		if r >= 0x10000 {
			r -= 0x10000
			dst = append(dst, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
		} else {
			dst = append(dst, uint16(r))
		}
		i += n
	}
	return dst, nil
}
