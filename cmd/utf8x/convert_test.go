package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// The LINE:COL of a strict convert error, with buffers of a few bytes, is
// where a person counting the input's characters finds it: checked against
// unicode/utf16 on UTF-16LE input with a lone surrogate somewhere.
func TestConvertStrictPosition(t *testing.T) {
	file := filepath.Join(t.TempDir(), "in.u16le")
	r := rand.New(rand.NewPCG(3, 4))
	pieces := [][]uint16{{'a'}, {'\n'}, {0xE9}, {0x20AC}, {0xD83D, 0xDE00}, {0xFEFF}}
	for range 300 {
		var units []uint16
		for range r.IntN(40) {
			units = append(units, pieces[r.IntN(len(pieces))]...)
		}
		at := len(units)
		units = append(units, 0xDC00+uint16(r.IntN(0x400)), 'z') // the lone low surrogate
		in := make([]byte, 2*len(units))
		for i, u := range units {
			binary.LittleEndian.PutUint16(in[2*i:], u)
		}
		// The reference: count LF and characters before the surrogate.
		before := utf16.Decode(units[:at])
		wantLine, wantCol := 1, 1
		for _, c := range before {
			if c == '\n' {
				wantLine, wantCol = wantLine+1, 1
			} else {
				wantCol++
			}
		}
		for _, size := range []int{1, 2, 3, 5, 64} {
			pos := newSourcePosition(transcode.UTF16LE)
			c := transcode.NewConverter(transcode.UTF16LE, transcode.UTF8, utf8x.Strict, utf8x.BOMKeep)
			err := pump(&bytes.Buffer{}, "", bytes.NewReader(in), "in", c, pos.advance, size)
			var te *transcode.Error
			if !errors.As(err, &te) || te.Offset != 2*at {
				t.Fatalf("units %04X size %d: err %v, want a lone surrogate at byte %d", units, size, err, 2*at)
			}
			if line, col := pos.Pos(); line+1 != wantLine || col+1 != wantCol {
				t.Fatalf("units %04X size %d: error at %d:%d, want %d:%d", units, size, line+1, col+1, wantLine, wantCol)
			}
		}
		// A regular file is read again up to the error instead.
		if err := os.WriteFile(file, in, 0o644); err != nil {
			t.Fatal(err)
		}
		pos, err := positionInFile(file, transcode.UTF16LE, int64(2*at))
		if err != nil {
			t.Fatal(err)
		}
		if line, col := pos.Pos(); line+1 != wantLine || col+1 != wantCol {
			t.Fatalf("units %04X in a file: error at %d:%d, want %d:%d", units, line+1, col+1, wantLine, wantCol)
		}
	}
}
