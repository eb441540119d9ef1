package utf8x

import "fmt"

// ErrorKind says why a sequence is ill-formed. Its String form is the name printed
// by the utf8x tool and used in JSON output.
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
	// (transcoding to Latin-1 or Windows-1252, for example).
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

// String returns the kind's name, such as "overlong", the word the utf8x tool
// prints and its JSON output carries; the zero ErrorKind, meaning no error, is
// "none".
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// Error describes the first ill-formed maximal subpart of an input.
//
// Offset is also the length of the longest valid prefix, so p[:Offset] is valid
// and a caller can resume after p[Offset:Offset+Len].
type Error struct {
	Offset int       // first byte of the maximal subpart
	Len    int       // length of the maximal subpart, 1 to 3 for UTF-8
	Kind   ErrorKind // why it is ill-formed

	bytes [4]byte // a copy of the subpart, for the message
}

func newError(p []byte, off, n int, kind ErrorKind) *Error {
	e := &Error{Offset: off, Len: n, Kind: kind}
	copy(e.bytes[:], p[off:off+n])
	return e
}

func newErrorString(s string, off, n int, kind ErrorKind) *Error {
	e := &Error{Offset: off, Len: n, Kind: kind}
	copy(e.bytes[:], s[off:off+n])
	return e
}

// Bytes returns a copy of the ill-formed bytes (at most 4 are kept).
func (e *Error) Bytes() []byte {
	n := min(e.Len, len(e.bytes))
	return append([]byte(nil), e.bytes[:n]...)
}

// Error reads as "invalid UTF-8 at byte 41: truncated (E2 82)".
func (e *Error) Error() string {
	return fmt.Sprintf("invalid UTF-8 at byte %d: %s (% X)", e.Offset, e.Kind, e.Bytes())
}
