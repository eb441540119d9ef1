package utf8x

import (
	"errors"
	"fmt"

	"golang.org/x/text/encoding"

	"github.com/utf8x/utf8x/internal/errdetail"
)

// ErrorKind says why a unit of input is ill-formed or cannot be converted.
// One set of kinds serves every package of the module (see "Errors" in the
// package documentation): the first six are those of UTF-8, which this
// package reports; the others come from conversions between encodings
// (package transcode) and from the variant forms of UTF-8 it reads. Its String
// form is a short name, such as "too-large", used in messages and JSON.
type ErrorKind uint8

const (
	// Overlong is a lead byte that can only start an overlong form (C0, C1), or E0
	// followed by 80-9F, or F0 followed by 80-8F.
	Overlong ErrorKind = iota + 1
	// Surrogate is ED followed by A0-BF: an encoding of U+D800..U+DFFF.
	Surrogate
	// TooLarge is F4 followed by 90-BF, or a lead F5-F7: beyond U+10FFFF.
	TooLarge
	// Truncated is a valid lead byte not followed by enough continuation bytes,
	// in the middle of the input or at its end.
	Truncated
	// UnexpectedContinuation is a continuation byte 80-BF where a character must start.
	UnexpectedContinuation
	// InvalidByte is one of F8-FF, which never occur in UTF-8.
	InvalidByte
	// LoneSurrogate is an unpaired UTF-16 surrogate code unit (transcoding), or
	// in CESU-8 and modified UTF-8 a 3-byte surrogate sequence not part of a
	// high-low pair.
	LoneSurrogate
	// Unrepresentable is a character that the target encoding cannot hold
	// (transcoding to Latin-1 or Windows-1252, for example). It is the one
	// kind that says nothing is wrong with the input.
	Unrepresentable
	// FourByte is a 4-byte sequence in CESU-8 or modified UTF-8, which write
	// U+10000..U+10FFFF as a surrogate pair of 3-byte sequences instead.
	FourByte
	// NulByte is a 00 byte in modified UTF-8, which writes U+0000 as C0 80 so
	// that its strings never hold a zero byte.
	NulByte
	// SurrogatePair is, in WTF-8, a high surrogate and a low surrogate written
	// as two 3-byte sequences: WTF-8 requires the character they pair into, as
	// one 4-byte sequence.
	SurrogatePair
	// Unmapped is a byte (or byte sequence) that a legacy encoding leaves
	// undefined, such as 98 in Windows-1251 (transcoding).
	Unmapped
)

var kindNames = [...]string{
	0:                      "none",
	Overlong:               "overlong",
	Surrogate:              "surrogate",
	TooLarge:               "too-large",
	Truncated:              "truncated",
	UnexpectedContinuation: "unexpected-continuation",
	InvalidByte:            "invalid-byte",
	LoneSurrogate:          "lone-surrogate",
	Unrepresentable:        "unrepresentable",
	FourByte:               "four-byte",
	NulByte:                "nul-byte",
	SurrogatePair:          "surrogate-pair",
	Unmapped:               "unmapped",
}

// String returns the kind's name, such as "overlong": lower case, words joined
// by hyphens, as messages and JSON carry it. The zero ErrorKind, meaning no
// error, is "none".
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// The sentinels that errors.Is matches, whichever package's function returned
// the error (see "Errors" in the package documentation).
var (
	// ErrInvalid matches every error for ill-formed input: an *Error of any
	// kind but Unrepresentable, a RangeError, and the detect package's
	// *InvalidError.
	ErrInvalid = errors.New("utf8x: invalid input")
	// ErrUnrepresentable matches an *Error of kind Unrepresentable: a
	// character, well-formed, that the target encoding of a conversion cannot
	// hold.
	ErrUnrepresentable = errors.New("utf8x: character not representable in the target encoding")
)

// Error describes one unit of input that could not be read or converted: an
// ill-formed maximal subpart of UTF-8, an ill-formed unit of another encoding,
// or a character the target encoding cannot represent. It is the one error
// type of the module for such a unit: the transcode package's Error is this
// type.
//
// Offset is also the length of the longest valid prefix, so p[:Offset] is valid
// and a caller can resume after p[Offset:Offset+Len]. The functions whose input
// is a []uint16 count code units of it instead of bytes.
//
// errors.Is(err, ErrInvalid) holds for every kind but Unrepresentable, and
// errors.Is(err, ErrUnrepresentable) for that one. An error in UTF-8 input
// (Encoding "UTF-8" or "") also matches golang.org/x/text/encoding's
// ErrInvalidUTF8, the error its encoders return for ill-formed UTF-8.
type Error struct {
	Offset int       // first byte of the unit
	Len    int       // its length: a maximal subpart of UTF-8 is 1 to 3 bytes
	Kind   ErrorKind // why it is ill-formed, or Unrepresentable
	// Encoding names the encoding the input was read as, such as "UTF-8"
	// (every error of this package) or "UTF-16LE"; for Unrepresentable it
	// names the target encoding. "" reads as "UTF-8".
	Encoding string
	// Rune is the character the target cannot represent (Unrepresentable only).
	Rune rune

	bytes [8]byte // a copy of the unit, for the message (6-byte units in the variant forms)
	unit  string  // what Offset counts: "" for bytes, or "code unit"
}

func init() {
	errdetail.Set = func(e any, b errdetail.Bytes, unit string) {
		x := e.(*Error)
		x.bytes = b
		x.unit = unit
	}
}

// utf8Name is the Encoding of this package's errors.
const utf8Name = "UTF-8"

func newError(p []byte, off, n int, kind ErrorKind) *Error {
	e := &Error{Offset: off, Len: n, Kind: kind, Encoding: utf8Name}
	copy(e.bytes[:], p[off:off+n])
	return e
}

// Bytes returns a copy of the offending bytes (at most 8 are kept; none for
// []uint16 input).
func (e *Error) Bytes() []byte {
	n := min(e.Len, len(e.bytes))
	if e.unit != "" {
		n = 0
	}
	return append([]byte(nil), e.bytes[:n]...)
}

// Error reads as "invalid UTF-8 at byte 41: truncated (E2 82)", "invalid
// UTF-16LE at byte 6: lone-surrogate (00 D8)" or "U+20AC at byte 3 cannot be
// represented in ISO-8859-1".
func (e *Error) Error() string {
	enc := e.Encoding
	if enc == "" {
		enc = utf8Name
	}
	if e.Kind == Unrepresentable {
		return fmt.Sprintf("U+%04X at byte %d cannot be represented in %s", e.Rune, e.Offset, enc)
	}
	if e.unit != "" {
		return fmt.Sprintf("invalid %s at %s %d: %s", enc, e.unit, e.Offset, e.Kind)
	}
	return fmt.Sprintf("invalid %s at byte %d: %s (% X)", enc, e.Offset, e.Kind, e.Bytes())
}

// Is reports whether e matches target, one of the sentinels ErrInvalid and
// ErrUnrepresentable or golang.org/x/text/encoding's ErrInvalidUTF8, for
// errors.Is.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrInvalid:
		return e.Kind != Unrepresentable
	case ErrUnrepresentable:
		return e.Kind == Unrepresentable
	case encoding.ErrInvalidUTF8:
		return e.Kind != Unrepresentable && (e.Encoding == "" || e.Encoding == utf8Name)
	}
	return false
}
