package transcode

import "encoding/binary"

// Helpers for converting ASCII eight bytes at a time in plain Go (SWAR: SIMD
// within a register). Every kernel checks a whole word for bytes >= 0x80 with
// one AND, and moves it with one load and one or two stores.

const hiBits = 0x8080808080808080

// copyASCII copies whole 8-byte words of ASCII from src[i:] to dst[j:] while
// they fit, and returns the indices after them: the fast path of the kernels
// between UTF-8 and the single-byte forms, where ASCII reads the same. It
// takes and returns indices rather than subslices so that, inlined, the
// kernels' loops compile as if written out.
func copyASCII(dst, src []byte, i, j int) (int, int) {
	for i+8 <= len(src) && j+8 <= len(dst) {
		x := binary.LittleEndian.Uint64(src[i:])
		if x&hiBits != 0 {
			break
		}
		binary.LittleEndian.PutUint64(dst[j:], x)
		i += 8
		j += 8
	}
	return i, j
}
