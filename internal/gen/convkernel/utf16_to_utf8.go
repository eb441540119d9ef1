package main

import (
	"fmt"

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
	pastRoom(p, "done", i, sLim, j, dLim)
	VMOVDQU64(asm.At(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	check(v, p.Ref("loop"))
	JMP(p.Ref("pure"))
}

// utf16ToUTF8 converts 32 code units per block. A block of units below 0x800
// makes each unit its one or two bytes in a 16-bit lane, compressed at once.
// Otherwise each half of 16 units is
// widened to 32-bit lanes holding the one to three UTF-8 bytes of the unit,
// and VPCOMPRESSW keeps the bytes in use. A block whose surrogates all pair up
// (a high surrogate in the last unit waits for the next block) takes a second
// path where the lane of a high surrogate holds the four bytes of the pair,
// read with the unit after it, and the lane of the low surrogate holds
// nothing. Any other block is cut before its first lone surrogate.
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
	p.Label("ascii")
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
	TESTL(r2.As32(), r2.As32())
	JZ(p.Ref("two"))
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
	// A lone surrogate: convert the units before it, pairs included, so
	// that an error among supplementary characters does not leave the
	// block to the Go caller. It is where the masks first differ: a low
	// surrogate with no high one before it, or, one unit earlier, a high
	// one with no low one after it.
	XORQ(ls, x)
	TZCNTQ(x, n)
	BTQ(n, ls)
	JCS(p.Ref("cut"))
	DECQ(n)
	p.Label("cut")
	TESTQ(n, n)
	JZ(p.Ref("done"))
	BZHIQ(n, hs, hs)
	BZHIQ(n, ls, ls)
	JMP(p.Ref("pairs"))

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
	// Units below 0x800 only (Latin, Greek, Cyrillic, Hebrew, Arabic
	// text): each unit becomes its one or two bytes in its own 16-bit
	// lane, lead byte first, and one VPCOMPRESSB keeps the low byte of
	// every lane and the high byte of those from 0x80: 32 units at once.
	//
	// Such text comes in runs, and the path loops over them on its own
	// (two_next): a block is checked for units from 0x800 alone, one
	// compare, where the main loop's way in tests for ASCII, for
	// surrogates and for both unit limits, with the masks moved to
	// general registers (13 instructions a block, 4 of them compares
	// into opmasks on the shuffle port); this was 0.93-0.96 of
	// simdutf on Hebrew lipsum, and is 1.24-1.28 times as fast now
	// (Hebrew, Arabic; the HTML pages within 2%). A block of ASCII goes
	// to the main loop's ASCII path (ascii), which then takes the rest
	// of the run: kept here, the runs of markup took the two-byte path,
	// 30-40% slower on the HTML pages. A block with units from 0x800
	// goes to the main loop's path for it (wide).
	p.Label("two")
	{
		x8, s6, out := ZMM(), ZMM(), ZMM()
		kn, kh, k55 := K(), K(), K()
		KNOTD(k1, kn)
		p.Label("two_kn") // kn: the units from 0x80
		VPSLLW(U8(8), v, x8)
		VPSRLW(U8(6), v, s6)
		VPTERNLOGD(U8(0xEC), tab.dword[0x3F003F00], s6, x8) // x8 = u>>6 | (u&0x3F)<<8
		// The fields do not overlap: adding 0x80C0 sets the marker bits.
		VPADDW(tab.dword[0x80C080C0], x8, kn, v)
		VPTESTMB(tab.dword[0xFF00FF00], v, kh)
		c := GP64()
		MOVQ(U64(0x5555555555555555), c)
		KMOVQ(c, k55)
		KORQ(k55, kh, kh)
		compressB(v, kh, out)
		VMOVDQU64(out, asm.At(dp, j, 0))
		KMOVQ(kh, c)
		POPCNTQ(c, c)
		ADDQ(c, j)
		ADDQ(U8(64), i)
		pastRoom(p, "done", i, sLim, j, dLim)
		VMOVDQU64(asm.At(sp, i, 0), v)
		if be {
			VPSHUFB(swap, v, v)
		}
		VPCMPUW(U8(1), w800, v, k2)
		KORTESTD(k2, k2)
		JCC(p.Ref("wide")) // not all below 0x800
		VPCMPUW(U8(5), w80, v, kn)
		KORTESTD(kn, kn)
		JNZ(p.Ref("two_kn"))
		JMP(p.Ref("ascii"))
	}

	p.Label("plain")
	body(false, "plain_")
	p.Label("pairs")
	// khs may hold a high surrogate in unit 31, cut off above.
	KMOVD(hs.As32(), khs)
	body(true, "pairs_")
	epilogue(p, i, j)
}

// utf16ToUTF8AVX2 converts 16 code units per block. A block of ASCII starts
// an ASCII run (asciiRunAVX2), 64 units at a time up to the first other
// unit. A block of the BMP without surrogates takes bmpToUTF8AVX2: with no
// unit from 0x800 (Latin, Greek, Cyrillic, Hebrew, Arabic text) each unit
// makes its 1 or 2 bytes in a 16-bit lane, otherwise its 1 to 3 UTF-8 bytes
// in a 32-bit lane, and a table keeps the bytes in use, 4 lanes at a time.
// A block of eight surrogate pairs converts in
// place (purePairsAVX2). A block with surrogates that all pair up (a high
// surrogate in the last unit waits for the next block) takes a second path
// where a high surrogate's lane holds the four bytes of the pair, read with
// the unit after it, and a low surrogate's lane holds nothing; the bytes in
// use are marked by comparing each lane's length with the byte's place, and
// packed 8 bytes at a time with a table. A block is cut before its first
// lone surrogate, which ends the call.
func utf16ToUTF8AVX2(tab *consts, name string, be bool) {
	p := asm.Scope(name + "_")
	order := map[bool]string{false: "LE", true: "BE"}[be]
	signature(name,
		name+" converts UTF-16"+order+" to UTF-8 in 32-byte blocks while src",
		"has 32 bytes left and dst 64, and returns the bytes written and read. It",
		"stops before the first lone surrogate.")
	dp, sp, i, j, sLim, dLim := prologue(32, 64)
	var swap reg.VecVirtual
	if be {
		swap = YMM()
		VMOVDQU(tab.swap16, swap)
	}
	// No block writes more than 3 bytes a unit (4 a pair): while i is at
	// most sLimF, min(sLim, 0.664 dLim), j is at most dLim and one
	// comparison a block does; past it the loop compares both. The ASCII
	// run reads 128 bytes: it goes on while i <= sLim4F, sLimF less 96
	// bytes of src, and is not entered with less room in dst.
	sLimF, sLim4F, dq := GP64(), GP64(), GP64()
	MOVQ(dLim, sLimF)
	SARQ(U8(1), sLimF)
	for _, sh := range []uint8{3, 5, 7} {
		MOVQ(dLim, dq)
		SARQ(U8(sh), dq)
		ADDQ(dq, sLimF)
	}
	CMPQ(sLim, sLimF)
	CMOVQLT(sLim, sLimF)
	LEAQ(Mem{Base: sLimF, Disp: -96}, sLim4F)
	JMP(p.Ref("loop"))
	p.Label("slow")
	pastRoom(p, "done", i, sLim, j, dLim)
	JMP(p.Ref("block"))
	asm.PCAlign(alignLoop)
	p.Label("loop")
	CMPQ(i, sLimF)
	JG(p.Ref("slow"))
	p.Label("block")
	v := YMM()
	VMOVDQU(asm.At(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	VPTEST(tab.ydw[0xFF80FF80], v)
	JNZ(p.Ref("wide"))
	asciiRunAVX2(tab, p, v, swap, sp, dp, i, j, sLim4F)
	pk := YMM()
	VPACKUSWB(v, v, pk)
	VPERMQ(U8(0x08), pk, pk)
	VMOVDQU(pk.AsX(), asm.At(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(16), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	t, z := bmpToUTF8AVX2(tab, p, v, dp, i, j, 32, p.Ref("surrogates"), true)
	p.Label("surrogates")
	purePairsAVX2(tab, p, v, dp, sp, i, j, sLim, dLim, swap)
	p.Label("mixed")
	// Do the surrogates all pair up? Masks of two bits per unit.
	hs, ls, n := GP64(), GP64(), GP64()
	VPAND(tab.ydw[0xFC00FC00], v, t)
	VPCMPEQW(tab.ydw[0xD800D800], t, z)
	VPMOVMSKB(z, hs.As32())
	VPCMPEQW(tab.ydw[0xDC00DC00], t, z)
	VPMOVMSKB(z, ls.As32())
	MOVQ(U32(16), n)
	BTL(U8(31), hs.As32())
	JCC(p.Ref("whole"))
	DECQ(n)
	ANDL(U32(0x3FFFFFFF), hs.As32())
	p.Label("whole")
	SHLL(U8(2), hs.As32())
	CMPL(hs.As32(), ls.As32())
	JEQ(p.Ref("paired"))
	// A lone surrogate: the block is cut before it, so that an error among
	// other characters does not leave the whole block to the Go caller. It
	// is where the masks first differ: a low surrogate with no high one
	// before it, or, one unit earlier, a high one with no low one after it.
	lone := GP64()
	MOVL(hs.As32(), lone.As32())
	XORL(ls.As32(), lone.As32())
	TZCNTL(lone.As32(), lone.As32())
	BTL(lone.As32(), ls.As32())
	JCS(p.Ref("lone_low"))
	SHRL(U8(1), lone.As32())
	DECL(lone.As32()) // the high surrogate before that unit
	JMP(p.Ref("lone_cut"))
	p.Label("lone_low")
	SHRL(U8(1), lone.As32())
	p.Label("lone_cut")
	MOVQ(lone, n)
	TESTQ(n, n)
	JZ(p.Ref("done"))
	p.Label("paired")
	// keep0 and keep1 keep the bytes of the first n units, 8 in each half.
	keep0, keep1, c := GP64(), GP64(), GP64()
	MOVQ(n, c)
	CMPQ(c, U8(8))
	JBE(p.Ref("low_n"))
	MOVQ(U32(8), c)
	p.Label("low_n")
	SHLQ(U8(2), c)
	MOVL(U32(0xFFFFFFFF), keep0.As32())
	BZHIL(c.As32(), keep0.As32(), keep0.As32())
	MOVQ(n, c)
	SUBQ(U8(8), c)
	JGE(p.Ref("high_n"))
	XORQ(c, c)
	p.Label("high_n")
	SHLQ(U8(2), c)
	MOVL(U32(0xFFFFFFFF), keep1.As32())
	BZHIL(c.As32(), keep1.As32(), keep1.As32())
	for h := 0; h < 2; h++ {
		var x reg.Register
		nx := XMM()
		if h == 0 {
			x = v.AsX()
			hi := XMM()
			VEXTRACTI128(U8(1), v, hi)
			VPALIGNR(U8(2), x, hi, nx) // units 1..8
		} else {
			x = XMM()
			VEXTRACTI128(U8(1), v, x)
			VPSRLDQ(U8(2), x, nx) // units 9..15, then 0
		}
		u, ts, k1, k2 := unitBytesAVX2(tab, x)
		// The four bytes of a pair: cp = u<<10 + next - 0x35FDC00.
		nw, cp, t4, w := YMM(), YMM(), YMM(), YMM()
		VPMOVZXWD(nx, nw)
		VPSLLD(U8(10), u, cp)
		VPADDD(nw, cp, cp)
		VPADDD(tab.ydw[0xFCA02400], cp, cp)
		VPSRLD(U8(18), cp, t4)
		for _, f := range []struct {
			left  bool
			shift int
			mask  uint32
		}{{false, 4, 0x3F00}, {true, 10, 0x3F0000}, {true, 24, 0x3F000000}} {
			if f.left {
				VPSLLD(U8(f.shift), cp, w)
			} else {
				VPSRLD(U8(f.shift), cp, w)
			}
			VPAND(tab.ydw[f.mask], w, w)
			VPOR(w, t4, t4)
		}
		VPOR(tab.ydw[0x808080F0], t4, t4)
		khs, kls := YMM(), YMM()
		VPAND(tab.ydw[0xFC00], u, w)
		VPCMPEQD(tab.ydw[0xD800], w, khs)
		VPCMPEQD(tab.ydw[0xDC00], w, kls)
		out := ts.t3
		VPBLENDVB(khs, t4, out, out)
		VPBLENDVB(k2, ts.t2, out, out)
		VPBLENDVB(k1, u, out, out)
		// The length of each lane: 3, less one below 0x800 and one more
		// below 0x80, 4 for a high surrogate, 0 for a low one; then in
		// every byte of the lane, to compare with the byte's place.
		ln := YMM()
		VMOVDQU(tab.ydw[3], ln)
		VPADDD(k2, ln, ln)
		VPADDD(k1, ln, ln)
		VPSUBD(khs, ln, ln)
		VPANDN(ln, kls, ln)
		VPSLLD(U8(8), ln, w)
		VPOR(w, ln, ln)
		VPSLLD(U8(16), ln, w)
		VPOR(w, ln, ln)
		VPCMPGTB(tab.ydw[0x03020100], ln, ln)
		keep := GP64()
		VPMOVMSKB(ln, keep.As32())
		if h == 0 {
			ANDL(keep0.As32(), keep.As32())
		} else {
			ANDL(keep1.As32(), keep.As32())
		}
		packStore8(tab, out, keep, dp, j)
	}
	LEAQ(Mem{Base: i, Index: n, Scale: 2}, i)
	JMP(p.Ref("loop"))

	// Wherever the kernel stops with a whole block left, a lone surrogate
	// among them, it converts the block's ASCII units before the first
	// other one: the Go caller would otherwise take them one at a time, at
	// each error of a lossy conversion.
	p.Label("done")
	pastRoom(p, "exit", i, sLim, j, dLim)
	x, a, zero := YMM(), YMM(), YMM()
	VMOVDQU(asm.At(sp, i, 0), x)
	if be {
		VPSHUFB(swap, x, x)
	}
	VPAND(tab.ydw[0xFF80FF80], x, a)
	VPXOR(zero, zero, zero)
	VPCMPEQW(zero, a, a) // ASCII units
	am := GP64()
	VPMOVMSKB(a, am.As32())
	NOTL(am.As32())
	TZCNTL(am.As32(), am.As32()) // bytes of ASCII units first: 32 when all
	SHRL(U8(1), am.As32())
	JZ(p.Ref("exit"))
	VPACKUSWB(x, x, x)
	VPERMQ(U8(0x08), x, x)
	VMOVDQU(x.AsX(), asm.At(dp, j, 0))
	LEAQ(Mem{Base: i, Index: am, Scale: 2}, i)
	ADDQ(am, j)
	p.Label("exit")
	VZEROUPPER()
	Store(j, ReturnIndex(0))
	Store(i, ReturnIndex(1))
	RET()
}

var alignLoop, alignRun uint64 = 64, 0

// asciiRunAVX2 takes v, a block of ASCII units at src[i:], and converts 64
// units at a time while they are ASCII and src has 128 bytes from i and dst
// 64 from j (i <= sLim4F): the units are narrowed to bytes (VPACKUSWB) and
// stored, and one VPTEST of the four blocks ORed decides whether the run goes
// on. When it ends, branches find the first of the four blocks holding a unit
// past ASCII, i and j advance to it by constants, and it goes to the block
// path (wide) in v at once; its path converts the ASCII units before the
// unit again (the bytes stored for the units from it on are overwritten).
// The blocks stay where a block of 16 from the start of src would be, so
// that their 32-byte loads cross no more cache lines than src's alignment
// makes them (advancing to the unit itself was 4% slower over the corpus on
// machine D). Advancing i by a TZCNT of the units' mask, as the run did
// before, made the loads after every run's end wait on the run's loads,
// narrowing and mask: on markup, where the switches between ASCII and text
// come every few blocks, that chain, not the work, set the pace (a file of
// ASCII and accented blocks alternating ran at 0.44 of simdutf's speed on
// machine E, 1.24 with the branches). It falls through, v untouched, when
// src is too short.
func asciiRunAVX2(tab *consts, p asm.Scope, v, swap reg.VecVirtual, sp, dp, i, j, sLim4F reg.GPVirtual) {
	CMPQ(i, sLim4F)
	JG(p.Ref("one"))
	if alignRun > 0 {
		asm.PCAlign(alignRun)
	}
	p.Label("run")
	v1, v2, v3 := YMM(), YMM(), YMM()
	for k, r := range []reg.VecVirtual{v1, v2, v3} {
		VMOVDQU(asm.At(sp, i, 32*(k+1)), r)
		if swap != nil {
			VPSHUFB(swap, r, r)
		}
	}
	any, a2 := YMM(), YMM()
	VPOR(v1, v, any)
	VPOR(v3, v2, a2)
	VPOR(a2, any, any)
	pk0, pk1 := YMM(), YMM()
	VPACKUSWB(v1, v, pk0)
	VPACKUSWB(v3, v2, pk1)
	VPERMQ(U8(0xD8), pk0, pk0)
	VPERMQ(U8(0xD8), pk1, pk1)
	VMOVDQU(pk0, asm.At(dp, j, 0))
	VMOVDQU(pk1, asm.At(dp, j, 32))
	VPTEST(tab.ydw[0xFF80FF80], any)
	JNZ(p.Ref("run_end"))
	SUBQ(I8(-128), i)
	ADDQ(U8(64), j)
	CMPQ(i, sLim4F)
	JG(p.Ref("loop"))
	VMOVDQU(asm.At(sp, i, 0), v)
	if swap != nil {
		VPSHUFB(swap, v, v)
	}
	JMP(p.Ref("run"))
	p.Label("run_end")
	// The first of the four blocks holding a unit past ASCII goes to the
	// block path at once, found by branches, not by the position of the
	// unit: i and j then advance by constants, and the loads after a run's
	// end do not wait on its units (a TZCNT of their mask put the loads of
	// the next blocks behind the run's loads, narrowing and mask, on every
	// switch between markup and text).
	VPTEST(tab.ydw[0xFF80FF80], v)
	JNZ(p.Ref("wide"))
	for k, r := range []reg.VecVirtual{v1, v2} {
		VPTEST(tab.ydw[0xFF80FF80], r)
		JNZ(p.Ref(fmt.Sprintf("run_end%d", k+1)))
	}
	for k, r := range []reg.VecVirtual{v3, v2, v1} {
		n := 3 - k
		if k > 0 {
			p.Label(fmt.Sprintf("run_end%d", n))
		}
		VMOVDQA(r, v)
		ADDQ(U8(uint8(32*n)), i)
		ADDQ(U8(uint8(16*n)), j)
		JMP(p.Ref("wide"))
	}
	p.Label("one")
}

// bmpConsts are the constants of bmpToUTF8AVX2's general path, added to the
// kernels' memory on first use.
type bmpConsts struct {
	// dupLow copies the low byte of each 16-bit unit into both bytes.
	dupLow Mem
	// spread keeps, of 4 units whose 32-bit lanes hold the bytes laid out
	// by bmpToUTF8AVX2 (ASCII byte, last byte, 3-byte lead, middle byte or
	// 2-byte lead), the 1 to 3 bytes each needs in order, indexed by 2 bits
	// per unit (>= 0x80, >= 0x800); byte 15 of an entry is the number of
	// bytes kept.
	spread Mem
	// two keeps, of 8 units below 0x800 each held as its last byte (or
	// ASCII byte) then its lead, the byte of an ASCII unit and both bytes,
	// lead first, of the others, indexed by a bit per unit (>= 0x80).
	two Mem
	dw  map[uint32]Mem
}

var bmpTab *bmpConsts

func bmpConstsOf(tab *consts) *bmpConsts {
	if bmpTab != nil {
		return bmpTab
	}
	b := &bmpConsts{dw: map[uint32]Mem{}}
	mem := tab.mem
	b.dupLow = mem.GLOBL("bmpDupLow")
	for k := 0; k < 32; k++ {
		mem.DATA(k, U8(k%16&^1))
	}
	b.spread = mem.GLOBL("bmpSpread")
	for m := 0; m < 256; m++ {
		var e []int
		for q := 0; q < 4; q++ {
			switch m >> (2 * q) & 3 {
			case 0:
				e = append(e, 4*q)
			case 1:
				e = append(e, 4*q+3, 4*q+1)
			default: // 3; 2 (>= 0x800 but not >= 0x80) does not occur
				e = append(e, 4*q+2, 4*q+3, 4*q+1)
			}
		}
		for k := 0; k < 15; k++ {
			v := 0x80
			if k < len(e) {
				v = e[k]
			}
			mem.DATA(16*m+k, U8(v))
		}
		// Byte 15, past the 12 bytes at most in use, is their count: its
		// shuffled byte lands where the next store overwrites it, or past
		// the end.
		mem.DATA(16*m+15, U8(len(e)))
	}
	b.two = mem.GLOBL("bmpTwo")
	for m := 0; m < 256; m++ {
		var e []int
		for q := 0; q < 8; q++ {
			if m>>q&1 != 0 {
				e = append(e, 2*q+1)
			}
			e = append(e, 2*q)
		}
		for k := 0; k < 16; k++ {
			v := 0x80
			if k < len(e) {
				v = e[k]
			}
			mem.DATA(16*m+k, U8(v))
		}
	}
	for _, v := range []uint32{0x3F7F3F7F, 0x80E080E0, 0x40004000, 0x00800080, 0xC000C000} {
		m := mem.GLOBL("bmp" + asm.Hex(v))
		for k := 0; k < 8; k++ {
			mem.DATA(4*k, U32(v))
		}
		b.dw[v] = m
	}
	bmpTab = b
	return b
}

// bmpToUTF8AVX2 converts the 16 code units of v (little-endian) that hold no
// surrogate to UTF-8 at dst[j:], writing up to 64 bytes, advances i by step
// and j by the bytes in use, and jumps to loop; with a surrogate in v it
// jumps to surrogates, leaving t and z scratch. A block with no unit from
// 0x800 (Latin, Greek, Cyrillic, Hebrew, Arabic text) makes each unit its 1
// or 2 bytes in a 16-bit lane; any other block (CJK, Hindi, Korean, and the
// mixed blocks of markup) makes each unit, in 16-bit arithmetic, two words
// that interleave into a 32-bit lane holding every byte it may need (its
// ASCII byte, its last byte, a 3-byte lead, its middle byte or 2-byte
// lead), and a table indexed by 2 bits per unit (>= 0x80, >= 0x800) keeps
// the bytes in use, 4 lanes at a time. UTF-16 and UTF-32 (narrowed to
// units) share it.
//
// With counts (UTF-16), the table path takes each group's byte count from
// its table entry and needs fewer instructions; without (UTF-32), it counts
// with POPCNT as before: there the shorter path measured no faster and its
// moving the kernel's loops made some files slower.
func bmpToUTF8AVX2(tab *consts, p asm.Scope, v reg.VecVirtual, dp, i, j reg.GPVirtual, step int, surrogates LabelRef, counts bool) (t, z reg.VecVirtual) {
	bc := bmpConstsOf(tab)
	t, z = YMM(), YMM()
	VPAND(tab.ydw[0xF800F800], v, t)
	VPCMPEQW(tab.ydw[0xD800D800], t, z)
	VPTEST(z, z)
	JNZ(surrogates)
	VPTEST(t, t)
	JNZ(p.Ref("three"))
	// No unit from 0x800: each becomes its one or two bytes in its own
	// 16-bit lane, the byte of an ASCII unit or the last byte low, the
	// lead high, and a table drops the unused second bytes, 8 units at a
	// time. min(u, 0x80 | u&0x3F) is u for ASCII and the last byte
	// otherwise; VPACKUSWB of the units sets a byte's high bit from 0x80.
	{
		lo, hi, pk := YMM(), YMM(), YMM()
		VPAND(tab.ydw[0x003F003F], v, lo)
		VPOR(bc.dw[0x00800080], lo, lo)
		VPMINUW(v, lo, lo)
		VPSLLW(U8(2), v, hi)
		VPAND(tab.ydw[0x3F003F00], hi, hi)
		VPOR(lo, hi, hi)
		VPOR(bc.dw[0xC000C000], hi, hi) // 0xC0 | u>>6
		VPACKUSWB(v, v, pk)
		m, c, o0, o1, base := GP64(), GP64(), GP64(), GP64(), GP64()
		VPMOVMSKB(pk, m.As32()) // units from 0x80: bits 0-7 and 16-23 (8-15, 24-31 again)
		MOVL(m.As32(), c.As32())
		SHLL(U8(4), c.As32())
		MOVL(c.As32(), o0.As32())
		ANDL(U32(0xFF0), o0.As32())
		SHRL(U8(16), c.As32())
		ANDL(U32(0xFF0), c.As32())
		MOVL(c.As32(), o1.As32())
		LEAQ(bc.two, base)
		idx := YMM()
		VBROADCASTI128(Mem{Base: base, Index: o0, Scale: 1}, idx)
		VINSERTI128(U8(1), Mem{Base: base, Index: o1, Scale: 1}, idx, idx)
		VPSHUFB(idx, hi, hi)
		n0, n := GP64(), GP64()
		MOVBLZX(m.As8(), n0.As32())
		POPCNTL(n0.As32(), n0.As32())
		POPCNTL(m.As32(), n.As32())
		SHRL(U8(1), n.As32())
		VMOVDQU(hi.AsX(), asm.At(dp, j, 0))
		ADDQ(j, n0)
		VEXTRACTI128(U8(1), hi, Mem{Base: dp, Index: n0, Scale: 1, Disp: 8})
		LEAQ(Mem{Base: j, Index: n, Scale: 1, Disp: 16}, j)
		ADDQ(U8(uint8(step)), i)
		JMP(p.Ref("loop"))
	}
	p.Label("three")
	{
		// code: two bits per unit, >= 0x80 and >= 0x800, the sign bits of
		// the low byte of the unit's "below 0x80" mask and of the high
		// byte of its "below 0x800" mask, negated (a unit below 0x80 is
		// below 0x800: a | b<<8 has the one in its low byte, the other in
		// its high byte).
		a, b := YMM(), YMM()
		VPXOR(z, z, z)
		VPCMPEQW(z, t, b) // below 0x800
		VPAND(tab.ydw[0xFF80FF80], v, a)
		VPCMPEQW(z, a, a) // below 0x80
		code := GP64()
		if counts {
			bh := YMM()
			VPSLLW(U8(8), b, bh)
			VPOR(bh, a, a)
			VPMOVMSKB(a, code.As32())
			NOTL(code.As32())
		} else {
			mb := GP64()
			VPMOVMSKB(a, code.As32())
			VPMOVMSKB(b, mb.As32())
			NOTL(code.As32())
			NOTL(mb.As32())
			ANDL(U32(0x55555555), code.As32())
			ANDL(U32(0xAAAAAAAA), mb.As32())
			ORL(mb.As32(), code.As32())
		}
		// lo: the ASCII byte u&0x7F, then the last byte 0x80 | u&0x3F.
		lo, hi, w := YMM(), YMM(), YMM()
		VPSHUFB(bc.dupLow, v, lo)
		VPAND(bc.dw[0x3F7F3F7F], lo, lo)
		VPOR(tab.ydw[0x80008000], lo, lo)
		// hi: the 3-byte lead 0xE0 | u>>12, then the middle byte 0x80 |
		// u>>6&0x3F, which below 0x800 is the 2-byte lead once 0x40 is set.
		VPSRLW(U8(12), v, hi)
		VPSLLW(U8(2), v, w)
		VPAND(tab.ydw[0x3F003F00], w, w)
		VPOR(w, hi, hi)
		VPOR(bc.dw[0x80E080E0], hi, hi)
		VPAND(bc.dw[0x40004000], b, b)
		VPXOR(b, hi, hi)
		// out0: units 0-3 and 8-11, out1: units 4-7 and 12-15.
		out0, out1 := YMM(), YMM()
		VPUNPCKLWD(hi, lo, out0)
		VPUNPCKHWD(hi, lo, out1)
		// Every unit from 0x800 (CJK text): 12 bytes of every 16, by the
		// table's last entry without looking it up.
		CMPL(code.As32(), I32(-1))
		JNE(p.Ref("table"))
		{
			idx := YMM()
			VBROADCASTI128(Mem{Base: bc.spread.Base, Symbol: bc.spread.Symbol, Disp: bc.spread.Disp + 16*255}, idx)
			VPSHUFB(idx, out0, out0)
			VPSHUFB(idx, out1, out1)
			VMOVDQU(out0.AsX(), asm.At(dp, j, 0))
			VMOVDQU(out1.AsX(), asm.At(dp, j, 12))
			VEXTRACTI128(U8(1), out0, asm.At(dp, j, 24))
			VEXTRACTI128(U8(1), out1, asm.At(dp, j, 36))
			ADDQ(U8(48), j)
			ADDQ(U8(uint8(step)), i)
			JMP(p.Ref("loop"))
		}
		p.Label("table")
		base := GP64()
		LEAQ(bc.spread, base)
		var o0, o1, o2, o3 reg.GPVirtual
		if counts {
			// Table offsets: byte k of code times 16, code rotated right
			// by 8k-4 and masked (no PDEP, slow on some AMD cores).
			o1, o2, o3 = GP64(), GP64(), GP64()
			for k, o := range []reg.GPVirtual{o1, o2, o3} {
				RORXL(U8(uint8(8*(k+1)-4)), code.As32(), o.As32())
				ANDL(U32(0xFF0), o.As32())
			}
			o0 = code
			RORXL(U8(28), code.As32(), o0.As32())
			ANDL(U32(0xFF0), o0.As32())
		} else {
			// Table offsets: byte k of code times 16.
			c16 := GP64()
			MOVL(code.As32(), c16.As32())
			SHLQ(U8(4), c16)
			off := func(k int) reg.GPVirtual {
				r := GP64()
				MOVQ(c16, r)
				if k > 0 {
					SHRQ(U8(8*k), r)
				}
				ANDL(U32(0xFF0), r.As32())
				return r
			}
			o0, o1, o2, o3 = off(0), off(1), off(2), off(3)
		}
		idx0, idx1 := YMM(), YMM()
		VBROADCASTI128(Mem{Base: base, Index: o0, Scale: 1}, idx0)
		VINSERTI128(U8(1), Mem{Base: base, Index: o2, Scale: 1}, idx0, idx0)
		VBROADCASTI128(Mem{Base: base, Index: o1, Scale: 1}, idx1)
		VINSERTI128(U8(1), Mem{Base: base, Index: o3, Scale: 1}, idx1, idx1)
		VPSHUFB(idx0, out0, out0)
		VPSHUFB(idx1, out1, out1)
		if !counts {
			// Each group of 4 units takes 4 bytes and one more per bit of
			// its byte of code: the stores go at j plus the counts before.
			p1, p2, p3, x := GP64(), GP64(), GP64(), GP64()
			MOVBLZX(code.As8(), x.As32())
			POPCNTL(x.As32(), p1.As32())
			MOVWLZX(code.As16(), x.As32())
			POPCNTL(x.As32(), p2.As32())
			MOVL(code.As32(), x.As32())
			ANDL(U32(0xFFFFFF), x.As32())
			POPCNTL(x.As32(), p3.As32())
			POPCNTL(code.As32(), code.As32())
			ADDQ(j, p1)
			ADDQ(j, p2)
			ADDQ(j, p3)
			VMOVDQU(out0.AsX(), asm.At(dp, j, 0))
			VMOVDQU(out1.AsX(), Mem{Base: dp, Index: p1, Scale: 1, Disp: 4})
			VEXTRACTI128(U8(1), out0, Mem{Base: dp, Index: p2, Scale: 1, Disp: 8})
			VEXTRACTI128(U8(1), out1, Mem{Base: dp, Index: p3, Scale: 1, Disp: 12})
			LEAQ(Mem{Base: j, Index: code, Scale: 1, Disp: 16}, j)
		} else {
			// Each group of 4 units takes the bytes its entry counts: the
			// stores go at j plus the counts before.
			for _, o := range []reg.GPVirtual{o0, o1, o2, o3} {
				MOVBLZX(Mem{Base: base, Index: o, Scale: 1, Disp: 15}, o.As32())
			}
			p1, p2, p3, n3 := o0, o1, o2, o3
			ADDQ(j, p1)
			ADDQ(p1, p2)
			ADDQ(p2, p3)
			VMOVDQU(out0.AsX(), asm.At(dp, j, 0))
			VMOVDQU(out1.AsX(), asm.At(dp, p1, 0))
			VEXTRACTI128(U8(1), out0, asm.At(dp, p2, 0))
			VEXTRACTI128(U8(1), out1, asm.At(dp, p3, 0))
			LEAQ(Mem{Base: p3, Index: n3, Scale: 1}, j)
		}
		ADDQ(U8(uint8(step)), i)
		JMP(p.Ref("loop"))
	}
	return t, z
}

// unitBytes holds, for 8 code units in 32-bit lanes, their 2-byte and
// 3-byte UTF-8 forms, first byte lowest.
type unitBytes struct{ t2, t3 reg.VecVirtual }

// unitBytesAVX2 widens the 8 units of x to 32-bit lanes u and returns them
// with their 2- and 3-byte UTF-8 forms and the masks of the lanes below 0x80
// (k1) and below 0x800 (k2).
func unitBytesAVX2(tab *consts, x reg.Register) (u reg.VecVirtual, ts unitBytes, k1, k2 reg.VecVirtual) {
	u = YMM()
	x3f, s6, t2, t3, y6, s12 := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	k1, k2 = YMM(), YMM()
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
	return u, unitBytes{t2, t3}, k1, k2
}

// packStore8 writes the bytes of x that keep marks at dst[j:], advancing j,
// 8 bytes at a time: each 16-byte lane is packed by a table entry for its low
// 8 bytes and one for its high 8, and its two halves stored one after the
// other.
func packStore8(tab *consts, x reg.VecVirtual, keep, dp, j reg.GPVirtual) {
	lo, hi := GP64(), GP64()
	LEAQ(tab.pack8, lo)
	LEAQ(tab.pack8hi, hi)
	// The high lane first: a VEX instruction on the low one clears it.
	upper := XMM()
	VEXTRACTI128(U8(1), x, upper)
	for l := 0; l < 2; l++ {
		xl := x.AsX()
		if l == 1 {
			xl = upper
		}
		m0, m1 := byteAt(keep, 2*l), byteAt(keep, 2*l+1)
		idx := XMM()
		VMOVQ(Mem{Base: lo, Index: m0, Scale: 8}, idx)
		VPINSRQ(U8(1), Mem{Base: hi, Index: m1, Scale: 8}, idx, idx)
		VPSHUFB(idx, xl, xl)
		c := GP64()
		VMOVQ(xl, asm.At(dp, j, 0))
		POPCNTL(m0.As32(), c.As32())
		ADDQ(c, j)
		VPEXTRQ(U8(1), xl, asm.At(dp, j, 0))
		POPCNTL(m1.As32(), c.As32())
		ADDQ(c, j)
	}
}

// purePairsAVX2 is purePairs for utf16ToUTF8AVX2: eight surrogate pairs,
// each in a 32-bit lane, become their four UTF-8 bytes in the same lanes.
func purePairsAVX2(tab *consts, p asm.Scope, v reg.VecVirtual, dp, sp, i, j, sLim, dLim reg.GPVirtual, swap reg.VecVirtual) {
	m := GP32()
	check := func(fail LabelRef) {
		t := YMM()
		VPAND(tab.ydw[0xFC00FC00], v, t)
		VPCMPEQD(tab.ydw[0xDC00D800], t, t)
		VPMOVMSKB(t, m)
		CMPL(m, U32(0xFFFFFFFF))
		JNE(fail)
	}
	check(p.Ref("mixed"))
	p.Label("pure")
	// cp = high<<10 + low - 0x35FDC00.
	cp, t, w := YMM(), YMM(), YMM()
	VPSLLD(U8(16), v, cp)
	VPSRLD(U8(6), cp, cp)
	VPSRLD(U8(16), v, t)
	VPADDD(t, cp, cp)
	VPADDD(tab.ydw[0xFCA02400], cp, cp)
	VPSRLD(U8(18), cp, t)
	for _, f := range []struct {
		left  bool
		shift int
		mask  uint32
	}{{false, 4, 0x3F00}, {true, 10, 0x3F0000}, {true, 24, 0x3F000000}} {
		if f.left {
			VPSLLD(U8(f.shift), cp, w)
		} else {
			VPSRLD(U8(f.shift), cp, w)
		}
		VPAND(tab.ydw[f.mask], w, w)
		VPOR(w, t, t)
	}
	VPOR(tab.ydw[0x808080F0], t, t)
	VMOVDQU(t, asm.At(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(32), j)
	pastRoom(p, "done", i, sLim, j, dLim)
	VMOVDQU(asm.At(sp, i, 0), v)
	if swap != nil {
		VPSHUFB(swap, v, v)
	}
	check(p.Ref("loop"))
	JMP(p.Ref("pure"))
}
