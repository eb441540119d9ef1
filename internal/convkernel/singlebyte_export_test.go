package convkernel

// SBKernels calls the single-byte kernels of the set in use alone, without
// the portable code after them, for the tests that check that a kernel does
// the work.
func SBKernels(t *SingleByte, encode bool, dst, src []byte) (nDst, nSrc int) {
	if encode {
		return archSBEncode(active.id, t, dst, src)
	}
	return archSBDecode(active.id, &t.dec, dst, src)
}

// SBCovers reports whether the encoding kernels' pages hold r.
func SBCovers(t *SingleByte, r rune) bool {
	if r < 0x80 {
		return true
	}
	var pg byte
	switch {
	case r < 0x800:
		pg = t.enc.page2[r>>6]
	case r < 0x10000:
		off := int(r>>6) & 63
		switch byte(0xE0 | r>>12) {
		case t.enc.leads[0]:
		case t.enc.leads[1]:
			off += 64
		default:
			return false
		}
		pg = t.enc.page3[off]
	default:
		return false
	}
	return pg != 0xFF && t.enc.pages[pg][r&63] != 0
}

// SBEncodeKernel reports whether the set in use has an encoding kernel.
func SBEncodeKernel() bool {
	t, _ := NewSingleByte(&[128]rune{})
	d, _ := archSBEncode(active.id, t, make([]byte, 64), make([]byte, 64))
	return d > 0
}

// SBDecodesThree reports whether the vector sets' decoders convert the
// characters of three UTF-8 bytes themselves.
const SBDecodesThree = sbDecodesThree

// SBEncodesThree reports whether the vector sets' encoders convert the
// characters of three UTF-8 bytes themselves.
const SBEncodesThree = sbEncodesThree
