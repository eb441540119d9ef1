package transcode

import "github.com/utf8x/utf8x"

// UTF-8: the form every conversion goes through. Its validation and
// decoding are the root package's; this file adapts them to a form.

var utf8Form = &form{
	name:   "UTF-8",
	labels: []string{"utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"},
	decode: decodeUTF8, encode: encodeUTF8, maxLen: 4, bom: utf8x.BOM,
}

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
