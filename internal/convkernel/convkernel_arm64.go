//go:build !purego

package convkernel

import "github.com/utf8x/utf8x/internal/kernelset"

// latin1ToUTF8NEON converts ISO-8859-1 to UTF-8 in 16-byte blocks while src
// has 16 bytes left and dst 32, and returns the bytes written and read.
//
//go:noescape
func latin1ToUTF8NEON(dst []byte, src []byte) (nDst int, nSrc int)

// utf8ToLatin1NEON converts UTF-8 to ISO-8859-1 in 16-byte blocks while src
// has 16 bytes left and dst 16, and returns the bytes written and read. It
// stops before the first character that is not ASCII or a well-formed
// U+0080..U+00FF.
//
//go:noescape
func utf8ToLatin1NEON(dst []byte, src []byte) (nDst int, nSrc int)

// utf8ToUTF16LENEON converts UTF-8 to UTF-16LE in blocks of 64 bytes of
// ASCII, then 16 bytes of 1- and 2-byte characters, while src has a block
// left and dst twice that, and returns the bytes written and read. It stops
// at the first 16 bytes holding a 3- or 4-byte character or an error.
//
//go:noescape
func utf8ToUTF16LENEON(dst []byte, src []byte) (nDst int, nSrc int)

// utf8ToUTF16BENEON is utf8ToUTF16LENEON writing UTF-16BE.
//
//go:noescape
func utf8ToUTF16BENEON(dst []byte, src []byte) (nDst int, nSrc int)

// utf16LEToUTF8NEON converts UTF-16LE to UTF-8 in blocks of 32 ASCII units,
// then 16, then 8 units below U+0800, while src has a block left and dst 16
// bytes, and returns the bytes written and read. It stops at the first
// 8 units holding one from U+0800 up.
//
//go:noescape
func utf16LEToUTF8NEON(dst []byte, src []byte) (nDst int, nSrc int)

// utf16BEToUTF8NEON is utf16LEToUTF8NEON reading UTF-16BE.
//
//go:noescape
func utf16BEToUTF8NEON(dst []byte, src []byte) (nDst int, nSrc int)

// The arm64 set; see convkernel.go for what this file provides. NEON is
// on every arm64 CPU. It has no UTF-32 kernels, and those between UTF-8 and
// UTF-16 convert characters below U+0800 only; the scalar code takes the
// rest. Its Latin-1 threshold is not tuned: emulation cannot time it.
const neon setID = 1

var archSets = []kernelset.Set[impl]{
	{Name: "neon", Needs: kernelset.NEON, Impl: impl{id: neon, latin1Min: MinLen}},
}

// utf16To8Shuf and utf16To8Len serve the UTF-16 -> UTF-8 kernels' path for
// eight units below U+0800: indexed by the mask of the ASCII units (bit i for
// unit i), an entry picks from the eight 2-byte lanes [lead, continuation]
// the bytes that belong in the output, in order (the lead only, which is the
// unit itself, for ASCII), and says how many there are.
var (
	utf16To8Shuf [256][16]byte
	utf16To8Len  [256]byte
)

func init() {
	for m := range utf16To8Shuf {
		e := &utf16To8Shuf[m]
		for i := range e {
			e[i] = 0xFF // TBL writes zero: scratch past the output
		}
		n := 0
		for i := 0; i < 8; i++ {
			e[n] = byte(2 * i)
			n++
			if m&(1<<i) == 0 {
				e[n] = byte(2*i + 1)
				n++
			}
		}
		utf16To8Len[m] = byte(n)
	}
}

// unitsShuf and unitsLen serve the UTF-8 -> UTF-16 kernels' path for 1- and
// 2-byte characters: indexed by a mask of eight 16-bit lanes (bit i for lane
// i), an entry picks the lanes that are set, in order, and says how many
// bytes they make.
var (
	unitsShuf [256][16]byte
	unitsLen  [256]byte
)

func init() {
	for m := range unitsShuf {
		e := &unitsShuf[m]
		for i := range e {
			e[i] = 0xFF // TBL writes zero: scratch past the output
		}
		n := 0
		for i := 0; i < 8; i++ {
			if m&(1<<i) != 0 {
				e[n], e[n+1] = byte(2*i), byte(2*i+1)
				n += 2
			}
		}
		unitsLen[m] = byte(n)
	}
}
