package table

import (
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Misread returns p's bytes each read as cm's character, in UTF-8: the
// text p was, misread whole as cm (mojibake). Bytes cm leaves unassigned
// become the C1 control of the same value, as WHATWG's decoders read them.
func Misread(p []byte, cm *charmap.Charmap) []byte {
	out := make([]byte, 0, 2*len(p))
	for _, b := range p {
		if b < 0x80 {
			out = append(out, b)
			continue
		}
		r := cm.DecodeByte(b)
		if r == utf8.RuneError {
			r = rune(b)
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}
