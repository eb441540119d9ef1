package transcode

import (
	"cmp"
	"slices"
	"unsafe"

	"github.com/utf8x/utf8x"
)

// UTF-16 as Go []uint16, to and from UTF-8: the direct slice functions and
// the length. A []uint16 is UTF-16 in the machine's byte order in memory, so
// these run the byte kernels of that order (vector and scalar) on a byte view
// of the units instead of keeping loops of their own.

// bytesOf views u as its bytes.
func bytesOf(u []uint16) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(u))), 2*len(u))
}

// utf8ToUnits is the accelerated kernel from UTF-8 to code units.
func utf8ToUnits(dst []uint16, src []byte) (nDst, nSrc int) {
	c := utf8ToUTF16LEConv
	if nativeBig {
		c = utf8ToUTF16BEConv
	}
	d, s := accelerate(bytesOf(dst), src, c)
	return d / 2, s
}

// unitsToUTF8 is the accelerated kernel from code units to UTF-8.
func unitsToUTF8(dst []byte, src []uint16) (nDst, nSrc int) {
	c := utf16LEToUTF8Conv
	if nativeBig {
		c = utf16BEToUTF8Conv
	}
	d, s := accelerate(dst, bytesOf(src), c)
	return d, s / 2
}

// AppendUTF8ToUTF16 appends the UTF-16 code units of src, UTF-8, to dst and
// returns the extended slice, as utf16.AppendRune would one character at a
// time. It does not allocate when dst has room for utf8x.UTF16Len(src) more
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
			return dst, newUnitError("UTF-16", i, utf8x.LoneSurrogate)
		}
		dst = slices.Grow(dst, 3*(len(src)-i))
	}
}

// UTF8LenFromUTF16 returns the number of bytes of the UTF-8 conversion of src,
// counting 3 bytes (a U+FFFD) for each lone surrogate.
func UTF8LenFromUTF16(src []uint16) int {
	if nativeBig {
		return utf8LenFromUTF16[bigEndian](bytesOf(src))
	}
	return utf8LenFromUTF16[littleEndian](bytesOf(src))
}

// CompareUTF16 compares a and b, UTF-16 code units, in code point order and
// returns -1, 0 or +1 as strings.Compare does: the order of the same text
// in UTF-8 (bytes.Compare) or UTF-32. Comparing the units themselves
// (slices.Compare, or the bytes of UTF-16BE) is a different order: the
// characters beyond U+FFFF, whose surrogates are D800-DFFF, sort below
// U+E000-U+FFFF there. A lone surrogate counts as its own value, between
// U+D7FF and U+E000 (the order of the same units in WTF-8); a surrogate pair
// counts as the character it encodes. A string sorts before every longer
// string it begins.
func CompareUTF16(a, b []uint16) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	if a[i] < 0xD800 || b[i] < 0xD800 {
		// One of them is below every surrogate: the units order them.
		return cmp.Compare(a[i], b[i])
	}
	return cmp.Compare(unitOrder(a, i), unitOrder(b, i))
}

// unitOrder returns s[i] as a key of code point order among units at or
// above D800 where the strings before i are equal: half of a surrogate pair
// moves above FFFF (the character it belongs to is beyond U+FFFF); a lone
// surrogate and U+E000-U+FFFF keep their own values. Two halves of pairs
// compare as their characters do, since the halves before i are equal.
func unitOrder(s []uint16, i int) uint32 {
	u := s[i]
	switch {
	case u&0xFC00 == 0xD800 && i+1 < len(s) && s[i+1]&0xFC00 == 0xDC00:
		return 0x10000 + uint32(u)
	case u&0xFC00 == 0xDC00 && i > 0 && s[i-1]&0xFC00 == 0xD800:
		return 0x10000 + uint32(u)
	}
	return uint32(u)
}
