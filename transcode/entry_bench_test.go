package transcode

import (
	"bytes"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// BenchmarkEntry times every way into a conversion on inputs of 64 KiB and
// more, beside the slice function that does the same work (AppendEncode or
// AppendDecode into a buffer with room): the entry points should not be much
// slower than it. Compare the "slice" line of each group with the others, as
// ratios of one run:
//
//	go test ./transcode -run '^$' -bench 'Entry/UTF-16LE/' -benchtime 200x
func BenchmarkEntry(b *testing.B) {
	for _, e := range testEncodings() {
		for _, in := range entryInputs(b) {
			text := in.text
			if e == Latin1 || e == CP1252 {
				text = []byte(latin1Only(string(text)))
				if len(text) < 64<<10 {
					continue
				}
			}
			enc, err := e.AppendEncode(nil, text)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(e.Name()+"/encode/"+in.name, func(b *testing.B) {
				benchEntries(b, text, func() transform.Transformer { return e.NewEncoder() }, e.AppendEncode)
			})
			b.Run(e.Name()+"/decode/"+in.name, func(b *testing.B) {
				benchEntries(b, enc, func() transform.Transformer { return e.NewDecoder() }, e.AppendDecode)
			})
		}
	}
}

// BenchmarkEntryRepair does the same for the root package's repair of UTF-8,
// whose slice function is utf8x.AppendValid.
func BenchmarkEntryRepair(b *testing.B) {
	for _, in := range entryInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			benchEntries(b, in.text,
				func() transform.Transformer { return utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep) },
				func(dst, src []byte) ([]byte, error) {
					out, _, err := utf8x.AppendValid(dst, src, utf8x.Replace)
					return out, err
				})
			b.Run("utf8x.NewReader", func(b *testing.B) {
				b.SetBytes(int64(len(in.text)))
				for b.Loop() {
					io.Copy(io.Discard, utf8x.NewReader(bytes.NewReader(in.text), utf8x.Replace, utf8x.BOMKeep))
				}
			})
		})
	}
}

// benchEntries runs the slice function and the x/text entry points over src.
// newT returns a fresh transformer for each run, as a caller would make one.
func benchEntries(b *testing.B, src []byte, newT func() transform.Transformer, slice func(dst, src []byte) ([]byte, error)) {
	out, err := slice(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("slice", func(b *testing.B) {
		dst := make([]byte, 0, len(out))
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			slice(dst, src)
		}
	})
	// The slice function allocating its result, as Bytes and String must.
	b.Run("slice-alloc", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			slice(nil, src)
		}
	})
	entryPoints(b, src, newT)
	// The same entry points around a transformer that only copies its input,
	// as many times as the conversion grows it: what x/text's helpers cost on
	// their own, the most any transformer can reach through them.
	ratio := max(1, (len(out)+len(src)/2)/max(1, len(src)))
	b.Run("floor", func(b *testing.B) {
		entryPoints(b, src, func() transform.Transformer { return &copier{ratio: ratio} })
	})
}

// copier writes each byte of its input ratio times over: the cheapest
// transformer whose output has a conversion's length.
type copier struct {
	transform.NopResetter
	ratio int
}

func (c *copier) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	n := min(len(src), len(dst)/c.ratio)
	for i := range c.ratio {
		copy(dst[i*n:], src[:n])
	}
	if n < len(src) {
		err = transform.ErrShortDst
	}
	return c.ratio * n, n, err
}

// entryPoints times the x/text entry points over src.
func entryPoints(b *testing.B, src []byte, newT func() transform.Transformer) {
	b.Run("Bytes", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if e, ok := newT().(interface {
				Bytes([]byte) ([]byte, error)
			}); ok {
				e.Bytes(src)
			} else {
				transform.Bytes(newT(), src)
			}
		}
	})
	s := string(src)
	b.Run("String", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if e, ok := newT().(interface {
				String(string) (string, error)
			}); ok {
				e.String(s)
			} else {
				transform.String(newT(), s)
			}
		}
	})
	b.Run("transform.NewReader", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			io.Copy(io.Discard, transform.NewReader(bytes.NewReader(src), newT()))
		}
	})
	b.Run("transform.NewWriter", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			w := transform.NewWriter(io.Discard, newT())
			w.Write(src)
			w.Close()
		}
	})
	// Transform driven as transform.NewReader and NewWriter drive it, without
	// their copies: 4 KiB of input at a time into 4 KiB of output (Reader),
	// and all the input left into 4 KiB of output (Writer). Set beside
	// "slice", these are the transformer's own cost in a stream's small
	// buffers, where the ends of each buffer once went to the scalar code.
	b.Run("Transform4K", func(b *testing.B) {
		dst := make([]byte, 4<<10)
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			t := newT()
			for rest := src; ; {
				chunk := rest[:min(len(rest), 4<<10)]
				_, n, err := t.Transform(dst, chunk, len(chunk) == len(rest))
				rest = rest[n:]
				if err == nil && len(rest) == 0 || err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
					break
				}
			}
		}
	})
	b.Run("Transform4KDst", func(b *testing.B) {
		dst := make([]byte, 4<<10)
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			t := newT()
			for rest := src; ; {
				_, n, err := t.Transform(dst, rest, true)
				rest = rest[n:]
				if err != transform.ErrShortDst {
					break
				}
			}
		}
	})
	// A caller driving Transform directly with a 32 KiB buffer, as io.Copy
	// would hand one.
	b.Run("Transform32K", func(b *testing.B) {
		dst := make([]byte, 32<<10)
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			t := newT()
			for rest := src; ; {
				_, n, err := t.Transform(dst, rest, true)
				rest = rest[n:]
				if err != transform.ErrShortDst {
					break
				}
			}
		}
	})
}

type entryInput struct {
	name string
	text []byte
}

// entryInputs returns UTF-8 texts of 64 KiB and more: three corpus files when
// the corpus is there, generated texts otherwise.
func entryInputs(tb testing.TB) []entryInput {
	dir, _ := testsample.CorpusDir()
	var ins []entryInput
	for _, name := range []string{"lipsum/Latin-Lipsum.utf8.txt", "wikipedia_mars/english.html", "lipsum/Chinese-Lipsum.utf8.txt"} {
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			break
		}
		ins = append(ins, entryInput{filepath.Base(name), text})
	}
	if len(ins) == 3 {
		return ins
	}
	rng := rand.New(rand.NewPCG(11, 64))
	return []entryInput{
		{"ascii", bytes.Repeat([]byte("The quick brown fox jumps over the lazy dog. "), 2000)},
		{"latin", bytes.Repeat([]byte("Le système solaire est composé du Soleil et des objets célestes. "), 1500)},
		{"mixed", []byte(sample(rng, 96<<10))},
	}
}

// BenchmarkTransformChunk times Converter.Transform over a text cut into the
// chunk sizes x/text's helpers hand it (128 bytes for transform.String, 4 KiB
// for transform.NewReader), with a dst of the same size (the most a Reader
// offers) or room for the whole chunk's output.
func BenchmarkTransformChunk(b *testing.B) {
	in := entryInputs(b)[0]
	for _, e := range []Encoding{UTF16LE, UTF32LE, Latin1, UTF8} {
		text := in.text
		if e == Latin1 {
			text = []byte(latin1Only(string(text)))
		}
		enc, _ := e.AppendEncode(nil, text)
		for _, dir := range []struct {
			name string
			src  []byte
			c    *Converter
		}{{"encode", text, NewConverter(UTF8, e, utf8x.Strict, utf8x.BOMKeep)}, {"decode", enc, NewConverter(e, UTF8, utf8x.Strict, utf8x.BOMKeep)}} {
			for _, chunk := range []int{128, 4096} {
				for _, room := range []int{chunk, 4 * chunk} {
					b.Run(fmt.Sprintf("%s/%s/chunk%d/dst%d", e.Name(), dir.name, chunk, room), func(b *testing.B) {
						dst := make([]byte, room)
						b.SetBytes(int64(len(dir.src)))
						for b.Loop() {
							dir.c.Reset()
							for rest := dir.src; len(rest) > 0; {
								n := min(chunk, len(rest))
								_, s, err := dir.c.Transform(dst, rest[:n], n == len(rest))
								if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
									b.Fatal(err)
								}
								rest = rest[s:]
							}
						}
					})
				}
			}
		}
	}
}

// BenchmarkTransformErrors times Transform in 4 KiB chunks over text with an
// ill-formed byte every 64 bytes, under the policies that write something
// for each: the per-unit path, which once allocated for every unit.
func BenchmarkTransformErrors(b *testing.B) {
	text := bytes.Clone(entryInputs(b)[0].text)
	for i := 63; i < len(text); i += 64 {
		text[i] = 0xFF
	}
	dst := make([]byte, 4096)
	for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Escape} {
		for _, e := range []Encoding{UTF16LE, UTF8} {
			c := NewConverter(UTF8, e, p, utf8x.BOMKeep)
			b.Run(e.Name()+"/"+p.String(), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					c.Reset()
					for rest := text; len(rest) > 0; {
						chunk := rest[:min(4096, len(rest))]
						_, s, _ := c.Transform(dst, chunk, len(chunk) == len(rest))
						rest = rest[s:]
					}
				}
			})
		}
	}
}
