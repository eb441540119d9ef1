package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// cp1252ToUTF8 converts Windows-1252 to UTF-8 in blocks of Bytes bytes. A
// block of ASCII is copied as it is, one with up to three bytes from A0 as
// ASCII with the two UTF-8 bytes of each put in, a block without bytes 80-9F
// converts as
// ISO-8859-1 does (latin1Half); any other is done in four parts of
// Bytes/4 bytes, each widened to 32-bit lanes, the bytes 80-9F looked up in
// the table of their code points (up to U+2122), and encoded by encodeLanes.
// Every byte converts, so the kernel stops only short of a whole block or of
// room in dst: 4*Bytes bytes, the most a block's four parts write.
func cp1252ToUTF8(w asm.Width, tab *consts, t *wideTab) {
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
	pairs := GP64()
	LEAQ(t.latin1Pairs, pairs)
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
	mg := GP64()
	if w.Masked() {
		KMOVQ(m, mg)
	} else {
		MOVL(m, mg.As32())
	}
	// Bytes 80-9F are E0-FF after adding 0x60 (wrapping), and only they.
	x := w.Vec()
	VPADDB(t.splat(0x60606060), v, x)
	lim := w.Vec()
	w.Load(t.splat(0xDFDFDFDF), lim)
	w.TestAbove(x, lim, w.Scratch(m))
	JNZ(p.Ref("table"))
	// Up to three bytes from A0 in the block (an accent here and there, the
	// middle dot of Korean text), with Bytes more of src after it: the block
	// is stored as it is, then for each such byte its two UTF-8 bytes at its
	// place (one further for each byte before it) and the input after it
	// (Bytes bytes; 32 with AVX-512, see below), read again from src, one
	// further on. The next block is the
	// next Bytes bytes all the same, so that no load waits for this one's
	// count; such text runs at near the speed of a copy.
	c, b, s, o := GP64(), GP64(), GP64(), GP64()
	POPCNTQ(mg, c)
	CMPQ(c, U8(3))
	JA(p.Ref("halves"))
	LEAQ(Mem{Base: i, Disp: w.Bytes}, c)
	CMPQ(c, sLim)
	JG(p.Ref("halves"))
	// s and o point at the block in src and at its output, o one further
	// for each byte done: each byte then costs two loads (the byte, its
	// pair), three stores and no arithmetic but o's increment, the one
	// dependency from byte to byte.
	LEAQ(asm.At(sp, i, 0), s)
	LEAQ(asm.At(dp, j, 0), o)
	w.Store(v, Mem{Base: o})
	if w.Masked() {
		// Each byte's input after it is read again 32 bytes at a time, not
		// 64 (a 64-byte load and store at any offset but a multiple of 64
		// spans two cache lines): the upper half of the block is stored
		// first where it goes after the lower half's bytes, which leaves
		// the lower half's last byte 32 bytes to cover, and any byte in
		// the upper half reaches the block's end with 32.
		n, up := GP64(), YMM()
		MOVL(mg.As32(), n.As32())
		POPCNTL(n.As32(), n.As32())
		VEXTRACTI64X4(U8(1), v, up)
		VMOVDQU64(up, Mem{Base: o, Index: n, Scale: 1, Disp: 32})
	}
	p.Label("sparse")
	TZCNTQ(mg, c)
	BLSRQ(mg, mg)
	MOVBLZX(asm.At(s, c, 0), b.As32())
	MOVWLZX(Mem{Base: pairs, Index: b, Scale: 2, Disp: -2 * 0xA0}, b.As32())
	MOVW(b.As16(), asm.At(o, c, 0))
	if w.Masked() {
		u := YMM()
		VMOVDQU64(asm.At(s, c, 1), u)
		VMOVDQU64(u, asm.At(o, c, 2))
	} else {
		u := w.Vec()
		w.Load(asm.At(s, c, 1), u)
		w.Store(u, asm.At(o, c, 2))
	}
	INCQ(o)
	TESTQ(mg, mg)
	JNZ(p.Ref("sparse"))
	LEAQ(Mem{Base: o, Disp: w.Bytes}, j)
	SUBQ(dp, j)
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))

	p.Label("halves")
	latin1Half(w, tab, t, v, m, 0, dp, j)
	latin1Half(w, tab, t, v, m, 1, dp, j)
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))

	p.Label("table")
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

// latin1Half writes the UTF-8 of half h of block v (ISO-8859-1, high bits
// in m) at dst[j:] and advances j: each byte widened to a 16-bit lane that
// holds its one or two UTF-8 bytes, lead first, then the bytes in use packed
// by VPCOMPRESSB (AVX-512) or by VPSHUFB with l1Expand, 8 characters at a
// time (AVX2). It writes up to Bytes bytes.
func latin1Half(w asm.Width, tab *consts, t *wideTab, v reg.VecVirtual, m reg.Register, h int, dp, j reg.GPVirtual) {
	var x reg.Register
	switch {
	case h == 0 && w.Masked():
		x = v.AsY()
	case h == 0:
		x = v.AsX()
	case w.Masked():
		y := YMM()
		VEXTRACTI64X4(U8(1), v, y)
		x = y
	default:
		y := XMM()
		VEXTRACTI128(U8(1), v, y)
		x = y
	}
	c, hi, lo := w.Vec(), w.Vec(), w.Vec()
	VPMOVZXBW(x, c)
	VPSLLW(U8(8), c, hi)
	and(w, t.splat(0x3F003F00), hi, hi)
	VPSRLW(U8(6), c, lo)
	w.Or(lo, hi, hi)
	w.Or(t.splat(0x80C080C0), hi, hi)
	if w.Masked() {
		k := K()
		VPCMPUW(U8(6), t.splat(0x007F007F), c, k) // c > 0x7F
		VPBLENDMW(hi, c, k, c)
		// Keep every low byte, and the high byte where it is set (bit 7).
		keep, kk := GP64(), K()
		VPMOVB2M(c, kk)
		KMOVQ(kk, keep)
		even := GP64()
		MOVQ(U64(0x5555555555555555), even)
		ORQ(even, keep)
		KMOVQ(keep, kk)
		out := ZMM()
		compressB(c, kk, out)
		VMOVDQU64(out, asm.At(dp, j, 0))
		POPCNTQ(keep, keep)
		ADDQ(keep, j)
		return
	}
	sel := YMM()
	VPCMPGTW(t.splat(0x007F007F), c, sel)
	VPBLENDVB(sel, hi, c, c)
	m0, m1 := byteAt(m.(reg.GPVirtual), 2*h), byteAt(m.(reg.GPVirtual), 2*h+1)
	idx := entry16(tab.l1Expand, m0, m1)
	VPSHUFB(idx, c, c)
	n0, n1 := GP64(), GP64()
	POPCNTL(m0.As32(), n0.As32())
	ADDQ(U8(8), n0)
	POPCNTL(m1.As32(), n1.As32())
	ADDQ(U8(8), n1)
	storeLanes(c, dp, j, n0, n1)
}
