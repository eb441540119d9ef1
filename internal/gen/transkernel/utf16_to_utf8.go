package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// purePairs is the path of utf16ToUTF8 for blocks of sixteen surrogate pairs,
// the supplementary-plane counterpart of pureFour: each 32-bit lane holds a
// pair, whose four UTF-8 bytes fill the same lane, so 64 bytes become 64
// bytes with no compression. It loops while the blocks stay that way; any
// other block goes on to the general surrogate path when it is the first, or
// back to the main loop.
func purePairs(tab *consts, p asm.Scope, be bool, v reg.VecVirtual, dp, sp, i, j, sLim, dLim reg.GPVirtual, swap reg.VecVirtual) {
	check := func(x reg.VecVirtual, fail LabelRef) {
		t, k := ZMM(), K()
		VPANDD(tab.dword[0xFC00FC00], x, t)
		VPCMPEQD(tab.dword[0xDC00D800], t, k)
		KORTESTW(k, k)
		JCC(fail)
	}
	check(v, p.Ref("mixed"))
	p.Label("pure")
	// cp = (high-D800)<<10 + (low-DC00) + 0x10000 = high<<10 + low - 0x35FDC00.
	cp, t, w := ZMM(), ZMM(), ZMM()
	VPSLLD(U8(16), v, cp)
	VPSRLD(U8(6), cp, cp)
	VPSRLD(U8(16), v, t)
	VPADDD(t, cp, cp)
	VPADDD(tab.dword[0xFCA02400], cp, cp)
	VPSRLD(U8(18), cp, t)
	VPSRLD(U8(4), cp, w)
	VPTERNLOGD(U8(0xF8), tab.dword[0x3F00], w, t) // t |= w & 0x3F00
	VPSLLD(U8(10), cp, w)
	VPTERNLOGD(U8(0xF8), tab.dword[0x3F0000], w, t)
	VPSLLD(U8(24), cp, w)
	VPTERNLOGD(U8(0xF8), tab.dword[0x3F000000], w, t)
	VPORD(tab.dword[0x808080F0], t, t)
	VMOVDQU64(t, asm.At(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	CMPQ(i, sLim)
	JG(p.Ref("done"))
	CMPQ(j, dLim)
	JG(p.Ref("done"))
	VMOVDQU64(asm.At(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	check(v, p.Ref("loop"))
	JMP(p.Ref("pure"))
}

// utf16ToUTF8 converts 32 code units per block. Each half of 16 units is
// widened to 32-bit lanes holding the one to three UTF-8 bytes of the unit,
// and VPCOMPRESSW keeps the bytes in use. A block whose surrogates all pair up
// (a high surrogate in the last unit waits for the next block) takes a second
// path where the lane of a high surrogate holds the four bytes of the pair,
// read with the unit after it, and the lane of the low surrogate holds
// nothing. Any other block is cut before its first surrogate.
func utf16ToUTF8(tab *consts, name string, be bool) {
	p := asm.Scope(name + "_")
	order := map[bool]string{false: "LE", true: "BE"}[be]
	signature(name,
		name+" converts UTF-16"+order+" to UTF-8 in 64-byte blocks while src",
		"has 64 bytes left and dst 128, and returns the bytes written and read. It",
		"stops before the first lone surrogate.")
	dp, sp, i, j, sLim, dLim := prologue(64, 128)
	wFF80, wD800, w800, w80 := splat(0xFF80FF80), splat(0xD800D800), splat(0x08000800), splat(0x00800080)
	d3F, d80C0, d8080E0 := splat(0x3F), splat(0x80C0), splat(0x8080E0)
	var swap reg.VecVirtual
	if be {
		swap = ZMM()
		VMOVDQU64(tab.swap16, swap)
	}

	loopHead(p, i, j, sLim, dLim)
	v := ZMM()
	VMOVDQU64(asm.At(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	k := K()
	VPTESTMW(wFF80, v, k)
	KORTESTD(k, k)
	JNZ(p.Ref("wide"))
	y := YMM()
	VPMOVWB(v, y)
	VMOVDQU(y, asm.At(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(32), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	s := ZMM()
	ksur, khs := K(), K()
	VPSUBW(wD800, v, s)
	VPCMPUW(U8(1), w800, s, ksur)
	sur, hs, ls, n, x := GP64(), GP64(), GP64(), GP64(), GP64()
	KMOVD(ksur, sur.As32())
	k1, k2 := K(), K()
	VPCMPUW(U8(1), w80, v, k1)
	VPCMPUW(U8(1), w800, v, k2)
	r1, r2 := GP64(), GP64()
	KMOVD(k1, r1.As32())
	KMOVD(k2, r2.As32())
	NOTQ(r1)
	NOTQ(r2)
	MOVQ(U32(32), n)
	XORQ(hs, hs)
	XORQ(ls, ls)
	TESTQ(sur, sur)
	JZ(p.Ref("plain"))
	purePairs(tab, p, be, v, dp, sp, i, j, sLim, dLim, swap)
	p.Label("mixed")
	// Surrogates: do they all pair up?
	MOVL(U32(0x04000400), x.As32())
	w400 := ZMM()
	VPBROADCASTD(x.As32(), w400)
	VPCMPUW(U8(1), w400, s, khs) // D800..DBFF
	KMOVD(khs, hs.As32())
	ANDNQ(sur, hs, ls)
	BTQ(U8(31), hs)
	JCC(p.Ref("whole"))
	DECQ(n)
	BTRQ(U8(31), hs)
	BTRQ(U8(31), sur)
	p.Label("whole")
	MOVQ(hs, x)
	SHLQ(U8(1), x)
	CMPQ(x, ls)
	JEQ(p.Ref("pairs"))
	// A lone surrogate: convert the units before the first surrogate.
	XORQ(hs, hs)
	XORQ(ls, ls)
	TZCNTL(sur.As32(), n.As32())
	TESTQ(n, n)
	JZ(p.Ref("done"))
	JMP(p.Ref("plain"))

	// half converts units min(lanes, 16) of the 16 in y, next holding the
	// unit after each; with pairs, khs marks the high surrogates and hs, ls
	// (in general registers, shifted to this half) both kinds.
	half := func(y, next reg.Register, k1, k2, khs reg.Register, lanes reg.GPVirtual, pairs bool) {
		u, x, s6, t2, t3, s12, y6 := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
		VPMOVZXWD(y, u)
		VPANDD(d3F, u, x)
		VPSRLD(U8(6), u, s6)
		VPSRLD(U8(12), u, s12)
		VPANDD(d3F, s6, y6)
		VPSLLD(U8(8), x, t2)
		VPTERNLOGD(U8(0xFE), d80C0, s6, t2) // 0xC0 | u>>6, 0x80 | u&0x3F
		VPSLLD(U8(8), y6, y6)
		VPSLLD(U8(16), x, t3)
		VPTERNLOGD(U8(0xFE), s12, y6, t3)
		VPORD(d8080E0, t3, t3) // 0xE0 | u>>12, 0x80 | u>>6&0x3F, 0x80 | u&0x3F
		if pairs {
			// cp = (u-D800)<<10 + (next-DC00) + 0x10000 = u<<10 + next - 0x35FDC00.
			nx, cp, t4, w := ZMM(), ZMM(), ZMM(), ZMM()
			VPMOVZXWD(next, nx)
			VPSLLD(U8(10), u, cp)
			VPADDD(nx, cp, cp)
			VPADDD(tab.dword[0xFCA02400], cp, cp)
			VPSRLD(U8(18), cp, t4)
			VPSRLD(U8(4), cp, w)
			VPTERNLOGD(U8(0xF8), tab.dword[0x3F00], w, t4) // t4 |= w & 0x3F00
			VPSLLD(U8(10), cp, w)
			VPTERNLOGD(U8(0xF8), tab.dword[0x3F0000], w, t4)
			VPSLLD(U8(24), cp, w)
			VPTERNLOGD(U8(0xF8), tab.dword[0x3F000000], w, t4)
			VPORD(tab.dword[0x808080F0], t4, t4)
			VPBLENDMD(t4, t3, khs, t3)
		}
		VPBLENDMD(t2, t3, k2, t3)
		VPBLENDMD(u, t3, k1, t3)
		keep, q, pat := GP64(), GP64(), GP64()
		// The masks of byte 0, 1, 2 and 3 of each 32-bit lane.
		p1 := func() reg.Register { MOVQ(U64(0x1111111111111111), pat); return pat }
		p2 := func() reg.Register { MOVQ(U64(0x2222222222222222), pat); return pat }
		p4 := func() reg.Register { MOVQ(U64(0x4444444444444444), pat); return pat }
		if pairs {
			b := GP64()
			MOVQ(ls, b)
			NOTQ(b)
			PDEPQ(p1(), b, keep)
			ANDNQ(r1, ls, b)
			PDEPQ(p2(), b, q)
			ORQ(q, keep)
			ANDNQ(r2, ls, b)
			PDEPQ(p4(), b, q)
			ORQ(q, keep)
			MOVQ(U64(0x8888888888888888), pat)
			PDEPQ(pat, hs, q)
			ORQ(q, keep)
		} else {
			PDEPQ(p2(), r1, keep)
			PDEPQ(p4(), r2, q)
			ORQ(q, keep)
			ORQ(p1(), keep)
		}
		SHLQ(U8(2), lanes)
		BZHIQ(lanes, keep, keep)
		kk := K()
		KMOVQ(keep, kk)
		out := ZMM()
		compressB(t3, kk, out)
		VMOVDQU64(out, asm.At(dp, j, 0))
		POPCNTQ(keep, q)
		ADDQ(q, j)
	}
	body := func(pairs bool, l string) {
		var nx reg.VecVirtual
		var nxh reg.Register
		if pairs {
			idx := ZMM()
			nx = ZMM()
			VMOVDQU64(tab.nextUnit, idx)
			VPERMW(v, idx, nx)
			nxh = YMM()
		}
		lanes := GP64()
		MOVQ(n, lanes)
		var nxl reg.Register
		if pairs {
			nxl = nx.AsY()
		}
		half(v.AsY(), nxl, k1, k2, khs, lanes, pairs)
		CMPQ(n, U8(16))
		JBE(p.Ref(l + "advance"))
		yh := YMM()
		VEXTRACTI64X4(U8(1), v, yh)
		kh1, kh2, khh := K(), K(), K()
		KSHIFTRD(U8(16), k1, kh1)
		KSHIFTRD(U8(16), k2, kh2)
		if pairs {
			VEXTRACTI64X4(U8(1), nx, nxh)
			KSHIFTRD(U8(16), khs, khh)
			SHRQ(U8(16), hs)
			SHRQ(U8(16), ls)
		}
		SHRQ(U8(16), r1)
		SHRQ(U8(16), r2)
		MOVQ(n, lanes)
		SUBQ(U8(16), lanes)
		half(yh, nxh, kh1, kh2, khh, lanes, pairs)
		p.Label(l + "advance")
		LEAQ(Mem{Base: i, Index: n, Scale: 2}, i)
		JMP(p.Ref("loop"))
	}
	p.Label("plain")
	body(false, "plain_")
	p.Label("pairs")
	// khs may hold a high surrogate in unit 31, cut off above.
	KMOVD(hs.As32(), khs)
	body(true, "pairs_")
	epilogue(p, i, j)
}

// utf16ToUTF8AVX2 converts 16 code units per block, stopping at a block with
// a surrogate. Each unit becomes its 1 to 3 UTF-8 bytes in a 32-bit lane, 8
// at a time, and a table keeps the bytes in use, 4 lanes at a time.
func utf16ToUTF8AVX2(tab *consts, name string, be bool) {
	p := asm.Scope(name + "_")
	order := map[bool]string{false: "LE", true: "BE"}[be]
	signature(name,
		name+" converts UTF-16"+order+" to UTF-8 in 32-byte blocks while src",
		"has 32 bytes left and dst 64, and returns the bytes written and read. It",
		"stops at the first block holding a surrogate.")
	dp, sp, i, j, sLim, dLim := prologue(32, 64)
	var swap reg.VecVirtual
	if be {
		swap = YMM()
		VMOVDQU(tab.swap16, swap)
	}
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(asm.At(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	VPTEST(tab.ydw[0xFF80FF80], v)
	JNZ(p.Ref("wide"))
	pk := YMM()
	VPACKUSWB(v, v, pk)
	VPERMQ(U8(0x08), pk, pk)
	VMOVDQU(pk.AsX(), asm.At(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(16), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	t, z := YMM(), YMM()
	VPAND(tab.ydw[0xF800F800], v, t)
	VPCMPEQW(tab.ydw[0xD800D800], t, z)
	VPTEST(z, z)
	JNZ(p.Ref("done"))
	// codes: two bits per unit, >= 0x80 and >= 0x800.
	VPXOR(z, z, z)
	a, b := YMM(), YMM()
	VPAND(tab.ydw[0xFF80FF80], v, a)
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
		VPAND(tab.ydw[0x3F], u, x3f)
		VPSRLD(U8(6), u, s6)
		VPSLLD(U8(8), x3f, t2)
		VPOR(s6, t2, t2)
		VPOR(tab.ydw[0x80C0], t2, t2) // 0xC0 | u>>6, 0x80 | u&0x3F
		VPAND(tab.ydw[0x3F], s6, y6)
		VPSLLD(U8(8), y6, y6)
		VPSRLD(U8(12), u, s12)
		VPSLLD(U8(16), x3f, t3)
		VPOR(y6, t3, t3)
		VPOR(s12, t3, t3)
		VPOR(tab.ydw[0x8080E0], t3, t3) // 0xE0 | u>>12, 0x80 | u>>6&0x3F, 0x80 | u&0x3F
		VMOVDQU(tab.ydw[0x800], k2)
		VPCMPGTD(u, k2, k2) // u < 0x800
		VMOVDQU(tab.ydw[0x80], k1)
		VPCMPGTD(u, k1, k1) // u < 0x80
		VPBLENDVB(k2, t2, t3, t3)
		VPBLENDVB(k1, u, t3, t3)
		c0, c1 := byteAt(ma, 2*h), byteAt(ma, 2*h+1)
		idx := entry16(tab.u16Spread, c0, c1)
		VPSHUFB(idx, t3, t3)
		n0, n1 := GP64(), GP64()
		POPCNTL(c0.As32(), n0.As32())
		ADDQ(U8(4), n0)
		POPCNTL(c1.As32(), n1.As32())
		ADDQ(U8(4), n1)
		storeLanes(t3, dp, j, n0, n1)
	}
	ADDQ(U8(32), i)
	JMP(p.Ref("loop"))
	epilogue(p, i, j)
}
