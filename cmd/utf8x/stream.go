// Streaming an input in constant memory, and tracking lines and columns.
//
// blockReader hands out an input in blocks (64 KiB, growing to 1 MiB while
// reads fill them) that never cut a character or a maximal subpart in two:
// when a block ends with the start of a
// sequence that more input could complete (at most 3 bytes), those bytes are
// carried over to the front of the next block. Whatever a command computes
// block by block is therefore the same as over the whole input at once, for any
// block size; the tests check that with blocks of 4 bytes.
//
// Positions (LINE:COL: LINE counts LF, COL characters since the last LF, an
// ill-formed maximal subpart counting as one, both from 1 in messages) are
// counted by utf8x.PositionCounter in check (through utf8x.Checker and
// checkRanges), fix and convert, so that they place an error alike. position
// here counts only the other forms of check --encoding, whose characters
// utf8x cannot count (a CESU-8 surrogate pair is one).
package main

import (
	"bytes"
	"io"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// defaultBlockSize is the largest read of every streaming command: large
// reads and writes cost fewer system calls and, into a pipe, fewer wake-ups
// of the reader. Buffers start at firstBlockSize and grow to it only while
// reads fill them, so that a small file or a slow pipe never holds it.
const defaultBlockSize = 1 << 20

// firstBlockSize is the size buffers start at (startSize).
const firstBlockSize = 64 << 10

// startSize is the first size of a buffer that may grow to size.
func startSize(size int) int { return min(size, firstBlockSize) }

// blockLead is the room a block buffer keeps before the bytes it reads, for
// the few bytes of a sequence the previous block ended with. Carrying them
// there rather than to the front keeps every read at the same place in the
// buffer and of the buffer's whole size, so that reads of a file stay on
// page boundaries of both the file and the buffer: moving the carry to the
// front put each read 0 to 3 bytes off both, and copying a page-cache page
// into a destination that is not aligned with it costs read(2) measurably
// more (check -j 1 spent 7-9% more time in the copy than a reader of
// aligned 1 MiB blocks).
const blockLead = 64

// blockReader reads an input in blocks that end on element boundaries.
type blockReader struct {
	r    io.Reader
	path string // for error messages, as given on the command line
	// buf[lo:n] holds input: what was carried over from the last block,
	// in buf[:blockLead], then what was read, from buf[blockLead:].
	buf  []byte
	lo   int   // start of the input in buf: blockLead less the carry
	max  int   // the size buf's reads may grow to while they fill it
	full bool  // the last block handed out was read into all of buf
	n    int   // end of the input in buf
	cut  int   // end of the block last handed out; buf[cut:n] is carried over
	off  int64 // input offset of buf[lo]
	eof  bool
	// onRead, if set, is told the running total of bytes read (progress bars).
	onRead func(total int64)
	// tail, if set, replaces incompleteTail (check --encoding's forms).
	tail func(p []byte) int
	// first, if set, is the fewest bytes the first block holds unless the
	// input is shorter, so that its start can be recognised (check's hints).
	first int
}

// newBlockReader reads r (named path in messages) in blocks of size bytes; a
// size below UTF-8's longest unit is raised to it so that every block makes
// progress.
func newBlockReader(r io.Reader, path string, size int) *blockReader {
	size = max(size, transcode.UTF8.MaxUnitLen())
	return &blockReader{r: r, path: path, buf: make([]byte, blockLead+max(startSize(size), transcode.UTF8.MaxUnitLen())),
		max: size, lo: blockLead, n: blockLead, cut: blockLead}
}

// readSize is the most one read of the reader asks for at present.
func (b *blockReader) readSize() int { return len(b.buf) - blockLead }

// next returns the next block and the input offset of its first byte. The block
// is valid until the following call. At the end of input it returns io.EOF;
// a read failure is an *inputError naming the file and the offset reached.
func (b *blockReader) next() (block []byte, offset int64, err error) {
	buf := b.buf
	if b.full && b.readSize() < b.max {
		buf = make([]byte, blockLead+min(4*b.readSize(), b.max))
	}
	carry := b.n - b.cut
	// A carry longer than the lead (never for the forms check reads, whose
	// units are at most 6 bytes) goes to the front, and that read is off.
	lo := max(0, blockLead-carry)
	copy(buf[lo:], b.buf[b.cut:b.n])
	b.off += int64(b.cut - b.lo)
	b.buf, b.lo, b.n, b.cut = buf, lo, lo+carry, lo
	b.full = false
	for {
		if !b.eof && b.n < len(b.buf) {
			m, err := b.r.Read(b.buf[b.n:])
			b.n += m
			if m > 0 && b.onRead != nil {
				b.onRead(b.off + int64(b.n-b.lo))
			}
			switch {
			case err == io.EOF:
				b.eof = true
			case err != nil:
				return nil, b.off, readError(b.path, b.off+int64(b.n-b.lo), err)
			case m == 0:
				continue
			}
		}
		if !b.eof && b.off == 0 && b.n-b.lo < b.first {
			continue
		}
		if b.eof {
			if b.n == b.lo {
				return nil, b.off, io.EOF
			}
			b.cut = b.n
			return b.buf[b.lo:b.n], b.off, nil
		}
		tail := incompleteTail
		if b.tail != nil {
			tail = b.tail
		}
		if b.cut = b.n - tail(b.buf[b.lo:b.n]); b.cut > b.lo {
			b.full = b.n == len(b.buf)
			return b.buf[b.lo:b.cut], b.off, nil
		}
		// Only the start of one character so far: read on.
	}
}

// incompleteTail returns the length of the longest suffix of p that is a proper
// prefix of a valid sequence, which more input could complete (0 to 3 bytes).
var incompleteTail = transcode.UTF8.IncompleteTail

// position is a line and column in a text of one of check --encoding's
// forms, as people count them; UTF-8 is counted by utf8x.PositionCounter.
type position struct {
	line int // 1-based, counting LF
	col  int // characters since the last LF; the column of the next one is col+1
	// count, if set, counts characters instead of utf8x.RuneCount (check
	// --encoding's forms). An interface, not a func, keeps position comparable.
	count interface{ RuneCount([]byte) int }
}

func startPosition() position { return position{line: 1} }

// advance moves past valid, which must be valid UTF-8.
func (p *position) advance(valid []byte) {
	if lines := bytes.Count(valid, []byte{'\n'}); lines > 0 {
		p.line += lines
		p.col = 0
		valid = valid[bytes.LastIndexByte(valid, '\n')+1:]
	}
	if p.count != nil {
		p.col += p.count.RuneCount(valid)
		return
	}
	p.col += utf8x.RuneCount(valid)
}

// advanceInvalid moves past one ill-formed maximal subpart, which never
// contains an LF (ASCII bytes always stand for themselves).
func (p *position) advanceInvalid() { p.col++ }
