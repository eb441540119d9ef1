package transcode

import (
	"encoding/binary"

	"github.com/utf8x/utf8x"
)

// UTF-16 in bytes: the forms, the kernels to and from UTF-8, the direct
// slice functions and the lengths. UTF-16 as Go []uint16 is in units.go.

var (
	utf16LEForm = &form{
		name:   "UTF-16LE",
		labels: []string{"utf-16le", "utf16le", "unicodefeff"},
		id:     utf16LEID, maxLen: 4, unit: 2, bom: "\xFF\xFE",
		fromUTF8: utf8ToUTF16LEConv, toUTF8: utf16LEToUTF8Conv,
	}
	utf16BEForm = &form{
		name:   "UTF-16BE",
		labels: []string{"utf-16be", "utf16be", "unicodefffe"},
		id:     utf16BEID, maxLen: 4, unit: 2, bom: "\xFE\xFF",
		fromUTF8: utf8ToUTF16BEConv, toUTF8: utf16BEToUTF8Conv,
	}
	utf16Form = &form{
		name:   "UTF-16",
		labels: []string{"utf-16", "utf16"},
		id:     utf16ID, maxLen: 4, unit: 2, bom: "\xFF\xFE",
		auto: &[2]*form{utf16BEForm, utf16LEForm},
	}
)

func decodeUTF16LE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF16(p, atEOF, false)
}

func decodeUTF16BE(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	return decodeUTF16(p, atEOF, true)
}

// decodeUTF16 reads one character. A high surrogate not followed by a low one,
// at the end of the input included, and a low surrogate on its own are each a
// 2-byte LoneSurrogate; a last odd byte is a 1-byte Truncated unit. A high
// surrogate followed only by a last odd byte is one 3-byte Truncated unit, a
// pair cut short, as the WHATWG Encoding Standard, Python and ICU read it (one
// U+FFFD, not two).
func decodeUTF16(p []byte, atEOF bool, be bool) (rune, int, utf8x.ErrorKind) {
	if len(p) < 2 {
		return short(p, atEOF)
	}
	u := rune(get16(p, be))
	switch {
	case u < 0xD800 || u > 0xDFFF:
		return u, 2, 0
	case u >= 0xDC00:
		return utf8x.RuneError, 2, utf8x.LoneSurrogate
	case len(p) < 4:
		if !atEOF {
			return 0, 0, 0
		}
		if len(p) == 3 {
			return utf8x.RuneError, 3, utf8x.Truncated
		}
		return utf8x.RuneError, 2, utf8x.LoneSurrogate
	}
	v := rune(get16(p[2:], be))
	if v < 0xDC00 || v > 0xDFFF {
		return utf8x.RuneError, 2, utf8x.LoneSurrogate
	}
	return 0x10000 + (u-0xD800)<<10 + (v - 0xDC00), 4, 0
}

func encodeUTF16LE(p []byte, r rune) int { return encodeUTF16(p, r, false) }
func encodeUTF16BE(p []byte, r rune) int { return encodeUTF16(p, r, true) }

func encodeUTF16(p []byte, r rune, be bool) int {
	if r < 0x10000 {
		if len(p) < 2 {
			return 0
		}
		put16(p, uint16(r), be)
		return 2
	}
	if len(p) < 4 {
		return 0
	}
	r -= 0x10000
	put16(p, uint16(0xD800+r>>10), be)
	put16(p[2:], uint16(0xDC00+r&0x3FF), be)
	return 4
}

func utf8ToUTF16LEGo(dst, src []byte) (int, int) { return utf8ToUTF16Go[littleEndian](dst, src) }
func utf8ToUTF16BEGo(dst, src []byte) (int, int) { return utf8ToUTF16Go[bigEndian](dst, src) }

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

// widen spreads the four bytes of x into the low bytes of four 16-bit lanes:
// four ASCII characters as UTF-16LE.
func widen(x uint32) uint64 {
	t := uint64(x)
	t = (t | t<<16) & 0x0000FFFF0000FFFF
	return (t | t<<8) & 0x00FF00FF00FF00FF
}

// narrow is the inverse of widen: the low bytes of four 16-bit lanes.
func narrow(x uint64) uint32 {
	x = (x | x>>8) & 0x0000FFFF0000FFFF
	return uint32(x | x>>16)
}

// utf8ToUTF16Go is the scalar kernel from UTF-8 to UTF-16 in the byte order
// O. It stops at the first byte that does not start a well-formed character,
// and where dst has no room for the next one.
func utf8ToUTF16Go[O order](dst, src []byte) (nDst, nSrc int) {
	be := isBig[O]()
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
				put16(dst[j:j+2:j+2], uint16(c), be)
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
			put16(dst[j:j+2:j+2], uint16(c&0x1F)<<6|uint16(src[i+1]&0x3F), be)
			i += 2
			j += 2
		case c < 0xF0:
			// A run of 3-byte characters (CJK text) stays in this loop.
			for {
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
				put16(dst[j:j+2:j+2], r, be)
				i += 3
				j += 2
				if i >= len(src) || j+2 > len(dst) {
					break
				}
				if c = src[i]; c&0xF0 != 0xE0 {
					break
				}
			}
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
			d := dst[j : j+4 : j+4]
			put16(d, uint16(0xD800+r>>10), be)
			put16(d[2:], uint16(0xDC00+r&0x3FF), be)
			i += 4
			j += 4
		}
	}
	return j, i
}

func utf16LEToUTF8Go(dst, src []byte) (int, int) { return utf16ToUTF8Go[littleEndian](dst, src) }
func utf16BEToUTF8Go(dst, src []byte) (int, int) { return utf16ToUTF8Go[bigEndian](dst, src) }

// utf16ToUTF8Go is the scalar kernel from UTF-16 in the byte order O to
// UTF-8. It stops at a lone surrogate, at an incomplete unit or pair, and
// where dst is full.
func utf16ToUTF8Go[O order](dst, src []byte) (nDst, nSrc int) {
	be := isBig[O]()
	// In a word loaded little-endian, a unit's high byte is the odd byte for
	// UTF-16LE and the even one for UTF-16BE.
	var nonASCII uint64 = 0xFF80FF80FF80FF80
	if be {
		nonASCII = 0x80FF80FF80FF80FF
	}
	i, j := 0, 0
	// Full slice expressions leave one bounds check per group of accesses;
	// plain src[i:] costs these loops a third of their speed.
loop:
	for i+2 <= len(src) {
		u := get16(src[i:i+2:i+2], be)
		switch {
		case u < 0x80:
			if j+1 > len(dst) {
				break loop
			}
			dst[j] = byte(u)
			i += 2
			j++
			// Whole words of ASCII, 8 units then 4 at a time, but only
			// after an ASCII unit: trying at every unit costs text without
			// ASCII a fifth of its speed.
			for i+16 <= len(src) && j+8 <= len(dst) {
				s := src[i : i+16 : i+16]
				x, y := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])
				if (x|y)&nonASCII != 0 {
					break
				}
				if be {
					x >>= 8
					y >>= 8
				}
				binary.LittleEndian.PutUint64(dst[j:j+8:j+8], uint64(narrow(x))|uint64(narrow(y))<<32)
				i += 16
				j += 8
			}
			for i+8 <= len(src) && j+4 <= len(dst) {
				x := binary.LittleEndian.Uint64(src[i : i+8 : i+8])
				if x&nonASCII != 0 {
					break
				}
				if be {
					x >>= 8
				}
				binary.LittleEndian.PutUint32(dst[j:j+4:j+4], narrow(x))
				i += 8
				j += 4
			}
		case u < 0x800:
			if j+2 > len(dst) {
				break loop
			}
			d := dst[j : j+2 : j+2]
			d[0] = 0xC0 | byte(u>>6)
			d[1] = 0x80 | byte(u)&0x3F
			i += 2
			j += 2
		case u&0xF800 != 0xD800:
			if j+3 > len(dst) {
				break loop
			}
			d := dst[j : j+3 : j+3]
			d[0] = 0xE0 | byte(u>>12)
			d[1] = 0x80 | byte(u>>6)&0x3F
			d[2] = 0x80 | byte(u)&0x3F
			i += 2
			j += 3
		default:
			if u >= 0xDC00 || i+4 > len(src) || j+4 > len(dst) {
				break loop
			}
			v := get16(src[i+2:i+4:i+4], be)
			if v&0xFC00 != 0xDC00 {
				break loop
			}
			r := 0x10000 + (rune(u)-0xD800)<<10 + rune(v) - 0xDC00
			d := dst[j : j+4 : j+4]
			d[0] = 0xF0 | byte(r>>18)
			d[1] = 0x80 | byte(r>>12)&0x3F
			d[2] = 0x80 | byte(r>>6)&0x3F
			d[3] = 0x80 | byte(r)&0x3F
			i += 4
			j += 4
		}
	}
	return j, i
}

// AppendUTF8ToUTF16LE appends the UTF-16LE encoding of src, UTF-8, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, 2*utf8x.UTF16Len(src) bytes. On ill-formed input it stops with an
// *Error, dst holding the conversion of the valid prefix.
func AppendUTF8ToUTF16LE(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf8ToUTF16LEConv)
}

// AppendUTF8ToUTF16BE is like AppendUTF8ToUTF16LE but writes UTF-16BE.
func AppendUTF8ToUTF16BE(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf8ToUTF16BEConv)
}

// AppendUTF16LEToUTF8 appends the UTF-8 encoding of src, UTF-16LE, to dst and
// returns the extended buffer. It does not allocate when dst has room for the
// result, UTF8LenFromUTF16LE(src) bytes. A lone surrogate or a last odd byte
// stops it with an *Error, dst holding the conversion of the valid prefix.
func AppendUTF16LEToUTF8(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf16LEToUTF8Conv)
}

// AppendUTF16BEToUTF8 is like AppendUTF16LEToUTF8 but reads UTF-16BE.
func AppendUTF16BEToUTF8(dst, src []byte) ([]byte, error) {
	return appendStrict(dst, src, utf16BEToUTF8Conv)
}

// UTF16LenFromUTF8 returns the number of UTF-16 code units (not bytes) the
// conversion of src needs, counting one, the U+FFFD that replaces it, for each
// ill-formed maximal subpart.
//
// Deprecated: use utf8x.UTF16Len, which it is. This package's length
// functions are those of the conversions to UTF-8 (UTF8LenFromUTF16LE, ...),
// which utf8x cannot give.
func UTF16LenFromUTF8(src []byte) int { return utf8x.UTF16Len(src) }

// UTF8LenFromUTF16LE returns the number of bytes of the UTF-8 conversion of
// src, UTF-16LE, counting 3 bytes (a U+FFFD) for each lone surrogate and for a
// last odd byte (one U+FFFD for both when the odd byte follows a high
// surrogate): the length of the strict conversion of valid input, and of the
// Replace policy's output otherwise.
func UTF8LenFromUTF16LE(src []byte) int { return utf8LenFromUTF16[littleEndian](src) }

// UTF8LenFromUTF16BE is like UTF8LenFromUTF16LE but reads UTF-16BE.
func UTF8LenFromUTF16BE(src []byte) int { return utf8LenFromUTF16[bigEndian](src) }

func utf8LenFromUTF16[O order](src []byte) int {
	be := isBig[O]()
	var nonASCII uint64 = 0xFF80FF80FF80FF80
	if be {
		nonASCII = 0x80FF80FF80FF80FF
	}
	n := 0
	// The bound i < len(src)-1 (not i+2 <= len(src)) is the form that lets
	// the compiler drop the bounds checks of unit16.
	for i := 0; i < len(src)-1; i += 2 {
		u := unit16(src, i, be)
		switch {
		case u < 0x80:
			n++
			// Whole words of ASCII are skipped, but only after an ASCII
			// unit: trying at every unit would double the time on text
			// without ASCII.
			for i < len(src)-9 && binary.LittleEndian.Uint64(src[i+2:i+10:i+10])&nonASCII == 0 {
				i += 8
				n += 4
			}
		case u < 0x800:
			n += 2
		case u < 0xD800 || u > 0xDBFF:
			n += 3 // a BMP character, or U+FFFD for a lone low surrogate
		case i < len(src)-3 && unit16(src, i+2, be)&0xFC00 == 0xDC00:
			n += 4
			i += 2
		default:
			// U+FFFD for a lone high surrogate; one for it and a last odd
			// byte after it.
			n += 3
			if i == len(src)-3 {
				return n
			}
		}
	}
	return n + 3*(len(src)&1)
}
