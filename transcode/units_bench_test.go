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
