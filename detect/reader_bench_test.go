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
