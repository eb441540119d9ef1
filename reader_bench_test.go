package utf8x_test

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
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

// readerInputs are the inputs of BenchmarkReaderEntry: generated mixed text
// and, when ../shared/corpus is present, the corpus files bench/cmd/entry
// measures, each valid and with an ill-formed sequence after every KiB.
func readerInputs(b *testing.B) []struct {
	name string
	p    []byte
} {
	type input = struct {
		name string
		p    []byte
	}
	ins := []input{{"mixed/valid", spacedErrors(256<<10, 1<<30)}}
	for _, f := range []string{"lipsum/Chinese-Lipsum.utf8.txt", "lipsum/Latin-Lipsum.utf8.txt", "wikipedia_mars/english.html"} {
		dir, _ := testsample.CorpusDir()
		p, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			b.Logf("no corpus (%v): generated inputs only", err)
			break
		}
		ins = append(ins, input{f + "/valid", p}, input{f + "/KiB", sprinkle(p)})
	}
	return append(ins, input{"mixed/KiB", spacedErrors(256<<10, 1024)})
}

// sprinkle puts an ill-formed sequence after the first character at or past
// every KiB of p, as bench/cmd/entry does.
func sprinkle(p []byte) []byte {
	bad := []string{"\xE2\x82", "\xC0", "\x80", "\xED\xA0\x80", "\xFF"}
	var b []byte
	next, k := 1<<10, 0
	for i, r := range string(p) {
		b = utf8x.AppendRune(b, r)
		if i >= next {
			b = append(b, bad[k%len(bad)]...)
			next += 1 << 10
			k++
		}
	}
	return b
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
		tr := utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep)
		chunk := make([]byte, 4096)
		run("Transform/4KiB", func() {
			// As transform.Reader drives it, without its reads and copies.
			tr.Reset()
			for p := in.p; len(p) > 0; {
				_, n, err := tr.Transform(chunk, p[:min(len(p), 4096)], len(p) <= 4096)
				if n == 0 && err != transform.ErrShortDst {
					b.Fatal(err)
				}
				p = p[n:]
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
