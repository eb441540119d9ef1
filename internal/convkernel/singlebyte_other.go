//go:build purego || (!amd64 && !arm64)

package convkernel

// No single-byte kernels here: SingleByte's portable code converts all.

const sbMinLen = 32

// sbDecodesThree and sbEncodesThree are for the tests: whether the
// kernels convert characters of three UTF-8 bytes themselves.
const (
	sbDecodesThree = false
	sbEncodesThree = false
)

func archSBDecode(setID, *sbDec, []byte, []byte) (nDst, nSrc int)      { return 0, 0 }
func archSBEncode(setID, *SingleByte, []byte, []byte) (nDst, nSrc int) { return 0, 0 }
