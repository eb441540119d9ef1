package utf8x

import (
	"bytes"
	"io"
)

// Position returns the line and column of byte offset in p, counting as
// CheckRange and Merge count them: line is the number of LF bytes before
// offset, and col the number of characters between the last of those LFs (or
// the start of p) and offset, each ill-formed maximal subpart counting as one
// character (the U+FFFD that replaces it), not one per byte. Both count from
// 0 (a message counting from 1 shows line+1 and col+1). For the offset of an error
// CheckRange reports on p, Position gives that error's Line and Column.
//
// An offset inside a character counts the character as one before it. An
// offset outside p is clamped to 0 or len(p). It reads p[:offset] once, at
// the speed of RuneCount.
func Position(p []byte, offset int) (line, col int) {
	p = p[:min(max(offset, 0), len(p))]
	i := bytes.LastIndexByte(p, '\n')
	if i < 0 {
		return 0, RuneCount(p)
	}
	return 1 + bytes.Count(p[:i], newline), RuneCount(p[i+1:])
}

// PositionString is like Position but its input is a string.
func PositionString(s string, offset int) (line, col int) { return Position(bytesOf(s), offset) }

// PositionCounter is Position over a text given in pieces: written the bytes
// of a text in consecutive pieces cut anywhere, even inside a character or an
// ill-formed maximal subpart, it keeps the line and column reached, counted
// as Position counts them, in constant memory. After the pieces of p[:offset]
// have been written, in any number of calls, Pos returns Position(p, offset):
// a character or subpart whose end has not been written yet counts as one.
//
// It is the one position engine of the module: the Checker, and the utf8x
// tool's check, fix and convert, place their errors with it. Its zero value
// is at the start of a text (line 0, column 0).
type PositionCounter struct {
	line, col int
	carry     [UTFMax - 1]byte // a proper prefix of a character, cut by the last write
	n         int              // bytes in carry
}

// Write moves the position past p. It never fails.
func (c *PositionCounter) Write(p []byte) (int, error) {
	if c.n == 0 && (len(p) == 0 || p[len(p)-1] < RuneSelf) {
		// Nothing carried, nothing to carry: the common case, inlined.
		c.advance(p)
		return len(p), nil
	}
	return c.write(p)
}

// write is Write when a character may be cut at either end of p.
func (c *PositionCounter) write(p []byte) (int, error) {
	n := len(p)
	if c.n > 0 {
		// The carried start decides its element with the first bytes of p.
		var tmp [2*UTFMax - 2]byte
		k := copy(tmp[:], c.carry[:c.n])
		j := min(len(p), UTFMax-1)
		m := k + copy(tmp[k:], p[:j])
		if incompleteTail(tmp[:m]) == m {
			// Still the start of one character (p was short).
			c.n = copy(c.carry[:], tmp[:m])
			return n, nil
		}
		_, size, _ := decode(tmp[:m])
		// The element starts with the carry, a lead byte: never an LF.
		c.col++
		p = p[size-k:]
		c.n = 0
	}
	t := incompleteTail(p)
	c.advance(p[:len(p)-t])
	c.n = copy(c.carry[:], p[len(p)-t:])
	return n, nil
}

// advance moves the position past p, which holds whole elements.
func (c *PositionCounter) advance(p []byte) {
	if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
		c.line += 1 + bytes.Count(p[:i], newline)
		c.col = 0
		p = p[i+1:]
	}
	c.col += RuneCount(p)
}

// invalid moves the position past one ill-formed maximal subpart, starting
// where the position is (the Checker's errors): Write of its bytes, without
// looking at them.
func (c *PositionCounter) invalid() {
	if c.n > 0 {
		c.n = 0
		c.col++
	}
	c.col++
}

// WriteString is Write of a string.
func (c *PositionCounter) WriteString(s string) (int, error) { return c.Write(bytesOf(s)) }

// ReadFrom moves the position past what r reads until io.EOF, in blocks of
// 64 KiB, and returns how many bytes that was; a read error is returned with
// the position past the bytes read before it.
func (c *PositionCounter) ReadFrom(r io.Reader) (int64, error) {
	buf := make([]byte, 64<<10)
	var total int64
	for {
		m, err := r.Read(buf)
		c.Write(buf[:m])
		total += int64(m)
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// Pos returns the line and column reached, from 0: the number of LFs written,
// and the number of characters written since the last of them (or the start),
// each ill-formed maximal subpart counting as one.
func (c *PositionCounter) Pos() (line, col int) {
	if c.n > 0 {
		return c.line, c.col + 1
	}
	return c.line, c.col
}

// Reset moves the position back to the start of a text.
func (c *PositionCounter) Reset() { *c = PositionCounter{} }

// Skip moves the position past a piece of text that starts on an element
// boundary, given the piece's own position at its end counted from its start:
// its LFs (lines) and the characters after the last of them (col), as a
// RangeReport's Lines and Tail or a RangeError's Line and Column count them
// in a range. Counting pieces apart (in parallel) and skipping them in order
// reaches where writing them would have.
func (c *PositionCounter) Skip(lines, col int) {
	c.line, c.col = c.Pos()
	c.n = 0
	if lines > 0 {
		c.line += lines
		c.col = col
		return
	}
	c.col += col
}
