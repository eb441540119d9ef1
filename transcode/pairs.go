package transcode

import "github.com/utf8x/utf8x"

// The kernels between UTF-16 and UTF-32 and between the byte orders of each,
// for Converter: each pairs the vector kernel of internal/convkernel with
// a scalar kernel (accelerate, through its conv id) that converts one unit
// at a time and stops where Converter's per-unit loop would have to act: an
// ill-formed unit, a unit cut off, a full dst.

// pairKernel returns the kernel from form from to form to, or noConv. It
// switches on one pointer and then the other: a switch on the pair as an
// array compared each case with runtime.memequal, a fifth of the time of
// a Converter's Append of 64 bytes.
func pairKernel(from, to *form) conv {
	switch from {
	case utf16LEForm:
		switch to {
		case utf16BEForm:
			return utf16LEToUTF16BEConv
		case utf32LEForm:
			return utf16LEToUTF32LEConv
		case utf32BEForm:
			return utf16LEToUTF32BEConv
		}
	case utf16BEForm:
		switch to {
		case utf16LEForm:
			return utf16BEToUTF16LEConv
		case utf32LEForm:
			return utf16BEToUTF32LEConv
		case utf32BEForm:
			return utf16BEToUTF32BEConv
		}
	case utf32LEForm:
		switch to {
		case utf16LEForm:
			return utf32LEToUTF16LEConv
		case utf16BEForm:
			return utf32LEToUTF16BEConv
		case utf32BEForm:
			return utf32LEToUTF32BEConv
		}
	case utf32BEForm:
		switch to {
		case utf16LEForm:
			return utf32BEToUTF16LEConv
		case utf16BEForm:
			return utf32BEToUTF16BEConv
		case utf32LEForm:
			return utf32BEToUTF32LEConv
		}
	}
	return noConv
}

// utf16ToUTF32Go is the scalar kernel from UTF-16 to UTF-32; it stops at a
// lone surrogate and at a high surrogate with nothing after it.
func utf16ToUTF32Go(dst, src []byte, inBE, outBE bool) (nDst, nSrc int) {
	i, j := 0, 0
	for i+2 <= len(src) && j+4 <= len(dst) {
		u := rune(get16(src[i:], inBE))
		n := 2
		if u >= 0xD800 && u <= 0xDFFF {
			if u >= 0xDC00 || i+4 > len(src) {
				break
			}
			v := rune(get16(src[i+2:], inBE))
			if v < 0xDC00 || v > 0xDFFF {
				break
			}
			u = 0x10000 + (u-0xD800)<<10 + (v - 0xDC00)
			n = 4
		}
		put32(dst[j:], uint32(u), outBE)
		i += n
		j += 4
	}
	return j, i
}

// utf32ToUTF16Go is the scalar kernel from UTF-32 to UTF-16; it stops at a
// surrogate code point and a value above U+10FFFF.
func utf32ToUTF16Go(dst, src []byte, inBE, outBE bool) (nDst, nSrc int) {
	i, j := 0, 0
	for i+4 <= len(src) {
		v := get32(src[i:], inBE)
		switch {
		case v < 0xD800 || v >= 0xE000 && v <= 0xFFFF:
			if j+2 > len(dst) {
				return j, i
			}
			put16(dst[j:], uint16(v), outBE)
			j += 2
		case v >= 0x10000 && v <= 0x10FFFF:
			if j+4 > len(dst) {
				return j, i
			}
			v -= 0x10000
			put16(dst[j:], uint16(0xD800+v>>10), outBE)
			put16(dst[j+2:], uint16(0xDC00+v&0x3FF), outBE)
			j += 4
		default:
			return j, i
		}
		i += 4
	}
	return j, i
}

// swapUnits is the scalar kernel of the byte-order swaps: UTF-16 (or
// UTF-32, with wide) read in one byte order and written in the other, up to
// the first unit that is not a scalar value or a whole surrogate pair.
func swapUnits(dst, src []byte, wide, fromBE bool) (nDst, nSrc int) {
	i, j := 0, 0
	for i < len(src) {
		var r rune
		var n, w int
		var kind utf8x.ErrorKind
		if wide {
			r, n, kind = decodeUTF32(src[i:], false, fromBE)
		} else {
			r, n, kind = decodeUTF16(src[i:], false, fromBE)
		}
		if n == 0 || kind != 0 {
			break
		}
		if wide {
			w = encodeUTF32(dst[j:], r, !fromBE)
		} else {
			w = encodeUTF16(dst[j:], r, !fromBE)
		}
		if w <= 0 {
			break
		}
		i += n
		j += w
	}
	return j, i
}

func utf16LEToUTF16BEGo(dst, src []byte) (int, int) {
	return swapUnits(dst, src, false, false)
}

func utf16LEToUTF32LEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, false, false)
}

func utf16LEToUTF32BEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, false, true)
}

func utf16BEToUTF16LEGo(dst, src []byte) (int, int) {
	return swapUnits(dst, src, false, true)
}

func utf16BEToUTF32LEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, true, false)
}

func utf16BEToUTF32BEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, true, true)
}

func utf32LEToUTF16LEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, false, false)
}

func utf32LEToUTF16BEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, false, true)
}

func utf32LEToUTF32BEGo(dst, src []byte) (int, int) {
	return swapUnits(dst, src, true, false)
}

func utf32BEToUTF16LEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, true, false)
}

func utf32BEToUTF16BEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, true, true)
}

func utf32BEToUTF32LEGo(dst, src []byte) (int, int) {
	return swapUnits(dst, src, true, true)
}
