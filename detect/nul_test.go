package detect

import (
	"bytes"
	"testing"
)

// TestNULAroundPrefixEnd puts one NUL into valid text at places around the
// end of the prefix and of the counting windows, where the validation's own
// NUL answer (which can reach beyond the prefix) must be cut back to the
// prefix: every API, every limit, with chunks cut at and around the NUL
// and the prefix's end, must match the reference (which searches the
// prefix for NULs on its own).
func TestNULAroundPrefixEnd(t *testing.T) {
	texts := [][]byte{
		bytes.Repeat([]byte("plain text, nothing else. "), 3000),
		bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), 2500),
	}
	for _, text := range texts {
		for _, at := range []int{0, 1000, 1023, 1024, 3072, DefaultLimit - 64, DefaultLimit - 1, DefaultLimit, DefaultLimit + 1, DefaultLimit + 63, len(text) - 1} {
			in := append([]byte(nil), text...)
			for in[at]&0xC0 == 0x80 {
				at-- // keep the text valid: replace a whole character
			}
			in[at] = 0
			for j := at + 1; j < len(in) && in[j]&0xC0 == 0x80; j++ {
				in[j] = 'x'
			}
			for _, o := range diffOptions {
				for _, cuts := range [][]int{nil, {at}, {at + 1}, {DefaultLimit - 1}, {DefaultLimit + 1}, {4096, at, DefaultLimit}} {
					checkAgainstRef(t, in, o, cuts)
				}
			}
		}
	}
}
