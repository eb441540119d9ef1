package multibyte

import (
	"bytes"
	"fmt"

	"github.com/utf8x/utf8x"
)

// Kind says what was wrong with the input at an Error.
type Kind uint8

// The kinds of Error; their String forms are what the command line prints.
const (
	// IllFormed is a byte that cannot start a sequence, or a lead followed
	// by a byte that cannot continue it.
	IllFormed Kind = iota + 1
	// Unmapped is a well-formed sequence that the encoding's table leaves
	// undefined.
	Unmapped
	// Truncated is a sequence cut short by the end of the input.
	Truncated
	// BadEscape is an escape or shift sequence a stateful encoding does not
	// allow there (ISO-2022-JP, ISO-2022-KR, HZ-GB-2312).
	BadEscape
	// Unrepresentable is a character the encoder's encoding cannot write.
	Unrepresentable
	// InvalidUTF8 is an ill-formed UTF-8 sequence given to an encoder.
	InvalidUTF8
)

var kindNames = [...]string{
	IllFormed:       "ill-formed",
	Unmapped:        "unmapped",
	Truncated:       "truncated",
	BadEscape:       "bad-escape",
	Unrepresentable: "unrepresentable",
	InvalidUTF8:     "invalid-utf8",
}

// String returns the kind's name as printed in messages.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Error is what a Strict decoder or encoder returns at the first input it
// cannot convert. Offset counts bytes of input from the start of the stream
// (since the last Reset), across every call to Transform.
type Error struct {
	// Encoding is the codec's name.
	Encoding string
	// Offset is the byte offset of the first byte of the bad input.
	Offset int64
	// Len is the number of input bytes the error covers (for an encoder,
	// the UTF-8 length of the character or of the ill-formed subpart).
	Len int
	// Kind says what was wrong.
	Kind Kind
	// Rune is the character an encoder could not write (Unrepresentable), else -1.
	Rune rune
	// Line is the 1-based line of Offset: one more than the number of line
	// feeds (byte 0x0A, which no encoding here uses inside a character)
	// before it.
	Line int64
	// Column is the 1-based byte column of Offset within its line.
	Column int64
	// Encoder is true for an encoder's error, false for a decoder's.
	Encoder bool
}

// Error describes the error with its offset.
func (e *Error) Error() string {
	if e.Encoder {
		if e.Kind == Unrepresentable {
			return fmt.Sprintf("%s: U+%04X at byte %d (line %d, column %d) cannot be encoded", e.Encoding, e.Rune, e.Offset, e.Line, e.Column)
		}
		return fmt.Sprintf("%s encoder: %s input at byte %d (line %d, column %d; %d bytes)", e.Encoding, e.Kind, e.Offset, e.Line, e.Column, e.Len)
	}
	return fmt.Sprintf("%s: %s input at byte %d (line %d, column %d; %d bytes)", e.Encoding, e.Kind, e.Offset, e.Line, e.Column, e.Len)
}

// lines tracks the line feeds of a stream for error positions.
type lines struct {
	pos       int64 // bytes consumed so far
	lf        int64 // line feeds among them
	lineStart int64 // offset just after the last line feed
}

// advance accounts for consumed, the next bytes of the stream.
func (l *lines) advance(consumed []byte) {
	if n := bytes.Count(consumed, []byte{'\n'}); n > 0 {
		l.lf += int64(n)
		l.lineStart = l.pos + int64(bytes.LastIndexByte(consumed, '\n')) + 1
	}
	l.pos += int64(len(consumed))
}

// errorAt fills in the position of an error at src[at], where src starts at
// the current position, and accounts for src[:at].
func (l *lines) errorAt(e *Error, src []byte, at int) *Error {
	l.advance(src[:at])
	e.Offset = l.pos
	e.Line = l.lf + 1
	e.Column = l.pos - l.lineStart + 1
	return e
}

// UnitLen returns Len: the bytes of input the error covers, which a caller
// that goes on past the error skips (the transcode package's contract for
// codecs).
func (e *Error) UnitLen() int { return e.Len }

// UnitKind returns the utf8x.ErrorKind nearest to Kind, for the transcode
// package's policies and messages: utf8x has no kinds of its own for an
// ill-formed legacy sequence or a bad escape, so those, like an undefined
// sequence, are Unmapped (a sequence the encoding does not define).
func (e *Error) UnitKind() utf8x.ErrorKind {
	switch e.Kind {
	case Truncated:
		return utf8x.Truncated
	case Unrepresentable, InvalidUTF8:
		return utf8x.Unrepresentable
	}
	return utf8x.Unmapped
}
