//go:build !purego

package transkernel

// The arch functions of the conversions to and from UTF-32 and Windows-1252
// (see transkernel.go); a set without a kernel converts nothing.

func archUTF32LEToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32LEToUTF8AVX512(dst, src)
	case avx2:
		return utf32LEToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archUTF32BEToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf32BEToUTF8AVX512(dst, src)
	case avx2:
		return utf32BEToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archCP1252ToUTF8(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return cp1252ToUTF8AVX512(dst, src)
	case avx2:
		return cp1252ToUTF8AVX2(dst, src)
	}
	return 0, 0
}

func archUTF8ToCP1252(id setID, dst, src []byte) (nDst, nSrc int) {
	switch id {
	case avx512vbmi2:
		return utf8ToCP1252AVX512(dst, src)
	case avx2:
		return utf8ToCP1252AVX2(dst, src)
	}
	return 0, 0
}
