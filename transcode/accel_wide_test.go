package transcode

import (
	"bytes"
	"encoding/binary"
	"github.com/utf8x/utf8x/internal/testsample"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// The accelerated kernels from UTF-32 and to and from Windows-1252, compared
// with their scalar kernels (comparePair) under every kernel set.

// widePair is a kernelPair with its own way of making input from text.
type widePair struct {
	kernelPair
	input func(text []byte) []byte
}

func utf32Input(be bool) func([]byte) []byte {
	return func(text []byte) []byte {
		var out []byte
		for _, r := range string(text) {
			if be {
				out = binary.BigEndian.AppendUint32(out, uint32(r))
			} else {
				out = binary.LittleEndian.AppendUint32(out, uint32(r))
			}
		}
		return out
	}
}

// cp1252Input keeps the low byte of each character: any byte string is
// Windows-1252, and the backgrounds then hold bytes 80-9F too.
func cp1252Input(text []byte) []byte {
	var out []byte
	for _, r := range string(text) {
		out = append(out, byte(r))
	}
	return out
}

// formInput converts text to form f with f's encoder.
func formInput(f *form) func([]byte) []byte {
	return func(text []byte) []byte {
		var out []byte
		for _, r := range string(text) {
			var b [4]byte
			out = append(out, b[:f.encode(b[:], r)]...)
		}
		return out
	}
}

// unitForms are the forms between which pairKernel has kernels.
var unitForms = []*form{utf16LEForm, utf16BEForm, utf32LEForm, utf32BEForm}

func widePairs() []widePair {
	same := func(t []byte) []byte { return t }
	var units []widePair
	for _, from := range unitForms {
		for _, to := range unitForms {
			if from == to {
				continue
			}
			k := pairKernel(from, to).run
			sc := func(dst, src []byte) (int, int) { return convertUnits(dst, src, from, to) }
			units = append(units, widePair{kernelPair{from.name + "->" + to.name, k, sc, isUTF16(from), from == utf16BEForm || from == utf32BEForm, 2}, formInput(from)})
		}
	}
	return append(units, []widePair{
		{kernelPair{"utf32LEToUTF8", utf32LEToUTF8Conv.run, utf32LEToUTF8Go, false, false, 1}, utf32Input(false)},
		{kernelPair{"utf32BEToUTF8", utf32BEToUTF8Conv.run, utf32BEToUTF8Go, false, true, 1}, utf32Input(true)},
		{kernelPair{"cp1252ToUTF8", cp1252ToUTF8Conv.run, cp1252ToUTF8Go, false, false, 3}, cp1252Input},
		{kernelPair{"utf8ToCP1252", utf8ToCP1252Conv.run, utf8ToCP1252Go, false, false, 1}, same},
	}...)
}

// wideBackgrounds add to accelBackgrounds text that Windows-1252 holds
// outside Latin-1.
var wideBackgrounds = append([]string{
	"“Quoted” – ‘text’ — €5… ™ Œuvre Ÿ š ž ƒ † ‡ • ",
	"\u0080\u0081\u008D\u008F\u0090\u009D\u009F\u00A0\u00FF",
}, accelBackgrounds...)

// TestAccelWideGenerated: every length 0..256 of every background, with
// ample, exact and short room.
func TestAccelWideGenerated(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, p := range widePairs() {
			for _, bg := range wideBackgrounds {
				for n := 0; n <= 256; n++ {
					// -short keeps the lengths up to 16 and those next to a
					// multiple of 16, and a quarter of the others.
					if n > 16 && (n+1)%16 > 2 && !testsample.Sampled(4, n, len(bg), p.ratio) {
						continue
					}
					src := p.input(cutRunes(cycle(bg, n)))
					full := make([]byte, p.ratio*len(src)+8)
					need, _ := p.sc(full, src)
					for _, room := range []int{p.ratio*len(src) + 8, need, need - 1, need - 3, need / 2, need - 64, need - 127} {
						if room >= 0 {
							comparePair(t, p.kernelPair, src, room)
						}
					}
				}
			}
		}
	})
}

// cutRunes drops a character cut in two at the end of b.
func cutRunes(b []byte) []byte {
	for len(b) > 0 && !utf8.Valid(b) {
		b = b[:len(b)-1]
	}
	return b
}

// TestAccelWideInjected puts each error at every position of inputs around
// one to four blocks long: every UTF-32 unit that is not a scalar value
// kind (surrogates, values above U+10FFFF, 1 to 3 bytes cut off), and for
// UTF-8 to Windows-1252 every character it lacks or holds outside Latin-1
// and the ill-formed UTF-8 of accelInjections.
func TestAccelWideInjected(t *testing.T) {
	units := []uint32{0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0x7FFFFFFF, 0xFFFFFFFF, 0x10FFFF, 0xFFFF, 0x80, 0x7FF, 0x800, 0x10000}
	chars := append([]string{"€", "ƒ", "Ÿ", "™", "\u0080", "\u0081", "\u009D", "\u009F", "\u0100", "\u2122", "\uFFFD", "😀"}, accelInjections...)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, p := range widePairs() {
			for _, bg := range wideBackgrounds {
				for _, n := range []int{63, 64, 65, 100, 127, 128, 129, 192, 256} {
					text := cutRunes(cycle(bg, n))
					switch {
					case p.utf16In:
						base := p.input(text)
						for _, inj := range accelUnitInjections {
							for at := 0; at <= len(base); at += 2 {
								if !testsample.Sampled(32, n, at, int(inj[0]), len(bg)) {
									continue
								}
								src := append([]byte{}, base[:at]...)
								for _, u := range inj {
									if p.be {
										src = binary.BigEndian.AppendUint16(src, u)
									} else {
										src = binary.LittleEndian.AppendUint16(src, u)
									}
								}
								src = append(src, base[at:]...)
								comparePair(t, p.kernelPair, src, 2*len(src)+8)
							}
						}
						for cut := 1; cut <= 3; cut++ {
							comparePair(t, p.kernelPair, base[:max(0, len(base)-cut)], 2*len(base)+8)
						}
					case strings.HasPrefix(p.name, "utf32") || strings.HasPrefix(p.name, "UTF-32"):
						base := p.input(text)
						for _, u := range units {
							for at := 0; at <= len(base); at += 4 {
								if !testsample.Sampled(8, n, at, int(u), len(bg)) {
									continue
								}
								var b [4]byte
								if p.be {
									binary.BigEndian.PutUint32(b[:], u)
								} else {
									binary.LittleEndian.PutUint32(b[:], u)
								}
								src := append(append(append([]byte{}, base[:at]...), b[:]...), base[at:]...)
								comparePair(t, p.kernelPair, src, 2*len(src)+8)
							}
						}
						for cut := 1; cut <= 3; cut++ {
							comparePair(t, p.kernelPair, base[:max(0, len(base)-cut)], 2*len(base)+8)
						}
					case p.name == "utf8ToCP1252":
						for _, inj := range chars {
							for at := 0; at <= len(text); at++ {
								if !testsample.Sampled(8, n, at, int(inj[0]), len(bg)) {
									continue
								}
								src := append(append(append([]byte{}, text[:at]...), inj...), text[at:]...)
								comparePair(t, p.kernelPair, src, len(src)+8)
							}
						}
					case p.name == "cp1252ToUTF8":
						base := p.input(text)
						for b := 0x80; b <= 0xFF; b++ {
							for at := 0; at <= len(base); at++ {
								if !testsample.Sampled(16, n, at, b) {
									continue
								}
								src := append(append(append([]byte{}, base[:at]...), byte(b)), base[at:]...)
								comparePair(t, p.kernelPair, src, 3*len(src)+8)
							}
						}
					}
				}
			}
		}
	})
}

func fuzzWide(f *testing.F, names ...string) {
	for _, bg := range wideBackgrounds {
		f.Add(cycle(bg, 200), uint16(1000))
	}
	f.Add(binary.LittleEndian.AppendUint32([]byte("abcd"), 0xD800), uint16(70))
	var ps []widePair
	for _, p := range widePairs() {
		for _, n := range names {
			if p.name == n {
				ps = append(ps, p)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, room uint16) {
		testsample.Transcoding.Runnable(func(string) {
			for _, p := range ps {
				comparePair(t, p.kernelPair, data, int(room)%(p.ratio*len(data)+65))
				comparePair(t, p.kernelPair, data, p.ratio*len(data)+8)
				// The same text in the pair's own form, mostly valid.
				src := p.input(data)
				comparePair(t, p.kernelPair, src, p.ratio*len(src)+8)
			}
		})
	})
}

func FuzzKernelUTF32ToUTF8(f *testing.F) { fuzzWide(f, "utf32LEToUTF8", "utf32BEToUTF8") }

func FuzzKernelCP1252(f *testing.F) { fuzzWide(f, "cp1252ToUTF8", "utf8ToCP1252") }

func FuzzKernelUnits(f *testing.F) {
	var names []string
	for _, p := range widePairs()[:12] {
		names = append(names, p.name)
	}
	fuzzWide(f, names...)
}

// TestPairConverter compares Converter between every two of UTF-16 and
// UTF-32 in either byte order, with the kernels and without, under every
// policy and kernel set, on text with ill-formed units injected.
func TestPairConverter(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, from := range unitForms {
			for _, to := range unitForms {
				if from == to {
					continue
				}
				in := formInput(from)
				for _, bg := range wideBackgrounds[2:] {
					base := in(cutRunes(cycle(bg, 300)))
					var bads [][]byte
					if isUTF16(from) {
						bads = [][]byte{{0x00, 0xD8}, {0xD8, 0x00}, {0x00, 0xDC}, {0xDC, 0x00}, {0x41}}
					} else {
						bads = [][]byte{{0, 0xD8, 0, 0}, {0, 0, 0xD8, 0}, {0, 0, 0x11, 0}, {0, 0x11, 0, 0}, {0x41, 0}}
					}
					for _, bad := range bads {
						for at := 0; at <= len(base); at += 2 * max(len(bad), 2) {
							if !testsample.Sampled(8, at, int(bad[0]), len(bad), len(bg)) {
								continue
							}
							src := append(append(append([]byte{}, base[:at]...), bad...), base[at:]...)
							for _, p := range testPolicies {
								c := NewConverter(Encoding{f: from}, Encoding{f: to}, p, utf8x.BOMKeep)
								want, wantErr := c.Append(nil, src)
								useKernels = false
								ref, refErr := c.Append(nil, src)
								useKernels = true
								if !bytes.Equal(ref, want) || !sameErr(refErr, wantErr) {
									t.Fatalf("%v on % X: kernels give % X, %v; per-unit code % X, %v", c, src, want, wantErr, ref, refErr)
								}
							}
						}
					}
				}
			}
		}
	})
}

// convertUnits converts one unit at a time from form from to form to, the
// reference for the pair kernels, for forms
// whose decoders return only scalar values, which the encoders of to all
// hold.
func convertUnits(dst, src []byte, from, to *form) (nDst, nSrc int) {
	i, j := 0, 0
	for i < len(src) {
		r, n, kind := from.decode(src[i:], false)
		if n == 0 || kind != 0 {
			break
		}
		w := to.encode(dst[j:], r)
		if w <= 0 {
			break
		}
		i += n
		j += w
	}
	return j, i
}
