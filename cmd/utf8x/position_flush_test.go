package main

import (
	"strings"
	"testing"

	"github.com/utf8x/utf8x/transcode"
)

// TestSourcePositionFlushes: the position of a strict error in UTF-16 input
// read from a stream counts every character consumed before it, also when
// the decoder held output back at the end of the last chunk (a Converter
// keeps up to 512 bytes when its 4 KiB buffer runs short). With 1365
// three-byte characters, then 64 more, the first Transform call fills 4095
// bytes and takes the last 64 characters through its own buffer: one
// byte out, the rest held back.
func TestSourcePositionFlushes(t *testing.T) {
	for _, n := range []int{1365 + 64, 1365 + 70, 3000} {
		text := strings.Repeat("\u4e2d", n)
		units, err := transcode.UTF16LE.AppendEncode(nil, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		p := newSourcePosition(transcode.UTF16LE)
		p.advance(units)
		line, col := p.Pos()
		if line != 0 || col != n {
			t.Errorf("%d characters: line %d, column %d; want 0, %d", n, line, col, n)
		}
	}
}
