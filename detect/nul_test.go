package detect

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
	"testing"
)

// TestNULAroundPrefixEnd puts one NUL into valid text at places around the
// end of the prefix and of the counting windows, where the validation's own
// NUL answer (which can reach beyond the prefix) must be cut back to the
// prefix: every API, every limit, with chunks cut at and around the NUL
// and the prefix's end, must match the reference (which searches the
// prefix for NULs on its own); and with an invalid byte just after the
// prefix, so that a NUL beyond it is counted among the bytes after it.
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
			ins := [][]byte{in}
			if at > DefaultLimit+8 {
				// An error between the prefix and the NUL: the bytes
				// after it are counted, and their NUL rules UTF-8 out.
				bad := append([]byte(nil), in...)
				bad[DefaultLimit+2] = 0xFF
				ins = append(ins, bad)
			}
			for _, in := range ins {
				for _, o := range diffOptions {
					for _, cuts := range [][]int{nil, {at}, {at + 1}, {DefaultLimit - 1}, {DefaultLimit + 1}, {4096, at, DefaultLimit}} {
						checkAgainstRef(t, in, o, cuts)
					}
				}
			}
		}
	}
}

// TestESCAroundPrefixEnd puts an ISO-2022-JP escape, or a lone ESC, into
// ASCII text at places around the end of the prefix and of the counting
// windows, where the validation's ESC answer (which can reach beyond the
// prefix, or not cover all of it) decides whether the prefix is searched
// for escapes: every API, every limit, with chunks cut around the escape
// and the prefix's end, must match the reference (which always searches);
// and with an invalid byte before the escape.
func TestESCAroundPrefixEnd(t *testing.T) {
	text := bytes.Repeat([]byte("plain text, nothing else. "), 3000)
	for _, esc := range []string{"\x1b$B", "\x1b"} {
		for _, at := range []int{0, 1000, 1023, 1024, 3072, DefaultLimit - 64, DefaultLimit - 3, DefaultLimit - 1, DefaultLimit, DefaultLimit + 63, len(text) - 4} {
			in := append([]byte(nil), text...)
			copy(in[at:], esc)
			bad := append([]byte(nil), in...)
			bad[at/2] = 0xFF
			for ii, in := range [][]byte{in, bad} {
				for oi, o := range diffOptions {
					for ci, cuts := range [][]int{nil, {at}, {at + 1}, {DefaultLimit - 1}, {DefaultLimit + 1}, {4096, at, DefaultLimit}} {
						if !testsample.Sampled(3, len(esc), at, ii, oi, ci) {
							continue
						}
						checkAgainstRef(t, in, o, cuts)
					}
				}
			}
		}
	}
}

// TestTallyCount checks tally.count, which the structural verdicts read
// the NULs after the prefix from, against counts made one byte at a time,
// for every byte value, with counts in the tables and folded into whole.
func TestTallyCount(t *testing.T) {
	p := make([]byte, 5000)
	for i := range p {
		p[i] = byte(i*i>>3 + i)
	}
	var tl tally
	tl.add(p[:1234])
	tl.into(&tl.whole) // as a fold does
	tl.t, tl.n = [8][256]uint32{}, 0
	tl.add(p[1234:])
	tl.add(p[:3])
	var want [256]int
	for _, b := range append(append([]byte(nil), p...), p[:3]...) {
		want[b]++
	}
	for b := range 256 {
		// printable ASCII is counted only in words holding other bytes
		if got := tl.count(byte(b)); got != want[b] && (b < 0x20 || b >= 0x7F || got > want[b]) {
			t.Fatalf("count(%#x) = %d, want %d", b, got, want[b])
		}
	}
}
