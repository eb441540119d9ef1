package asm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Width is a vector width with the operations the algorithms need at both.
// An algorithm takes a Width and emits the same steps for each; what the
// instruction sets do differently (AVX2 moves a byte mask into a general
// register with VPMOVMSKB, AVX-512 compares into an opmask register; AVX-512
// loads a partial last block under a mask, AVX2 loads the last whole block
// again, overlapping bytes already seen) is behind these methods.
type Width struct {
	// Bytes is the block size: 32 or 64.
	Bytes int
}

// The two widths of amd64.
var (
	AVX2   = Width{Bytes: 32}
	AVX512 = Width{Bytes: 64}
)

// Name is the width's suffix in kernel names: AVX2 or AVX512.
func (w Width) Name() string {
	if w.wide() {
		return "AVX512"
	}
	return "AVX2"
}

// Tag is the short form of Name used in label prefixes: 2 or 5.
func (w Width) Tag() string {
	if w.wide() {
		return "5"
	}
	return "2"
}

func (w Width) wide() bool { return w.Bytes == 64 }

// Masked reports whether the last, partial block is loaded under a mask that
// zero-fills past the end (AVX-512) rather than as the last whole block of
// the input, overlapping the one before (AVX2).
func (w Width) Masked() bool { return w.wide() }

// Vec allocates a vector register.
func (w Width) Vec() reg.VecVirtual {
	if w.wide() {
		return ZMM()
	}
	return YMM()
}

// Load moves a block from memory (or a register) to dst.
func (w Width) Load(src Op, dst reg.VecVirtual) {
	if w.wide() {
		VMOVDQU64(src, dst)
	} else {
		VMOVDQU(src, dst)
	}
}

// Store moves src to a block of memory.
func (w Width) Store(src reg.VecVirtual, dst Mem) {
	if w.wide() {
		VMOVDQU64(src, dst)
	} else {
		VMOVDQU(src, dst)
	}
}

// Copy moves register src to dst.
func (w Width) Copy(src, dst reg.VecVirtual) {
	if w.wide() {
		VMOVDQA64(src, dst)
	} else {
		VMOVDQA(src, dst)
	}
}

// Or sets dst to a | b; a may be memory.
func (w Width) Or(a Op, b, dst reg.VecVirtual) {
	if w.wide() {
		VPORD(a, b, dst)
	} else {
		VPOR(a, b, dst)
	}
}

// And sets dst to a & b.
func (w Width) And(a, b, dst reg.VecVirtual) {
	if w.wide() {
		VPANDD(a, b, dst)
	} else {
		VPAND(a, b, dst)
	}
}

// Xor sets dst to a ^ b.
func (w Width) Xor(a, b, dst reg.VecVirtual) {
	if w.wide() {
		VPXORD(a, b, dst)
	} else {
		VPXOR(a, b, dst)
	}
}

// Zero clears v.
func (w Width) Zero(v reg.VecVirtual) { w.Xor(v, v, v) }

// And3 sets dst to dst & a & b (one ternary-logic instruction on AVX-512).
func (w Width) And3(a, b, dst reg.VecVirtual) {
	if w.wide() {
		VPTERNLOGD(U8(0x80), a, b, dst)
	} else {
		VPAND(a, dst, dst)
		VPAND(b, dst, dst)
	}
}

// OrAnd sets a to (a | b) & c and returns it.
func (w Width) OrAnd(a, b, c reg.VecVirtual) reg.VecVirtual {
	if w.wide() {
		VPTERNLOGD(U8(0xA8), c, b, a)
	} else {
		VPOR(a, b, a)
		VPAND(c, a, a)
	}
	return a
}

// Delayed returns cur delayed by 1, 2 and 3 bytes: each byte of the result
// is the one 1, 2 or 3 places before it in the stream prev, cur. VPALIGNR
// works within 16-byte lanes, so first a vector t is built whose lanes are
// the lanes before each lane of cur: prev's last, then cur's first.
func (w Width) Delayed(prev, cur reg.VecVirtual) (d1, d2, d3 reg.VecVirtual) {
	t := w.Vec()
	if w.wide() {
		VALIGND(U8(12), prev, cur, t)
	} else {
		VPERM2I128(U8(0x21), cur, prev, t)
	}
	d1, d2, d3 = w.Vec(), w.Vec(), w.Vec()
	VPALIGNR(U8(15), t, cur, d1)
	VPALIGNR(U8(14), t, cur, d2)
	VPALIGNR(U8(13), t, cur, d3)
	return
}

// Mask allocates a register for a bit per byte of a block: a 32-bit general
// register for AVX2, an opmask register for AVX-512.
func (w Width) Mask() reg.Register {
	if w.wide() {
		return K()
	}
	return GP32()
}

// HighBits sets m to bit 7 of each byte of v.
func (w Width) HighBits(v reg.VecVirtual, m reg.Register) {
	if w.wide() {
		VPMOVB2M(v, m)
	} else {
		VPMOVMSKB(v, m)
	}
}

// TestMask sets the zero flag when m is all clear.
func (w Width) TestMask(m reg.Register) {
	if w.wide() {
		KORTESTQ(m, m)
	} else {
		TESTL(m, m)
	}
}

// LoadPartial loads the rest (1 to Bytes-1) bytes at base+i into v under a
// mask, zero-filling past them, leaving the mask in k. Only for Masked widths.
func (w Width) LoadPartial(base, i, rest, k reg.Register, v reg.VecVirtual) {
	if !w.Masked() {
		panic("asm: LoadPartial needs a masked width")
	}
	ones := GP64()
	MOVQ(I32(-1), ones)
	BZHIQ(rest, ones, ones)
	KMOVQ(ones, k)
	VMOVDQU8_Z(At(base, i, 0), k, v)
}

// Scratch returns a register for the results of TestAbove: the block's mask
// register m on AVX-512, whose compares write opmasks, a new vector on AVX2.
func (w Width) Scratch(m reg.Register) reg.Register {
	if w.wide() {
		return m
	}
	return YMM()
}

// TestAbove clears the zero flag when a byte of v is above (unsigned) the
// byte of lim at its place, using scratch (see Scratch).
func (w Width) TestAbove(v, lim reg.VecVirtual, scratch reg.Register) {
	if w.wide() {
		VPCMPUB(U8(6), lim, v, scratch)
		KORTESTQ(scratch, scratch)
	} else {
		VPSUBUSB(lim, v, scratch)
		VPTEST(scratch, scratch)
	}
}

// TestNotEqual clears the zero flag when a and b differ; it may overwrite a.
func (w Width) TestNotEqual(a, b reg.VecVirtual) {
	if w.wide() {
		k := K()
		VPCMPUB(U8(4), b, a, k)
		KORTESTQ(k, k)
	} else {
		VPXOR(b, a, a)
		VPTEST(a, a)
	}
}
