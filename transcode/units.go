package transcode

import (
	"encoding/binary"
	"slices"

	"github.com/utf8x/utf8x"
)

// UTF-16 as Go []uint16 (code units in native order), to and from UTF-8: the
// direct slice functions and the length.

// utf8ToUnits is the accelerated kernel from UTF-8 to code units.
func utf8ToUnits(dst []uint16, src []byte) (nDst, nSrc int) {
	d, s := accelerate(bytesOf(dst), src, utf8ToUnitsConv)
	return d / 2, s
}

// unitsToUTF8 is the accelerated kernel from code units to UTF-8.
func unitsToUTF8(dst []byte, src []uint16) (nDst, nSrc int) {
	d, s := accelerate(dst, bytesOf(src), unitsToUTF8Conv)
	return d, s / 2
}

// AppendUTF8ToUTF16 appends the UTF-16 code units of src, UTF-8, to dst and
// returns the extended slice, as utf16.AppendRune would one character at a
// time. It does not allocate when dst has room for UTF16LenFromUTF8(src) more
// units. On ill-formed input it stops with an *Error whose Offset counts bytes
// of src.
func AppendUTF8ToUTF16(dst []uint16, src []byte) ([]uint16, error) {
	i := 0
	for {
		n := len(dst)
		d, s := utf8ToUnits(dst[n:cap(dst)], src[i:])
		dst = dst[:n+d]
		i += s
		if i == len(src) {
			return dst, nil
		}
		r, l, kind := decodeUTF8(src[i:], true)
		if kind != 0 {
			return dst, newError(utf8Form, src, i, l, kind)
		}
		if cap(dst)-len(dst) < 2 {
			dst = slices.Grow(dst, len(src)-i+1)
		}
		if r < 0x10000 {
			dst = append(dst, uint16(r))
		} else {
			r -= 0x10000
			dst = append(dst, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
		}
		i += l
	}
}

// utf8ToUnitsGo is utf8ToUTF16Go for a []uint16 destination.
func utf8ToUnitsGo(dst []uint16, src []byte) (nDst, nSrc int) {
	i, j := 0, 0
loop:
	for i < len(src) {
		c := src[i]
		if c < utf8x.RuneSelf {
			for i+8 <= len(src) && j+8 <= len(dst) {
				s := src[i : i+8 : i+8]
				if binary.LittleEndian.Uint64(s)&hiBits != 0 {
					break
				}
				d := dst[j : j+8 : j+8]
				d[0], d[1], d[2], d[3] = uint16(s[0]), uint16(s[1]), uint16(s[2]), uint16(s[3])
				d[4], d[5], d[6], d[7] = uint16(s[4]), uint16(s[5]), uint16(s[6]), uint16(s[7])
				i += 8
				j += 8
			}
			if i == len(src) {
				break
			}
			if c = src[i]; c < utf8x.RuneSelf {
				if j >= len(dst) {
					break
				}
				dst[j] = uint16(c)
				i++
				j++
				continue
			}
		}
		if j >= len(dst) {
			break
		}
		switch {
		case c < 0xE0:
			if c < 0xC2 || i+1 >= len(src) || src[i+1]&0xC0 != 0x80 {
				break loop
			}
			dst[j] = uint16(c&0x1F)<<6 | uint16(src[i+1]&0x3F)
			i += 2
			j++
		case c < 0xF0:
			if i+2 >= len(src) {
				break loop
			}
			b1, b2 := src[i+1], src[i+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 {
				break loop
			}
			r := uint16(c&0x0F)<<12 | uint16(b1&0x3F)<<6 | uint16(b2&0x3F)
			if r < 0x800 || r&0xF800 == 0xD800 {
				break loop
			}
			dst[j] = r
			i += 3
			j++
		default:
			if i+3 >= len(src) || j+2 > len(dst) {
				break loop
			}
			b1, b2, b3 := src[i+1], src[i+2], src[i+3]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || b3&0xC0 != 0x80 {
				break loop
			}
			r := rune(c&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(b3&0x3F)
			if r < 0x10000 || r > utf8x.MaxRune || c > 0xF4 {
				break loop
			}
			r -= 0x10000
			dst[j] = uint16(0xD800 + r>>10)
			dst[j+1] = uint16(0xDC00 + r&0x3FF)
			i += 4
			j += 2
		}
	}
	return j, i
}

// AppendUTF16ToUTF8 appends the UTF-8 encoding of src, UTF-16 code units, to
// dst and returns the extended buffer. It does not allocate when dst has room
// for UTF8LenFromUTF16(src) more bytes. A lone surrogate stops it with an
// *Error whose Offset and Len count code units.
func AppendUTF16ToUTF8(dst []byte, src []uint16) ([]byte, error) {
	i := 0
	for {
		n := len(dst)
		d, s := unitsToUTF8(dst[n:cap(dst)], src[i:])
		dst = dst[:n+d]
		i += s
		if i == len(src) {
			return dst, nil
		}
		u := src[i]
		if u&0xF800 == 0xD800 && (u >= 0xDC00 || i+1 == len(src) || src[i+1]&0xFC00 != 0xDC00) {
			return dst, &Error{Offset: i, Len: 1, Kind: utf8x.LoneSurrogate, Encoding: "UTF-16", where: "code unit"}
		}
		dst = slices.Grow(dst, 3*(len(src)-i))
	}
}

// unitsToUTF8Go is utf16ToUTF8Go for a []uint16 source.
func unitsToUTF8Go(dst []byte, src []uint16) (nDst, nSrc int) {
	i, j := 0, 0
loop:
	for i < len(src) {
		for i+4 <= len(src) && j+4 <= len(dst) {
			s := src[i : i+4 : i+4]
			if (s[0]|s[1]|s[2]|s[3])&0xFF80 != 0 {
				break
			}
			d := dst[j : j+4 : j+4]
			d[0], d[1], d[2], d[3] = byte(s[0]), byte(s[1]), byte(s[2]), byte(s[3])
			i += 4
			j += 4
		}
		if i == len(src) {
			break
		}
		u := src[i]
		switch {
		case u < 0x80:
			if j+1 > len(dst) {
				break loop
			}
			dst[j] = byte(u)
			i++
			j++
		case u < 0x800:
			if j+2 > len(dst) {
				break loop
			}
			dst[j] = 0xC0 | byte(u>>6)
			dst[j+1] = 0x80 | byte(u)&0x3F
			i++
			j += 2
		case u&0xF800 != 0xD800:
			if j+3 > len(dst) {
				break loop
			}
			dst[j] = 0xE0 | byte(u>>12)
			dst[j+1] = 0x80 | byte(u>>6)&0x3F
			dst[j+2] = 0x80 | byte(u)&0x3F
			i++
			j += 3
		default:
			if u >= 0xDC00 || i+2 > len(src) || j+4 > len(dst) || src[i+1]&0xFC00 != 0xDC00 {
				break loop
			}
			r := 0x10000 + (rune(u)-0xD800)<<10 + rune(src[i+1]) - 0xDC00
			dst[j] = 0xF0 | byte(r>>18)
			dst[j+1] = 0x80 | byte(r>>12)&0x3F
			dst[j+2] = 0x80 | byte(r>>6)&0x3F
			dst[j+3] = 0x80 | byte(r)&0x3F
			i += 2
			j += 4
		}
	}
	return j, i
}

// UTF8LenFromUTF16 returns the number of bytes of the UTF-8 conversion of src,
// counting 3 bytes (a U+FFFD) for each lone surrogate.
func UTF8LenFromUTF16(src []uint16) int {
	n := 0
	for i := 0; i < len(src); i++ {
		u := src[i]
		switch {
		case u < 0x80:
			n++
		case u < 0x800:
			n += 2
		case u < 0xD800 || u > 0xDBFF || i+1 == len(src) || src[i+1]&0xFC00 != 0xDC00:
			n += 3
		default:
			n += 4
			i++
		}
	}
	return n
}
