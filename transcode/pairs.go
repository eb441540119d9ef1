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
		return uTF16LEToUTF16BE
	case [2]*form{utf16LEForm, utf32LEForm}:
		return uTF16LEToUTF32LE
	case [2]*form{utf16LEForm, utf32BEForm}:
		return uTF16LEToUTF32BE
	case [2]*form{utf16BEForm, utf16LEForm}:
		return uTF16BEToUTF16LE
	case [2]*form{utf16BEForm, utf32LEForm}:
		return uTF16BEToUTF32LE
	case [2]*form{utf16BEForm, utf32BEForm}:
		return uTF16BEToUTF32BE
	case [2]*form{utf32LEForm, utf16LEForm}:
		return uTF32LEToUTF16LE
	case [2]*form{utf32LEForm, utf16BEForm}:
		return uTF32LEToUTF16BE
	case [2]*form{utf32LEForm, utf32BEForm}:
		return uTF32LEToUTF32BE
	case [2]*form{utf32BEForm, utf16LEForm}:
		return uTF32BEToUTF16LE
	case [2]*form{utf32BEForm, utf16BEForm}:
		return uTF32BEToUTF16BE
	case [2]*form{utf32BEForm, utf32LEForm}:
		return uTF32BEToUTF32LE
	}
	return nil
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

func uTF16LEToUTF16BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16LEToBE, uTF16LEToUTF16BEGo)
}

func uTF16LEToUTF16BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16LEForm, utf16BEForm)
}

func uTF16LEToUTF32LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16LEToUTF32LE, uTF16LEToUTF32LEGo)
}

func uTF16LEToUTF32LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16LEForm, utf32LEForm)
}

func uTF16LEToUTF32BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16LEToUTF32BE, uTF16LEToUTF32BEGo)
}

func uTF16LEToUTF32BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16LEForm, utf32BEForm)
}

func uTF16BEToUTF16LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16BEToLE, uTF16BEToUTF16LEGo)
}

func uTF16BEToUTF16LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16BEForm, utf16LEForm)
}

func uTF16BEToUTF32LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16BEToUTF32LE, uTF16BEToUTF32LEGo)
}

func uTF16BEToUTF32LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16BEForm, utf32LEForm)
}

func uTF16BEToUTF32BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF16BEToUTF32BE, uTF16BEToUTF32BEGo)
}

func uTF16BEToUTF32BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf16BEForm, utf32BEForm)
}

func uTF32LEToUTF16LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF32LEToUTF16LE, uTF32LEToUTF16LEGo)
}

func uTF32LEToUTF16LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32LEForm, utf16LEForm)
}

func uTF32LEToUTF16BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF32LEToUTF16BE, uTF32LEToUTF16BEGo)
}

func uTF32LEToUTF16BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32LEForm, utf16BEForm)
}

func uTF32LEToUTF32BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF32LEToBE, uTF32LEToUTF32BEGo)
}

func uTF32LEToUTF32BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32LEForm, utf32BEForm)
}

func uTF32BEToUTF16LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF32BEToUTF16LE, uTF32BEToUTF16LEGo)
}

func uTF32BEToUTF16LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32BEForm, utf16LEForm)
}

func uTF32BEToUTF16BE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF32BEToUTF16BE, uTF32BEToUTF16BEGo)
}

func uTF32BEToUTF16BEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32BEForm, utf16BEForm)
}

func uTF32BEToUTF32LE(dst, src []byte) (int, int) {
	return accelerate(dst, src, transkernel.MinLen, transkernel.UTF32BEToLE, uTF32BEToUTF32LEGo)
}

func uTF32BEToUTF32LEGo(dst, src []byte) (int, int) {
	return convertUnits(dst, src, utf32BEForm, utf32LEForm)
}
