//go:build !purego

package convkernel

// The single-byte kernels' arch functions on arm64 (see SingleByte): NEON
// kernels for ASCII and the characters of two UTF-8 bytes, both ways; the
// portable code takes the characters of three bytes.

// sbMinLen is the input length from which the kernels are called at all.
const sbMinLen = 32

// sbDecodesThree and sbEncodesThree are for the tests: whether the
// kernels convert characters of three UTF-8 bytes themselves.
const (
	sbDecodesThree = false
	sbEncodesThree = false
)

// sbDecodeNEON converts a single-byte encoding (tab: its sbDec) to UTF-8 in
// 16-byte blocks while src has 16 bytes left and dst 32, and returns the
// bytes written and read. It stops at a block holding an undefined byte or
// one of three UTF-8 bytes.
//
//go:noescape
func sbDecodeNEON(dst, src []byte, tab *byte) (nDst, nSrc int)

func archSBDecode(id setID, t *sbDec, dst, src []byte) (nDst, nSrc int) {
	if id == neon {
		return sbDecodeNEON(dst, src, &t.lead[0])
	}
	return 0, 0
}

// sbEncodeNEON converts UTF-8 to a single-byte encoding (tab: its sbEnc) in
// 16-byte blocks while src has 16 bytes left and dst 16, and returns the
// bytes written and read. It stops at a block holding anything but ASCII
// and characters of two bytes in the table's pages.
//
//go:noescape
func sbEncodeNEON(dst, src []byte, tab *byte) (nDst, nSrc int)

func archSBEncode(id setID, t *SingleByte, dst, src []byte) (nDst, nSrc int) {
	if id == neon {
		return sbEncodeNEON(dst, src, &t.enc.page2[0])
	}
	return 0, 0
}

// sbKeep and sbKeepLen serve the encoder's packing: indexed by a mask of 8
// lanes, an entry lists the set lanes in order (the second 256 entries for
// lanes 8 to 15) and says how many there are.
var (
	sbKeep    [2][256][8]byte
	sbKeepLen [256]byte
)

func init() {
	for h := range sbKeep {
		for m := range sbKeep[h] {
			n := 0
			for i := 0; i < 8; i++ {
				if m&(1<<i) != 0 {
					sbKeep[h][m][n] = byte(8*h + i)
					n++
				}
			}
			for k := n; k < 8; k++ {
				sbKeep[h][m][k] = 0xFF // TBL writes zero: scratch
			}
			sbKeepLen[m] = byte(n)
		}
	}
}
