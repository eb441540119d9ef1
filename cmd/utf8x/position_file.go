// Finding positions in a file only when an error needs one (checkRanges).
package main

import "io"

// advanceFile moves p past the bytes [from, to) of the file r (named path),
// which must be valid in p's form: a position is only computed when an error
// is listed, from the last one known, by reading the file again.
func (p *position) advanceFile(r io.ReaderAt, path string, from, to int64) error {
	if from >= to {
		return nil
	}
	br := newBlockReader(io.NewSectionReader(r, from, to-from), path, defaultBlockSize)
	br.off = from
	for {
		block, _, err := br.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		p.advance(block)
	}
}
