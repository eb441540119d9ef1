package main

// UTF-8 to UTF-16 and UTF-32, the blocks that mix character lengths, for the
// AVX-512BW and AVX2 sets (utf8ToWide in utf8_to_wide.go holds the kernel
// and the paths all sets share). Without VBMI2's byte compression, the
// bytes of a character cannot be gathered into a lane of their own;
// instead every byte's lane is decoded as if the byte ended a character,
// from it and the one to three bytes before it, and the lanes of the bytes
// that do end one are kept. Two instructions keep them:
//
//   - VPSHUFB with a table indexed by 8 bits of the mask of character ends,
//     on 16-bit lanes (one byte's lane each, 16 bytes to a YMM register):
//     avx2Blocks, the AVX2 set's code, 16 bytes at a time, and the 32-byte
//     paths for 1- and 2-byte text (twoBytesPack) and for 1- to 3-byte
//     text (upToThree, with windowsUTF32 for UTF-32), which the AVX-512BW
//     kernel takes too (twoBytesFirst): on 16-bit lanes they beat its own
//     code three to four times. They are written with VEX instructions
//     (VPBLENDVB has no EVEX form), so they stay within Y0-Y15.
//   - VPCOMPRESSD (AVX-512F) on 32-bit lanes, 16 bytes of a 64-byte block
//     at a time: bwBlocks, the AVX-512BW set's other blocks.
//
// The two are not one function over asm.Width: they differ in the lane size
// and in the instruction that keeps the lanes, not in the vector width
// alone; what they do share, the marks of lead and continuation bytes in
// general registers, follows the same steps in both.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// avx2Blocks is the AVX2 kernel's code for a block that is neither ASCII nor
// a run of 4- or 3-byte characters: v holds it, m the marks of its bytes >=
// 0x80. 32 bytes of 1- and 2-byte characters take twoBytesPack, 32 of 1- to
// 3-byte ones upToThree; otherwise 16 bytes at a time, cut before the first
// byte that starts no character (C0, C1, F5..FF) and before a character that
// does not end in them, and checked with the masks as in vbmi2Blocks. Each
// byte's 16-bit lane is decoded as if it ended a character, from it and the
// one to three bytes before it; the lanes that do end one are packed with a
// table. A 4-byte character ends in two lanes: its third byte's lane takes
// the high surrogate, its last byte's the low one, so the pack keeps both.
//
// For UTF-32 (outUnit 4) the kept lanes hold the low 16 bits of each value, a
// second vector the bits above them (a 4-byte character's, in its last
// lane), both packed with the same table entries and interleaved into 32-bit
// values.
func (kern *wideKernel) avx2Blocks(v reg.VecVirtual, m reg.GPVirtual) {
	tab, p, outUnit, be := kern.tab, kern.p, kern.outUnit, kern.be
	dp, sp, i, j, sLim, dLim := kern.dp, kern.sp, kern.i, kern.j, kern.sLim, kern.dLim
	pack := tab.packW16LE
	if be && outUnit == 2 {
		pack = tab.packW16BE
	}
	twoBytesPack(tab, p, "three32", outUnit, be, pack, v, m, dp, i, j)
	p.Label("three32")
	upToThree(tab, p, outUnit, be, pack, v, m, dp, sp, i, j, sLim, dLim)
	p.Label("sixteen")
	x := XMM()
	VMOVDQU(asm.At(sp, i, 0), x)
	high, cont, ge0, gf0, bad, t := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	MOVL(m.As32(), high.As32())
	ANDL(U32(0xFFFF), high.As32())
	c := XMM()
	mask8 := func(and, eq uint32, out reg.GPVirtual) {
		VPAND(tab.ydw[and].Offset(0), x, c)
		VPCMPEQB(tab.ydw[eq].Offset(0), c, c)
		VPMOVMSKB(c, out.As32())
	}
	VMOVDQU(tab.ydw[0xC0C0C0C0].Offset(0), c)
	VPCMPGTB(x, c, c) // signed 0xC0 > x: continuation bytes
	VPMOVMSKB(c, cont.As32())
	mask8(0xE0E0E0E0, 0xE0E0E0E0, ge0)
	mask8(0xF0F0F0F0, 0xF0F0F0F0, gf0)
	mask8(0xFEFEFEFE, 0xC0C0C0C0, bad) // C0, C1
	gf5 := GP64()
	VPMAXUB(tab.ydw[0xF5F5F5F5].Offset(0), x, c)
	VPCMPEQB(x, c, c) // x >= F5
	VPMOVMSKB(c, gf5.As32())
	ORL(gf5.As32(), bad.As32())
	lm := cutLeads(p, 16, true, high, cont, ge0, gf0, bad, nil)
	n, mask := lm.n, lm.mask
	long := GP64() // leads of 3- and 4-byte characters
	MOVL(lm.l3.As32(), long.As32())
	ORL(lm.l4.As32(), long.As32())
	// The lanes kept: those of bytes ending a character, and those of the
	// third bytes of 4-byte characters, which take the high surrogates.
	ends := GP64()
	MOVL(cont.As32(), ends.As32())
	NOTL(ends.As32())
	SHRL(U8(1), ends.As32())
	ANDL(mask.As32(), ends.As32())
	if outUnit == 2 {
		MOVL(lm.l4.As32(), t.As32())
		SHLL(U8(2), t.As32())
		ORL(t.As32(), ends.As32())
	}
	lm.checkContinuations(p)

	// packStore packs the values in the lanes that end a character, with
	// for UTF-32 the bits above 16 in above (nil: none), and stores them.
	packStore := func(b, above reg.VecVirtual) {
		e0, e1 := byteAt(ends, 0), byteAt(ends, 1)
		idx := entry16(pack, e0, e1)
		VPSHUFB(idx, b, b)
		n0, n1 := GP64(), GP64()
		POPCNTL(e0.As32(), n0.As32())
		POPCNTL(e1.As32(), n1.As32())
		if outUnit == 2 {
			SHLL(U8(1), n0.As32())
			SHLL(U8(1), n1.As32())
			storeLanes(b, dp, j, n0, n1)
		} else {
			if above != nil {
				VPSHUFB(idx, above, above)
			} else {
				above = YMM()
				VPXOR(above, above, above)
			}
			lo4, hi4, out := YMM(), YMM(), YMM()
			VPUNPCKLWD(above, b, lo4)
			VPUNPCKHWD(above, b, hi4)
			for l, sel := range []uint8{0x20, 0x31} {
				VPERM2I128(U8(sel), hi4, lo4, out)
				if be {
					VPSHUFB(tab.swap32, out, out)
				}
				VMOVDQU(out, asm.At(dp, j, 0))
				nl := []reg.GPVirtual{n0, n1}[l]
				LEAQ(Mem{Base: j, Index: nl, Scale: 4}, j)
			}
		}
		ADDQ(n, i)
		JMP(p.Ref("loop"))
	}

	// Characters of one and two bytes only (Cyrillic, Greek, Hebrew,
	// Arabic text): the structure checked is all there is to check.
	TESTL(long.As32(), long.As32())
	JNZ(p.Ref("long"))
	{
		p1 := XMM()
		VPSLLDQ(U8(1), x, p1)
		b, a1 := YMM(), YMM()
		VPMOVZXBW(x, b)
		VPMOVZXBW(p1, a1)
		decodeWords2(tab, b, a1)
		packStore(b, nil)
	}
	p.Label("long")
	p1, p2, p3 := XMM(), XMM(), XMM()
	VPSLLDQ(U8(1), x, p1)
	VPSLLDQ(U8(2), x, p2)
	VPSLLDQ(U8(3), x, p3)
	b, a1, a2, a3 := YMM(), YMM(), YMM(), YMM()
	VPMOVZXBW(x, b)
	VPMOVZXBW(p1, a1)
	VPMOVZXBW(p2, a2)
	VPMOVZXBW(p3, a3)
	// Each value is blended in as soon as it is made, which keeps the live
	// vectors within the 16 that VEX instructions can name.
	bl := decodeWords2(tab, b, a1)
	is3, v3 := decodeWords3(tab, b, a1, a2, bl)
	s, r, e4 := YMM(), YMM(), YMM()
	e := badWords3(tab, v3)
	VPAND(is3, e, e)
	// 4-byte characters: u = the character's value >> 10, from the lead two
	// bytes back, in the third byte's lane; the low 10 bits in the last's.
	is4h, is4l, u, lo := YMM(), YMM(), YMM(), YMM()
	VPAND(tab.ydw[0x00F800F8], a3, is4l)
	VPCMPEQW(tab.ydw[0x00F000F0], is4l, is4l)
	var above reg.VecVirtual
	if outUnit == 4 {
		// v3 holds the low 16 bits of a 4-byte character's value in its
		// last lane too; above holds the 5 bits over them there.
		VPBLENDVB(is4l, v3, b, b)
		above = YMM()
		VPAND(tab.ydw[0x00070007], a3, above)
		VPSLLW(U8(2), above, above)
		VPAND(tab.ydw[0x003F003F], a2, s)
		VPSRLW(U8(4), s, s)
		VPOR(s, above, above)
		VPAND(is4l, above, above)
	}
	VPAND(tab.ydw[0x00F800F8], a2, is4h)
	VPCMPEQW(tab.ydw[0x00F000F0], is4h, is4h)
	VPAND(tab.ydw[0x00070007], a2, u)
	VPSLLW(U8(8), u, u)
	VPAND(tab.ydw[0x003F003F], a1, s)
	VPSLLW(U8(2), s, s)
	VPOR(s, u, u)
	VPSRLW(U8(4), bl, s)
	VPOR(s, u, u)
	if outUnit == 2 {
		VPAND(tab.ydw[0x000F000F], a1, lo)
		VPSLLW(U8(6), lo, lo)
		VPOR(bl, lo, lo)
		VPOR(tab.ydw[0xDC00DC00], lo, lo)
		VPBLENDVB(is4l, lo, b, b)
		hs := YMM()
		VPADDW(tab.ydw[0xD7C0D7C0], u, hs)
		VPBLENDVB(is4h, hs, b, b)
	}
	// 4-byte forms outside U+10000..U+10FFFF (u outside 0x40..0x43F); all
	// errors count in the lanes before the cut only.
	VMOVDQU(tab.ydw[0x00400040], e4)
	VPCMPGTW(u, e4, e4) // u < 0x40
	VPCMPGTW(tab.ydw[0x043F043F], u, s)
	VPOR(s, e4, e4)
	VPAND(is4h, e4, e4)
	VPOR(e4, e, e)
	rb, neg := GP64(), GP64()
	LEAQ(tab.wordRamp, rb)
	MOVQ(n, neg)
	NEGQ(neg)
	VMOVDQU(Mem{Base: rb, Index: neg, Scale: 2, Disp: 32}, r)
	VPTEST(r, e)
	JNZ(p.Ref("done"))

	packStore(b, above)

}

// bwBlocks is the AVX-512BW kernel's code for a block that is neither ASCII
// nor a run of 3-byte characters and that the AVX2 paths (twoBytesFirst) did
// not take: v holds it, km the marks of its bytes >= 0x80, ones all ones.
// The block is checked with the masks as in vbmi2Blocks (cut before its
// first byte that starts no character, C0, C1 or F5..FF, and before a
// character that does not end in it); then each quarter of 16 bytes is
// widened to 32-bit lanes, each lane decoded as if its byte ended a
// character, from it and the one to three bytes before, and VPCOMPRESSD,
// which AVX-512F has, keeps the lanes that do end one. For UTF-16 a 4-byte
// character ends in two lanes, as in avx2Blocks: the high surrogate in its
// third byte's lane, the low one in its last byte's; VPMOVDW then narrows
// the kept lanes to 16 bits. Blocks of 4-byte characters only take
// pureFour. The byte constants are read from memory, not held in registers,
// so that the AVX2 paths, whose VEX instructions reach only Y0-Y15, find
// registers there.
func (kern *wideKernel) bwBlocks(v reg.VecVirtual, km reg.OpmaskVirtual, ones reg.GPVirtual) {
	tab, p, outUnit, be := kern.tab, kern.p, kern.outUnit, kern.be
	dp, i, j, swap := kern.dp, kern.i, kern.j, kern.swap
	cC0, cE0, cF0, cF5, cFE := tab.dword[0xC0C0C0C0], tab.dword[0xE0E0E0E0], tab.dword[0xF0F0F0F0], tab.dword[0xF5F5F5F5], tab.dword[0xFEFEFEFE]
	high, cont, ge0, gf0, gf5, bad, x := GP64(), GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	KMOVQ(km, high)
	km = K()
	VPCMPB(U8(1), cC0, v, km) // signed v < 0xC0: continuation bytes
	KMOVQ(km, cont)
	VPCMPUB(U8(5), cE0, v, km) // v >= 0xE0
	KMOVQ(km, ge0)
	VPCMPUB(U8(5), cF0, v, km) // v >= 0xF0
	KMOVQ(km, gf0)
	VPCMPUB(U8(5), cF5, v, km) // v >= 0xF5
	KMOVQ(km, gf5)
	t := ZMM()
	VPANDD(cFE, v, t)
	VPCMPEQB(cC0, t, km) // C0, C1
	KMOVQ(km, bad)
	ORQ(gf5, bad)
	TESTQ(gf0, gf0)
	JZ(p.Ref("general"))
	kern.pureFour(v, "four_mixed")
	p.Label("four_mixed")
	p.Label("general")
	lm := cutLeads(p, 64, true, high, cont, ge0, gf0, bad, ones)
	n, mask := lm.n, lm.mask
	// keep marks the lanes ending a character (the byte after is no
	// continuation) and, for UTF-16, the third bytes of 4-byte characters.
	keep := GP64()
	MOVQ(cont, keep)
	SHRQ(U8(1), keep)
	NOTQ(keep)
	ANDQ(mask, keep)
	if outUnit == 2 {
		MOVQ(lm.l4, x)
		SHLQ(U8(2), x)
		ORQ(x, keep)
	}
	lm.checkContinuations(p)

	// The block starts a character, so the bytes before it only ever meet
	// lanes that end none: zero will do for them.
	zero := ZMM()
	VPXORD(zero, zero, zero)
	d1, d2, d3 := asm.AVX512.Delayed(zero, v)
	jw := GP64()
	MOVQ(j, jw)
	for q := 0; q < 4; q++ {
		if q > 0 {
			CMPQ(n, U8(16*q))
			JBE(p.Ref("advance"))
		}
		lanes := make([]reg.VecVirtual, 4)
		for s, src := range []reg.VecVirtual{v, d1, d2, d3} {
			xr := src.AsX()
			if q > 0 {
				xr = XMM()
				VEXTRACTI32X4(U8(q), src, xr)
			}
			lanes[s] = ZMM()
			VPMOVZXBD(xr, lanes[s])
		}
		b, a1, a2, a3 := lanes[0], lanes[1], lanes[2], lanes[3]
		bl, c1, c2, val, s := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
		VPANDD(tab.dword[0x3F], b, bl)
		VPANDD(tab.dword[0x3F], a1, c1)
		VPSLLD(U8(6), c1, c1)
		VPORD(bl, c1, c1) // a1's 6 bits and b's
		VPANDD(tab.dword[0x3F], a2, c2)
		VPSLLD(U8(12), c2, c2)
		VPORD(c1, c2, c2) // a2's, a1's and b's
		k2, k3, k4, kq := K(), K(), K(), K()
		is := func(a reg.VecVirtual, and, eq uint32, kr reg.Register) {
			VPANDD(tab.dword[and], a, s)
			VPCMPEQD(tab.dword[eq], s, kr)
		}
		is(a1, 0xE0, 0xC0, k2)
		is(a2, 0xF0, 0xE0, k3)
		is(a3, 0xF8, 0xF0, k4)
		VMOVDQA64(b, val)
		v2, v3, v4 := ZMM(), ZMM(), ZMM()
		VPANDD(tab.dword[0x1F], a1, v2)
		VPSLLD(U8(6), v2, v2)
		VPORD(bl, v2, v2)
		VPANDD(tab.dword[0x0F], a2, v3)
		VPSLLD(U8(12), v3, v3)
		VPORD(c1, v3, v3)
		VPANDD(tab.dword[0x07], a3, v4)
		VPSLLD(U8(18), v4, v4)
		VPORD(c2, v4, v4)
		VPBLENDMD(v2, val, k2, val)
		VPBLENDMD(v3, val, k3, val)
		// The lanes of this quarter to keep.
		MOVQ(keep, x)
		if q > 0 {
			SHRQ(U8(16*q), x)
		}
		KMOVW(x.As32(), kq)
		// Overlong and surrogate 3-byte forms, 4-byte forms out of range, in
		// the lanes kept.
		e1, e2 := K(), K()
		KANDW(kq, k3, e1)
		VPCMPUD(U8(1), tab.dword[0x800], v3, e1, e2) // overlong
		VPSUBD(tab.dword[0xD800], v3, s)
		VPCMPUD(U8(1), tab.dword[0x800], s, e1, e1) // surrogate
		KORW(e2, e1, e1)
		KANDW(kq, k4, e2)
		VPSUBD(tab.dword[0x10000], v4, s)
		VPCMPUD(U8(5), tab.dword[0x100000], s, e2, e2)
		KORW(e2, e1, e1)
		KORTESTW(e1, e1)
		JNZ(p.Ref("done"))
		out := ZMM()
		c := GP64()
		if outUnit == 4 {
			VPBLENDMD(v4, val, k4, val)
			VPCOMPRESSD_Z(val, kq, out)
			if be {
				VPSHUFB(swap, out, out)
			}
			VMOVDQU64(out, asm.At(dp, jw, 0))
			KMOVW(kq, c.As32())
			POPCNTL(c.As32(), c.As32())
			LEAQ(Mem{Base: jw, Index: c, Scale: 4}, jw)
		} else {
			// Low surrogate in the last byte's lane, high in the third's:
			// D7C0 + (the value >> 10), from the lead two bytes back.
			k4h, hs := K(), ZMM()
			is(a2, 0xF8, 0xF0, k4h)
			VPANDD(tab.dword[0x3FF], v4, v4)
			VPORD(tab.dword[0xDC00], v4, v4)
			VPBLENDMD(v4, val, k4, val)
			VPANDD(tab.dword[0x07], a2, s)
			VPSLLD(U8(8), s, s)
			VPANDD(tab.dword[0x3F], a1, hs)
			VPSLLD(U8(2), hs, hs)
			VPORD(s, hs, hs)
			VPSRLD(U8(4), bl, s)
			VPORD(s, hs, hs)
			VPADDD(tab.dword[0xD7C0], hs, hs)
			VPBLENDMD(hs, val, k4h, val)
			VPCOMPRESSD_Z(val, kq, out)
			y := YMM()
			VPMOVDW(out, y)
			if be {
				VPSHUFB(swap.AsY(), y, y)
			}
			VMOVDQU(y, asm.At(dp, jw, 0))
			KMOVW(kq, c.As32())
			POPCNTL(c.As32(), c.As32())
			LEAQ(Mem{Base: jw, Index: c, Scale: 2}, jw)
		}
	}
	p.Label("advance")
	MOVQ(jw, j)
	ADDQ(n, i)
	JMP(p.Ref("loop"))
}

// twoBytesPack is the path of the AVX2 and AVX-512BW kernels for 32 bytes of 1- and 2-byte
// characters (Cyrillic, Greek, Hebrew, Arabic text), the common case that
// the general path takes 16 bytes at a time: the same checks on 32-bit masks
// (a lead in the last byte waits for the next block), each byte's 16-bit
// lane decoded from it and the byte before, and the lanes that end a
// character packed 8 at a time. Any other block goes on to the label fail;
// m holds the high bits of the block's bytes.
func twoBytesPack(tab *consts, p asm.Scope, fail string, outUnit int, be bool, pack Mem, v reg.VecVirtual, m, dp, i, j reg.GPVirtual) {
	c := YMM()
	ge0, bad, cont, lead, n, t := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	VPAND(tab.ydw[0xE0E0E0E0], v, c)
	VPCMPEQB(tab.ydw[0xE0E0E0E0], c, c) // E0..FF
	VPMOVMSKB(c, ge0.As32())
	VPAND(tab.ydw[0xFEFEFEFE], v, c)
	VPCMPEQB(tab.ydw[0xC0C0C0C0], c, c) // C0, C1
	VPMOVMSKB(c, bad.As32())
	ORL(ge0.As32(), bad.As32())
	JNZ(p.Ref(fail))
	VMOVDQU(tab.ydw[0xC0C0C0C0], c)
	VPCMPGTB(v, c, c) // signed 0xC0 > v: continuation bytes
	VPMOVMSKB(c, cont.As32())
	ANDNL(m.As32(), cont.As32(), lead.As32()) // C2..DF
	MOVL(U32(32), n.As32())
	BTRL(U8(31), lead.As32())
	JCC(p.Ref("two_whole"))
	DECL(n.As32())
	p.Label("two_whole")
	MOVL(lead.As32(), t.As32())
	SHLL(U8(1), t.As32())
	CMPL(t.As32(), cont.As32())
	JNE(p.Ref(fail))
	// ends: bytes followed by no continuation, before the cut.
	ends := GP64()
	MOVL(cont.As32(), ends.As32())
	SHRL(U8(1), ends.As32())
	NOTL(ends.As32())
	MOVL(U32(0xFFFFFFFF), t.As32())
	BZHIL(n.As32(), t.As32(), t.As32())
	ANDL(t.As32(), ends.As32())
	prev := prevByte(v)
	for h := 0; h < 2; h++ {
		xv, xp := v.AsX(), prev.AsX()
		if h == 1 {
			xv, xp = XMM(), XMM()
			VEXTRACTI128(U8(1), v, xv)
			VEXTRACTI128(U8(1), prev, xp)
		}
		b, a1 := YMM(), YMM()
		VPMOVZXBW(xv, b)
		VPMOVZXBW(xp, a1)
		decodeWords2(tab, b, a1)
		packWords(tab, pack, outUnit, be, b, ends, h, dp, j)
	}
	ADDQ(n, i)
	JMP(p.Ref("loop"))
}

// twoBytesFirst lets the AVX-512BW kernel take 32 bytes of 1- and 2-byte characters
// at src[i:] by the AVX2 path (twoBytesPack), which decodes them in 16-bit
// lanes and packs them with tables: three times faster than 32-bit lanes
// and VPCOMPRESSD. So too 32 bytes of 1- to 3-byte characters (upToThree:
// Hindi, Korean, Japanese with ASCII spaces and punctuation, which the
// general path took 16 lanes at a time, four times a block, at a third of
// AVX2's speed). Other blocks go on at the label sixteen. (The VBMI2
// kernels keep too many constants in registers to add it: its YMM registers
// would need EVEX encodings that VPBLENDVB lacks.)
func twoBytesFirst(tab *consts, p asm.Scope, outUnit int, be bool, dp, sp, i, j, sLim, dLim reg.GPVirtual) {
	y, m := YMM(), GP64()
	VMOVDQU(asm.At(sp, i, 0), y)
	VPMOVMSKB(y, m.As32())
	pack := tab.packW16LE
	if be && outUnit == 2 {
		pack = tab.packW16BE
	}
	twoBytesPack(tab, p, "three32", outUnit, be, pack, y, m, dp, i, j)
	p.Label("three32")
	upToThree(tab, p, outUnit, be, pack, y, m, dp, sp, i, j, sLim, dLim)
}

// upToThree is twoBytesPack with 3-byte characters allowed, for text
// that mixes them with ASCII (Hindi, Korean, Japanese with spaces and
// punctuation): the 32-bit masks check the structure, a character cut by the
// block's end (a 2-byte lead in the last byte, a 3-byte one in the last two)
// waits for the next block, each byte's 16-bit lane is decoded from it and
// the two bytes before, and overlong and surrogate 3-byte forms send the
// block on to the general path at sixteen. A 3-byte character's last lane
// always lies before the cut, so no lane needs masking for the checks.
//
// A block it converts with a 3-byte character in it sends the next block
// straight to a second copy of the same code (label next3) when that block
// mixes bytes below and from 0x80: such text (Hindi, Korean) goes on that
// way, and the checks for the faster paths that cannot take it (all-ASCII,
// only 4-byte, only 3-byte and only 1-2-byte blocks) cost a fifth of a
// block's time. The copy sends a block it cannot take to the main loop,
// which tries every path again, so the general path always starts from the
// main loop's registers. For UTF-32 the copy converts by windowsUTF32.
//
// Such text runs one block after another through this code, each starting
// where the one before was cut: the cut is read from the block's last two
// bytes, whose loads wait on nothing but i, so that the next block need
// not wait for this one's vector masks.
func upToThree(tab *consts, p asm.Scope, outUnit int, be bool, pack Mem, v reg.VecVirtual, m, dp, sp, i, j, sLim, dLim reg.GPVirtual) {
	upToThreeBody(tab, p, outUnit, be, pack, v, m, dp, sp, i, j, sLim, "sixteen")
	p.Label("next3")
	if outUnit == 4 {
		windowsUTF32(tab, p, be, dp, sp, i, j, sLim, dLim)
		return
	}
	pastRoom(p, "done", i, sLim, j, dLim)
	// Registers of its own, which keep the allocator within Y0-Y15.
	w, mw := YMM(), GP64()
	VMOVDQU(asm.At(sp, i, 0), w)
	VPMOVMSKB(w, mw.As32())
	TESTL(mw.As32(), mw.As32())
	JZ(p.Ref("loop"))
	CMPL(mw.As32(), U32(0xFFFFFFFF))
	JE(p.Ref("loop"))
	upToThreeBody(tab, p, outUnit, be, pack, w, mw, dp, sp, i, j, sLim, "loop")
}

func upToThreeBody(tab *consts, p asm.Scope, outUnit int, be bool, pack Mem, v reg.VecVirtual, m, dp, sp, i, j, sLim reg.GPVirtual, fail string) {
	c := YMM()
	bad, cont, l3, n, t := GP64(), GP64(), GP64(), GP64(), GP64()
	VPAND(tab.ydw[0xF0F0F0F0], v, c)
	VPCMPEQB(tab.ydw[0xF0F0F0F0], c, c) // F0..FF
	VPMOVMSKB(c, bad.As32())
	VPAND(tab.ydw[0xFEFEFEFE], v, c)
	VPCMPEQB(tab.ydw[0xC0C0C0C0], c, c) // C0, C1
	VPMOVMSKB(c, t.As32())
	ORL(t.As32(), bad.As32())
	JNZ(p.Ref(fail))
	VPAND(tab.ydw[0xE0E0E0E0], v, c)
	VPCMPEQB(tab.ydw[0xE0E0E0E0], c, c) // E0..EF here
	VPMOVMSKB(c, l3.As32())
	VMOVDQU(tab.ydw[0xC0C0C0C0], c)
	VPCMPGTB(v, c, c) // signed 0xC0 > v: continuation bytes
	VPMOVMSKB(c, cont.As32())
	// The cut: the first lead whose character does not end in the block,
	// a 3-byte lead in byte 30 or any lead in byte 31 (F0..FF and C0, C1
	// went to fail above). It is read from those two bytes, not from the
	// masks: the next block starts at i+n, and the path from the bytes
	// through the vector compares and VPMOVMSKB to n took about as long as
	// converting a whole block, which so waited on the block before.
	MOVBLZX(asm.At(sp, i, 31), bad.As32())
	MOVBLZX(asm.At(sp, i, 30), t.As32())
	MOVL(U32(32), n.As32())
	CMPL(bad.As32(), U32(0xC0))
	MOVL(U32(31), bad.As32())
	CMOVLCC(bad.As32(), n.As32())
	CMPL(t.As32(), U32(0xE0))
	MOVL(U32(30), bad.As32())
	CMOVLCC(bad.As32(), n.As32())
	mask := GP64()
	MOVL(U32(0xFFFFFFFF), t.As32())
	BZHIL(n.As32(), t.As32(), mask.As32())
	// The continuation bytes must be exactly those the leads (C2..EF) call
	// for: one after each, two after E0..EF. No mask is needed: the block
	// starts a character, and in well-formed text the one it cuts has
	// its lead and continuation bytes consistent up to byte 31 too.
	continuationsCalledFor(p, m, cont, l3, bad, t, fail)
	// ends: bytes followed by no continuation, before the cut (byte n
	// starts a character, or is past the block).
	ends := GP64()
	MOVL(cont.As32(), ends.As32())
	SHRL(U8(1), ends.As32())
	ANDNL(mask.As32(), ends.As32(), ends.As32())
	// The halves write at jw; j moves once both have passed their checks,
	// so that the general path may take the block over from its start.
	jw := GP64()
	MOVQ(j, jw)
	for h := 0; h < 2; h++ {
		// Each byte's lane with the byte one and two before it: the low
		// half shifts them in (the block starts a character, so zeros
		// stand well for what precedes it), the high half reads them from
		// src, which costs no shuffle across the 128-bit lanes.
		b, a1, a2 := YMM(), YMM(), YMM()
		if h == 0 {
			p1, p2 := XMM(), XMM()
			VPSLLDQ(U8(1), v.AsX(), p1)
			VPSLLDQ(U8(2), v.AsX(), p2)
			VPMOVZXBW(v.AsX(), b)
			VPMOVZXBW(p1, a1)
			VPMOVZXBW(p2, a2)
		} else {
			VPMOVZXBW(asm.At(sp, i, 16), b)
			VPMOVZXBW(asm.At(sp, i, 15), a1)
			VPMOVZXBW(asm.At(sp, i, 14), a2)
		}
		bl := decodeWords2(tab, b, a1)
		is3, v3 := decodeWords3(tab, b, a1, a2, bl)
		VPTEST(is3, badWords3(tab, v3))
		JNZ(p.Ref(fail))
		packWords(tab, pack, outUnit, be, b, ends, h, dp, jw)
	}
	MOVQ(jw, j)
	ADDQ(n, i)
	TESTL(l3.As32(), l3.As32())
	JNZ(p.Ref("next3"))
	JMP(p.Ref("loop"))
}

// decodeWords2 is the first step of decoding 16 bytes of UTF-8 in the 16-bit
// lanes of b, which holds them zero-extended, a1 the byte before each the
// same way: each lane after a 2-byte lead takes the value of the character
// it ends. bl is b's lanes' low 6 bits, which the next step wants too.
func decodeWords2(tab *consts, b, a1 reg.VecVirtual) (bl reg.VecVirtual) {
	is2, v2 := YMM(), YMM()
	bl = YMM()
	VPAND(tab.ydw[0x00E000E0], a1, is2)
	VPCMPEQW(tab.ydw[0x00C000C0], is2, is2)
	VPAND(tab.ydw[0x003F003F], b, bl)
	VPAND(tab.ydw[0x001F001F], a1, v2)
	VPSLLW(U8(6), v2, v2)
	VPOR(bl, v2, v2)
	VPBLENDVB(is2, v2, b, b)
	return bl
}

// decodeWords3 is the step after decodeWords2 for 3-byte characters, a2
// holding the byte two before each lane: each lane two after a 3-byte lead
// takes the value of the character it ends. is3 marks those lanes, and v3
// holds the value every lane would have as the end of a 3-byte character,
// for the checks (badWords3) and the 4-byte characters.
func decodeWords3(tab *consts, b, a1, a2, bl reg.VecVirtual) (is3, v3 reg.VecVirtual) {
	is3, v3 = YMM(), YMM()
	s := YMM()
	VPAND(tab.ydw[0x00F000F0], a2, is3)
	VPCMPEQW(tab.ydw[0x00E000E0], is3, is3)
	VPSLLW(U8(12), a2, v3)
	VPAND(tab.ydw[0x003F003F], a1, s)
	VPSLLW(U8(6), s, s)
	VPOR(s, v3, v3)
	VPOR(bl, v3, v3)
	VPBLENDVB(is3, v3, b, b)
	return
}

// badWords3 returns the lanes of v3 (decodeWords3) that hold an overlong
// (below U+0800) or a surrogate 3-byte form, all ones, in a new register.
func badWords3(tab *consts, v3 reg.VecVirtual) reg.VecVirtual {
	s, e := YMM(), YMM()
	VPAND(tab.ydw[0xF800F800], v3, s)
	VPXOR(e, e, e)
	VPCMPEQW(e, s, e)
	VPCMPEQW(tab.ydw[0xD800D800], s, s)
	VPOR(s, e, e)
	return e
}

// packWords keeps the values in the 16-bit lanes of b that end a character
// (half h of the 32-bit mask ends: bytes 2h and 2h+1 of it, one for each
// 128-bit lane of b), with the pack table pack, and stores them at dst[j:]
// as UTF-16 or (outUnit 4) widened to UTF-32, advancing j.
func packWords(tab *consts, pack Mem, outUnit int, be bool, b reg.VecVirtual, ends reg.GPVirtual, h int, dp, j reg.GPVirtual) {
	e0, e1 := byteAt(ends, 2*h), byteAt(ends, 2*h+1)
	idx := entry16(pack, e0, e1)
	VPSHUFB(idx, b, b)
	n0, n1 := GP64(), GP64()
	POPCNTL(e0.As32(), n0.As32())
	POPCNTL(e1.As32(), n1.As32())
	if outUnit == 2 {
		SHLL(U8(1), n0.As32())
		SHLL(U8(1), n1.As32())
		storeLanes(b, dp, j, n0, n1)
		return
	}
	widenStoreLanes(tab, be, b, dp, j, n0, n1)
}

// widenStoreLanes is storeLanes for UTF-32: x holds n0 packed 16-bit values
// in its low lane and n1 in its high one, none a surrogate half. Each lane is
// zero-extended whole by VPMOVZXWD (one instruction a lane, where unpacking
// against zero and recombining the halves took five for the pair), stored,
// and j advanced by its values' bytes.
func widenStoreLanes(tab *consts, be bool, x reg.VecVirtual, dp, j, n0, n1 reg.GPVirtual) {
	h := XMM()
	VEXTRACTI128(U8(1), x, h)
	for l, src := range []reg.Register{x.AsX(), h} {
		out := YMM()
		VPMOVZXWD(src, out)
		if be {
			VPSHUFB(tab.swap32, out, out)
		}
		VMOVDQU(out, asm.At(dp, j, 0))
		nl := []reg.GPVirtual{n0, n1}[l]
		LEAQ(Mem{Base: j, Index: nl, Scale: 4}, j)
	}
}

// windowsUTF32 is the UTF-32 code at next3 in upToThree (the second
// copy of the block code), a loop over blocks: the block's characters
// (1 to 3 bytes, before the cut) go four at a time from a window of the 12
// bytes that hold them, in 32-bit lanes of one character each, by one byte
// shuffle chosen by where the four end (a table indexed by 12 bits of the
// mask of character ends), and two windows fill a 32-byte store. Per block
// this is about half the vector work of decoding every byte's 16-bit lane,
// packing and widening them, as upToThreeBody does after it, and the checks
// are folded: the bytes that no block of 1- to 3-byte characters may hold,
// overlong and surrogate forms in one vector, one VPTEST. Each turn does the
// next block's vector work (windowsVectors) before its own windows, so that
// the next block's masks, which wait only for this block's cut, overlap
// these windows: 9-10% on Korean and Hindi, where two blocks in a row took
// the path one after the other. Windows read 16 bytes from any character
// start of the block, and the checks the byte after it, so a block wants 48
// bytes of src, and 80 with the next one's vectors. The first copy keeps the
// lane code: a lone mixed block (a line break in CJK text) took longer by
// the windows, whose branches it mispredicts.
func windowsUTF32(tab *consts, p asm.Scope, be bool, dp, sp, i, j, sLim, dLim reg.GPVirtual) {
	q := asm.Scope(string(p.Ref("loop_w")) + "_")
	fail := "loop"
	t := GP64()
	// The block and the next both read up to 48 bytes from their start,
	// so this block wants 80 of src; with less the main loop takes over.
	LEAQ(Mem{Base: i, Disp: 48}, t)
	CMPQ(t, sLim)
	JG(p.Ref("loop"))
	CMPQ(j, dLim)
	JG(p.Ref("done"))
	// v, c, l3v and cont carry a block's vector work from one turn to
	// the next: each turn does the next block's before its own windows.
	v, c, l3v := YMM(), YMM(), YMM()
	cont := GP64()
	VMOVDQU(asm.At(sp, i, 0), v)
	VPMOVMSKB(v, t.As32())
	TESTL(t.As32(), t.As32())
	JZ(p.Ref("loop"))
	CMPL(t.As32(), U32(0xFFFFFFFF))
	JE(p.Ref("loop"))
	windowsVectors(tab, v, c, l3v, cont, sp, i)
	q.Label("go")
	m := GP64()
	VPMOVMSKB(v, m.As32())
	VPTEST(c, c)
	JNZ(p.Ref(fail))
	l3 := GP64()
	VPMOVMSKB(l3v, l3.As32())
	// The cut n, and the leads' continuation bytes, as in upToThreeBody.
	n, b := GP64(), GP64()
	MOVBLZX(asm.At(sp, i, 31), t.As32())
	MOVBLZX(asm.At(sp, i, 30), b.As32())
	CMPL(t.As32(), U32(0xC0))
	MOVL(U32(31), n.As32())
	ADCL(U8(0), n.As32()) // 32 below C0
	CMPL(b.As32(), U32(0xE0))
	MOVL(U32(30), b.As32())
	CMOVLCC(b.As32(), n.As32())
	continuationsCalledFor(p, m, cont, l3, b, t, fail)
	mask, ends := GP64(), GP64()
	MOVL(U32(0xFFFFFFFF), t.As32())
	BZHIL(n.As32(), t.As32(), mask.As32())
	MOVL(cont.As32(), ends.As32())
	SHRL(U8(1), ends.As32())
	ANDNL(mask.As32(), ends.As32(), ends.As32())
	// Window k starts at the block's (4k)th character: four BLSR a window
	// clear the starts before it, a chain of one-cycle steps that keeps
	// the windows apart from each other's table loads. (PDEP would find
	// them all at once, but the AMD CPUs without AVX-512 run it in
	// microcode, and on Zen 4 it was slower here too.)
	starts := GP64()
	ANDNL(mask.As32(), cont.As32(), starts.As32())
	// s: the block; i moves on now, which frees n.
	s, base := GP64(), GP64()
	LEAQ(Mem{Base: sp, Index: i, Scale: 1}, s)
	ADDQ(n, i)
	// The next block's vector work, ahead of this one's windows: a block
	// waits on the one before only for its start, and so the two overlap
	// (the next block's masks took about as long as this one's windows).
	// A next block that this path does not take (all ASCII, or no ASCII:
	// CJK after a line of it) is left to the main loop, without that
	// work, by a copy of the windows.
	VMOVDQU(asm.At(sp, i, 0), v)
	VPMOVMSKB(v, t.As32())
	TESTL(t.As32(), t.As32())
	JZ(q.Ref("last"))
	CMPL(t.As32(), U32(0xFFFFFFFF))
	JE(q.Ref("last"))
	windowsVectors(tab, v, c, l3v, cont, sp, i)
	LEAQ(tab.win4, base)
	windowsStore(tab, q, "stored", be, dp, j, s, base, ends, starts)
	POPCNTL(ends.As32(), ends.As32())
	LEAQ(Mem{Base: j, Index: ends, Scale: 4}, j)
	TESTL(l3.As32(), l3.As32())
	JZ(p.Ref("loop"))
	// The next block's vectors are in; the block after it must be in
	// src too before they are used.
	LEAQ(Mem{Base: i, Disp: 48}, t)
	CMPQ(t, sLim)
	JG(p.Ref("loop"))
	CMPQ(j, dLim)
	JG(p.Ref("done"))
	JMP(q.Ref("go"))

	q.Label("last")
	LEAQ(tab.win4, base)
	windowsStore(tab, q, "stored_last", be, dp, j, s, base, ends, starts)
	POPCNTL(ends.As32(), ends.As32())
	LEAQ(Mem{Base: j, Index: ends, Scale: 4}, j)
	JMP(p.Ref("loop"))
}

// windowsStore converts the block at s by windows and stores them at
// dst[j:], for windowsUTF32: ends is the mask of its characters' ends before
// the cut, starts of their starts (clobbered), base the address of win4. It
// ends at the label stored, which it defines.
func windowsStore(tab *consts, q asm.Scope, stored string, be bool, dp, j, s, base, ends, starts reg.GPVirtual) {
	for pair := 0; pair < 4; pair++ {
		x, sh := YMM(), YMM()
		for w := 0; w < 2; w++ {
			k := 2*pair + w
			pos, e := GP64(), GP64()
			src := Mem{Base: s, Index: pos, Scale: 1}
			if k == 0 {
				src = Mem{Base: s}
				MOVL(ends.As32(), e.As32())
			} else {
				for b := 0; b < 4; b++ {
					BLSRL(starts.As32(), starts.As32())
				}
				// The second pair goes on whether the block needs it or
				// not (most of 1- to 3-byte text has 9 to 16 characters a
				// block): a branch on it was mispredicted often enough to
				// cost more.
				if w == 0 && pair > 1 {
					JZ(q.Ref(stored)) // no character left
				}
				TZCNTL(starts.As32(), pos.As32()) // 32 past the last window
				SHRXL(pos.As32(), ends.As32(), e.As32())
			}
			ANDL(U32(0xFFF), e.As32())
			MOVBLZX(Mem{Base: base, Index: e, Scale: 1, Disp: win4Index}, e.As32())
			if w == 0 {
				// A broadcast writes all of x (see entry16).
				VBROADCASTI128(src, x)
				VBROADCASTI128(Mem{Base: base, Index: e, Scale: 8}, sh)
			} else {
				VINSERTI128(U8(1), src, x, x)
				VINSERTI128(U8(1), Mem{Base: base, Index: e, Scale: 8}, sh, sh)
			}
		}
		// Lane: last byte, the one before if any, the lead of a 3-byte
		// character. Masked to their payloads (the bit above each is zero:
		// ASCII bit 7, a continuation's bit 6, a 2-byte lead's bit 5), two
		// multiply-adds put them together: b0 + b1<<6 in the low 16 bits,
		// then + b2<<12.
		VPSHUFB(sh, x, x)
		VPAND(tab.ydw[0x000F3F7F], x, x)
		VPMADDUBSW(tab.ydw[0x00014001], x, x)
		VPMADDWD(tab.ydw[0x10000001], x, x)
		if be {
			VPSHUFB(tab.swap32, x, x)
		}
		VMOVDQU(x, Mem{Base: dp, Index: j, Scale: 1, Disp: 32 * pair})
	}
	q.Label(stored)
}

// windowsVectors is the vector work of windowsUTF32 on the block at src[i:],
// loaded in v: c nonzero where it holds a byte that no block of 1- to 3-byte
// characters may hold (F0..FF, C0, C1; E0 then 80..9F (overlong), ED then
// A0..BF (surrogates), told by bit 5 of the byte after; past the cut too: no
// well-formed text has them anywhere), l3v its leads E0..EF and cont the mask
// of its continuation bytes.
func windowsVectors(tab *consts, v, c, l3v reg.VecVirtual, cont, sp, i reg.GPVirtual) {
	d, e, nx := YMM(), YMM(), YMM()
	VMOVDQU(tab.ydw[0xC0C0C0C0], d)
	VPCMPGTB(v, d, d) // signed 0xC0 > v: continuation bytes
	VPMOVMSKB(d, cont.As32())
	VPAND(tab.ydw[0xF0F0F0F0], v, c)
	VPCMPEQB(tab.ydw[0xF0F0F0F0], c, c)
	VPAND(tab.ydw[0xFEFEFEFE], v, d)
	VPCMPEQB(tab.ydw[0xC0C0C0C0], d, d)
	VPOR(d, c, c)
	VMOVDQU(asm.At(sp, i, 1), nx)
	VPSLLW(U8(2), nx, nx) // bit 7 of each byte: bit 5 of the next
	VPCMPEQB(tab.ydw[0xE0E0E0E0], v, d)
	VPCMPEQB(tab.ydw[0xEDEDEDED], v, e)
	VPBLENDVB(nx, e, d, d)
	VPOR(d, c, c)
	VPAND(tab.ydw[0xE0E0E0E0], v, l3v)
	VPCMPEQB(tab.ydw[0xE0E0E0E0], l3v, l3v) // E0..EF here
}

// continuationsCalledFor emits the test that the continuation bytes of a
// block (mask cont) are exactly those its leads call for: one after each
// lead (the bytes of m that are not continuations), two after each 3-byte
// lead (mask l3). It jumps to fail otherwise; leads and t are clobbered.
func continuationsCalledFor(p asm.Scope, m, cont, l3, leads, t reg.GPVirtual, fail string) {
	ANDNL(m.As32(), cont.As32(), leads.As32())
	SHLL(U8(1), leads.As32())
	MOVL(l3.As32(), t.As32())
	SHLL(U8(2), t.As32())
	ORL(t.As32(), leads.As32())
	CMPL(leads.As32(), cont.As32())
	JNE(p.Ref(fail))
}
