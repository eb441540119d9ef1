package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The AVX2 kernels, for CPUs without AVX-512 VBMI2: ASCII and Latin-1 both
// ways, and UTF-8 <-> UTF-16 for characters of one to three UTF-8 bytes (a
// block with a 4-byte character or a surrogate stops them). With no
// VPCOMPRESSB, bytes are packed or spread with VPSHUFB and 256-entry tables
// indexed by eight bits of a mask, 8 bytes, 8 UTF-16 units or 4 UTF-8
// characters at a time, and masks come from VPMOVMSKB; TZCNT, POPCNT and
// BZHI are the only scalar extras. PEXT and PDEP are avoided on purpose: the
// AMD CPUs that lack AVX-512 run them in microcode.

// ydw holds 32-byte vectors of one 32-bit value each.
var ydw = map[uint32]Mem{}

// Tables: l1Expand spreads 8 Latin-1 characters held as 16-bit UTF-8 pairs
// into their 1 or 2 bytes; pack8 (pack8hi for the upper 8 bytes of a lane)
// keeps the marked bytes of 8; packW16LE/BE keeps the marked 16-bit units of
// 8, in either byte order; u16Spread keeps, of 4 characters in 32-bit lanes,
// the 1 to 3 bytes each needs (2 bits per character: >= 0x80, >= 0x800).
var l1Expand, pack8, pack8hi, packW16LE, packW16BE, u16Spread, wordRamp Mem

func avx2Consts() {
	for _, v := range []uint32{0x3F003F00, 0x80C080C0, 0x007F007F, 0xFEFEFEFE, 0xC2C2C2C2, 0xC0C0C0C0, 0xC3C3C3C3,
		0x40404040, 0xE0E0E0E0, 0xF0F0F0F0, 0x00F000F0, 0x00E000E0, 0x00C000C0, 0x003F003F, 0x001F001F,
		0xF800F800, 0xD800D800, 0xFF80FF80, 0x80, 0x800, 0x3F, 0x80C0, 0x8080E0} {
		m := GLOBL("ydword"+hex(v), RODATA|NOPTR)
		for i := 0; i < 8; i++ {
			DATA(4*i, U32(v))
		}
		ydw[v] = m
	}
	table := func(name string, width int, entry func(m int) []int) Mem {
		t := GLOBL(name, RODATA|NOPTR)
		for m := 0; m < 256; m++ {
			e := entry(m)
			for k := 0; k < width; k++ {
				b := 0x80 // VPSHUFB writes zero
				if k < len(e) {
					b = e[k]
				}
				DATA(width*m+k, U8(b))
			}
		}
		return t
	}
	l1Expand = table("l1Expand", 16, func(m int) []int {
		var e []int
		for q := 0; q < 8; q++ {
			e = append(e, 2*q)
			if m>>q&1 != 0 {
				e = append(e, 2*q+1)
			}
		}
		return e
	})
	packOf := func(off int) func(m int) []int {
		return func(m int) []int {
			var e []int
			for q := 0; q < 8; q++ {
				if m>>q&1 != 0 {
					e = append(e, q+off)
				}
			}
			return e
		}
	}
	pack8 = table("pack8", 8, packOf(0))
	pack8hi = table("pack8hi", 8, packOf(8))
	words := func(be bool) func(m int) []int {
		return func(m int) []int {
			var e []int
			for q := 0; q < 8; q++ {
				if m>>q&1 != 0 {
					if be {
						e = append(e, 2*q+1, 2*q)
					} else {
						e = append(e, 2*q, 2*q+1)
					}
				}
			}
			return e
		}
	}
	packW16LE = table("packW16LE", 16, words(false))
	packW16BE = table("packW16BE", 16, words(true))
	u16Spread = table("u16Spread", 16, func(m int) []int {
		var e []int
		for q := 0; q < 4; q++ {
			c := m >> (2 * q) & 3
			n := 1 + c&1 + c>>1
			for k := 0; k < n; k++ {
				e = append(e, 4*q+k)
			}
		}
		return e
	})
	wordRamp = GLOBL("wordRamp", RODATA|NOPTR)
	for k := 0; k < 32; k++ {
		v := 0
		if k < 16 {
			v = 0xFFFF
		}
		DATA(2*k, U16(v))
	}
}

// prologue2 is prologue for blocks of 32 bytes.
func prologue2(dstRoom int) (dp, sp, i, j, sLim, dLim reg.GPVirtual) {
	dp, dLim, sp, sLim = GP64(), GP64(), GP64(), GP64()
	Load(Param("dst").Base(), dp)
	Load(Param("dst").Len(), dLim)
	Load(Param("src").Base(), sp)
	Load(Param("src").Len(), sLim)
	SUBQ(U32(32), sLim)
	SUBQ(U32(dstRoom), dLim)
	i, j = GP64(), GP64()
	XORQ(i, i)
	XORQ(j, j)
	return
}

// entry16 loads the 16-byte entries m0 and m1 (bytes, zero-extended) of t
// into the two lanes of a vector.
func entry16(t Mem, m0, m1 reg.GPVirtual) reg.VecVirtual {
	base, a := GP64(), GP64()
	LEAQ(t, base)
	MOVQ(m0, a)
	SHLQ(U8(4), a)
	x := YMM()
	VMOVDQU(Mem{Base: base, Index: a, Scale: 1}, x.AsX())
	MOVQ(m1, a)
	SHLQ(U8(4), a)
	VINSERTI128(U8(1), Mem{Base: base, Index: a, Scale: 1}, x, x)
	return x
}

// byteAt puts byte b (0 to 3) of m, zero-extended, in a new register.
func byteAt(m reg.GPVirtual, b int) reg.GPVirtual {
	r := GP64()
	MOVL(m.As32(), r.As32())
	if b > 0 {
		SHRL(U8(8*b), r.As32())
	}
	MOVBLZX(r.As8(), r.As32())
	return r
}

// storeLanes writes the low lane of x at dst[j:], advances j by n0, writes
// the high lane there and advances j by n1.
func storeLanes(x reg.VecVirtual, dp, j, n0, n1 reg.GPVirtual) {
	VMOVDQU(x.AsX(), at(dp, j, 0))
	ADDQ(n0, j)
	h := XMM()
	VEXTRACTI128(U8(1), x, h)
	VMOVDQU(h, at(dp, j, 0))
	ADDQ(n1, j)
}

func sig2(name string, doc ...string) {
	TEXT(name, NOSPLIT, "func(dst, src []byte) (nDst, nSrc int)")
	Pragma("noescape")
	Doc(doc...)
}

func latin1ToUTF8AVX2() {
	const p = "l1u2_"
	sig2("latin1ToUTF8AVX2",
		"latin1ToUTF8AVX2 converts ISO-8859-1 to UTF-8 in 32-byte blocks while",
		"src has 32 bytes left and dst 64, and returns the bytes written and read.")
	dp, sp, i, j, sLim, dLim := prologue2(64)
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(at(sp, i, 0), v)
	m := GP64()
	VPMOVMSKB(v, m.As32())
	TESTL(m.As32(), m.As32())
	JNZ(LabelRef(p + "wide"))
	VMOVDQU(v, at(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(32), j)
	JMP(LabelRef(p + "loop"))

	Label(p + "wide")
	for h := 0; h < 2; h++ {
		x := v.AsX()
		if h == 1 {
			x = XMM()
			VEXTRACTI128(U8(1), v, x)
		}
		// Each character as its UTF-8 pair in a 16-bit lane, lead first.
		w, hi, lo, sel := YMM(), YMM(), YMM(), YMM()
		VPMOVZXBW(x, w)
		VPSLLW(U8(8), w, hi)
		VPAND(ydw[0x3F003F00], hi, hi)
		VPSRLW(U8(6), w, lo)
		VPOR(lo, hi, hi)
		VPOR(ydw[0x80C080C0], hi, hi)
		VPCMPGTW(ydw[0x007F007F], w, sel) // w > 0x7F
		VPBLENDVB(sel, hi, w, w)
		m0, m1 := byteAt(m, 2*h), byteAt(m, 2*h+1)
		idx := entry16(l1Expand, m0, m1)
		VPSHUFB(idx, w, w)
		n0, n1 := GP64(), GP64()
		POPCNTL(m0.As32(), n0.As32())
		ADDQ(U8(8), n0)
		POPCNTL(m1.As32(), n1.As32())
		ADDQ(U8(8), n1)
		storeLanes(w, dp, j, n0, n1)
	}
	ADDQ(U8(32), i)
	JMP(LabelRef(p + "loop"))
	epilogue(p, i, j)
}

// prevByte returns v with every byte moved up one place, zero first: lane k
// of the result holds byte k-1 of v.
func prevByte(v reg.VecVirtual) reg.VecVirtual {
	t, r := YMM(), YMM()
	VPERM2I128(U8(0x08), v, v, t) // low lane zero, high lane v's low lane
	VPALIGNR(U8(15), t, v, r)
	return r
}

func utf8ToLatin1AVX2() {
	const p = "u8l12_"
	sig2("utf8ToLatin1AVX2",
		"utf8ToLatin1AVX2 converts UTF-8 to ISO-8859-1 in 32-byte blocks while src",
		"has 32 bytes left and dst 32, and returns the bytes written and read. It",
		"stops at the first block holding anything but ASCII and well-formed",
		"U+0080..U+00FF.")
	dp, sp, i, j, sLim, dLim := prologue2(32)
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(at(sp, i, 0), v)
	high := GP64()
	VPMOVMSKB(v, high.As32())
	TESTL(high.As32(), high.As32())
	JNZ(LabelRef(p + "wide"))
	VMOVDQU(v, at(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(32), j)
	JMP(LabelRef(p + "loop"))

	Label(p + "wide")
	t := YMM()
	lead, cont, n, mask, x := GP64(), GP64(), GP64(), GP64(), GP64()
	VPAND(ydw[0xFEFEFEFE], v, t)
	VPCMPEQB(ydw[0xC2C2C2C2], t, t)
	VPMOVMSKB(t, lead.As32())
	c0 := YMM()
	VMOVDQU(ydw[0xC0C0C0C0], c0)
	VPCMPGTB(v, c0, t) // signed 0xC0 > v: 80..BF
	VPMOVMSKB(t, cont.As32())
	MOVL(U32(32), n.As32())
	MOVL(U32(0xFFFFFFFF), mask.As32())
	BTL(U8(31), lead.As32())
	JCC(LabelRef(p + "whole"))
	// A lead in the last byte: this block is 31 bytes long.
	DECL(n.As32())
	MOVL(U32(0x7FFFFFFF), mask.As32())
	ANDL(mask.As32(), lead.As32())
	ANDL(mask.As32(), high.As32())
	Label(p + "whole")
	MOVL(lead.As32(), x.As32())
	ORL(cont.As32(), x.As32())
	CMPL(x.As32(), high.As32())
	JNE(LabelRef(p + "done"))
	MOVL(lead.As32(), x.As32())
	SHLL(U8(1), x.As32())
	CMPL(x.As32(), cont.As32())
	JNE(LabelRef(p + "done"))
	// The character after C3 is its continuation byte plus 0x40.
	pv := prevByte(v)
	VPCMPEQB(ydw[0xC3C3C3C3], pv, pv)
	VPAND(ydw[0x40404040], pv, pv)
	VPADDB(pv, v, v)
	keep := GP64()
	ANDNL(mask.As32(), lead.As32(), keep.As32())
	base, hb := GP64(), GP64()
	LEAQ(pack8, base)
	LEAQ(pack8hi, hb)
	for l := 0; l < 2; l++ {
		xv := v.AsX()
		if l == 1 {
			xv = XMM()
			VEXTRACTI128(U8(1), v, xv)
		}
		k0, k1 := byteAt(keep, 2*l), byteAt(keep, 2*l+1)
		idx := XMM()
		VMOVQ(Mem{Base: base, Index: k0, Scale: 8}, idx)
		VPINSRQ(U8(1), Mem{Base: hb, Index: k1, Scale: 8}, idx, idx)
		VPSHUFB(idx, xv, idx)
		c := GP64()
		VMOVQ(idx, at(dp, j, 0))
		POPCNTL(k0.As32(), c.As32())
		ADDQ(c, j)
		VPEXTRQ(U8(1), idx, at(dp, j, 0))
		POPCNTL(k1.As32(), c.As32())
		ADDQ(c, j)
	}
	ADDQ(n, i)
	JMP(LabelRef(p + "loop"))
	epilogue(p, i, j)
}

// utf8ToUTF16AVX2: a block of 32 ASCII bytes widens whole; otherwise 16
// bytes at a time, cut before the first byte that starts no 1- to 3-byte
// character and before a character that does not end in them, and checked
// with the masks as in utf8ToWide. Each byte's 16-bit lane is decoded as if
// it ended a character, from it and the one and two bytes before it; the
// lanes that do end one are packed with a table.
func utf8ToUTF16AVX2(name string, be bool) {
	p := name + "_"
	order := map[bool]string{false: "LE", true: "BE"}[be]
	sig2(name,
		name+" converts UTF-8 to UTF-16"+order+" in 32-byte blocks",
		"while src has 32 bytes left and dst 64, and returns the bytes written",
		"and read. It stops at ill-formed input and 4-byte characters, at the",
		"latest at the start of the 16 bytes holding them.")
	dp, sp, i, j, sLim, dLim := prologue2(64)
	pack := packW16LE
	if be {
		pack = packW16BE
	}
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(at(sp, i, 0), v)
	m := GP64()
	VPMOVMSKB(v, m.As32())
	TESTL(m.As32(), m.As32())
	JNZ(LabelRef(p + "wide"))
	u0, u1 := YMM(), YMM()
	h := XMM()
	VPMOVZXBW(v.AsX(), u0)
	VEXTRACTI128(U8(1), v, h)
	VPMOVZXBW(h, u1)
	if be {
		VPSLLW(U8(8), u0, u0)
		VPSLLW(U8(8), u1, u1)
	}
	VMOVDQU(u0, at(dp, j, 0))
	VMOVDQU(u1, at(dp, j, 32))
	ADDQ(U8(32), i)
	ADDQ(U8(64), j)
	JMP(LabelRef(p + "loop"))

	Label(p + "wide")
	x := XMM()
	VMOVDQU(at(sp, i, 0), x)
	high, cont, ge0, gf0, bad, t := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	MOVL(m.As32(), high.As32())
	ANDL(U32(0xFFFF), high.As32())
	c := XMM()
	mask8 := func(and, eq uint32, out reg.GPVirtual) {
		VPAND(ydw[and].Offset(0), x, c)
		VPCMPEQB(ydw[eq].Offset(0), c, c)
		VPMOVMSKB(c, out.As32())
	}
	VMOVDQU(ydw[0xC0C0C0C0].Offset(0), c)
	VPCMPGTB(x, c, c) // signed 0xC0 > x: continuation bytes
	VPMOVMSKB(c, cont.As32())
	mask8(0xE0E0E0E0, 0xE0E0E0E0, ge0)
	mask8(0xF0F0F0F0, 0xF0F0F0F0, gf0)
	mask8(0xFEFEFEFE, 0xC0C0C0C0, bad) // C0, C1
	ORL(gf0.As32(), bad.As32())
	lead2, lead3 := GP64(), GP64()
	ANDNL(high.As32(), cont.As32(), lead2.As32()) // high and not continuation
	ANDNL(lead2.As32(), ge0.As32(), lead2.As32()) // ... and below E0
	ANDNL(ge0.As32(), gf0.As32(), lead3.As32())   // E0..EF
	// A character not ending in the 16 bytes cuts them too.
	MOVL(lead2.As32(), t.As32())
	ANDL(U32(0x8000), t.As32())
	ORL(t.As32(), bad.As32())
	MOVL(lead3.As32(), t.As32())
	ANDL(U32(0xC000), t.As32())
	ORL(t.As32(), bad.As32())
	ORL(U32(0x10000), bad.As32())
	n := GP64()
	TZCNTL(bad.As32(), n.As32())
	TESTL(n.As32(), n.As32())
	JZ(LabelRef(p + "done"))
	mask := GP64()
	MOVL(U32(0xFFFFFFFF), t.As32())
	BZHIL(n.As32(), t.As32(), mask.As32())
	ANDL(mask.As32(), lead2.As32())
	ANDL(mask.As32(), lead3.As32())
	ANDL(mask.As32(), cont.As32())
	ends := GP64()
	MOVL(cont.As32(), ends.As32())
	NOTL(ends.As32())
	SHRL(U8(1), ends.As32())
	ANDL(mask.As32(), ends.As32())
	// The continuation bytes must be exactly those the leads call for.
	ORL(lead3.As32(), lead2.As32())
	SHLL(U8(1), lead2.As32())
	SHLL(U8(2), lead3.As32())
	ORL(lead3.As32(), lead2.As32())
	CMPL(lead2.As32(), cont.As32())
	JNE(LabelRef(p + "done"))

	p1, p2 := XMM(), XMM()
	VPSLLDQ(U8(1), x, p1)
	VPSLLDQ(U8(2), x, p2)
	b, a1, a2 := YMM(), YMM(), YMM()
	VPMOVZXBW(x, b)
	VPMOVZXBW(p1, a1)
	VPMOVZXBW(p2, a2)
	is2, is3, bl, v2, v3, s := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VPAND(ydw[0x00F000F0], a2, is3)
	VPCMPEQW(ydw[0x00E000E0], is3, is3)
	VPAND(ydw[0x00E000E0], a1, is2)
	VPCMPEQW(ydw[0x00C000C0], is2, is2)
	VPAND(ydw[0x003F003F], b, bl)
	VPAND(ydw[0x001F001F], a1, v2)
	VPSLLW(U8(6), v2, v2)
	VPOR(bl, v2, v2)
	VPSLLW(U8(12), a2, v3)
	VPAND(ydw[0x003F003F], a1, s)
	VPSLLW(U8(6), s, s)
	VPOR(s, v3, v3)
	VPOR(bl, v3, v3)
	VPBLENDVB(is2, v2, b, b)
	VPBLENDVB(is3, v3, b, b)
	// Overlong and surrogate 3-byte forms, in the lanes before the cut.
	e, r := YMM(), YMM()
	VPAND(ydw[0xF800F800], v3, s)
	VPXOR(e, e, e)
	VPCMPEQW(e, s, e)
	VPCMPEQW(ydw[0xD800D800], s, s)
	VPOR(s, e, e)
	VPAND(is3, e, e)
	rb, neg := GP64(), GP64()
	LEAQ(wordRamp, rb)
	MOVQ(n, neg)
	NEGQ(neg)
	VMOVDQU(Mem{Base: rb, Index: neg, Scale: 2, Disp: 32}, r)
	VPTEST(r, e)
	JNZ(LabelRef(p + "done"))

	e0, e1 := byteAt(ends, 0), byteAt(ends, 1)
	idx := entry16(pack, e0, e1)
	VPSHUFB(idx, b, b)
	n0, n1 := GP64(), GP64()
	POPCNTL(e0.As32(), n0.As32())
	SHLL(U8(1), n0.As32())
	POPCNTL(e1.As32(), n1.As32())
	SHLL(U8(1), n1.As32())
	storeLanes(b, dp, j, n0, n1)
	ADDQ(n, i)
	JMP(LabelRef(p + "loop"))
	epilogue(p, i, j)
}

// utf16ToUTF8AVX2 converts 16 code units per block, stopping at a block with
// a surrogate. Each unit becomes its 1 to 3 UTF-8 bytes in a 32-bit lane, 8
// at a time, and a table keeps the bytes in use, 4 lanes at a time.
func utf16ToUTF8AVX2(name string, be bool) {
	p := name + "_"
	order := map[bool]string{false: "LE", true: "BE"}[be]
	sig2(name,
		name+" converts UTF-16"+order+" to UTF-8 in 32-byte blocks while src",
		"has 32 bytes left and dst 64, and returns the bytes written and read. It",
		"stops at the first block holding a surrogate.")
	dp, sp, i, j, sLim, dLim := prologue2(64)
	var swap reg.VecVirtual
	if be {
		swap = YMM()
		VMOVDQU(swap16, swap)
	}
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(at(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	VPTEST(ydw[0xFF80FF80], v)
	JNZ(LabelRef(p + "wide"))
	pk := YMM()
	VPACKUSWB(v, v, pk)
	VPERMQ(U8(0x08), pk, pk)
	VMOVDQU(pk.AsX(), at(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(16), j)
	JMP(LabelRef(p + "loop"))

	Label(p + "wide")
	t, z := YMM(), YMM()
	VPAND(ydw[0xF800F800], v, t)
	VPCMPEQW(ydw[0xD800D800], t, z)
	VPTEST(z, z)
	JNZ(LabelRef(p + "done"))
	// codes: two bits per unit, >= 0x80 and >= 0x800.
	VPXOR(z, z, z)
	a, b := YMM(), YMM()
	VPAND(ydw[0xFF80FF80], v, a)
	VPCMPEQW(z, a, a)
	VPCMPEQW(z, t, b)
	ma, mb := GP64(), GP64()
	VPMOVMSKB(a, ma.As32())
	VPMOVMSKB(b, mb.As32())
	NOTL(ma.As32())
	NOTL(mb.As32())
	ANDL(U32(0x55555555), ma.As32())
	ANDL(U32(0xAAAAAAAA), mb.As32())
	ORL(mb.As32(), ma.As32())
	for h := 0; h < 2; h++ {
		x := v.AsX()
		if h == 1 {
			x = XMM()
			VEXTRACTI128(U8(1), v, x)
		}
		u, x3f, s6, t2, t3, y6, s12, k1, k2 := YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
		VPMOVZXWD(x, u)
		VPAND(ydw[0x3F], u, x3f)
		VPSRLD(U8(6), u, s6)
		VPSLLD(U8(8), x3f, t2)
		VPOR(s6, t2, t2)
		VPOR(ydw[0x80C0], t2, t2) // 0xC0 | u>>6, 0x80 | u&0x3F
		VPAND(ydw[0x3F], s6, y6)
		VPSLLD(U8(8), y6, y6)
		VPSRLD(U8(12), u, s12)
		VPSLLD(U8(16), x3f, t3)
		VPOR(y6, t3, t3)
		VPOR(s12, t3, t3)
		VPOR(ydw[0x8080E0], t3, t3) // 0xE0 | u>>12, 0x80 | u>>6&0x3F, 0x80 | u&0x3F
		VMOVDQU(ydw[0x800], k2)
		VPCMPGTD(u, k2, k2) // u < 0x800
		VMOVDQU(ydw[0x80], k1)
		VPCMPGTD(u, k1, k1) // u < 0x80
		VPBLENDVB(k2, t2, t3, t3)
		VPBLENDVB(k1, u, t3, t3)
		c0, c1 := byteAt(ma, 2*h), byteAt(ma, 2*h+1)
		idx := entry16(u16Spread, c0, c1)
		VPSHUFB(idx, t3, t3)
		n0, n1 := GP64(), GP64()
		POPCNTL(c0.As32(), n0.As32())
		ADDQ(U8(4), n0)
		POPCNTL(c1.As32(), n1.As32())
		ADDQ(U8(4), n1)
		storeLanes(t3, dp, j, n0, n1)
	}
	ADDQ(U8(32), i)
	JMP(LabelRef(p + "loop"))
	epilogue(p, i, j)
}
