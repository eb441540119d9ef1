package transcode

import (
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/cp1252"
)

// Windows-1252 as the WHATWG Encoding Standard maps it: the form and the
// kernels to and from UTF-8. The tables are internal/cp1252's.

var cp1252Form = &form{
	name:   "Windows-1252",
	labels: []string{"windows-1252", "cp1252", "x-cp1252", "ms-ansi", "1252"},
	id:     cp1252ID, ascii: true, maxLen: 1,
	fromUTF8: utf8ToCP1252Conv, toUTF8: cp1252ToUTF8Conv,
}

func decodeCP1252(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return cp1252.Decode(p[0]), 1, 0
}

func encodeCP1252(p []byte, r rune) int {
	b, ok := cp1252.Encode(r)
	return putByte(p, b, ok)
}

// The Windows-1252 table the kernels read, built once by internal/cp1252:
// the UTF-8 of each byte 80-FF with its length last.
var cp1252UTF8 = &cp1252.UTF8

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
		// Ill-formed input decodes to U+FFFD, which Windows-1252 lacks too.
		r, n := utf8x.DecodeRune(src[i:])
		b, ok := cp1252.Encode(r)
		if !ok {
			return j, i
		}
		dst[j] = b
		i += n
		j++
	}
	return j, i
}
