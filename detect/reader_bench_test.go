package detect

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// BenchmarkNewReader: the cost of reading a whole input through a Reader,
// the decision included, per kind of input (4 MiB each).
func BenchmarkNewReader(b *testing.B) {
	const size = 4 << 20
	mixed := strings.Repeat("Grüße, мир, 😀 and some ASCII words around them. ", size/56)
	ru := strings.Repeat("Вчера вечером мы долго гуляли по набережной. ", size/80)
	inputs := []struct {
		name string
		in   []byte
		o    *ReaderOptions
	}{
		{"ascii", []byte(strings.Repeat("plain ASCII text, line after line.\n", size/35)), nil},
		{"utf-8", []byte(mixed), nil},
		{"utf-16le-bom", append([]byte("\xff\xfe"), readerUTF16(mixed, false)...), nil},
		{"windows-1251", must(charmap.Windows1251.NewEncoder().Bytes([]byte(ru))), nil},
		{"windows-1251-strict", must(charmap.Windows1251.NewEncoder().Bytes([]byte(ru))), &ReaderOptions{Strict: true}},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.in)))
			for b.Loop() {
				r, err := NewReader(bytes.NewReader(in.in), in.o)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNewReaderSmall: many small inputs, one Reader each, as a
// program walking a tree of files makes them.
func BenchmarkNewReaderSmall(b *testing.B) {
	inputs := [][]byte{
		[]byte("plain ASCII, a short note of the kind a tree holds many of.\n"),
		[]byte("Grüße, мир: a short UTF-8 note.\n"),
		must(charmap.Windows1251.NewEncoder().Bytes([]byte("Вчера вечером мы долго гуляли по набережной.\n"))),
	}
	var size int64
	for _, in := range inputs {
		size += int64(len(in))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range inputs {
			r, err := NewReader(bytes.NewReader(in), nil)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, r); err != nil {
				b.Fatal(err)
			}
		}
	}
}
