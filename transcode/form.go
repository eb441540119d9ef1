package transcode

import (
	"github.com/utf8x/utf8x"
)

// A form is the internal shape of one encoding: how to read one unit of it and
// how to write one character in it. Everything else (policies, byte order
// marks, streaming, offsets) is shared, in Converter, so that a new form is
// two small functions plus, when it is worth it, fast kernels to and from
// UTF-8.
type form struct {
	name   string
	labels []string // lower-case; the first is the preferred spelling

	// decode reads the first unit of p, which is not empty. It returns the
	// character and the unit's length in bytes, or a non-zero kind and the
	// length of the ill-formed unit. It returns n == 0 when p holds only the
	// beginning of a unit that more input could complete; never when atEOF.
	decode func(p []byte, atEOF bool) (r rune, n int, kind utf8x.ErrorKind)

	// encode writes the scalar value r at the start of p and returns the number
	// of bytes written, 0 when p is too short, or -1 when the form cannot
	// represent r.
	encode func(p []byte, r rune) int

	// maxLen is the longest encoding of one character, in bytes.
	maxLen int

	// unit is the size of a code unit in bytes when it is more than one
	// (UTF-16: 2, UTF-32: 4), where a unit starts only at a multiple of it.
	unit int

	// bom is U+FEFF in this form, or "" when the form cannot hold it.
	bom string

	// auto is set for the forms whose byte order a signature picks (UTF-16 and
	// UTF-32): the big-endian form and the little-endian one, indexed by big
	// and little; the encoder writes little-endian after its signature, and
	// without a signature the decoder reads the order guessOrder picks.
	auto *[2]*form

	// Optional fast kernels. Each converts the longest prefix of src that is
	// well formed, representable and fits in dst, and returns the bytes written
	// and read; it may stop earlier, and Converter carries on one unit at a
	// time from where it stopped.
	fromUTF8 kernel // UTF-8 to this form
	toUTF8   kernel // this form to UTF-8
}

type kernel func(dst, src []byte) (nDst, nSrc int)

const (
	big    = 0
	little = 1
)

func (f *form) String() string { return f.name }

// short is what decode returns for p shorter than one code unit: nothing yet,
// or at the end of the input a Truncated unit of the bytes left.
func short(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if !atEOF {
		return 0, 0, 0
	}
	return utf8x.RuneError, len(p), utf8x.Truncated
}
