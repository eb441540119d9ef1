package transkernel_test

import (
	"os"
	"testing"
	"unicode/utf16"
	"encoding/binary"

	"github.com/utf8x/utf8x/internal/transkernel"
)

func BenchmarkTmp(b *testing.B) {
	for _, f := range []string{"Arabic", "Chinese", "Emoji", "Latin"} {
		text, err := os.ReadFile("/work/shared/corpus/lipsum/" + f + "-Lipsum.utf8.txt")
		if err != nil {
			b.Skip(err)
		}
		var u16 []byte
		for _, u := range utf16.Encode([]rune(string(text))) {
			u16 = binary.LittleEndian.AppendUint16(u16, u)
		}
		dst := make([]byte, 4*len(text)+256)
		for _, set := range []string{"avx512vbmi2", "avx512bw", "avx2"} {
			for _, c := range []struct {
				name string
				f    func(d, s []byte) (int, int)
				in   []byte
			}{{"8to16", transkernel.UTF8ToUTF16LE, text}, {"16to8", transkernel.UTF16LEToUTF8, u16}, {"8to32", transkernel.UTF8ToUTF32LE, text}} {
				b.Run(f+"/"+c.name+"/"+set, func(b *testing.B) {
					transkernel.Use(set)
					defer transkernel.Reset()
					b.SetBytes(int64(len(text)))
					for i := 0; i < b.N; i++ {
						src := c.in
						for len(src) > 0 {
							_, s := c.f(dst, src)
							if s == 0 {
								s = 4
								if s > len(src) {
									s = len(src)
								}
							}
							src = src[s:]
						}
					}
				})
			}
		}
	}
}
