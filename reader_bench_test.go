package utf8x_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// discard counts what it is given and keeps nothing, like the sink of
// bench/cmd/entry: io.Discard has a ReadFrom, which would change the path
// io.Copy takes.
type discard struct{ n int }

func (d *discard) Write(p []byte) (int, error) { d.n += len(p); return len(p), nil }

// readerInputs are the inputs of BenchmarkReaderEntry: generated mixed text,
// Chinese text and, when ../shared/corpus is present, Chinese-Lipsum, each
// valid and with an ill-formed byte after every KiB of text.
func readerInputs(b *testing.B) []struct {
	name string
	p    []byte
} {
	chinese := bytes.Repeat([]byte("日本語のテキスト，中文文本。"), 64<<10/42)
	ins := []struct {
		name string
		p    []byte
	}{
		{"mixed/valid", spacedErrors(256<<10, 1<<30)},
		{"mixed/KiB", spacedErrors(256<<10, 1024)},
		{"chinese/valid", chinese},
	}
	if p, err := os.ReadFile(filepath.Join("..", "shared", "corpus", "lipsum", "Chinese-Lipsum.utf8.txt")); err == nil {
		ins = append(ins, struct {
			name string
			p    []byte
		}{"Chinese-Lipsum/valid", p})
	} else {
		b.Logf("no corpus (%v): generated inputs only", err)
	}
	return ins
}

// BenchmarkReaderEntry compares, on 64 KiB and more, AppendValid with the
// stream entry points that give the same output (Reader with io.Copy, and
// Transformer in transform.NewReader), with transform.Nop through that same
// transform.NewReader as the floor x/text's buffering sets, and the two
// kernels a pass over valid text may use: validate only (FirstInvalid) and
// validate and copy (AppendValid into room). Compare cpu-ns/op.
func BenchmarkReaderEntry(b *testing.B) {
	for _, in := range readerInputs(b) {
		dst := make([]byte, 0, 2*len(in.p))
		var src bytes.Reader
		run := func(name string, f func()) {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(in.p)))
				cpuLoop(b, f)
			})
		}
		run("AppendValid", func() { dst, _, _ = utf8x.AppendValid(dst[:0], in.p, utf8x.Replace) })
		run("FirstInvalid", func() {
			for p := in.p; len(p) > 0; {
				off, n, _ := utf8x.FirstInvalid(p)
				p = p[off+n:]
			}
		})
		run("NewReader+io.Copy", func() {
			src.Reset(in.p)
			var d discard
			if _, err := io.Copy(&d, utf8x.NewReader(&src, utf8x.Replace, utf8x.BOMKeep)); err != nil {
				b.Fatal(err)
			}
		})
		run("Transformer+transform.NewReader+io.Copy", func() {
			src.Reset(in.p)
			var d discard
			if _, err := io.Copy(&d, transform.NewReader(&src, utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep))); err != nil {
				b.Fatal(err)
			}
		})
		run("Nop+transform.NewReader+io.Copy", func() {
			src.Reset(in.p)
			var d discard
			if _, err := io.Copy(&d, transform.NewReader(&src, transform.Nop)); err != nil {
				b.Fatal(err)
			}
		})
	}
}
