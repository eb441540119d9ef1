package utf8x

import (
	"errors"
	"io"
	"io/fs"
)

// Checker reads UTF-8 from an io.Reader and reports its ill-formed maximal
// subparts one at a time, as they are read, each with its input offset, line
// and column: the errors CheckRange reports for the whole input, in the same
// order and with the same fields, in constant memory whatever the input's
// size (a block of at most 1 MiB).
//
// Lines and columns are counted over the valid text on the way, or, when the
// reader is also an io.ReaderAt and an io.Seeker that can tell where it
// stands (an *os.File of a regular file, a *bytes.Reader; a reader with a
// Stat method, as *os.File has, must say it is a regular file), by reading
// the input again up to each error, so that valid text costs only its
// validation. Such an input must not change while it is checked.
type Checker struct {
	r io.Reader

	// buf[lo:n] holds input: what the last block left over (the start of
	// a character, at most 3 bytes), before checkerLead, then what was
	// read. The block being checked is buf[lo:cut].
	buf       []byte
	lo, cut   int
	n         int
	full      bool  // the last read filled buf
	base      int64 // input offset of buf[lo]
	i         int   // buf[lo+i] is where the search for the next error resumes
	eof       bool
	err       error // a read error, returned once the bytes before it are checked
	lastBlock bool  // the block holds the end of the input

	// The position reached (pos) is at input offset at.
	pos PositionCounter
	at  int64

	// Rereading the input for positions, when ra is set: input offset x is
	// at ra's offset raBase+x; scratch is the buffer for it.
	ra      io.ReaderAt
	raBase  int64
	scratch []byte
}

const (
	checkerLead  = 64       // room before the reads for the carried bytes, keeping reads aligned
	checkerFirst = 64 << 10 // the first block size
	checkerMax   = 1 << 20  // what blocks grow to while reads fill them
)

// NewChecker returns a Checker of the UTF-8 read from r, from where r
// stands: offsets count from there.
func NewChecker(r io.Reader) *Checker {
	c := &Checker{r: r}
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		// A file that is not regular (a device, a pipe) may read otherwise
		// at an offset, or not at all.
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			return c
		}
	}
	if ra, ok := r.(io.ReaderAt); ok {
		if s, ok := r.(io.Seeker); ok {
			if at, err := s.Seek(0, io.SeekCurrent); err == nil {
				c.ra, c.raBase = ra, at
			}
		}
	}
	return c
}

// Next returns the next ill-formed maximal subpart of the input. Its Line
// and Column count from the input's start (from 0, as in a RangeReport of
// the whole input), its bytes are kept (AsError). At the end of the input
// Next returns io.EOF; when the reader fails, it returns the reader's error
// once the bytes read before it have been checked, and so does every call
// after.
func (c *Checker) Next() (RangeError, error) {
	for {
		block := c.buf[c.lo:c.cut]
		if c.i < len(block) {
			off, size, kind := firstInvalid(block[c.i:])
			if size > 0 {
				at := c.i + off
				if err := c.advanceTo(c.base + int64(at)); err != nil {
					return RangeError{}, err
				}
				line, col := c.pos.Pos()
				e := RangeError{Offset: int(c.base) + at, Len: size, Kind: kind, Line: line, Column: col}
				copy(e.bytes[:], block[at:at+size])
				c.i = at + size
				c.pos.invalid() // one character, the U+FFFD replacing it
				c.at = c.base + int64(c.i)
				return e, nil
			}
			c.i = len(block)
		}
		if c.ra == nil {
			// The block goes: count what the position has not reached.
			if err := c.advanceTo(c.base + int64(len(block))); err != nil {
				return RangeError{}, err
			}
		}
		if err := c.fill(); err != nil {
			return RangeError{}, err
		}
	}
}

// CountRest checks the rest of the input without placing its errors, at the
// speed of validation, and returns how many ill-formed maximal subparts it
// holds: the number of errors Next would still have returned. At the end of
// the input err is nil; a read error is returned with the errors counted
// before it. Next returns io.EOF (or the read error) after it.
func (c *Checker) CountRest() (n int, err error) {
	for {
		block := c.buf[c.lo:c.cut]
		for c.i < len(block) {
			off, size, _ := firstInvalid(block[c.i:])
			c.i += off + size
			if size > 0 {
				n++
			}
		}
		// No position is kept from here on.
		c.at, c.ra = c.base+int64(len(block)), nil
		if err := c.fill(); err != nil {
			if err == io.EOF {
				err = nil
			}
			return n, err
		}
	}
}

// Offset returns how many bytes of the input have been checked: the input's
// length once Next has returned io.EOF; just past the error after Next has
// returned one.
func (c *Checker) Offset() int64 { return c.base + int64(c.i) }

// fill reads the next block. It returns io.EOF at the end of the input, and
// a read error once the bytes before it are checked.
func (c *Checker) fill() error {
	if c.lastBlock {
		if c.err != nil {
			return c.err
		}
		return io.EOF
	}
	buf := c.buf
	if buf == nil {
		buf = make([]byte, checkerLead+checkerFirst)
	} else if c.full && len(buf)-checkerLead < checkerMax {
		buf = make([]byte, checkerLead+min(4*(len(buf)-checkerLead), checkerMax))
	}
	carry := c.n - c.cut
	lo := checkerLead - carry
	copy(buf[lo:], c.buf[c.cut:c.n])
	c.base += int64(c.cut - c.lo)
	c.buf, c.lo, c.cut, c.n, c.i = buf, lo, lo, checkerLead, 0
	c.full = false
	for empty := 0; ; {
		if c.eof || c.err != nil {
			c.cut, c.lastBlock = c.n, true
			if c.cut == c.lo {
				return c.fill()
			}
			return nil
		}
		m, err := c.r.Read(c.buf[c.n:])
		if m < 0 || m > len(c.buf)-c.n {
			return errors.New("utf8x: Checker: reader returned an invalid count")
		}
		c.n += m
		switch {
		case err == io.EOF:
			c.eof = true
			continue
		case err != nil:
			c.err = err
			continue
		case m == 0:
			if empty++; empty == 100 {
				c.err = io.ErrNoProgress
			}
			continue
		}
		empty = 0
		c.full = c.n == len(c.buf)
		if c.cut = c.n - incompleteTail(c.buf[c.lo:c.n]); c.cut > c.lo {
			return nil
		}
		if c.full { // cannot happen: a block holds more than a tail
			c.cut = c.n
			return nil
		}
		// Only the start of one character so far: read on.
	}
}

// incompleteTail returns the length of the longest suffix of p that is a
// proper prefix of a character, which more input could complete: 0 to 3.
func incompleteTail(p []byte) int {
	for k := 1; k <= min(UTFMax-1, len(p)); k++ {
		b := p[len(p)-k]
		if b < RuneSelf {
			return 0
		}
		if RuneStart(b) {
			if _, size, kind := decode(p[len(p)-k:]); kind == Truncated && size == k {
				return k
			}
			return 0
		}
	}
	return 0
}

// advanceTo moves the position to input offset to, over valid text: in the
// block when the block holds all of it, else (with a ReaderAt) by reading the
// input again.
func (c *Checker) advanceTo(to int64) error {
	if c.at < c.base {
		if err := c.reread(c.at, c.base); err != nil {
			return err
		}
		c.at = c.base
	}
	c.pos.Write(c.buf[c.lo+int(c.at-c.base) : c.lo+int(to-c.base)])
	c.at = to
	return nil
}

// reread moves the position over the input [from, to), read again.
func (c *Checker) reread(from, to int64) error {
	if c.scratch == nil {
		c.scratch = make([]byte, checkerFirst)
	}
	for from < to {
		k := int(min(int64(len(c.scratch)), to-from))
		m, err := c.ra.ReadAt(c.scratch[:k], c.raBase+from)
		if m < k {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
		from += int64(k)
		c.pos.Write(c.scratch[:k])
	}
	return nil
}
