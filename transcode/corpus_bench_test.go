package transcode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/utf8x/utf8x"
)

// BenchmarkCorpus times the conversions between UTF-8, UTF-16LE and UTF-32LE
// on the shared corpus's texts (lipsum/*.utf8.txt, wikipedia_mars/*.html),
// in GB/s of the conversion's input, as bench/cmd/vssimdutf does: select
// with -bench 'Corpus/u8to16/Russian'.
func BenchmarkCorpus(b *testing.B) {
	var files []string
	for _, pat := range []string{"lipsum/*.utf8.txt", "wikipedia_mars/*.html"} {
		m, _ := filepath.Glob(filepath.Join("../../shared/corpus", pat))
		files = append(files, m...)
	}
	if len(files) == 0 {
		b.Skip("../../shared/corpus is absent")
	}
	u16to32 := NewConverter(UTF16LE, UTF32LE, utf8x.Strict, utf8x.BOMKeep)
	u32to16 := NewConverter(UTF32LE, UTF16LE, utf8x.Strict, utf8x.BOMKeep)
	ops := []struct {
		name  string
		conv  func(dst, src []byte) ([]byte, error)
		from  int // 1, 2 or 4: the input's form
		ratio int
	}{
		{"u8to16", AppendUTF8ToUTF16LE, 1, 2},
		{"u16to8", AppendUTF16LEToUTF8, 2, 2},
		{"u8to32", AppendUTF8ToUTF32LE, 1, 4},
		{"u32to8", AppendUTF32LEToUTF8, 4, 1},
		{"u16to32", u16to32.Append, 2, 2},
		{"u32to16", u32to16.Append, 4, 1},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			for _, f := range files {
				p, err := os.ReadFile(f)
				if err != nil {
					b.Fatal(err)
				}
				src := p
				switch op.from {
				case 2:
					src = nil
					for _, u := range utf16.Encode([]rune(string(p))) {
						src = append(src, byte(u), byte(u>>8))
					}
				case 4:
					src = nil
					for _, r := range string(p) {
						src = append(src, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
					}
				}
				name := strings.TrimSuffix(filepath.Base(f), "-Lipsum.utf8.txt")
				b.Run(name, func(b *testing.B) {
					dst := make([]byte, op.ratio*len(src)+64)
					b.SetBytes(int64(len(src)))
					for b.Loop() {
						if _, err := op.conv(dst[:0], src); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
