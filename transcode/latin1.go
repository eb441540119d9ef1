package transcode

import (
	"encoding/binary"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/cp1252"
)

// UTF-8 <-> ISO-8859-1 and Windows-1252: the kernels, the direct slice
// functions and the lengths.

func latin1ToUTF8(dst, src []byte) (int, int) {
	return accelerate(dst, src, latin1ToUTF8Conv)
}

func utf8ToLatin1(dst, src []byte) (int, int) {
	return accelerate(dst, src, utf8ToLatin1Conv)
}

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

// The Windows-1252 tables the kernels read, built once by internal/cp1252:
// the UTF-8 of each byte 80-FF with its length last, and the bytes of the
// characters outside Latin-1.
var (
	cp1252UTF8 = &cp1252.UTF8
	cp1252Byte = cp1252.Beyond
)

func cp1252ToUTF8(dst, src []byte) (int, int) {
	return accelerate(dst, src, cp1252ToUTF8Conv)
}

func utf8ToCP1252(dst, src []byte) (int, int) {
	return accelerate(dst, src, utf8ToCP1252Conv)
}

// cp1252ToUTF8Go is the scalar kernel from Windows-1252 to UTF-8; every byte
// converts.
func cp1252ToUTF8Go(dst, src []byte) (nDst, nSrc int) {
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
		e := &cp1252UTF8[c-0x80]
		n := int(e[3])
		if j+n > len(dst) {
			break
		}
		copy(dst[j:], e[:n])
		i++
		j += n
	}
	return j, i
}

// utf8ToCP1252Go is the scalar kernel from UTF-8 to Windows-1252. It stops
// at ill-formed input and at characters Windows-1252 does not hold.
func utf8ToCP1252Go(dst, src []byte) (nDst, nSrc int) {
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
		r, n := utf8x.DecodeRune(src[i:])
		var b byte
		switch {
		case r >= 0xA0 && r <= 0xFF:
			b = byte(r)
		case r == utf8x.RuneError:
			return j, i // ill-formed, or U+FFFD, which Windows-1252 lacks
		default:
			var ok bool
			if b, ok = cp1252Byte[r]; !ok && !(r >= 0x80 && r <= 0x9F && cp1252.Decode(byte(r)) == r) {
				return j, i
			}
			if !ok {
				b = byte(r) // one of the five C1 controls the WHATWG mapping keeps
			}
		}
		dst[j] = b
		i += n
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
// Windows-1252) conversion of src, one per character: utf8x.RuneCount.
func Latin1LenFromUTF8(src []byte) int { return utf8x.RuneCount(src) }
