// Moving an input through a transformer to an output in fixed-size blocks,
// shared by fix and convert.
//
// pump reads large blocks and writes what the transformer made from each in
// one call, so memory stays constant whatever the input size; countReads
// feeds the progress bar.
package main

import (
	"io"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
)

// pump copies r (named path in messages) through tr to w (named dest, or ""
// for standard output) in buffers of size bytes. consumed, if not nil, is
// given each piece of input tr has consumed, in order (to keep a position).
func pump(w io.Writer, dest string, r io.Reader, path string, tr transform.Transformer, consumed func([]byte), size int) error {
	// The buffers grow to size once a read fills src (startSize). src
	// keeps blockLead bytes before its reads for what tr leaves of the last
	// one (the start of a character), so that every read of a file asks for
	// whole blocks at the same place (see blockLead).
	src := make([]byte, blockLead+max(startSize(size), utf8x.UTFMax))
	dst := make([]byte, max(startSize(size), 64))
	// src[lo:n] is pending. Input is read only once tr has taken all it
	// can: output larger than its input (UTF-16 from UTF-8) fills dst
	// before src is used up, and the rest is transformed where it lies
	// rather than moved to the front of src and read after.
	lo, n, read := blockLead, blockLead, int64(0)
	eof, filled, needInput := false, false, true
	for {
		if needInput {
			// What is left goes just before blockLead, or to the front
			// when it is longer.
			at := max(0, blockLead-(n-lo))
			n = at + copy(src[at:], src[lo:n])
			lo = at
			if filled && len(src)-blockLead < size {
				src = append(src, make([]byte, size+blockLead-len(src))...)
				dst = append(dst, make([]byte, max(0, size-len(dst)))...)
			}
			filled = false
			if !eof && n < len(src) {
				m, err := r.Read(src[n:])
				n += m
				filled = n == len(src)
				read += int64(m)
				switch {
				case err == io.EOF:
					eof = true
				case err != nil:
					return readError(path, read, err)
				case m == 0:
					continue
				}
			}
		}
		nDst, nSrc, err := tr.Transform(dst, src[lo:n], eof)
		if consumed != nil {
			consumed(src[lo : lo+nSrc])
		}
		if nDst > 0 {
			if _, werr := w.Write(dst[:nDst]); werr != nil {
				return &outputError{dest, werr}
			}
		}
		lo += nSrc
		needInput = true
		switch err {
		case nil:
			if eof {
				return nil
			}
		case transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				dst = make([]byte, 2*len(dst)) // a long --replacement
			}
			needInput = false
		case transform.ErrShortSrc:
			if lo == 0 && n == len(src) {
				src = append(src, make([]byte, len(src))...)
			}
		default:
			return err
		}
	}
}

// inputFiles turns command-line inputs into the list newProgress sizes.
func inputFiles(paths []string) []inputFile {
	files := make([]inputFile, len(paths))
	for i, p := range paths {
		files[i] = inputFile{path: p}
	}
	return files
}

// countReads returns r, telling onRead the running total of bytes read, if
// onRead is not nil.
func countReads(r io.Reader, onRead func(total int64)) io.Reader {
	if onRead == nil {
		return r
	}
	return &readCounter{r: r, onRead: onRead}
}

type readCounter struct {
	r      io.Reader
	n      int64
	onRead func(int64)
}

func (c *readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.n += int64(n)
		c.onRead(c.n)
	}
	return n, err
}
