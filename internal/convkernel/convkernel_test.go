package convkernel_test

import (
	"bytes"
	"encoding/binary"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/convkernel"
)

// The oracles here are unicode/utf8 and unicode/utf16, which share no code
// with the kernels or with transcode's scalar reference.

// direction describes one kernel: how to call it, whether its input prefix is
// acceptable, and what it must have written for that prefix.
type direction struct {
	name string
	call func(dst, src []byte) (int, int)
	// want returns the conversion of src, or ok == false when src is not a
	// whole number of well-formed, representable characters.
	want func(src []byte) (out []byte, ok bool)
	// from turns UTF-8 text into this kernel's input.
	from func(text []byte) []byte
	// handles reports whether the kernel is expected to convert r in bulk.
	handles func(r rune) bool
	ratio   int // bound on output bytes per input byte
}

func utf8Text(src []byte, max rune) ([]rune, bool) {
	if !utf8.Valid(src) {
		return nil, false
	}
	rs := []rune(string(src))
	for _, r := range rs {
		if r > max {
			return nil, false
		}
	}
	return rs, true
}

func utf16Units(src []byte, be bool) ([]rune, bool) {
	if len(src)%2 != 0 {
		return nil, false
	}
	u := make([]uint16, len(src)/2)
	for i := range u {
		if be {
			u[i] = binary.BigEndian.Uint16(src[2*i:])
		} else {
			u[i] = binary.LittleEndian.Uint16(src[2*i:])
		}
	}
	for i := 0; i < len(u); i++ {
		switch {
		case u[i] < 0xD800 || u[i] > 0xDFFF:
		case u[i] < 0xDC00 && i+1 < len(u) && u[i+1]&0xFC00 == 0xDC00:
			i++
		default:
			return nil, false
		}
	}
	return utf16.Decode(u), true
}

func putUnits(rs []rune, be bool, width int) []byte {
	var out []byte
	if width == 4 {
		for _, r := range rs {
			if be {
				out = binary.BigEndian.AppendUint32(out, uint32(r))
			} else {
				out = binary.LittleEndian.AppendUint32(out, uint32(r))
			}
		}
		return out
	}
	for _, u := range utf16.Encode(rs) {
		if be {
			out = binary.BigEndian.AppendUint16(out, u)
		} else {
			out = binary.LittleEndian.AppendUint16(out, u)
		}
	}
	return out
}

func directions() []direction {
	fromUTF8 := func(name string, call func(dst, src []byte) (int, int), be bool, width int) direction {
		return direction{
			name: name, call: call, ratio: width,
			want: func(src []byte) ([]byte, bool) {
				rs, ok := utf8Text(src, utf8.MaxRune)
				return putUnits(rs, be, width), ok
			},
			from:    func(t []byte) []byte { return t },
			handles: func(r rune) bool { return true },
		}
	}
	toUTF8 := func(name string, call func(dst, src []byte) (int, int), be bool) direction {
		return direction{
			name: name, call: call, ratio: 2,
			want: func(src []byte) ([]byte, bool) {
				rs, ok := utf16Units(src, be)
				return []byte(string(rs)), ok
			},
			from:    func(t []byte) []byte { return putUnits([]rune(string(t)), be, 2) },
			handles: func(r rune) bool { return true },
		}
	}
	return []direction{
		{
			name: "Latin1ToUTF8", call: convkernel.Latin1ToUTF8, ratio: 2,
			want: func(src []byte) ([]byte, bool) {
				var out []byte
				for _, b := range src {
					out = utf8.AppendRune(out, rune(b))
				}
				return out, true
			},
			from: func(t []byte) []byte {
				var out []byte
				for _, r := range string(t) {
					out = append(out, byte(r)) // what Latin-1 cannot hold wraps: still Latin-1
				}
				return out
			},
			handles: func(r rune) bool { return true },
		},
		{
			name: "UTF8ToLatin1", call: convkernel.UTF8ToLatin1, ratio: 1,
			want: func(src []byte) ([]byte, bool) {
				rs, ok := utf8Text(src, 0xFF)
				out := make([]byte, len(rs))
				for i, r := range rs {
					out[i] = byte(r)
				}
				return out, ok
			},
			from:    func(t []byte) []byte { return t },
			handles: func(r rune) bool { return r <= 0xFF },
		},
		fromUTF8("UTF8ToUTF16LE", convkernel.UTF8ToUTF16LE, false, 2),
		fromUTF8("UTF8ToUTF16BE", convkernel.UTF8ToUTF16BE, true, 2),
		fromUTF8("UTF8ToUTF32LE", convkernel.UTF8ToUTF32LE, false, 4),
		fromUTF8("UTF8ToUTF32BE", convkernel.UTF8ToUTF32BE, true, 4),
		toUTF8("UTF16LEToUTF8", convkernel.UTF16LEToUTF8, false),
		toUTF8("UTF16BEToUTF8", convkernel.UTF16BEToUTF8, true),
	}
}

const guard = 0xA5

// check calls d's kernel on src with dstLen bytes of room and verifies the
// contract. With progress set (valid input the kernel handles, room enough),
// it also requires the kernel to have left at most a block's tail.
func check(t *testing.T, d direction, src []byte, dstLen int, progress bool) {
	t.Helper()
	buf := bytes.Repeat([]byte{guard}, dstLen+64)
	dst := buf[:dstLen:dstLen]
	nDst, nSrc := d.call(dst, src)
	if nSrc < 0 || nSrc > len(src) || nDst < 0 || nDst > dstLen {
		t.Fatalf("%s: (%d, %d) out of range for src %d, dst %d bytes", d.name, nDst, nSrc, len(src), dstLen)
	}
	for k, b := range buf[dstLen:] {
		if b != guard {
			t.Fatalf("%s: wrote past dst[%d] at +%d; src % x", d.name, dstLen, k, src)
		}
	}
	want, ok := d.want(src[:nSrc])
	if !ok {
		t.Fatalf("%s: read %d bytes, not a well-formed prefix of % x", d.name, nSrc, src)
	}
	if !bytes.Equal(dst[:nDst], want) {
		t.Fatalf("%s: src[:%d] = % x\nconverted to % x\nwant         % x", d.name, nSrc, src[:nSrc], dst[:nDst], want)
	}
	// A kernel needs a 64-byte block of input and room for its widest output.
	if progress && len(src)-nSrc >= 64+3 {
		t.Fatalf("%s: stopped at %d of %d bytes of input it handles: % x", d.name, nSrc, len(src), src)
	}
}

// backgrounds are the texts errors get injected into.
var backgrounds = map[string]string{
	"ascii":   "The quick brown fox jumps over the lazy dog. 0123456789 ",
	"latin1":  "Ça été déjà ÿ þ ß ñ ö — no, ",
	"latin1x": "àéîõüÀÉÎÕÜçÇñÑ¡¿«»°±²³µ¶·",
	"2-byte":  "Съешь же ещё этих мягких французских булок, да выпей чаю. ",
	"2-edges": "\u0080\u07FF~\u00FF\u0100\x7F\u07BF\u0440\x00\u05D0\u0627 ",
	"3-byte":  "我能吞下玻璃而不伤身体。私はガラスを食べられます。",
	"4-byte":  "😀😃😄😁😆😅🤣😂🙂🙃😉😊",
	"mixed":   "a é 我 😀 b Ω \uFEFF z ",
	// 4-byte characters (surrogate pairs in UTF-16) at every alignment
	// against the blocks, and next to 3-byte ones.
	"4-byte+1": "a😀😃😄😁😆😅🤣😂",
	"4-byte+2": "é😀😃😄😁😆😅🤣😂",
	"4-byte+3": "我😀😃😄😁😆😅🤣😂",
	"3+4-byte": "我😀能😃吞😄下😁玻",
	"edges":    "\U00010000\U0010FFFF\U0001F600\U000F0000\uE000\uD7FF\u0800\uFFFF",
	// 3-byte characters among ASCII spaces and punctuation, and ASCII with a
	// rare Latin-1 character.
	"3+ascii": "한국어 문장, 공백과 구두점. 1 2 3 नमस्ते दुनिया। ",
	"sparse":  "plain ASCII text, with a middle dot · now and then, long enough to span two blocks of AVX2 ",
}

func repeatTo(s string, n int) []byte {
	var b []byte
	for len(b) < n {
		b = append(b, s...)
	}
	return b[:n]
}

func handled(d direction, text []byte) bool {
	if !utf8.Valid(text) {
		return false
	}
	for _, r := range string(text) {
		if !d.handles(r) || !neonHandles(d, r) {
			return false
		}
	}
	return true
}

// neonHandles narrows handles for the NEON set: no UTF-32 kernels, and
// between UTF-8 and UTF-16 only characters below U+0800 in bulk.
func neonHandles(d direction, r rune) bool {
	if convkernel.Active() != "neon" {
		return true
	}
	switch {
	case d.name == "Latin1ToUTF8" || d.name == "UTF8ToLatin1":
		return true
	case d.ratio == 4:
		return false
	}
	return r < 0x800
}

// TestGenerated converts every length 0..256 of every background, cut to a
// character boundary in the kernel's input form, with ample and tight room.
func TestGenerated(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled()
		for _, d := range directions() {
			for _, s := range backgrounds {
				for n := 0; n <= 256; n++ {
					if skipLength(n, len(s), len(d.name)) {
						continue
					}
					text := cutValid(repeatTo(s, n))
					src := d.from(text)
					need := len(d.want2(src))
					progress := vector && handled(d, text)
					check(t, d, src, d.ratio*len(src)+256, progress)
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

// skipLength thins the sweeps over every length 0..256 under -short: it
// keeps the lengths up to 16, those next to a multiple of 16 (where blocks
// end) and a quarter of the others, picked by the length and keys.
func skipLength(n int, keys ...int) bool {
	return n > 16 && (n+1)%16 > 2 && !testsample.Sampled(4, append(keys, n)...)
}

func cutValid(b []byte) []byte {
	for len(b) > 0 && !utf8.Valid(b) {
		b = b[:len(b)-1]
	}
	return b
}

func (d direction) want2(src []byte) []byte {
	for n := len(src); n >= 0; n-- {
		if out, ok := d.want(src[:n]); ok {
			return out
		}
	}
	return nil
}

// injections are byte strings that break or end the kernels' bulk paths.
var injections = []string{
	"\xFF", "\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xC2", "\xC3", "\xC4\x80", "\xDF",
	"\xE0\x80\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF", "\xEF\xBB", "\xE4\xB8",
	"\xF0\x9F\x98\x80", "\xF4\x90\x80\x80", "\xF0\x9F", "\xF8\x88\x80\x80",
	"Ā", "\u0800", "\uFFFF", "\uD7FF", "\uE000", "\u00FF", "\u0080",
}

// unitInjections are UTF-16 code units that break the bulk paths.
var unitInjections = [][]uint16{
	{0xD800}, {0xDBFF}, {0xDC00}, {0xDFFF}, {0xD83D, 0xDE00}, {0xDC00, 0xD800},
	{0x7F}, {0x80}, {0x7FF}, {0x800}, {0xFFFF}, {0xD7FF}, {0xE000},
}

// TestInjected puts every injection at every offset of 160-byte inputs of
// every background, for every kernel.
func TestInjected(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, d := range directions() {
			utf16In := d.name == "UTF16LEToUTF8" || d.name == "UTF16BEToUTF8"
			be := d.name == "UTF16BEToUTF8"
			for _, s := range backgrounds {
				for _, n := range []int{64, 65, 66, 67, 127, 128, 129, 130, 160, 200} {
					base := d.from(cutValid(repeatTo(s, n)))
					if utf16In {
						for _, inj := range unitInjections {
							for at := 0; at+1 < len(base); at += 2 {
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
						continue
					}
					for _, inj := range injections {
						for at := 0; at <= len(base); at++ {
							if !testsample.Sampled(24, n, at, int(inj[0]), len(inj), len(s)) {
								continue
							}
							src := append(append(append([]byte{}, base[:at]...), inj...), base[at:]...)
							check(t, d, src, d.ratio*len(src)+8, false)
						}
					}
				}
			}
		}
	})
}

// TestRandom throws random bytes biased towards the interesting ones.
func TestRandom(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		alphabet := []byte{0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xC4, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF, 0xD8, 0xDC, 0x20}
		for _, d := range directions() {
			for iter := 0; iter < 3000; iter++ {
				src := make([]byte, rng.IntN(300))
				for i := range src {
					src[i] = alphabet[rng.IntN(len(alphabet))]
				}
				check(t, d, src, rng.IntN(d.ratio*len(src)+129), false)
			}
		}
	})
}

func TestSetNames(t *testing.T) {
	names := convkernel.Kernels()
	if names[len(names)-1] != "go" {
		t.Fatalf("Kernels() = %v, want the portable set last", names)
	}
	if convkernel.Use("no such set") {
		t.Fatal("Use accepted an unknown name")
	}
	if !convkernel.Use("go") || convkernel.Enabled() || convkernel.Active() != "go" {
		t.Fatal("the portable set is not usable or claims to convert")
	}
	convkernel.Reset()
}

// TestNoEscape checks, under every kernel set, that no conversion makes its
// arguments escape: each converts between stack arrays, which an escaping
// argument (a call through a function value, say) would move to the heap.
// Each case is its own function so one escape cannot taint the others.
func TestNoEscape(t *testing.T) {
	const in = "The quick brown fox jumps over the lazy dog, caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, " +
		"and again, to be longer than two vector blocks of the widest set."
	type buf = [4 * len(in)]byte
	fill := func(b *buf) []byte { return b[:copy(b[:], in)] }
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"Latin1ToUTF8", func() { var s, d buf; convkernel.Latin1ToUTF8(d[:], fill(&s)) }},
			{"UTF8ToLatin1", func() { var s, d buf; convkernel.UTF8ToLatin1(d[:], fill(&s)) }},
			{"UTF8ToUTF16LE", func() { var s, d buf; convkernel.UTF8ToUTF16LE(d[:], fill(&s)) }},
			{"UTF8ToUTF16BE", func() { var s, d buf; convkernel.UTF8ToUTF16BE(d[:], fill(&s)) }},
			{"UTF8ToUTF32LE", func() { var s, d buf; convkernel.UTF8ToUTF32LE(d[:], fill(&s)) }},
			{"UTF8ToUTF32BE", func() { var s, d buf; convkernel.UTF8ToUTF32BE(d[:], fill(&s)) }},
			{"UTF16LEToUTF8", func() { var s, d buf; convkernel.UTF16LEToUTF8(d[:], fill(&s)) }},
			{"UTF16BEToUTF8", func() { var s, d buf; convkernel.UTF16BEToUTF8(d[:], fill(&s)) }},
			{"UTF8ToUnits", func() { var s buf; var d [len(in)]uint16; convkernel.UTF8ToUnits(d[:], fill(&s)) }},
			{"UnitsToUTF8", func() { var s [len(in)]uint16; var d buf; convkernel.UnitsToUTF8(d[:], s[:]) }},
		} {
			if allocs := testing.AllocsPerRun(20, c.f); allocs != 0 {
				t.Errorf("%s: %v allocations per call, want 0", c.name, allocs)
			}
		}
	})
}

// TestRuns puts every character of 3 bytes, and every 61st of 4, at a place
// set by its value into runs of characters of its own length, which the fast
// paths for such runs (pureThree, pureFour and their pair counterparts) take
// whole, so that each lane of those paths meets every value, the edges of
// the overlong and surrogate ranges included: ED 9F BF and EE 80 80 beside
// ED A0 80. The kernels must agree with the oracle and, the runs being valid,
// convert all but the last block's worth.
func TestRuns(t *testing.T) {
	var chars []rune
	for r := rune(0x800); r <= 0xFFFF; r++ {
		if r < 0xD800 || r > 0xDFFF {
			chars = append(chars, r)
		}
	}
	for r := rune(0x10000); r <= 0x10FFFF; r += 61 {
		chars = append(chars, r)
	}
	chars = append(chars, 0x10FFFF)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		vector := convkernel.Enabled()
		for _, d := range directions() {
			if d.name == "UTF8ToLatin1" || d.name == "Latin1ToUTF8" {
				continue
			}
			for _, r := range chars {
				if !testsample.Sampled(16, int(r), len(d.name)) {
					continue
				}
				filler := "我"
				if r > 0xFFFF {
					filler = "😀"
				}
				n := 160 / len(filler)
				at := int(r) % n
				text := []byte(strings.Repeat(filler, at) + string(r) + strings.Repeat(filler, n-at))
				check(t, d, d.from(text), d.ratio*len(text)+256, vector && handled(d, text))
			}
		}
		// Broken runs: a 3-byte character's bytes cut or forms out of
		// range, at every place of a run of 3-byte characters.
		for _, bad := range []string{"\xED\xA0\x80", "\xE0\x9F\xBF", "\xE0\x80\x80", "\xEF\xBF", "\xF0\x9F\x98", "\xF4\x90\x80\x80", "\xF0\x8F\xBF\xBF"} {
			for at := 0; at < 60; at++ {
				for _, filler := range []string{"我", "😀"} {
					n := 160 / len(filler)
					text := []byte(strings.Repeat(filler, at%n) + bad + strings.Repeat(filler, n-at%n))
					for _, d := range directions()[2:6] {
						check(t, d, text, d.ratio*len(text)+256, false)
					}
				}
			}
		}
	})
}
