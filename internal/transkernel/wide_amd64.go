//go:build !purego

package transkernel

// The arch functions of the conversions to and from UTF-32 and Windows-1252
// (see transkernel.go); a set without a kernel converts nothing. The
// AVX-512BW set runs the AVX2 kernels here: the AVX-512 ones need VBMI2.

func archUTF32LEToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32LEToUTF8AVX512(dst, src)
	case avx2, avx512bw:
		return utf32LEToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archUTF32BEToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32BEToUTF8AVX512(dst, src)
	case avx2, avx512bw:
		return utf32BEToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archCP1252ToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return cp1252ToUTF8AVX512(dst, src)
	case avx2, avx512bw:
		return cp1252ToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToCP1252(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToCP1252AVX512(dst, src)
	case avx2, avx512bw:
		return utf8ToCP1252AVX2(dst, src)
	}
	return 0, 0
}

func archUTF16LEToBE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16LEToBEAVX512(dst, src)
	case avx2, avx512bw:
		return utf16LEToBEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF16BEToLE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16BEToLEAVX512(dst, src)
	case avx2, avx512bw:
		return utf16BEToLEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF32LEToBE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32LEToBEAVX512(dst, src)
	case avx2, avx512bw:
		return utf32LEToBEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF32BEToLE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32BEToLEAVX512(dst, src)
	case avx2, avx512bw:
		return utf32BEToLEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF16LEToUTF32LE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16LEToUTF32LEAVX512(dst, src)
	case avx2, avx512bw:
		return utf16LEToUTF32LEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF16LEToUTF32BE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16LEToUTF32BEAVX512(dst, src)
	case avx2, avx512bw:
		return utf16LEToUTF32BEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF16BEToUTF32LE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16BEToUTF32LEAVX512(dst, src)
	case avx2, avx512bw:
		return utf16BEToUTF32LEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF16BEToUTF32BE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf16BEToUTF32BEAVX512(dst, src)
	case avx2, avx512bw:
		return utf16BEToUTF32BEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF32LEToUTF16LE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32LEToUTF16LEAVX512(dst, src)
	case avx2, avx512bw:
		return utf32LEToUTF16LEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF32LEToUTF16BE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32LEToUTF16BEAVX512(dst, src)
	case avx2, avx512bw:
		return utf32LEToUTF16BEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF32BEToUTF16LE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32BEToUTF16LEAVX512(dst, src)
	case avx2, avx512bw:
		return utf32BEToUTF16LEAVX2(dst, src)
	}
	return 0, 0
}

func archUTF32BEToUTF16BE(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32BEToUTF16BEAVX512(dst, src)
	case avx2, avx512bw:
		return utf32BEToUTF16BEAVX2(dst, src)
	}
	return 0, 0
}
