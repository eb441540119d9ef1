// Finding positions in a file only when an error needs one: check's ranges,
// and the strict errors of fix and convert, read the file again up to the
// error and count it with utf8x.PositionCounter, the engine the library's
// Checker (check's stream) counts with, so that every command places an
// error where check does.
package main

import (
	"io"

	"github.com/utf8x/utf8x"
)

// advanceFile moves p past the bytes [from, to) of the file r (named path).
func advanceFile(p *utf8x.PositionCounter, r io.ReaderAt, path string, from, to int64) error {
	if from >= to {
		return nil
	}
	// In the tool's blocks, fewer reads than ReadFrom's.
	n, err := io.CopyBuffer(struct{ io.Writer }{p}, io.NewSectionReader(r, from, to-from), make([]byte, min(to-from, defaultBlockSize)))
	if err == nil && n < to-from {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return readError(path, from+n, err)
	}
	return nil
}
