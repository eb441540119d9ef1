package transcode

import (
	"fmt"

	"github.com/utf8x/utf8x"
)

// Error describes the first unit a conversion could not handle under the
// Strict policy: an ill-formed unit of the input, or a character the target
// encoding cannot represent.
//
// Offset and Len count bytes of the input, from the start of the stream (a
// consumed byte order mark included). The functions whose input is a []uint16
// or a []rune count elements of it instead.
type Error struct {
	Offset int             // first byte of the offending unit
	Len    int             // its length: a maximal subpart of UTF-8, 1 to 4 bytes of UTF-16 or UTF-32
	Kind   utf8x.ErrorKind // why it could not be converted
	// Encoding names the encoding the input was read as, such as "UTF-16LE"; for
	// Unrepresentable it names the target encoding.
	Encoding string
	// Rune is the character the target cannot represent (Unrepresentable only).
	Rune rune

	bytes [8]byte // a copy of the unit, for the message (6-byte units in the variant forms)
	where string  // what Offset counts: "" for bytes, "code unit" or "index"
}

func newError(f *form, p []byte, off, n int, kind utf8x.ErrorKind) *Error {
	e := &Error{Offset: off, Len: n, Kind: kind, Encoding: f.name}
	copy(e.bytes[:], p[off:min(off+n, len(p))])
	return e
}

func newUnrepresentable(to *form, p []byte, off, n int, r rune) *Error {
	e := &Error{Offset: off, Len: n, Kind: utf8x.Unrepresentable, Encoding: to.name, Rune: r}
	copy(e.bytes[:], p[off:min(off+n, len(p))])
	return e
}

// Bytes returns a copy of the offending input bytes (at most 8 are kept; none
// for []uint16 and []rune input).
func (e *Error) Bytes() []byte {
	n := min(e.Len, len(e.bytes))
	return append([]byte(nil), e.bytes[:n]...)
}

// Error reads as "invalid UTF-16LE at byte 6: lone-surrogate (00 D8)" or
// "U+20AC at byte 3 cannot be represented in ISO-8859-1".
func (e *Error) Error() string {
	if e.Kind == utf8x.Unrepresentable {
		return fmt.Sprintf("U+%04X at byte %d cannot be represented in %s", e.Rune, e.Offset, e.Encoding)
	}
	if e.where != "" {
		return fmt.Sprintf("invalid %s at %s %d: %s", e.Encoding, e.where, e.Offset, e.Kind)
	}
	return fmt.Sprintf("invalid %s at byte %d: %s (% X)", e.Encoding, e.Offset, e.Kind, e.Bytes())
}

// fromUTF8Error returns err, from the root package's repair of UTF-8, with an
// *utf8x.Error made an *Error for the same unit: the error every conversion
// returns.
func fromUTF8Error(err error) error {
	u, ok := err.(*utf8x.Error)
	if !ok {
		return err
	}
	e := &Error{Offset: u.Offset, Len: u.Len, Kind: u.Kind, Encoding: utf8Form.name}
	copy(e.bytes[:], u.Bytes())
	return e
}
