package transcode

import (
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/errdetail"
)

// Error is the error a conversion under the Strict policy returns at the first
// unit it cannot handle: an ill-formed unit of the input, or a character the
// target encoding cannot represent (Kind utf8x.Unrepresentable, Rune holding
// it). It is utf8x.Error, the one error type of the module for such a unit, so
// errors.As finds it under either name, and errors.Is matches utf8x.ErrInvalid
// or utf8x.ErrUnrepresentable (see "Errors" in package utf8x).
//
// Offset and Len count bytes of the input, from the start of the stream (a
// consumed byte order mark included). The functions whose input is a []uint16
// count code units of it instead.
// Encoding names the encoding the input was read as, such as "UTF-16LE"; for
// Unrepresentable it names the target encoding.
type Error = utf8x.Error

func newError(f *form, p []byte, off, n int, kind utf8x.ErrorKind) *Error {
	e := &Error{Offset: off, Len: n, Kind: kind, Encoding: f.name}
	errdetail.Set(e, errdetail.Of(p[off:min(off+n, len(p))]), "")
	return e
}

func newUnrepresentable(to *form, p []byte, off, n int, r rune) *Error {
	e := &Error{Offset: off, Len: n, Kind: utf8x.Unrepresentable, Encoding: to.name, Rune: r}
	errdetail.Set(e, errdetail.Of(p[off:min(off+n, len(p))]), "")
	return e
}

// newUnitError is the error for a []uint16 input's code unit at off.
func newUnitError(encoding string, off int, kind utf8x.ErrorKind) *Error {
	e := &Error{Offset: off, Len: 1, Kind: kind, Encoding: encoding}
	errdetail.Set(e, errdetail.Bytes{}, "code unit")
	return e
}

// fromUTF8Error returns err, from the root package's repair of UTF-8: its
// errors are already this package's, reading UTF-8.
func fromUTF8Error(err error) error { return err }
