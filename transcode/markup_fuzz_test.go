package transcode

import (
	"encoding/binary"
	"testing"

	"github.com/utf8x/utf8x/internal/testsample"
)

// markupUnits are the units FuzzKernelUTF16Markup maps the bytes from 0x80
// to: the edges of each UTF-8 length, units from 0x8000, and surrogates,
// lone or paired as they fall.
var markupUnits = []uint16{
	0x80, 0xE9, 0x3A9, 0x416, 0x5D0, 0x7FF, 0x800, 0x915, 0x3042, 0x4E00,
	0x7FFF, 0x8000, 0xAC00, 0xD7FF, 0xE000, 0xFFFF, 0xD83D, 0xDE00, 0xD800, 0xDFFF,
}

// markupSrc turns fuzz bytes into UTF-16: a byte below 0x80 is that ASCII
// unit, any other one of markupUnits, so that the fuzzer's inputs are
// mostly long ASCII stretches with short runs of other units, like markup
// (the kernels' ASCII run and its switches to the other paths), which raw
// bytes read as UTF-16 almost never are.
func markupSrc(data []byte, be bool) []byte {
	out := make([]byte, 0, 2*len(data))
	for _, b := range data {
		u := uint16(b)
		if b >= 0x80 {
			u = markupUnits[int(b-0x80)%len(markupUnits)]
		}
		if be {
			out = binary.BigEndian.AppendUint16(out, u)
		} else {
			out = binary.LittleEndian.AppendUint16(out, u)
		}
	}
	return out
}

// FuzzKernelUTF16Markup compares the accelerated UTF-16 to UTF-8 kernels
// with the scalar ones, every kernel set, on markup-like UTF-16.
func FuzzKernelUTF16Markup(f *testing.F) {
	ascii := []byte(`<a href="https://example.org/wiki/Mars" title="Mars">`)
	for _, other := range [][]byte{{0x89, 0x8A}, {0x81, 0x82, 0x83, 0x84}, {0x90, 0x91, 0x20, 0x89}, {0x92}, {0x93, 0x8D}} {
		var seed []byte
		for len(seed) < 600 {
			seed = append(append(seed, ascii...), other...)
		}
		f.Add(seed, uint16(2000))
	}
	var ps []kernelPair
	for _, p := range kernelPairs() {
		if p.name == "utf16LEToUTF8" || p.name == "utf16BEToUTF8" {
			ps = append(ps, p)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, room uint16) {
		testsample.Transcoding.Runnable(func(string) {
			for _, p := range ps {
				src := markupSrc(data, p.be)
				comparePair(t, p, src, int(room)%(p.ratio*len(src)+65))
				comparePair(t, p, src, p.ratio*len(src)+8)
			}
		})
	})
}
