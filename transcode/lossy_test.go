package transcode

import (
	"bytes"
	"encoding/binary"
	"github.com/utf8x/utf8x/internal/testsample"
	"testing"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/convkernel"
)

// The lossy conversions run the kernels up to each unit the policy handles
// and again right after it, so every place an error can fall against the
// kernels' blocks is a different path through them. These tests put bad
// units at every offset 0..256 of texts a few blocks long and compare the
// Converter, with every kernel set forced, with the per-unit code alone.

// lossyConversion is one conversion a policy applies to: a source form, a
// target form, and units the policy must handle in the source.
type lossyConversion struct {
	from, to *form
	bads     [][]byte
}

func lossyConversions() []lossyConversion {
	// Ill-formed UTF-8 of each kind, a truncated sequence before ASCII,
	// and characters the single-byte targets lack.
	utf8Bads := [][]byte{{0xFF}, {0x80}, {0xC3}, {0xC0, 0xAF}, {0xED, 0xA0, 0x80}, {0xF0, 0x9F}, {0xF5}}
	single := append(utf8Bads[:len(utf8Bads):len(utf8Bads)], []byte("Ā"), []byte("\u0080"), []byte("😀"))
	le16 := func(u ...uint16) (b []byte) {
		for _, x := range u {
			b = binary.LittleEndian.AppendUint16(b, x)
		}
		return b
	}
	be16 := func(u ...uint16) (b []byte) {
		for _, x := range u {
			b = binary.BigEndian.AppendUint16(b, x)
		}
		return b
	}
	u16 := func(enc func(...uint16) []byte) [][]byte {
		return [][]byte{enc(0xD800), enc(0xDC00), enc(0xDBFF, 0x41), enc(0xDC00, 0xD800)}
	}
	u32 := func(o binary.AppendByteOrder) [][]byte {
		return [][]byte{o.AppendUint32(nil, 0x110000), o.AppendUint32(nil, 0xD800), o.AppendUint32(nil, 0xFFFFFFFF)}
	}
	return []lossyConversion{
		{utf8Form, utf16LEForm, utf8Bads},
		{utf8Form, utf16BEForm, utf8Bads},
		{utf8Form, utf32LEForm, utf8Bads},
		{utf8Form, utf32BEForm, utf8Bads},
		{utf8Form, latin1Form, single},
		{utf8Form, cp1252Form, single},
		{utf16LEForm, utf8Form, u16(le16)},
		{utf16BEForm, utf8Form, u16(be16)},
		{utf32LEForm, utf8Form, u32(binary.LittleEndian)},
		{utf32BEForm, utf8Form, u32(binary.BigEndian)},
		{utf16LEForm, utf32LEForm, u16(le16)},
		{utf32LEForm, utf16BEForm, u32(binary.LittleEndian)},
	}
}

// lossyBackgrounds: ASCII (the kernels' fastest path, where an error used
// to cost most), Latin-1 letters, CJK and a mixture with 4-byte characters.
var lossyBackgrounds = []string{accelBackgrounds[0], accelBackgrounds[1], accelBackgrounds[3], accelBackgrounds[5]}

// checkLossy compares c on src with the per-unit code.
func checkLossy(t *testing.T, c *Converter, src []byte) {
	t.Helper()
	got, gotErr := c.Append(nil, src)
	gotFixed := c.Fixed()
	useKernels = false
	want, wantErr := c.Append(nil, src)
	useKernels = true
	if !bytes.Equal(got, want) || !sameErr(gotErr, wantErr) || gotFixed != c.Fixed() {
		t.Fatalf("%v with kernel set %s on % X:\nkernels       % X, %v, %d fixed\nper-unit code % X, %v, %d fixed",
			c, convkernel.Active(), src, got, gotErr, gotFixed, want, wantErr, c.Fixed())
	}
}

// TestLossyErrorPositions puts one bad unit at every offset 0..256 (every
// unit boundary of UTF-16 and UTF-32; in UTF-8 the offset moved on to the
// next character start), and a second one a few units after it, into texts
// several blocks long, under every policy that goes on after an error, and
// compares the output, the error and Fixed with the per-unit code's.
func TestLossyErrorPositions(t *testing.T) {
	policies := []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.ReplaceWith("<?>")}
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for ci, lc := range lossyConversions() {
			in := formInput(lc.from)
			step := max(lc.from.unit, 1)
			for bi, bg := range lossyBackgrounds {
				base := in(cutRunes(cycle(bg, 300)))
				for ki, bad := range lc.bads {
					for at := 0; at <= 256 && at <= len(base); at += step {
						if !testsample.Sampled(16, ci, bi, ki, at) {
							continue
						}
						if lc.from == utf8Form {
							// At a character start, so that the unit is
							// what the kernels meet.
							for at < len(base) && base[at]&0xC0 == 0x80 {
								at++
							}
						}
						src := append(append(append([]byte{}, base[:at]...), bad...), base[at:]...)
						second := min(len(src), at+len(bad)+7*step)
						if lc.from == utf8Form {
							for second < len(src) && src[second]&0xC0 == 0x80 {
								second++
							}
						}
						two := append(append(append([]byte{}, src[:second]...), bad...), src[second:]...)
						for _, p := range policies {
							c := NewConverter(Encoding{f: lc.from}, Encoding{f: lc.to}, p, utf8x.BOMKeep)
							checkLossy(t, c, src)
							checkLossy(t, c, two)
							if at%7 == 0 {
								// In chunks cut at and around the bad units, into
								// a destination a little over a block long.
								want, _ := c.Append(nil, two)
								cuts := []int{at, at + 1, second, second + len(bad) + 1}
								got, err := drive(t, c, two, cuts, 67)
								if err != nil || !bytes.Equal(got, want) {
									t.Fatalf("%v with kernel set %s on % X cut at %v: % X, %v; Append gives % X",
										c, convkernel.Active(), two, cuts, got, err, want)
								}
							}
						}
					}
				}
			}
		}
	})
}

// FuzzLossyKernelSets converts any input under the lossy policies with each
// kernel set forced and compares each with the per-unit code.
func FuzzLossyKernelSets(f *testing.F) {
	for _, bg := range lossyBackgrounds {
		f.Add(append(cycle(bg, 150), 0xFF), uint8(0), uint8(0))
	}
	f.Add([]byte("\x00\xD8a\x00b\x00"), uint8(6), uint8(1))
	convs := lossyConversions()
	policies := []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape}
	f.Fuzz(func(t *testing.T, data []byte, conv, policy uint8) {
		lc := convs[int(conv)%len(convs)]
		p := policies[int(policy)%len(policies)]
		c := NewConverter(Encoding{f: lc.from}, Encoding{f: lc.to}, p, utf8x.BOMKeep)
		useKernels = false
		want, wantErr := c.Append(nil, data)
		useKernels = true
		if wantErr != nil {
			t.Fatalf("%v on % X: %v", c, data, wantErr)
		}
		defer convkernel.Reset()
		testsample.Transcoding.Runnable(func(name string) {
			got, err := c.Append(nil, data)
			if !bytes.Equal(got, want) || err != nil {
				t.Fatalf("%v with kernel set %s on % X:\nkernels       % X, %v\nper-unit code % X", c, name, data, got, err, want)
			}
		})
	})
}
