package transcode

import (
	"testing"
	"unicode/utf16"
)

// BenchmarkUnits times the []uint16 functions on the entry benchmarks' texts.
func BenchmarkUnits(b *testing.B) {
	for _, in := range entryInputs(b) {
		units := utf16.Encode([]rune(string(in.text)))
		b.Run("AppendUTF8ToUTF16/"+in.name, func(b *testing.B) {
			dst := make([]uint16, 0, len(units))
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				if _, err := AppendUTF8ToUTF16(dst, in.text); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("AppendUTF16ToUTF8/"+in.name, func(b *testing.B) {
			dst := make([]byte, 0, len(in.text))
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				if _, err := AppendUTF16ToUTF8(dst, units); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("UTF8LenFromUTF16/"+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				if UTF8LenFromUTF16(units) != len(in.text) {
					b.Fatal("wrong length")
				}
			}
		})
	}
}

// BenchmarkUTF16Scalar times the scalar UTF-16 byte kernels alone, in both
// byte orders, on the entry benchmarks' texts: the code the []uint16
// functions run under the purego tag, between vector blocks, and on machines
// without vector kernels. Each order is its own instantiation, so the two
// should match.
func BenchmarkUTF16Scalar(b *testing.B) {
	for _, in := range entryInputs(b) {
		le, err := AppendUTF8ToUTF16LE(nil, in.text)
		if err != nil {
			b.Fatal(err)
		}
		be, _ := AppendUTF8ToUTF16BE(nil, in.text)
		for _, k := range []struct {
			name string
			f    kernel
			src  []byte
		}{
			{"utf8ToUTF16LE", utf8ToUTF16LEGo, in.text},
			{"utf8ToUTF16BE", utf8ToUTF16BEGo, in.text},
			{"utf16LEToUTF8", utf16LEToUTF8Go, le},
			{"utf16BEToUTF8", utf16BEToUTF8Go, be},
		} {
			b.Run(k.name+"/"+in.name, func(b *testing.B) {
				dst := make([]byte, 2*len(in.text))
				b.SetBytes(int64(len(in.text)))
				for b.Loop() {
					if _, n := k.f(dst, k.src); n != len(k.src) {
						b.Fatal("stopped early")
					}
				}
			})
		}
	}
}
