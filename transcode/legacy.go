package transcode

import (
	"math/bits"

	"github.com/utf8x/utf8x"
)

// UTF8Legacy is UTF-8 as RFC 2279 defined it before RFC 3629 cut it down:
// the same bit layout continued to 5-byte (leads F8-FB) and 6-byte (FC-FD)
// sequences, for values up to 0x7FFFFFFF, surrogate code points allowed.
// Only the shortest form of a value is well-formed, as in RFC 3629. FE and
// FF never occur.
//
// What the decoder reports:
//   - an overlong form: Overlong, 1 byte (C0, C1; E0 80-9F; F0 80-8F;
//     F8 80-87; FC 80-83), as for UTF-8;
//   - FE and FF: InvalidByte; a lone continuation byte: UnexpectedContinuation;
//   - a lead without all its continuation bytes: Truncated, the lead and the
//     continuation bytes present (up to 5).
//
// Values that are not Unicode scalar values (surrogates, and everything above
// U+10FFFF) decode without error, and only the legacy form itself can hold
// them: converting one to UTF-8 or any other encoding is an Unrepresentable
// unit naming the value ("U+7FFFFFFF at byte 0 cannot be represented in
// UTF-8"), or a replacement under Replace. A surrogate pair written as two
// 3-byte sequences is two surrogates here, not a character.
//
// The extension sketched in "a guide to UTF-8", lead FE with six continuation
// bytes for 36-bit values, is not provided: a rune cannot hold such a value,
// and no encoding could take it.
var UTF8Legacy = Encoding{f: legacyForm}

var legacyForm = &form{
	name:   "UTF-8-legacy",
	labels: []string{"utf-8-legacy", "utf8-legacy", "rfc2279"},
	id:     legacyID, ascii: true, maxLen: 6, bom: utf8x.BOM,
	// Valid UTF-8 reads the same in the legacy form.
	fromUTF8: copyValidConv, toUTF8: copyValidConv,
}

func decodeLegacy(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	b := p[0]
	n, lo := 0, byte(0x80) // the sequence length, and its least second byte
	switch {
	case b < 0x80:
		return rune(b), 1, 0
	case b < 0xC0:
		return utf8x.RuneError, 1, utf8x.UnexpectedContinuation
	case b < 0xC2:
		return utf8x.RuneError, 1, utf8x.Overlong
	case b < 0xFE:
		// The lead of an n-byte sequence has its n high bits set: C2-DF 2,
		// E0-EF 3, F0-F7 4, F8-FB 5, FC-FD 6. After the least lead of a
		// length, E0, F0, F8 or FC, the shortest form needs a second byte of
		// at least A0, 90, 88 or 84.
		n = bits.LeadingZeros8(^b)
		if b == ^byte(0xFF>>n) {
			lo = 0x80 | 0x80>>(n-1)
		}
	default:
		return utf8x.RuneError, 1, utf8x.InvalidByte
	}
	r := rune(b & (0x7F >> n))
	for i := 1; i < n; i++ {
		switch {
		case i == len(p) && !atEOF:
			return 0, 0, 0
		case i == len(p), !isCont(p[i]):
			return utf8x.RuneError, i, utf8x.Truncated
		case i == 1 && p[i] < lo:
			return utf8x.RuneError, 1, utf8x.Overlong
		}
		r = r<<6 | rune(p[i]&0x3F)
	}
	return r, n, 0
}

func encodeLegacy(p []byte, r rune) int {
	switch {
	case r < 0:
		return -1
	case len(p) < seqLen(r):
		return 0
	}
	return putSeq(p, r)
}
