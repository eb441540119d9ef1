package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// cp1252ToUTF8 converts Windows-1252 to UTF-8 in blocks of Bytes bytes. A
// block of ASCII is copied as it is; any other is done in four parts of
// Bytes/4 bytes, each widened to 32-bit lanes, the bytes 80-9F looked up in
// the table of their code points (up to U+2122), and encoded by encodeLanes.
// Every byte converts, so the kernel stops only short of a whole block or of
// room in dst: 4*Bytes bytes, the most a block's four parts write.
func cp1252ToUTF8(w asm.Width, t *wideTab) {
	name := "cp1252ToUTF8" + w.Name()
	p := asm.Scope(name + "_")
	signature(name,
		name+" converts Windows-1252 to UTF-8 in "+itoa(w.Bytes)+"-byte blocks while src",
		"has "+itoa(w.Bytes)+" bytes left and dst "+itoa(4*w.Bytes)+", and returns the bytes written and read.")
	dp, sp, i, j, sLim, dLim := prologue(w.Bytes, 4*w.Bytes)
	var lo reg.VecVirtual
	if w.Masked() {
		lo = ZMM()
		VMOVDQU64(t.cp1252, lo)
	}
	loopHead(p, i, j, sLim, dLim)
	v := w.Vec()
	w.Load(asm.At(sp, i, 0), v)
	m := w.Mask()
	w.HighBits(v, m)
	w.TestMask(m)
	JNZ(p.Ref("wide"))
	w.Store(v, asm.At(dp, j, 0))
	ADDQ(U8(w.Bytes), i)
	ADDQ(U8(w.Bytes), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	for q := 0; q < 4; q++ {
		c := w.Vec()
		VPMOVZXBD(asm.At(sp, i, q*w.Bytes/4), c)
		if w.Masked() {
			// Lanes 80-9F take table[c&31] (VPERMI2D reads five index
			// bits); the others keep c.
			x, k := ZMM(), K()
			VPADDD(t.splat(0xFFFFFF80), c, x)
			VPCMPUD(U8(1), t.splat(0x20), x, k) // c-0x80 < 0x20
			VPERMI2D(t.cp1252Hi, lo, k, c)
		} else {
			// Four 8-entry lookups by the low three bits, chosen between by
			// bits 3 and 4 moved to the sign bit, then kept where c is 80-9F.
			s3, s4, a, b, e, f := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
			VPSLLD(U8(28), c, s3)
			VPSLLD(U8(27), c, s4)
			VPERMD(t.cp1252, c, a)
			VPERMD(t.cp1252.Offset(32), c, b)
			VBLENDVPS(s3, b, a, a)
			VPERMD(t.cp1252Hi, c, e)
			VPERMD(t.cp1252Hi.Offset(32), c, f)
			VBLENDVPS(s3, f, e, e)
			VBLENDVPS(s4, e, a, a)
			sel := YMM()
			VPADDD(t.splat(0x60), c, sel)
			VPSRLD(U8(5), sel, sel)
			VPCMPEQD(t.splat(7), sel, sel) // c+0x60 in E0..FF: c in 80..9F
			VPBLENDVB(sel, a, c, c)
		}
		encodeLanes(w, t, c, dp, j)
	}
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))
	epilogue(p, i, j)
}
