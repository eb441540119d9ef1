package table

import (
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Loss is how a misreading lost bytes, as the lossy forms of mojibake seen
// in the wild lose them.
type Loss int

const (
	LossNone Loss = iota // unassigned bytes read as the C1 control of the same value (WHATWG)
	LossFFFD             // unassigned bytes read as U+FFFD
	LossDrop             // unassigned bytes dropped
	LossNBSP             // as LossNone, and no-break spaces turned into spaces
)

// Misread returns p's bytes each read as cm's character, in UTF-8: the
// text p was, misread whole as cm (mojibake). Bytes cm leaves unassigned
// become the C1 control of the same value, as WHATWG's decoders read them.
func Misread(p []byte, cm *charmap.Charmap) []byte {
	return MisreadLoss(p, cm, LossNone)
}

// MisreadLoss is Misread losing bytes as loss says.
func MisreadLoss(p []byte, cm *charmap.Charmap, loss Loss) []byte {
	out := make([]byte, 0, 2*len(p))
	for _, b := range p {
		if b < 0x80 {
			out = append(out, b)
			continue
		}
		r := cm.DecodeByte(b)
		if r == utf8.RuneError {
			switch loss {
			case LossDrop:
				continue
			case LossFFFD:
			default:
				r = rune(b)
			}
		}
		if r == 0xA0 && loss == LossNBSP {
			r = ' '
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}
