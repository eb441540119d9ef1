package utf8x_test

import (
	"bytes"
	"context"
	"math/rand"
	"testing"

	"github.com/utf8x/utf8x"
)

// CheckReaderAt and CountReaderAt on 32 MiB of mixed text with an error
// every 64 KiB or so, in memory (a bytes.Reader), on 2 goroutines: the block
// runner's cost beside the checking's.
func BenchmarkCheckReaderAt(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	valid := []string{"a", "b", "\n", "é", "€", "😀", "日本", "text "}
	var p []byte
	for len(p) < 32<<20 {
		p = append(p, valid[rng.Intn(len(valid))]...)
	}
	for at := 64 << 10; at < len(p); at += 64<<10 + rng.Intn(4096) {
		p[at] = 0xFF
	}
	r := bytes.NewReader(p)
	for _, c := range []struct {
		name string
		opts utf8x.ParallelOptions
	}{
		{"all", utf8x.ParallelOptions{Parts: 2}},
		{"first100", utf8x.ParallelOptions{Parts: 2, MaxErrors: 100}},
		{"errorsOnly", utf8x.ParallelOptions{Parts: 2, MaxErrors: 100, ErrorsOnly: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			for b.Loop() {
				if _, err := utf8x.CheckReaderAt(context.Background(), r, int64(len(p)), &c.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("count", func(b *testing.B) {
		b.SetBytes(int64(len(p)))
		for b.Loop() {
			if _, err := utf8x.CountReaderAt(context.Background(), r, int64(len(p)), &utf8x.ParallelOptions{Parts: 2}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
