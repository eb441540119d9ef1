package convkernel_test

import (
	"encoding/binary"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/convkernel"
	"github.com/utf8x/utf8x/internal/cp1252"
)

// The kernels from UTF-32 and to and from Windows-1252, checked like the
// others (check, testsample.Transcoding.Each) against unicode/utf8, encoding/binary and the
// table of internal/cp1252, which the generator's copy of it must match.

func utf32Direction(name string, call func(dst, src []byte) (int, int), be bool) direction {
	order := binary.ByteOrder(binary.LittleEndian)
	if be {
		order = binary.BigEndian
	}
	return direction{
		name: name, call: call, ratio: 1,
		want: func(src []byte) ([]byte, bool) {
			if len(src)%4 != 0 {
				return nil, false
			}
			var out []byte
			for i := 0; i < len(src); i += 4 {
				v := order.Uint32(src[i:])
				if v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
					return nil, false
				}
				out = utf8.AppendRune(out, rune(v))
			}
			return out, true
		},
		from:    func(t []byte) []byte { return putUnits([]rune(string(t)), be, 4) },
		handles: func(r rune) bool { return true },
	}
}

// unitsDirection is a kernel between UTF-16 and UTF-32 (widths 2 and 4) in
// the given byte orders.
func unitsDirection(name string, call func(dst, src []byte) (int, int), inW int, inBE bool, outW int, outBE bool) direction {
	return direction{
		name: name, call: call, ratio: (outW + inW - 1) / inW,
		want: func(src []byte) ([]byte, bool) {
			var rs []rune
			ok := false
			if inW == 2 {
				rs, ok = utf16Units(src, inBE)
			} else {
				rs, ok = utf32Runes(src, inBE)
			}
			return putUnits(rs, outBE, outW), ok
		},
		from: func(t []byte) []byte { return putUnits([]rune(string(t)), inBE, inW) },
		// Every set converts surrogate pairs in bulk, both ways.
		handles: func(r rune) bool { return true },
	}
}

func utf32Runes(src []byte, be bool) ([]rune, bool) {
	if len(src)%4 != 0 {
		return nil, false
	}
	var rs []rune
	for i := 0; i < len(src); i += 4 {
		v := binary.LittleEndian.Uint32(src[i:])
		if be {
			v = binary.BigEndian.Uint32(src[i:])
		}
		if v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
			return nil, false
		}
		rs = append(rs, rune(v))
	}
	return rs, true
}

func wideDirections() []direction {
	return []direction{
		unitsDirection("UTF16LEToBE", convkernel.UTF16LEToBE, 2, false, 2, true),
		unitsDirection("UTF16BEToLE", convkernel.UTF16BEToLE, 2, true, 2, false),
		unitsDirection("UTF32LEToBE", convkernel.UTF32LEToBE, 4, false, 4, true),
		unitsDirection("UTF32BEToLE", convkernel.UTF32BEToLE, 4, true, 4, false),
		unitsDirection("UTF16LEToUTF32LE", convkernel.UTF16LEToUTF32LE, 2, false, 4, false),
		unitsDirection("UTF16LEToUTF32BE", convkernel.UTF16LEToUTF32BE, 2, false, 4, true),
		unitsDirection("UTF16BEToUTF32LE", convkernel.UTF16BEToUTF32LE, 2, true, 4, false),
		unitsDirection("UTF16BEToUTF32BE", convkernel.UTF16BEToUTF32BE, 2, true, 4, true),
		unitsDirection("UTF32LEToUTF16LE", convkernel.UTF32LEToUTF16LE, 4, false, 2, false),
		unitsDirection("UTF32LEToUTF16BE", convkernel.UTF32LEToUTF16BE, 4, false, 2, true),
		unitsDirection("UTF32BEToUTF16LE", convkernel.UTF32BEToUTF16LE, 4, true, 2, false),
		unitsDirection("UTF32BEToUTF16BE", convkernel.UTF32BEToUTF16BE, 4, true, 2, true),
		utf32Direction("UTF32LEToUTF8", convkernel.UTF32LEToUTF8, false),
		utf32Direction("UTF32BEToUTF8", convkernel.UTF32BEToUTF8, true),
		{
			name: "CP1252ToUTF8", call: convkernel.CP1252ToUTF8, ratio: 3,
			want: func(src []byte) ([]byte, bool) {
				var out []byte
				for _, b := range src {
					out = utf8.AppendRune(out, cp1252.Decode(b))
				}
				return out, true
			},
			from: func(t []byte) []byte {
				var out []byte
				for _, r := range string(t) {
					out = append(out, byte(r)) // every byte is Windows-1252
				}
				return out
			},
			handles: func(r rune) bool { return true },
		},
		{
			name: "UTF8ToCP1252", call: convkernel.UTF8ToCP1252, ratio: 1,
			want: func(src []byte) ([]byte, bool) {
				if !utf8.Valid(src) {
					return nil, false
				}
				var out []byte
				for _, r := range string(src) {
					b, ok := cp1252.Encode(r)
					if !ok {
						return nil, false
					}
					out = append(out, b)
				}
				return out, true
			},
			from:    func(t []byte) []byte { return t },
			handles: func(r rune) bool { return r < 0x80 || r >= 0xA0 && r <= 0xFF },
		},
	}
}

// wideBackgrounds adds to backgrounds the texts these kernels meet: every
// byte 80-9F of Windows-1252, and characters of every UTF-8 length.
var wideBackgrounds = map[string]string{
	"cp1252": "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ\u0081\u008D\u008F\u0090\u009D",
	"bytes":  string([]rune{0x80, 0x85, 0x8A, 0x9F, 0xA0, 0xFF, 0x7F, 0x00, 0x41}),
	"lens":   "a\u007F\u0080\u07FF\u0800\uFFFF\U00010000\U0010FFFF\uD7FF\uE000",
	// Blocks made only of characters above the BMP, the edges among them.
	"astral": "\U00010000\U0010FFFF\U0001F600\U000F0000\U0001FFFF\U00100000\U0010FFFE\U00020000\U0003FFFF",
}

// TestWideGenerated converts every length 0..256 of every background with
// ample and tight room, under every kernel set.
func TestWideGenerated(t *testing.T) {
	all := map[string]string{}
	for k, v := range backgrounds {
		all[k] = v
	}
	for k, v := range wideBackgrounds {
		all[k] = v
	}
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled()
		for _, d := range wideDirections() {
			for _, s := range all {
				for n := 0; n <= 256; n++ {
					if skipLength(n, len(s), len(d.name)) {
						continue
					}
					var src []byte
					text := cutValid(repeatTo(s, n))
					if d.name == "CP1252ToUTF8" {
						src = repeatTo(s, n) // any bytes
					} else {
						src = d.from(text)
					}
					need := len(d.want2(src))
					// The NEON set has none of these kernels.
					progress := vector && convkernel.Active() != "neon" && (d.name == "CP1252ToUTF8" || handled(d, text))
					check(t, d, src, 4*len(src)+256, progress)
					for _, room := range []int{0, 1, need / 2, need - 1, need, need + 1, need + 63, need + 64, need + 128} {
						if room >= 0 {
							check(t, d, src, room, false)
						}
					}
				}
			}
		}
	})
}

// TestWideInjected puts every bad unit at every position of inputs of
// several lengths: surrogates and values above U+10FFFF for UTF-32, the
// UTF-8 injections and the characters Windows-1252 lacks or holds only
// outside Latin-1 for UTF8ToCP1252.
func TestWideInjected(t *testing.T) {
	units := []uint32{0x10000, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0x7FFFFFFF, 0xFFFFFFFF, 0x10FFFF, 0xFFFF, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0x10800, 0xFFFFD800}
	chars := append([]string{"€", "ƒ", "Ÿ", "\u0080", "\u009F", "\u0081", "\u0100", "\u2122", "\uFFFD"}, injections...)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, d := range wideDirections() {
			for _, s := range backgrounds {
				for _, n := range []int{64, 65, 127, 128, 129, 200, 260} {
					text := cutValid(repeatTo(s, n))
					in16 := strings.HasPrefix(d.name, "UTF16")
					in32 := strings.HasPrefix(d.name, "UTF32")
					be := strings.HasPrefix(d.name[5:], "BE")
					switch {
					case in16:
						base := d.from(text)
						for _, inj := range unitInjections {
							for at := 0; at <= len(base); at += 2 {
								if !testsample.Sampled(24, n, at, int(inj[0]), len(s)) {
									continue
								}
								src := append([]byte{}, base[:at]...)
								for _, u := range inj {
									if be {
										src = binary.BigEndian.AppendUint16(src, u)
									} else {
										src = binary.LittleEndian.AppendUint16(src, u)
									}
								}
								src = append(src, base[at:]...)
								check(t, d, src, 2*len(src)+8, false)
							}
						}
						for cut := 1; cut <= 3; cut++ {
							check(t, d, base[:max(0, len(base)-cut)], 2*len(base)+8, false)
						}
					case in32:
						base := d.from(text)
						for _, u := range units {
							for at := 0; at <= len(base); at += 4 {
								if !testsample.Sampled(24, n, at, int(u), len(s)) {
									continue
								}
								var b [4]byte
								if be {
									binary.BigEndian.PutUint32(b[:], u)
								} else {
									binary.LittleEndian.PutUint32(b[:], u)
								}
								src := append(append(append([]byte{}, base[:at]...), b[:]...), base[at:]...)
								check(t, d, src, len(src)+8, false)
							}
						}
						for cut := 1; cut <= 3; cut++ {
							check(t, d, base[:max(0, len(base)-cut)], len(base)+8, false)
						}
					case d.name == "UTF8ToCP1252":
						for _, inj := range chars {
							for at := 0; at <= len(text); at++ {
								if !testsample.Sampled(8, n, at, int(inj[0]), len(s)) {
									continue
								}
								src := append(append(append([]byte{}, text[:at]...), inj...), text[at:]...)
								check(t, d, src, len(src)+8, false)
							}
						}
					}
				}
			}
		}
	})
}

// TestWideRandom throws random bytes and random 32-bit units.
func TestWideRandom(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		alphabet := []byte{0x00, 0x41, 0x7F, 0x80, 0x81, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xC4, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF, 0xD8, 0xDC, 0x20, 0x10, 0x11}
		for _, d := range wideDirections() {
			for iter := 0; iter < 2000; iter++ {
				src := make([]byte, rng.IntN(300))
				for i := range src {
					src[i] = alphabet[rng.IntN(len(alphabet))]
				}
				if strings.HasPrefix(d.name, "UTF32") && rng.IntN(2) == 0 {
					// Mostly valid units, so that whole blocks convert.
					for i := 0; i+4 <= len(src); i += 4 {
						v := uint32(rng.IntN(0x110000))
						if rng.IntN(3) == 0 {
							v &= 0x7FF
						}
						if v >= 0xD800 && v <= 0xDFFF && rng.IntN(8) != 0 {
							v = 0x41
						}
						binary.LittleEndian.PutUint32(src[i:], v)
					}
				}
				check(t, d, src, rng.IntN(3*len(src)+129), false)
				check(t, d, src, 3*len(src)+129, false)
			}
		}
	})
}

// FuzzWide checks every kernel of this file, under every set this CPU runs,
// on the fuzzer's bytes with the fuzzer's room.
func FuzzWide(f *testing.F) {
	f.Add([]byte("€ café \x81 \xF0\x9F\x98\x80"), uint16(100))
	f.Add(binary.LittleEndian.AppendUint32(nil, 0xD800), uint16(8))
	// Surrogate pairs among BMP units (UTF-16 to UTF-32), astral and BMP
	// values (UTF-32 to UTF-16), Hebrew and CJK as UTF-32 (the UTF-16 block
	// paths of UTF-32 to UTF-8), ASCII with a rare Latin-1 byte.
	f.Add(putUnits([]rune(strings.Repeat("a😀bא😃我", 12)), false, 2), uint16(400))
	f.Add(putUnits([]rune(strings.Repeat("a😀bא😃我", 12)), true, 4), uint16(900))
	f.Add(putUnits([]rune(strings.Repeat("שלום עולם ", 12)), false, 4), uint16(300))
	f.Add([]byte(strings.Repeat("plain text · ", 12)), uint16(300))
	// Runs of Emoji (blocks of surrogate pairs only, and of values above
	// the BMP only) and long runs of the BMP (UTF-32 to UTF-16's four-block
	// path), one with a surrogate code point after 300 characters.
	f.Add(putUnits([]rune(strings.Repeat("😀🙃🤣💎", 20)), false, 2), uint16(800))
	f.Add(putUnits([]rune(strings.Repeat("😀🙃🤣💎", 20)), false, 4), uint16(800))
	f.Add(putUnits([]rune(strings.Repeat("Съешь же ещё ", 30)), false, 4), uint16(1200))
	f.Add(append(putUnits([]rune(strings.Repeat("ab", 150)), false, 4), 0x00, 0xD8, 0x00, 0x00), uint16(1200))
	// UTF-16 to UTF-32's two-block steps: a pair, then a lone surrogate,
	// in the second block of a step after clean ones.
	f.Add(putUnits([]rune(strings.Repeat("a", 75)+"😀"+strings.Repeat("我", 90)), false, 2), uint16(1000))
	f.Add(append(putUnits([]rune(strings.Repeat("я", 100)), false, 2), 0x00, 0xDC, 0x41, 0x00), uint16(1000))
	f.Fuzz(func(t *testing.T, src []byte, room uint16) {
		testsample.Transcoding.Runnable(func(string) {
			for _, d := range wideDirections() {
				check(t, d, src, int(room)%(3*len(src)+130), false)
			}
		})
	})
}

// TestWideNoEscape is TestNoEscape for the kernels of this file: each
// converts between stack arrays, called directly.
func TestWideNoEscape(t *testing.T) {
	const in = "The quick brown fox jumps over the lazy dog, caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, " +
		"and again, to be longer than two vector blocks of the widest set."
	type buf = [4 * len(in)]byte
	fill := func(b *buf) []byte { return b[:copy(b[:], in)] }
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"UTF32LEToUTF8", func() { var s, d buf; convkernel.UTF32LEToUTF8(d[:], fill(&s)) }},
			{"UTF32BEToUTF8", func() { var s, d buf; convkernel.UTF32BEToUTF8(d[:], fill(&s)) }},
			{"CP1252ToUTF8", func() { var s, d buf; convkernel.CP1252ToUTF8(d[:], fill(&s)) }},
			{"UTF8ToCP1252", func() { var s, d buf; convkernel.UTF8ToCP1252(d[:], fill(&s)) }},
			{"UTF16LEToBE", func() { var s, d buf; convkernel.UTF16LEToBE(d[:], fill(&s)) }},
			{"UTF16BEToLE", func() { var s, d buf; convkernel.UTF16BEToLE(d[:], fill(&s)) }},
			{"UTF32LEToBE", func() { var s, d buf; convkernel.UTF32LEToBE(d[:], fill(&s)) }},
			{"UTF32BEToLE", func() { var s, d buf; convkernel.UTF32BEToLE(d[:], fill(&s)) }},
			{"UTF16LEToUTF32LE", func() { var s, d buf; convkernel.UTF16LEToUTF32LE(d[:], fill(&s)) }},
			{"UTF32LEToUTF16LE", func() { var s, d buf; convkernel.UTF32LEToUTF16LE(d[:], fill(&s)) }},
			{"UTF16LEToUTF32BE", func() { var s, d buf; convkernel.UTF16LEToUTF32BE(d[:], fill(&s)) }},
			{"UTF32LEToUTF16BE", func() { var s, d buf; convkernel.UTF32LEToUTF16BE(d[:], fill(&s)) }},
			{"UTF16BEToUTF32LE", func() { var s, d buf; convkernel.UTF16BEToUTF32LE(d[:], fill(&s)) }},
			{"UTF32BEToUTF16LE", func() { var s, d buf; convkernel.UTF32BEToUTF16LE(d[:], fill(&s)) }},
			{"UTF16BEToUTF32BE", func() { var s, d buf; convkernel.UTF16BEToUTF32BE(d[:], fill(&s)) }},
			{"UTF32BEToUTF16BE", func() { var s, d buf; convkernel.UTF32BEToUTF16BE(d[:], fill(&s)) }},
		} {
			if allocs := testing.AllocsPerRun(20, c.f); allocs != 0 {
				t.Errorf("%s: %v allocations per call, want 0", c.name, allocs)
			}
		}
	})
}

// TestCP1252Sparse puts one, two and three bytes from 80 up at every position
// (and pair or triple of positions a few apart) of ASCII text of several
// lengths: the blocks
// with one to three bytes from A0 take the vector kernels' sparse path, those
// with 80-9F the table path. Every byte of Windows-1252 converts, so the
// kernels must get through all but the last block.
func TestCP1252Sparse(t *testing.T) {
	var d direction
	for _, x := range wideDirections() {
		if x.name == "CP1252ToUTF8" {
			d = x
		}
	}
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled()
		progress := vector && convkernel.Active() != "neon"
		for _, n := range []int{64, 65, 96, 127, 128, 129, 200} {
			base := repeatTo(backgrounds["ascii"], n)
			for _, b := range []byte{0xA0, 0xB7, 0xC3, 0xFF, 0x80, 0x9F, 0x81} {
				for at := 0; at < n; at++ {
					for _, gap := range []int{0, 1, 5, 31, 40} {
						// A third byte a gap or 33 bytes after the second:
						// three in a block, in one half or in both.
						for _, third := range []int{0, gap, 33} {
							if gap == 0 && third != 0 {
								continue
							}
							src := append([]byte{}, base...)
							src[at] = b
							if gap > 0 {
								if at+gap+third >= n {
									continue
								}
								src[at+gap] = 0xE9
								if third > 0 {
									src[at+gap+third] = 0xBF
								}
							}
							check(t, d, src, 3*len(src)+64, progress)
							check(t, d, src, len(src)+at, false)
						}
					}
				}
			}
		}
	})
}

// TestWidePrefixBeforeBad checks that the kernels from UTF-32, and from
// UTF-16 to UTF-32, convert the part of a block before its first bad unit
// rather than leaving the whole block to the scalar code (issue 14: lossy
// conversions go on in vector code right after the unit): with room to
// spare and a whole block from the bad unit on, nSrc is the bad unit's
// offset. check (through TestWideInjected) proves the output exact; this
// proves the progress.
func TestWidePrefixBeforeBad(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled()
		if !vector || convkernel.Active() == "neon" {
			t.Skip("SKIPPED: no UTF-32 kernels in this set")
		}
		for _, d := range wideDirections() {
			in32 := strings.HasPrefix(d.name, "UTF32")
			in16 := strings.HasPrefix(d.name, "UTF16") && strings.Contains(d.name, "UTF32")
			if !in32 && !in16 {
				continue
			}
			var order interface {
				binary.ByteOrder
				binary.AppendByteOrder
			} = binary.LittleEndian
			if strings.HasPrefix(d.name[5:], "BE") {
				order = binary.BigEndian
			}
			for _, s := range wideBackgrounds {
				text := cutValid(repeatTo(s, 400))
				if !handled(d, text) {
					continue
				}
				base := d.from(text)
				var srcs [][]byte
				var ats []int
				if in32 {
					// A unit replaced.
					for _, u := range []uint32{0xD800, 0xDFFF, 0x110000, 0xFFFFFFFF} {
						for at := 0; at+128 <= len(base); at += 4 {
							src := append([]byte{}, base...)
							order.PutUint32(src[at:], u)
							srcs, ats = append(srcs, src), append(ats, at)
						}
					}
				} else {
					// A lone surrogate inserted before a character.
					for _, u := range []uint16{0xD800, 0xDBFF, 0xDC00, 0xDFFF} {
						for at := 0; at+128 <= len(base); at += 2 {
							if order.Uint16(base[at:])&0xFC00 == 0xDC00 {
								continue // inside a pair
							}
							src := order.AppendUint16(append([]byte{}, base[:at]...), u)
							srcs, ats = append(srcs, append(src, base[at:]...)), append(ats, at)
						}
					}
				}
				for k, src := range srcs {
					dst := make([]byte, 4*len(src)+256)
					if _, nSrc := d.call(dst, src); nSrc != ats[k] {
						t.Fatalf("%s: bad unit % x at byte %d, kernel stopped at %d", d.name, src[ats[k]:ats[k]+2], ats[k], nSrc)
					}
				}
			}
		}
	})
}

// TestWideLarge runs UTF-32 to UTF-16 on inputs around quadMax (1.25 MiB),
// where AVX-512 stops taking four blocks at a time, with a surrogate code
// point near the start, in the middle or near the end.
func TestWideLarge(t *testing.T) {
	text := []byte(strings.Repeat("Съешь же ещё этих мягких французских булок, да выпей чаю. 我能吞下 ", 5500))
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, d := range wideDirections() {
			if !strings.HasPrefix(d.name, "UTF32") || !strings.Contains(d.name, "UTF16") {
				continue
			}
			be := strings.HasPrefix(d.name[5:], "BE")
			base := d.from(text)
			for _, n := range []int{5<<18 - 256, 5 << 18, 5<<18 + 4, len(base) / 4 * 4} {
				src := base[:n]
				check(t, d, src, len(src)/2+64, convkernel.Enabled() && convkernel.Active() != "neon")
				for _, at := range []int{64, n / 2 / 4 * 4, n - 260, n - 4} {
					bad := append([]byte{}, src...)
					if be {
						binary.BigEndian.PutUint32(bad[at:], 0xDFFF)
					} else {
						binary.LittleEndian.PutUint32(bad[at:], 0xDFFF)
					}
					check(t, d, bad, len(bad)/2+64, false)
				}
			}
		}
	})
}

// TestWidePrefetch runs UTF-16 to UTF-32 on inputs around 448 KiB (the
// generator's prefetchFrom), from which the two-block step prefetches and
// below which it does not: the step with the prefetches runs on no shorter
// input, so the other tests never reach it. Each length also goes with a
// surrogate pair near the start, in the middle and near the end, after
// which the one-block step has to go back to the step the length picked,
// and with a lone low surrogate there.
func TestWidePrefetch(t *testing.T) {
	text := []byte(strings.Repeat("Съешь же ещё этих мягких французских булок, да выпей чаю. 我能吞下 ", 5500))
	const from = 448 << 10
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, d := range wideDirections() {
			if !strings.HasPrefix(d.name, "UTF16") || !strings.Contains(d.name, "UTF32") {
				continue
			}
			be := strings.HasPrefix(d.name[5:], "BE")
			put := binary.LittleEndian.PutUint16
			if be {
				put = binary.BigEndian.PutUint16
			}
			base := d.from(text)
			for _, n := range []int{from - 2, from, from + 130, len(base) / 2 * 2} {
				src := base[:n]
				check(t, d, src, 2*len(src)+64, convkernel.Enabled() && convkernel.Active() != "neon")
				for _, at := range []int{64, n / 4 * 2, n - 4} {
					pair := append([]byte{}, src...)
					put(pair[at:], 0xD83D)
					put(pair[at+2:], 0xDE00)
					check(t, d, pair, 2*len(pair)+64, false)
					lone := append([]byte{}, src...)
					put(lone[at:], 0xDFFF)
					check(t, d, lone, 2*len(lone)+64, false)
				}
			}
		}
	})
}
