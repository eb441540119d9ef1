package convkernel_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x/internal/convkernel"
	"github.com/utf8x/utf8x/internal/testsample"
)

// The UTF-16 and UTF-32 to UTF-8 kernels switch between an ASCII run (64
// units at a time, ended at the first other unit) and the blocks of the
// BMP (one or two bytes per unit, or the table of 1 to 3 bytes). These
// tests build texts of ASCII stretches of every length between runs of
// other characters, the way markup and its text alternate, and put a unit
// the kernels must stop at after every one of their units.

// bmpSamples are the characters of the non-ASCII runs: the edges of each
// UTF-8 length, units from 0x8000 (negative as signed 16-bit numbers) and
// the scripts of the corpus.
var bmpSamples = []rune{
	0x80, 0xE9, 0xFF, 0x100, 0x3A9, 0x416, 0x5D0, 0x627, 0x7FF,
	0x800, 0x915, 0xE01, 0x3042, 0x4E00, 0x7FFF, 0x8000, 0xAC00, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF,
	0x1F600, // a surrogate pair in UTF-16
}

// markupText returns n characters: ASCII stretches of random length up to
// maxASCII between runs of 1 to maxOther characters of bmpSamples, the
// runs drawn from one UTF-8 length or from all, with ASCII spaces or not.
func markupText(rng *rand.Rand, n, maxASCII, maxOther int) []rune {
	var rs []rune
	for len(rs) < n {
		a := rng.IntN(maxASCII + 1)
		for k := 0; k < a; k++ {
			rs = append(rs, rune(0x20+rng.IntN(0x5F)))
		}
		b := 1 + rng.IntN(maxOther)
		pool := bmpSamples
		switch rng.IntN(4) {
		case 0:
			pool = bmpSamples[:9] // two bytes
		case 1:
			pool = bmpSamples[9:22] // three bytes
		}
		spaces := rng.IntN(2) == 0
		for k := 0; k < b; k++ {
			if spaces && rng.IntN(4) == 0 {
				rs = append(rs, ' ')
				continue
			}
			rs = append(rs, pool[rng.IntN(len(pool))])
		}
	}
	return rs[:n]
}

func toUTF8Directions() []direction {
	var out []direction
	for _, d := range append(directions(), wideDirections()...) {
		switch d.name {
		case "UTF16LEToUTF8", "UTF16BEToUTF8", "UTF32LEToUTF8", "UTF32BEToUTF8":
			out = append(out, d)
		}
	}
	return out
}

func encodeUnits(d direction, rs []rune) []byte {
	be := d.name == "UTF16BEToUTF8" || d.name == "UTF32BEToUTF8"
	if d.name == "UTF32LEToUTF8" || d.name == "UTF32BEToUTF8" {
		return putUnits(rs, be, 4)
	}
	return putUnits(rs, be, 2)
}

// TestMarkupRuns converts markup-like texts of every length up to 400
// characters, with ample and tight room, and requires the whole of each
// but a block's tail to be converted.
func TestMarkupRuns(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled() && convkernel.Active() != "neon"
		rng := rand.New(rand.NewPCG(28, 1))
		for _, d := range toUTF8Directions() {
			for _, shape := range [][2]int{{3, 2}, {20, 6}, {80, 20}, {200, 40}, {0, 40}} {
				for n := 0; n <= 400; n++ {
					src := encodeUnits(d, markupText(rng, n, shape[0], shape[1]))
					want, _ := d.want(src)
					check(t, d, src, d.ratio*len(src)+256, vector)
					if n%7 == 0 {
						for _, room := range []int{len(want) - 1, len(want), len(want) + 63} {
							if room >= 0 {
								check(t, d, src, room, false)
							}
						}
					}
				}
			}
		}
	})
}

// TestMarkupRunsStop puts a unit the kernel must stop before (a lone high or
// low surrogate; in UTF-32 also a value above U+10FFFF) at every position
// of markup-like texts and requires the kernel to convert up to within a
// block of it, correctly.
func TestMarkupRunsStop(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled() && convkernel.Active() != "neon"
		rng := rand.New(rand.NewPCG(28, 2))
		for _, d := range toUTF8Directions() {
			wide := d.name == "UTF32LEToUTF8" || d.name == "UTF32BEToUTF8"
			be := d.name == "UTF16BEToUTF8" || d.name == "UTF32BEToUTF8"
			bad := []uint32{0xD800, 0xDBFF, 0xDC00, 0xDFFF}
			if wide {
				bad = append(bad, 0x110000, 0x80000041, 0xFFFFFFFF)
			}
			w := 2
			if wide {
				w = 4
			}
			for _, shape := range [][2]int{{3, 2}, {40, 8}, {150, 30}} {
				rs := markupText(rng, 300, shape[0], shape[1])
				base := encodeUnits(d, bmpOnly(rs))
				for at := 0; at <= len(base); at += w {
					for _, b := range bad {
						src := append([]byte{}, base[:at]...)
						switch {
						case wide && be:
							src = binary.BigEndian.AppendUint32(src, b)
						case wide:
							src = binary.LittleEndian.AppendUint32(src, b)
						case be:
							src = binary.BigEndian.AppendUint16(src, uint16(b))
						default:
							src = binary.LittleEndian.AppendUint16(src, uint16(b))
						}
						// A high surrogate before a low one would pair.
						src = append(src, base[at:]...)
						stop := at
						if !wide && b < 0xDC00 && at+2 <= len(base) {
							var next uint16
							if be {
								next = binary.BigEndian.Uint16(base[at:])
							} else {
								next = binary.LittleEndian.Uint16(base[at:])
							}
							if next&0xFC00 == 0xDC00 {
								continue
							}
						}
						if !wide && b >= 0xDC00 && at >= 2 {
							var prev uint16
							if be {
								prev = binary.BigEndian.Uint16(base[at-2:])
							} else {
								prev = binary.LittleEndian.Uint16(base[at-2:])
							}
							if prev&0xFC00 == 0xD800 {
								continue
							}
						}
						check(t, d, src, 3*len(src)+64, false)
						if vector {
							dst := make([]byte, 3*len(src)+64)
							_, nSrc := d.call(dst, src)
							if nSrc > stop {
								t.Fatalf("%s: read %d bytes, past the unit at %d it must stop before", d.name, nSrc, stop)
							}
							if stop-nSrc >= 64+w {
								t.Fatalf("%s: stopped at %d, more than a block before the unit at %d", d.name, nSrc, stop)
							}
						}
					}
				}
			}
		}
	})
}

// bmpOnly replaces the characters above the BMP, which markupText may give,
// so that every unit position is a character boundary.
func bmpOnly(rs []rune) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		if r > 0xFFFF {
			r = 0x4E00
		}
		out[i] = r
	}
	return out
}
