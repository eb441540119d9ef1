package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/mojibake"
)

// TestMojibakePumpAnyBlockSize: --mojibake's chain through pump gives the
// library's whole-input answer whatever the read size, long lines included
// (longer than the x/text chain's 4 KiB link buffers).
func TestMojibakePumpAnyBlockSize(t *testing.T) {
	in := []byte("cafÃ© crÃ¨me\n" + strings.Repeat("JosÃ© ", 1200) + "\n" + strings.Repeat("РџСЂРёРІРµС‚", 400) + "\nclean NÃO\n")
	want, cs := mojibake.Fix(in)
	if len(cs) == 0 || bytes.Equal(want, in) {
		t.Fatal("nothing to fix in the test input")
	}
	for _, size := range []int{1, 3, 64, 4096, 1 << 16} {
		var opts mojibakeOptions
		opts.on = true
		tr, run := opts.wrap(utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep), "in", &bytes.Buffer{})
		var out bytes.Buffer
		if err := pump(&out, "", bytes.NewReader(in), "in", tr, nil, size); err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: output differs from mojibake.Fix", size)
		}
		if got := run.tr.Changes(); got != int64(len(cs)) {
			t.Fatalf("size %d: %d changes counted, Fix made %d", size, got, len(cs))
		}
	}
}
