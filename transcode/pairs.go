package transcode

import "github.com/utf8x/utf8x/internal/transkernel"

// The kernels between UTF-16 and UTF-32 and between the byte orders of each,
// for Converter: each pairs the vector kernel of internal/transkernel with
// convertUnits, the scalar kernel, which converts one unit at a time with
// the forms' own decode and encode and stops where Converter's per-unit
// loop would have to act: an ill-formed unit, a unit cut off, a full dst.

// pairKernel returns the kernel from form from to form to, or nil.
func pairKernel(from, to *form) kernel {
	switch [2]*form{from, to} {
	case [2]*form{utf16LEForm, utf16BEForm}:
		return utf16LEToUTF16BE
	case [2]*form{utf16LEForm, utf32LEForm}:
		return utf16LEToUTF32LE
	case [2]*form{utf16LEForm, utf32BEForm}:
		return utf16LEToUTF32BE
	case [2]*form{utf16BEForm, utf16LEForm}:
		return utf16BEToUTF16LE
	case [2]*form{utf16BEForm, utf32LEForm}:
		return utf16BEToUTF32LE
	case [2]*form{utf16BEForm, utf32BEForm}:
		return utf16BEToUTF32BE
	case [2]*form{utf32LEForm, utf16LEForm}:
		return utf32LEToUTF16LE
	case [2]*form{utf32LEForm, utf16BEForm}:
		return utf32LEToUTF16BE
	case [2]*form{utf32LEForm, utf32BEForm}:
		return utf32LEToUTF32BE
	case [2]*form{utf32BEForm, utf16LEForm}:
		return utf32BEToUTF16LE
	case [2]*form{utf32BEForm, utf16BEForm}:
		return utf32BEToUTF16BE
	case [2]*form{utf32BEForm, utf32LEForm}:
		return utf32BEToUTF32LE
	}
	return nil
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

// convertUnits is the scalar kernel from form from to form to, for forms
// whose decoders return only scalar values, which the encoders of to all
// hold.
func convertUnits(dst, src []byte, from, to *form) (nDst, nSrc int) {
	i, j := 0, 0
	for i < len(src) {
		r, n, kind := from.decode(src[i:], false)
		if n == 0 || kind != 0 {
			break
		}
		w := to.encode(dst[j:], r)
		if w <= 0 {
			break
		}
		i += n
		j += w
	}
	return j, i
}

func utf16LEToUTF16BE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf16LEToUTF16BEPair)
}

func utf16LEToUTF16BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16LEForm, utf16BEForm)
}

func utf16LEToUTF32LE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf16LEToUTF32LEPair)
}

func utf16LEToUTF32LEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, false, false)
}

func utf16LEToUTF32BE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf16LEToUTF32BEPair)
}

func utf16LEToUTF32BEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, false, true)
}

func utf16BEToUTF16LE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf16BEToUTF16LEPair)
}

func utf16BEToUTF16LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16BEForm, utf16LEForm)
}

func utf16BEToUTF32LE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf16BEToUTF32LEPair)
}

func utf16BEToUTF32LEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, true, false)
}

func utf16BEToUTF32BE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf16BEToUTF32BEPair)
}

func utf16BEToUTF32BEGo(dst, src []byte) (int, int) {
	return utf16ToUTF32Go(dst, src, true, true)
}

func utf32LEToUTF16LE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf32LEToUTF16LEPair)
}

func utf32LEToUTF16LEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, false, false)
}

func utf32LEToUTF16BE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf32LEToUTF16BEPair)
}

func utf32LEToUTF16BEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, false, true)
}

func utf32LEToUTF32BE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf32LEToUTF32BEPair)
}

func utf32LEToUTF32BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32LEForm, utf32BEForm)
}

func utf32BEToUTF16LE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf32BEToUTF16LEPair)
}

func utf32BEToUTF16LEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, true, false)
}

func utf32BEToUTF16BE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf32BEToUTF16BEPair)
}

func utf32BEToUTF16BEGo(dst, src []byte) (int, int) {
	return utf32ToUTF16Go(dst, src, true, true)
}

func utf32BEToUTF32LE(dst, src []byte) (int, int) {
	return acceleratePair(dst, src, utf32BEToUTF32LEPair)
}

func utf32BEToUTF32LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32BEForm, utf32LEForm)
}

// pairConv names a conversion between UTF-16 and UTF-32 forms, as conv does
// for the others. It is a type of its own because the scalar kernels read
// the forms, whose initializers reach accelerate: one switch for both would
// make an initialization cycle.
type pairConv uint8

const (
	utf16LEToUTF16BEPair pairConv = iota
	utf16LEToUTF32LEPair
	utf16LEToUTF32BEPair
	utf16BEToUTF16LEPair
	utf16BEToUTF32LEPair
	utf16BEToUTF32BEPair
	utf32LEToUTF16LEPair
	utf32LEToUTF16BEPair
	utf32LEToUTF32BEPair
	utf32BEToUTF16LEPair
	utf32BEToUTF16BEPair
	utf32BEToUTF32LEPair
)

// vector runs c's vector kernel.
func (c pairConv) vector(dst, src []byte) (nDst, nSrc int) {
	switch c {
	case utf16LEToUTF16BEPair:
		return transkernel.UTF16LEToBE(dst, src)
	case utf16LEToUTF32LEPair:
		return transkernel.UTF16LEToUTF32LE(dst, src)
	case utf16LEToUTF32BEPair:
		return transkernel.UTF16LEToUTF32BE(dst, src)
	case utf16BEToUTF16LEPair:
		return transkernel.UTF16BEToLE(dst, src)
	case utf16BEToUTF32LEPair:
		return transkernel.UTF16BEToUTF32LE(dst, src)
	case utf16BEToUTF32BEPair:
		return transkernel.UTF16BEToUTF32BE(dst, src)
	case utf32LEToUTF16LEPair:
		return transkernel.UTF32LEToUTF16LE(dst, src)
	case utf32LEToUTF16BEPair:
		return transkernel.UTF32LEToUTF16BE(dst, src)
	case utf32LEToUTF32BEPair:
		return transkernel.UTF32LEToBE(dst, src)
	case utf32BEToUTF16LEPair:
		return transkernel.UTF32BEToUTF16LE(dst, src)
	case utf32BEToUTF16BEPair:
		return transkernel.UTF32BEToUTF16BE(dst, src)
	case utf32BEToUTF32LEPair:
		return transkernel.UTF32BEToLE(dst, src)
	}
	return 0, 0
}

// scalar runs c's scalar kernel.
func (c pairConv) scalar(dst, src []byte) (nDst, nSrc int) {
	switch c {
	case utf16LEToUTF16BEPair:
		return utf16LEToUTF16BEGo(dst, src)
	case utf16LEToUTF32LEPair:
		return utf16LEToUTF32LEGo(dst, src)
	case utf16LEToUTF32BEPair:
		return utf16LEToUTF32BEGo(dst, src)
	case utf16BEToUTF16LEPair:
		return utf16BEToUTF16LEGo(dst, src)
	case utf16BEToUTF32LEPair:
		return utf16BEToUTF32LEGo(dst, src)
	case utf16BEToUTF32BEPair:
		return utf16BEToUTF32BEGo(dst, src)
	case utf32LEToUTF16LEPair:
		return utf32LEToUTF16LEGo(dst, src)
	case utf32LEToUTF16BEPair:
		return utf32LEToUTF16BEGo(dst, src)
	case utf32LEToUTF32BEPair:
		return utf32LEToUTF32BEGo(dst, src)
	case utf32BEToUTF16LEPair:
		return utf32BEToUTF16LEGo(dst, src)
	case utf32BEToUTF16BEPair:
		return utf32BEToUTF16BEGo(dst, src)
	case utf32BEToUTF32LEPair:
		return utf32BEToUTF32LEGo(dst, src)
	}
	return 0, 0
}

// acceleratePair is accelerate for the pair conversions.
func acceleratePair(dst, src []byte, c pairConv) (nDst, nSrc int) {
	minLen := transkernel.MinLen
	if !transkernel.Enabled() || len(src) < minLen {
		return c.scalar(dst, src)
	}
	i, j := 0, 0
	for {
		if len(src)-i >= minLen {
			d, s := c.vector(dst[j:], src[i:])
			i += s
			j += d
			if i == len(src) {
				return j, i
			}
		}
		end := min(len(src), i+scalarStep)
		d, s := c.scalar(dst[j:], src[i:end])
		i += s
		j += d
		if i == len(src) || s == 0 {
			return j, i
		}
	}
}
