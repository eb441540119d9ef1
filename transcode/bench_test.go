package transcode

import (
	"bytes"
	"testing"
)

// Benchmarks of the kernels alone; the comparison with peers is in the bench
// module (go run ./cmd/transcode).

func BenchmarkUTF8ToUTF16LE(b *testing.B) {
	for _, in := range []struct {
		name string
		text []byte
	}{
		{"ascii", bytes.Repeat([]byte("The quick brown fox jumps over the lazy dog. "), 20000)},
		{"cjk", bytes.Repeat([]byte("中文维基百科是维基百科协作计划的中文版本"), 20000)},
		{"latin", bytes.Repeat([]byte("Le système solaire est composé du Soleil et des objets célestes. "), 20000)},
	} {
		b.Run(in.name, func(b *testing.B) {
			dst := make([]byte, 2*len(in.text))
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				AppendUTF8ToUTF16LE(dst[:0], in.text)
			}
		})
	}
}
