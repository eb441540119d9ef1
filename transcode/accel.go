package transcode

import "github.com/utf8x/utf8x/internal/transkernel"

// The kernels of the hot conversions pair a vector kernel of
// internal/transkernel, which takes whole 64-byte blocks it can convert, with
// the scalar kernel here, which finishes what the vector kernel leaves: the
// block it stopped at, short tails, errors. Their output is the scalar
// kernel's alone, byte for byte, and so are the places they stop at.

// scalarStep is how much input the scalar kernel converts after each stop of
// the vector kernel before handing back: long enough to get past the block the
// vector kernel refused (a 4-byte character, a surrogate pair, an error) and
// short enough to return to the vector kernel soon in mostly convertible text.
// It is even, so that it cuts UTF-16 on a unit boundary, and at least 8, so
// that a window always holds the first character whole.
const scalarStep = 64

// accelerate runs the vector kernel vec and the scalar kernel sc by turns over
// src. It stops where sc stops short of its window: at an error, a character
// the target lacks, or a full dst; that is where sc alone would stop too,
// since vec stops before anything sc would refuse. Inputs (and what is left
// of them) shorter than minLen, where the call of vec costs more than sc's
// work, go to sc alone.
func accelerate[D, S any](dst []D, src []S, minLen int, vec, sc func([]D, []S) (int, int)) (nDst, nSrc int) {
	if !transkernel.Enabled() || len(src) < minLen {
		return sc(dst, src)
	}
	i, j := 0, 0
	for {
		if len(src)-i >= minLen {
			d, s := vec(dst[j:], src[i:])
			i += s
			j += d
			if i == len(src) {
				return j, i
			}
		}
		end := min(len(src), i+scalarStep)
		d, s := sc(dst[j:], src[i:end])
		i += s
		j += d
		if i == len(src) || s == 0 {
			return j, i
		}
	}
}
