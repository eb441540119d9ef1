// Package utf8x validates, decodes, repairs and measures UTF-8 as RFC 3629
// defines it, reporting and replacing ill-formed input per maximal subpart as the
// Unicode Standard (chapter 3, "U+FFFD Substitution of Maximal Subparts") and the
// WHATWG Encoding Standard prescribe.
//
// The function shapes follow unicode/utf8. The one deliberate difference: where
// unicode/utf8 reports width 1 for any ill-formed input, utf8x reports the length of
// the maximal subpart (1 to 3 bytes), so that a decoding loop yields exactly one
// U+FFFD per maximal subpart. For example, the truncated sequence E2 82 followed by
// "A" decodes as U+FFFD (width 2) then 'A' here, but as U+FFFD, U+FFFD, 'A' with
// unicode/utf8. On valid input both packages agree everywhere.
//
// Sorting and searching need no decoding (RFC 3629, section 1). bytes.Compare
// orders valid UTF-8 as the sequences of its code points are ordered (UTF-16's
// code units do not; transcode.CompareUTF16 compares them in code point
// order). bytes.Index, or any byte search, with a valid needle finds whole
// characters only: every match starts and ends at a character boundary. That
// holds in an ill-formed haystack too, where the boundaries are those of the
// maximal subparts (StartOfRune, Chunks): a needle's first byte is never a
// continuation byte and its last character is complete. Two things it does not
// give: a needle that is not valid UTF-8 can match inside a character, and
// removing or replacing a match in an ill-formed haystack can join the bytes
// on either side into a character that was not there (E2 "x" 82 AC without
// the "x" is €).
//
// The scalar code in this package is the reference every accelerated path in
// internal/utf8kernel is tested against.
//
// # Errors
//
// One error model serves this package and the module's transcode and detect
// packages, documented here:
//
//   - *Error is the error for one unit of input that a function could not
//     read or convert: an ill-formed maximal subpart of UTF-8, an ill-formed
//     unit of another encoding, or a character the target encoding of a
//     conversion cannot hold. Offset and Len place the unit in the input (in
//     bytes; in code units for the functions whose input is a []uint16), Kind
//     says why, Encoding names the encoding the input was read as (the target,
//     for Unrepresentable) and Rune holds the character a target lacks.
//     transcode.Error is the same type, so errors.As with a *utf8x.Error or a
//     *transcode.Error finds it in the error of any package's function.
//   - ErrorKind is the one list of reasons: Overlong, Surrogate, TooLarge,
//     Truncated, UnexpectedContinuation and InvalidByte are those of UTF-8,
//     the only ones this package reports; LoneSurrogate, FourByte, NulByte,
//     SurrogatePair and Unmapped come from the other encodings that package
//     transcode reads, and Unrepresentable from its conversions.
//   - RangeError is the record that CheckRange, Checker and CheckReaderAt keep
//     of an ill-formed subpart, with its line and column. It is an error
//     too, and unwraps to the *Error for the same subpart (AsError).
//   - The detect package's *InvalidError is its strict Reader meeting bytes it
//     cannot decode; it unwraps to an *Error when package transcode decoded
//     them.
//
// errors.Is matches two sentinels across all of them: ErrInvalid for every
// error about ill-formed input (an *Error of any kind but Unrepresentable, a
// RangeError, a detect *InvalidError), and ErrUnrepresentable for a character
// that the target encoding cannot hold. An *Error in UTF-8 input also matches
// golang.org/x/text/encoding's ErrInvalidUTF8, the error x/text's encoders
// return for it, so a check written for x/text holds here.
//
// Under the Strict policy a function stops at the first such unit and returns
// its *Error, with the output up to it; every other Policy handles each unit
// and returns no error for it. The errors of an io.Reader or io.Writer given
// to a function come back as they are (wrapped with the offset for
// CheckReaderAt). The remaining errors say that a call was malformed or is not
// possible, and match neither sentinel: ErrRangeWindow, a range out of
// bounds, an unknown policy name (ParsePolicy, ParseBOMPolicy), an unknown
// encoding (*transcode.UnknownEncodingError, from transcode.Lookup and
// detect.Lookup), and detect.NewReader declining to guess
// (*detect.LowConfidenceError, *detect.BinaryError).
//
// Messages are lower case and name the position and the bytes: "invalid
// UTF-8 at byte 41: truncated (E2 82)", "invalid UTF-16LE at byte 6:
// lone-surrogate (00 D8)", "U+20AC at byte 3 cannot be represented in
// ISO-8859-1".
package utf8x
