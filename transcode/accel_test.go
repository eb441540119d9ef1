package transcode

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"testing"
	"unicode/utf16"
)

// Each accelerated kernel (vector kernel plus scalar kernel by turns) must
// give exactly what its scalar kernel alone gives: the same bytes, stopping at
// the same place, with every kernel set of internal/transkernel forced. The
// scalar kernels are checked against the per-unit code elsewhere.

// kernel is the shape of every kernel: it converts a prefix of src into dst
// and returns the bytes written and read.
type kernel func(dst, src []byte) (nDst, nSrc int)

type kernelPair struct {
	name     string
	fast, sc kernel
	utf16In  bool // input is UTF-16 (be for big-endian)
	be       bool
	ratio    int // output bytes per input byte, at most
}

func kernelPairs() []kernelPair {
	return []kernelPair{
		{"utf8ToUTF16LE", utf8ToUTF16LEConv.run, utf8ToUTF16LEGo, false, false, 2},
		{"utf8ToUTF16BE", utf8ToUTF16BEConv.run, utf8ToUTF16BEGo, false, false, 2},
		{"utf16LEToUTF8", utf16LEToUTF8Conv.run, utf16LEToUTF8Go, true, false, 2},
		{"utf16BEToUTF8", utf16BEToUTF8Conv.run, utf16BEToUTF8Go, true, true, 2},
		{"utf8ToUTF32LE", utf8ToUTF32LEConv.run, utf8ToUTF32LEGo, false, false, 4},
		{"utf8ToUTF32BE", utf8ToUTF32BEConv.run, utf8ToUTF32BEGo, false, false, 4},
		{"latin1ToUTF8", latin1ToUTF8Conv.run, latin1ToUTF8Go, false, false, 2},
		{"utf8ToLatin1", utf8ToLatin1Conv.run, utf8ToLatin1Go, false, false, 1},
	}
}

// comparePair runs both kernels of p on src with room bytes of dst each.
func comparePair(t testing.TB, p kernelPair, src []byte, room int) {
	t.Helper()
	a, b := make([]byte, room), make([]byte, room)
	da, sa := p.fast(a, src)
	db, sb := p.sc(b, src)
	if da != db || sa != sb || !bytes.Equal(a[:da], b[:db]) {
		t.Fatalf("%s with %d bytes of room on % x:\naccelerated (%d, %d) % x\nscalar      (%d, %d) % x",
			p.name, room, src, da, sa, a[:da], db, sb, b[:db])
	}
}

// accelBackgrounds are the texts the inputs are cut from: ASCII, 2-, 3- and
// 4-byte characters, Latin-1 letters, and a mixture.
var accelBackgrounds = []string{
	"The quick brown fox jumps over the lazy dog, 0123456789. ",
	"Ça été déjà l'été: ÿ þ ß ñ ö « » ",
	"Съешь же ещё этих мягких французских булок ",
	// 1- and 2-byte characters at the ends of their ranges (the AVX-512
	// kernels' twoBytes path).
	"\u0080\u07FF~\u00FF\u0100\x7F\u07BF\u0440\x00\u05D0\u0627 ",
	"我能吞下玻璃而不伤身体。私はガラスを食べられます",
	"😀😃😄😁😆😅🤣😂🙂🙃😉😊🥰",
	"a é 我 😀 Ω \uFEFF z \u07FF\u0800\uFFFF\U00010000\U0010FFFF ",
	// 4-byte characters (surrogate pairs) at each alignment against the
	// blocks, and beside runs of 3-byte ones.
	"a😀😃😄😁😆😅🤣😂",
	"é😀😃😄😁😆😅🤣😂",
	"我😀能😃吞😄下😁玻",
	// 3-byte characters among ASCII spaces and punctuation (the AVX-512BW
	// kernels' upToThree path), and ASCII with a rare Latin-1 character
	// (the Windows-1252 kernels' sparse path).
	"한국어 문장, 공백과 구두점. 1 2 3 नमस्ते दुनिया। ",
	"plain ASCII text, with a middle dot · now and then, long enough to span two blocks of AVX2 ",
}

// input turns UTF-8 text into p's input form (Latin-1 input takes the text's
// bytes as they are: any byte string is Latin-1).
func (p kernelPair) input(text []byte) []byte {
	if !p.utf16In {
		return text
	}
	var out []byte
	for _, u := range utf16.Encode([]rune(string(text))) {
		if p.be {
			out = binary.BigEndian.AppendUint16(out, u)
		} else {
			out = binary.LittleEndian.AppendUint16(out, u)
		}
	}
	return out
}

func cycle(s string, n int) []byte {
	var b []byte
	for len(b) < n {
		b = append(b, s...)
	}
	return b[:n]
}

// TestAccelGenerated: every length 0..256 of every background, with ample,
// exact and short room; block boundaries fall everywhere in these.
func TestAccelGenerated(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, p := range kernelPairs() {
			for _, bg := range accelBackgrounds {
				for n := 0; n <= 256; n++ {
					src := p.input(cycle(bg, n))
					full := make([]byte, p.ratio*len(src)+8)
					need, _ := p.sc(full, src)
					for _, room := range []int{p.ratio*len(src) + 8, need, need - 1, need - 3, need / 2, need - 64, need - 127} {
						if room >= 0 {
							comparePair(t, p, src, room)
						}
					}
				}
			}
		}
	})
}

// accelInjections break or end the kernels' bulk paths: ill-formed UTF-8 of
// every kind, 4-byte characters, the first and last characters of each
// length, and characters Latin-1 lacks.
var accelInjections = []string{
	"\xFF", "\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xC2", "\xC3", "\xC4\x80", "\xDF",
	"\xE0\x80\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF", "\xEF\xBB", "\xE4\xB8",
	"\xF0\x9F\x98\x80", "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF0\x9F", "\xF5\x80\x80\x80", "\xF8\x88\x80\x80",
	"\u0080", "\u00FF", "\u0100", "\u07FF", "\u0800", "\uD7FF", "\uE000", "\uFFFF",
}

// accelUnitInjections are UTF-16 units: lone and paired surrogates in both
// orders, and the edges of each UTF-8 length.
var accelUnitInjections = [][]uint16{
	{0xD800}, {0xDBFF}, {0xDC00}, {0xDFFF}, {0xD83D, 0xDE00}, {0xDBFF, 0xDFFF}, {0xDC00, 0xD800},
	{0x7F}, {0x80}, {0x7FF}, {0x800}, {0xD7FF}, {0xE000}, {0xFFFF},
}

// TestAccelInjected puts every injection at every offset of inputs around
// one, two and three blocks long.
func TestAccelInjected(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, p := range kernelPairs() {
			for _, bg := range accelBackgrounds {
				for _, n := range []int{63, 64, 65, 100, 127, 128, 129, 192} {
					base := p.input(cycle(bg, n))
					if p.utf16In {
						base = base[:len(base)&^1]
						for _, inj := range accelUnitInjections {
							for at := 0; at <= len(base); at += 2 {
								if !testsample.Sampled(8, n, at, int(inj[0]), len(bg)) {
									continue
								}
								var mid []byte
								for _, u := range inj {
									if p.be {
										mid = binary.BigEndian.AppendUint16(mid, u)
									} else {
										mid = binary.LittleEndian.AppendUint16(mid, u)
									}
								}
								src := append(append(append([]byte{}, base[:at]...), mid...), base[at:]...)
								comparePair(t, p, src, 2*len(src)+8)
							}
						}
						continue
					}
					for _, inj := range accelInjections {
						for at := 0; at <= len(base); at++ {
							if !testsample.Sampled(8, n, at, int(inj[0]), len(inj), len(bg)) {
								continue
							}
							src := append(append(append([]byte{}, base[:at]...), inj...), base[at:]...)
							comparePair(t, p, src, p.ratio*len(src)+8)
						}
					}
				}
			}
		}
	})
}

// TestAccelExhaustiveBlock runs every 2- and 3-byte UTF-8 character (and
// every UTF-16 unit, lone surrogates included) and every 61st supplementary
// character through each position of the first block, after ASCII and before
// more text.
func TestAccelExhaustiveBlock(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		pad := cycle(accelBackgrounds[0], 130)
		var chars []rune
		for r := rune(0x80); r <= 0xFFFF; r++ {
			chars = append(chars, r)
		}
		for r := rune(0x10000); r <= 0x10FFFF; r += 61 {
			chars = append(chars, r)
		}
		chars = append(chars, 0x10FFFF)
		for _, p := range kernelPairs() {
			for _, r := range chars {
				if r >= 0xD800 && r <= 0xDFFF && !p.utf16In || !testsample.Sampled(8, int(r)) {
					continue
				}
				at := int(r) % 66
				var src []byte
				if p.utf16In {
					src = p.input(pad)
					at *= 2
					units := []uint16{uint16(r)}
					if r > 0xFFFF {
						h, l := utf16.EncodeRune(r)
						units = []uint16{uint16(h), uint16(l)}
					}
					var mid []byte
					for _, u := range units {
						if p.be {
							mid = binary.BigEndian.AppendUint16(mid, u)
						} else {
							mid = binary.LittleEndian.AppendUint16(mid, u)
						}
					}
					src = append(append(append([]byte{}, src[:at]...), mid...), src[at:]...)
				} else {
					src = append(append(append([]byte{}, pad[:at]...), string(r)...), pad[at:]...)
				}
				comparePair(t, p, src, p.ratio*len(src)+8)
			}
		}
	})
}

func fuzzPair(f *testing.F, names ...string) {
	for _, bg := range accelBackgrounds {
		f.Add(cycle(bg, 200), uint16(1000))
	}
	f.Add([]byte("\xF0\x9F\x98\x80"+string(cycle(accelBackgrounds[0], 100))), uint16(70))
	var ps []kernelPair
	for _, p := range kernelPairs() {
		for _, n := range names {
			if p.name == n {
				ps = append(ps, p)
			}
		}
	}
	if len(ps) == 0 {
		panic(fmt.Sprint("no kernel named ", names))
	}
	f.Fuzz(func(t *testing.T, data []byte, room uint16) {
		testsample.Transcoding.Runnable(func(string) {
			for _, p := range ps {
				src := data
				if p.utf16In && len(src)%2 != 0 {
					src = src[:len(src)-1]
				}
				comparePair(t, p, src, int(room)%(p.ratio*len(src)+65))
				comparePair(t, p, src, p.ratio*len(src)+8)
			}
		})
	})
}

// The fuzz targets, one per kernel, compare the accelerated kernel with the
// scalar one on any input and room.

func FuzzKernelUTF8ToUTF16(f *testing.F) {
	fuzzPair(f, "utf8ToUTF16LE", "utf8ToUTF16BE")
}

func FuzzKernelUTF16ToUTF8(f *testing.F) {
	fuzzPair(f, "utf16LEToUTF8", "utf16BEToUTF8")
}

func FuzzKernelUTF8ToUTF32(f *testing.F) { fuzzPair(f, "utf8ToUTF32LE", "utf8ToUTF32BE") }

func FuzzKernelLatin1ToUTF8(f *testing.F) { fuzzPair(f, "latin1ToUTF8") }

func FuzzKernelUTF8ToLatin1(f *testing.F) { fuzzPair(f, "utf8ToLatin1") }

// TestAccelRandom: random bytes biased to the interesting ones.
func TestAccelRandom(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		alphabet := []byte{0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xC4, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF, 0xD8, 0xDC, 0x20}
		for _, p := range kernelPairs() {
			for iter := 0; iter < 2000; iter++ {
				src := make([]byte, rng.IntN(300))
				for i := range src {
					src[i] = alphabet[rng.IntN(len(alphabet))]
				}
				comparePair(t, p, src, rng.IntN(p.ratio*len(src)+129))
			}
		}
	})
}
