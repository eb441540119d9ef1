package transcode

import (
	"encoding/binary"

	"github.com/utf8x/utf8x"
)

// UTF-32: the forms, the kernels to and from UTF-8, the direct slice
// functions and the lengths.

var (
	utf32LEForm = &form{
		name:   "UTF-32LE",
		labels: []string{"utf-32le", "utf32le", "ucs-4le"},
		id:     utf32LEID, maxLen: 4, unit: 4, bom: "\xFF\xFE\x00\x00",
		fromUTF8: utf8ToUTF32LEConv, toUTF8: utf32LEToUTF8Conv,
	}
	utf32BEForm = &form{
		name:   "UTF-32BE",
		labels: []string{"utf-32be", "utf32be", "ucs-4be", "ucs-4", "ucs4"},
		id:     utf32BEID, maxLen: 4, unit: 4, bom: "\x00\x00\xFE\xFF",
		fromUTF8: utf8ToUTF32BEConv, toUTF8: utf32BEToUTF8Conv,
	}
	utf32Form = &form{
		name:   "UTF-32",
		labels: []string{"utf-32", "utf32"},
		id:     utf32ID, maxLen: 4, unit: 4, bom: "\xFF\xFE\x00\x00",
		auto: &[2]*form{utf32BEForm, utf32LEForm},
	}
)

func decodeUTF32LE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF32(p, atEOF, false)
}

func decodeUTF32BE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF32(p, atEOF, true)
}

// decodeUTF32 reads one code unit: a surrogate code point is Surrogate, a value
// above U+10FFFF TooLarge, and 1 to 3 bytes at the end of the input Truncated.
func decodeUTF32(p []byte, atEOF bool, be bool) (rune, int, utf8x.ErrorKind) {
	if len(p) < 4 {
		return short(p, atEOF)
	}
	v := get32(p, be)
	switch {
	case v > utf8x.MaxRune:
		return utf8x.RuneError, 4, utf8x.TooLarge
	case v >= 0xD800 && v <= 0xDFFF:
		return utf8x.RuneError, 4, utf8x.Surrogate
	}
	return rune(v), 4, 0
}

func encodeUTF32LE(p []byte, r rune) int { return encodeUTF32(p, r, false) }
func encodeUTF32BE(p []byte, r rune) int { return encodeUTF32(p, r, true) }

func encodeUTF32(p []byte, r rune, be bool) int {
	if len(p) < 4 {
		return 0
	}
	put32(p, uint32(r), be)
	return 4
}

func utf8ToUTF32LEGo(dst, src []byte) (int, int) { return utf8ToUTF32Go(dst, src, false) }
func utf8ToUTF32BEGo(dst, src []byte) (int, int) { return utf8ToUTF32Go(dst, src, true) }

// utf8ToUTF32Go is the scalar kernel from UTF-8 to UTF-32 in either byte
// order. It decodes each character in place, as utf8ToUTF16Go does, and stops
// at the first byte that does not start a well-formed character.
func utf8ToUTF32Go(dst, src []byte, be bool) (nDst, nSrc int) {
	i, j := 0, 0
loop:
	for i < len(src) && j+4 <= len(dst) {
		c := src[i]
		if c < utf8x.RuneSelf {
			for i+4 <= len(src) && j+16 <= len(dst) {
				x := binary.LittleEndian.Uint32(src[i:])
				if x&0x80808080 != 0 {
					break
				}
				put32(dst[j:], x&0xFF, be)
				put32(dst[j+4:], x>>8&0xFF, be)
				put32(dst[j+8:], x>>16&0xFF, be)
				put32(dst[j+12:], x>>24, be)
				i += 4
				j += 16
			}
			if i == len(src) || j+4 > len(dst) {
				break
			}
			if c = src[i]; c < utf8x.RuneSelf {
				put32(dst[j:], uint32(c), be)
				i++
				j += 4
				continue
			}
		}
		var r rune
		switch {
		case c < 0xE0:
			if c < 0xC2 || i+1 >= len(src) || src[i+1]&0xC0 != 0x80 {
				break loop
			}
			r = rune(c&0x1F)<<6 | rune(src[i+1]&0x3F)
			i += 2
		case c < 0xF0:
			if i+2 >= len(src) {
				break loop
			}
			b1, b2 := src[i+1], src[i+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 {
				break loop
			}
			r = rune(c&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F)
			if r < 0x800 || r&0xF800 == 0xD800 { // overlong or a surrogate
				break loop
			}
			i += 3
		default:
			if i+3 >= len(src) {
				break loop
			}
			b1, b2, b3 := src[i+1], src[i+2], src[i+3]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || b3&0xC0 != 0x80 {
				break loop
			}
			r = rune(c&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(b3&0x3F)
			if r < 0x10000 || r > utf8x.MaxRune || c > 0xF4 {
				break loop
			}
			i += 4
		}
		put32(dst[j:], uint32(r), be)
		j += 4
	}
	return j, i
}

func utf32LEToUTF8Go(dst, src []byte) (int, int) { return utf32ToUTF8(dst, src, false) }
func utf32BEToUTF8Go(dst, src []byte) (int, int) { return utf32ToUTF8(dst, src, true) }

// utf32ToUTF8 is the scalar kernel from UTF-32 in either byte order to UTF-8.
func utf32ToUTF8(dst, src []byte, be bool) (nDst, nSrc int) {
	i, j := 0, 0
	for i+4 <= len(src) {
		v := get32(src[i:], be)
		if v < utf8x.RuneSelf {
			if j >= len(dst) {
				break
			}
			dst[j] = byte(v)
			i += 4
			j++
			continue
		}
		if v > utf8x.MaxRune || v-0xD800 < 0x800 || j+utf8x.RuneLen(rune(v)) > len(dst) {
			break
		}
		j += utf8x.EncodeRune(dst[j:], rune(v))
		i += 4
	}
	return j, i
}

// AppendUTF8ToUTF32LE appends the UTF-32LE encoding of src, UTF-8, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, 4*utf8x.RuneCount(src) bytes. On ill-formed input it stops with an
// *Error, dst holding the conversion of the valid prefix.
func AppendUTF8ToUTF32LE(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf8ToUTF32LEConv)
}

// AppendUTF8ToUTF32BE is like AppendUTF8ToUTF32LE but writes UTF-32BE.
func AppendUTF8ToUTF32BE(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf8ToUTF32BEConv)
}

// AppendUTF32LEToUTF8 appends the UTF-8 encoding of src, UTF-32LE, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, UTF8LenFromUTF32LE(src) bytes. A surrogate code point, a value above
// U+10FFFF or 1 to 3 bytes left at the end stop it with an *Error.
func AppendUTF32LEToUTF8(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf32LEToUTF8Conv)
}

// AppendUTF32BEToUTF8 is like AppendUTF32LEToUTF8 but reads UTF-32BE.
func AppendUTF32BEToUTF8(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf32BEToUTF8Conv)
}

// UTF32LenFromUTF8 returns the number of UTF-32 code units (not bytes) the
// conversion of src needs, counting one for each ill-formed maximal subpart.
//
// Deprecated: use utf8x.RuneCount, which it is.
func UTF32LenFromUTF8(src []byte) int { return utf8x.RuneCount(src) }

// UTF8LenFromUTF32LE returns the number of bytes of the UTF-8 conversion of
// src, UTF-32LE, counting 3 bytes (a U+FFFD) for each ill-formed unit.
func UTF8LenFromUTF32LE(src []byte) int { return utf8LenFromUTF32(src, false) }

// UTF8LenFromUTF32BE is like UTF8LenFromUTF32LE but reads UTF-32BE.
func UTF8LenFromUTF32BE(src []byte) int { return utf8LenFromUTF32(src, true) }

func utf8LenFromUTF32(src []byte, be bool) int {
	n, i := 0, 0
	for ; i+4 <= len(src); i += 4 {
		if l := utf8x.RuneLen(rune(get32(src[i:], be))); l > 0 {
			n += l
		} else {
			n += 3
		}
	}
	if i < len(src) {
		n += 3
	}
	return n
}
