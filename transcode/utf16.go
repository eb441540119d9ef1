package transcode

import (
	"encoding/binary"
	"slices"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/transkernel"
)

// UTF-8 <-> UTF-16: the kernels, the direct slice functions and the lengths.

func utf8ToUTF16LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF8ToUTF16LE, utf8ToUTF16LEGo)
}

func utf8ToUTF16BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF8ToUTF16BE, utf8ToUTF16BEGo)
}

func utf8ToUTF16LEGo(dst, src []byte) (int, int) { return utf8ToUTF16Go(dst, src, false) }
func utf8ToUTF16BEGo(dst, src []byte) (int, int) { return utf8ToUTF16Go(dst, src, true) }

// put16 stores one code unit in the byte order be selects.
func put16(p []byte, u uint16, be bool) {
	if be {
		binary.BigEndian.PutUint16(p, u)
	} else {
		binary.LittleEndian.PutUint16(p, u)
	}
}

func get16(p []byte, be bool) uint16 {
	if be {
		return binary.BigEndian.Uint16(p)
	}
	return binary.LittleEndian.Uint16(p)
}

// widenASCII converts the longest ASCII prefix of src that is a whole number
// of 8-byte words and fits in dst to UTF-16, 16 bytes per round while it can,
// and returns the number of bytes converted. shift is 0 for little-endian
// output and 8 for big-endian.
func widenASCII(dst, src []byte, shift uint) int {
	n := 0
	for len(src)-n >= 16 && len(dst)-2*n >= 32 {
		s := src[n : n+16 : n+16]
		x, y := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])
		if (x|y)&hiBits != 0 {
			break
		}
		d := dst[2*n : 2*n+32 : 2*n+32]
		binary.LittleEndian.PutUint64(d, widen(uint32(x))<<shift)
		binary.LittleEndian.PutUint64(d[8:], widen(uint32(x>>32))<<shift)
		binary.LittleEndian.PutUint64(d[16:], widen(uint32(y))<<shift)
		binary.LittleEndian.PutUint64(d[24:], widen(uint32(y>>32))<<shift)
		n += 16
	}
	if len(src)-n >= 8 && len(dst)-2*n >= 16 {
		x := binary.LittleEndian.Uint64(src[n:])
		if x&hiBits == 0 {
			d := dst[2*n : 2*n+16 : 2*n+16]
			binary.LittleEndian.PutUint64(d, widen(uint32(x))<<shift)
			binary.LittleEndian.PutUint64(d[8:], widen(uint32(x>>32))<<shift)
			n += 8
		}
	}
	return n
}

// utf8ToUTF16Go is the scalar kernel from UTF-8 to UTF-16 in either byte
// order. It stops at the first byte that does not start a well-formed
// character, and where dst has no room for the next one.
func utf8ToUTF16Go(dst, src []byte, be bool) (nDst, nSrc int) {
	shift := uint(0) // moves an ASCII byte to the low byte of its unit in memory
	if be {
		shift = 8
	}
	i, j := 0, 0
loop:
	for i < len(src) {
		c := src[i]
		if c < utf8x.RuneSelf {
			// Only a run of at least 8 ASCII bytes pays for the call.
			if i+8 <= len(src) && binary.LittleEndian.Uint64(src[i:])&hiBits == 0 {
				n := widenASCII(dst[j:], src[i:], shift)
				i += n
				j += 2 * n
			}
			if i == len(src) {
				break
			}
			if c = src[i]; c < utf8x.RuneSelf {
				if j+2 > len(dst) {
					break
				}
				put16(dst[j:], uint16(c), be)
				i++
				j += 2
				continue
			}
		}
		if j+2 > len(dst) {
			break
		}
		switch {
		case c < 0xE0:
			if c < 0xC2 || i+1 >= len(src) || src[i+1]&0xC0 != 0x80 {
				break loop
			}
			put16(dst[j:], uint16(c&0x1F)<<6|uint16(src[i+1]&0x3F), be)
			i += 2
			j += 2
		case c < 0xF0:
			if i+2 >= len(src) {
				break loop
			}
			b1, b2 := src[i+1], src[i+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 {
				break loop
			}
			r := uint16(c&0x0F)<<12 | uint16(b1&0x3F)<<6 | uint16(b2&0x3F)
			if r < 0x800 || r&0xF800 == 0xD800 { // overlong or a surrogate
				break loop
			}
			put16(dst[j:], r, be)
			i += 3
			j += 2
		default:
			if i+3 >= len(src) || j+4 > len(dst) {
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
			put16(dst[j:], uint16(0xD800+r>>10), be)
			put16(dst[j+2:], uint16(0xDC00+r&0x3FF), be)
			i += 4
			j += 4
		}
	}
	return j, i
}

func utf16LEToUTF8(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16LEToUTF8, utf16LEToUTF8Go)
}

func utf16BEToUTF8(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16BEToUTF8, utf16BEToUTF8Go)
}

func utf16LEToUTF8Go(dst, src []byte) (int, int) { return utf16ToUTF8Go(dst, src, false) }
func utf16BEToUTF8Go(dst, src []byte) (int, int) { return utf16ToUTF8Go(dst, src, true) }

// utf16ToUTF8Go is the scalar kernel from UTF-16 in either byte order to
// UTF-8. It stops at a lone surrogate, at an incomplete unit or pair, and
// where dst is full.
func utf16ToUTF8Go(dst, src []byte, be bool) (nDst, nSrc int) {
	// In a word loaded little-endian, a unit's high byte is the odd byte for
	// UTF-16LE and the even one for UTF-16BE.
	var nonASCII uint64 = 0xFF80FF80FF80FF80
	if be {
		nonASCII = 0x80FF80FF80FF80FF
	}
	i, j := 0, 0
loop:
	for i+2 <= len(src) {
		for i+8 <= len(src) && j+4 <= len(dst) {
			x := binary.LittleEndian.Uint64(src[i:])
			if x&nonASCII != 0 {
				break
			}
			if be {
				x >>= 8
			}
			binary.LittleEndian.PutUint32(dst[j:], narrow(x))
			i += 8
			j += 4
		}
		if i+2 > len(src) {
			break
		}
		u := get16(src[i:], be)
		switch {
		case u < 0x80:
			if j+1 > len(dst) {
				break loop
			}
			dst[j] = byte(u)
			i += 2
			j++
		case u < 0x800:
			if j+2 > len(dst) {
				break loop
			}
			dst[j] = 0xC0 | byte(u>>6)
			dst[j+1] = 0x80 | byte(u)&0x3F
			i += 2
			j += 2
		case u&0xF800 != 0xD800:
			if j+3 > len(dst) {
				break loop
			}
			dst[j] = 0xE0 | byte(u>>12)
			dst[j+1] = 0x80 | byte(u>>6)&0x3F
			dst[j+2] = 0x80 | byte(u)&0x3F
			i += 2
			j += 3
		default:
			if u >= 0xDC00 || i+4 > len(src) || j+4 > len(dst) {
				break loop
			}
			v := get16(src[i+2:], be)
			if v&0xFC00 != 0xDC00 {
				break loop
			}
			r := 0x10000 + (rune(u)-0xD800)<<10 + rune(v) - 0xDC00
			dst[j] = 0xF0 | byte(r>>18)
			dst[j+1] = 0x80 | byte(r>>12)&0x3F
			dst[j+2] = 0x80 | byte(r>>6)&0x3F
			dst[j+3] = 0x80 | byte(r)&0x3F
			i += 4
			j += 4
		}
	}
	return j, i
}

// appendStrict runs kernel k over src into the spare capacity of dst, growing
// dst only when k stops for lack of room, and converting what k leaves to the
// per-unit code. grow(n) bounds the output of n more input bytes.
func appendStrict(dst, src []byte, k kernel, from, to *form, grow func(int) int) ([]byte, error) {
	i := 0
	for {
		n := len(dst)
		d, s := k(dst[n:cap(dst)], src[i:])
		dst = dst[:n+d]
		i += s
		if i == len(src) {
			return dst, nil
		}
		r, l, kind := from.decode(src[i:], true)
		if kind != 0 {
			return dst, newError(from, src, i, l, kind)
		}
		w := to.encode(dst[len(dst):cap(dst)], r)
		switch {
		case w < 0:
			return dst, newUnrepresentable(to, src, i, l, r)
		case w == 0:
			dst = slices.Grow(dst, grow(len(src)-i))
		default:
			dst = dst[:len(dst)+w]
			i += l
		}
	}
}

func twice(n int) int       { return 2 * n }
func threeHalves(n int) int { return (3*n + 1) / 2 }

// AppendUTF8ToUTF16LE appends the UTF-16LE encoding of src, UTF-8, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, 2*UTF16LenFromUTF8(src) bytes. On ill-formed input it stops with an
// *Error, dst holding the conversion of the valid prefix.
func AppendUTF8ToUTF16LE(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf8ToUTF16LE, utf8Form, utf16LEForm, twice)
}

// AppendUTF8ToUTF16BE is like AppendUTF8ToUTF16LE but writes UTF-16BE.
func AppendUTF8ToUTF16BE(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf8ToUTF16BE, utf8Form, utf16BEForm, twice)
}

// AppendUTF16LEToUTF8 appends the UTF-8 encoding of src, UTF-16LE, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, UTF8LenFromUTF16LE(src) bytes. A lone surrogate or a last odd byte
// stops it with an *Error, dst holding the conversion of the valid prefix.
func AppendUTF16LEToUTF8(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf16LEToUTF8, utf16LEForm, utf8Form, threeHalves)
}

// AppendUTF16BEToUTF8 is like AppendUTF16LEToUTF8 but reads UTF-16BE.
func AppendUTF16BEToUTF8(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf16BEToUTF8, utf16BEForm, utf8Form, threeHalves)
}

// UTF16LenFromUTF8 returns the number of UTF-16 code units (not bytes) the
// conversion of src needs, counting one, the U+FFFD that replaces it, for each
// ill-formed maximal subpart. It is utf8x.UTF16Len, here to be found beside
// the conversions.
func UTF16LenFromUTF8(src []byte) int { return utf8x.UTF16Len(src) }

// UTF8LenFromUTF16LE returns the number of bytes of the UTF-8 conversion of
// src, UTF-16LE, counting 3 bytes (a U+FFFD) for each lone surrogate and for a
// last odd byte (one U+FFFD for both when the odd byte follows a high
// surrogate): the length of the strict conversion of valid input, and of the
// Replace policy's output otherwise.
func UTF8LenFromUTF16LE(src []byte) int { return utf8LenFromUTF16(src, false) }

// UTF8LenFromUTF16BE is like UTF8LenFromUTF16LE but reads UTF-16BE.
func UTF8LenFromUTF16BE(src []byte) int { return utf8LenFromUTF16(src, true) }

func utf8LenFromUTF16(src []byte, be bool) int {
	var nonASCII uint64 = 0xFF80FF80FF80FF80
	if be {
		nonASCII = 0x80FF80FF80FF80FF
	}
	n, i := 0, 0
	for i+2 <= len(src) {
		for i+8 <= len(src) && binary.LittleEndian.Uint64(src[i:])&nonASCII == 0 {
			i += 8
			n += 4
		}
		if i+2 > len(src) {
			break
		}
		u := get16(src[i:], be)
		i += 2
		switch {
		case u < 0x80:
			n++
		case u < 0x800:
			n += 2
		case u < 0xD800 || u > 0xDBFF:
			n += 3 // a BMP character or U+FFFD for a lone low surrogate
		case i+2 > len(src):
			n += 3 // U+FFFD for a high surrogate at the end, with a last odd byte if any
			i = len(src)
		case get16(src[i:], be)&0xFC00 == 0xDC00:
			n += 4
			i += 2
		default:
			n += 3
		}
	}
	if i < len(src) {
		n += 3
	}
	return n
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
		d, s := accelerate(dst[n:cap(dst)], src[i:], transkernel.MinLen, transkernel.UTF8ToUnits, utf8ToUnitsGo)
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
		d, s := accelerate(dst[n:cap(dst)], src[i:], transkernel.MinLen, transkernel.UnitsToUTF8, unitsToUTF8Go)
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
