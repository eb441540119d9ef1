package transcode

import (
	"encoding/binary"
	"math/bits"

	"github.com/utf8x/utf8x"
)

// ISO-8859-1: the form, the kernels to and from UTF-8, the direct slice
// functions and the lengths.

var latin1Form = &form{
	name: "ISO-8859-1",
	labels: []string{"iso-8859-1", "iso8859-1", "iso_8859-1", "iso_8859-1:1987", "iso88591",
		"latin1", "latin-1", "l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1"},
	id: latin1ID, ascii: true, maxLen: 1,
	fromUTF8: utf8ToLatin1Conv, toUTF8: latin1ToUTF8Conv,
}

func decodeLatin1(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) { return rune(p[0]), 1, 0 }

func encodeLatin1(p []byte, r rune) int { return putByte(p, byte(r), r <= 0xFF) }

// latin1ToUTF8Go is the scalar kernel from ISO-8859-1 to UTF-8; every byte
// converts.
func latin1ToUTF8Go(dst, src []byte) (nDst, nSrc int) {
	i, j := 0, 0
	for i < len(src) {
		i, j = copyASCII(dst, src, i, j)
		if i == len(src) {
			break
		}
		c := src[i]
		if c < utf8x.RuneSelf {
			if j >= len(dst) {
				break
			}
			dst[j] = c
			i++
			j++
			continue
		}
		if j+2 > len(dst) {
			break
		}
		dst[j] = 0xC0 | c>>6
		dst[j+1] = 0x80 | c&0x3F
		i++
		j += 2
	}
	return j, i
}

// utf8ToLatin1Go is the scalar kernel from UTF-8 to ISO-8859-1. It stops at
// ill-formed input and at characters above U+00FF.
func utf8ToLatin1Go(dst, src []byte) (nDst, nSrc int) {
	i, j := 0, 0
	for i < len(src) && j < len(dst) {
		i, j = copyASCII(dst, src, i, j)
		if i == len(src) || j == len(dst) {
			break
		}
		c := src[i]
		if c < utf8x.RuneSelf {
			dst[j] = c
			i++
			j++
			continue
		}
		// U+0080..U+00FF are C2 80..C3 BF.
		if c&0xFE != 0xC2 || i+1 == len(src) || src[i+1]&0xC0 != 0x80 {
			break
		}
		dst[j] = c<<6 | src[i+1]&0x3F
		i += 2
		j++
	}
	return j, i
}

// AppendLatin1ToUTF8 appends the UTF-8 encoding of src, ISO-8859-1, to dst and
// returns the extended buffer. Every byte string is valid ISO-8859-1. It does
// not allocate when dst has room for the result, UTF8LenFromLatin1(src) bytes.
func AppendLatin1ToUTF8(dst, src []byte) []byte {
	dst, _ = appendSameASCII(dst, src, latin1ToUTF8Conv)
	return dst
}

// AppendUTF8ToLatin1 appends the ISO-8859-1 encoding of src, UTF-8, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, utf8x.RuneCount(src) bytes. Ill-formed input and characters above
// U+00FF stop it with an *Error (Kind Unrepresentable for the latter).
func AppendUTF8ToLatin1(dst, src []byte) ([]byte, error) {
	return appendSameASCII(dst, src, utf8ToLatin1Conv)
}

// appendSameASCII is appendStrict for two encodings that write ASCII as the
// same bytes (UTF-8 and ISO-8859-1): the ASCII prefix is one bulk copy, which
// also spares short ASCII inputs the fixed cost of the conversion kernels.
// Error offsets still count from the start of src.
func appendSameASCII(dst, src []byte, c conv) ([]byte, error) {
	n := utf8x.ASCIIPrefix(src)
	dst = append(dst, src[:n]...)
	if n == len(src) {
		return dst, nil
	}
	dst, err := appendStrict(dst, src[n:], c)
	if e, ok := err.(*Error); ok {
		e.Offset += n
	}
	return dst, err
}

// UTF8LenFromLatin1 returns the number of bytes of the UTF-8 conversion of
// src, ISO-8859-1: one per ASCII byte, two per other byte.
func UTF8LenFromLatin1(src []byte) int {
	n, i := len(src), 0
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:]) & hiBits
		n += bitsOnes(x)
	}
	for ; i < len(src); i++ {
		n += int(src[i] >> 7)
	}
	return n
}

// Latin1LenFromUTF8 returns the number of bytes of the ISO-8859-1 (or
// Windows-1252) conversion of src, one per character.
//
// Deprecated: use utf8x.RuneCount, which it is.
func Latin1LenFromUTF8(src []byte) int { return utf8x.RuneCount(src) }

// bitsOnes counts the set bits of x.
func bitsOnes(x uint64) int { return bits.OnesCount64(x) }
