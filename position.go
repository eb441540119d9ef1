package utf8x

import "bytes"

// Position returns the line and column of byte offset in p, counting as
// CheckRange and Merge count them: line is the number of LF bytes before
// offset, and col the number of characters between the last of those LFs (or
// the start of p) and offset, each ill-formed maximal subpart counting as one
// character (the U+FFFD that replaces it), not one per byte. Both count from
// 0; the utf8x tool prints line+1 and col+1. For the offset of an error
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
