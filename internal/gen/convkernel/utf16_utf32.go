package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// The conversions between UTF-16 and UTF-32 in either byte order, and the
// byte-order swaps of each (UTF-16BE <-> UTF-16LE, UTF-32BE <-> UTF-32LE),
// over one Width. Each works on whole blocks of Bytes input bytes, held in
// little-endian order in a register (big-endian input is swapped on load,
// big-endian output on store), and stops before a block it cannot convert
// whole: a lone surrogate, a surrogate code point or a value above U+10FFFF
// in UTF-32, and, between the forms, a surrogate pair or a value above
// U+FFFF, which the scalar code converts.

var orderName = map[bool]string{false: "LE", true: "BE"}

// swapper loads the byte-swap pattern pat (tab.swap16 or tab.swap32) once
// when swapping is on, and returns a function that swaps a register.
func swapper(w asm.Width, pat Mem, on bool) func(v reg.VecVirtual) {
	if !on {
		return func(reg.VecVirtual) {}
	}
	s := w.Vec()
	w.Load(pat, s)
	return func(v reg.VecVirtual) { VPSHUFB(s, v, v) }
}

// surrogateFree jumps to fail when a 16-bit unit of v is a surrogate.
func surrogateFree(w asm.Width, t *wideTab, v reg.VecVirtual, fail LabelRef) {
	s := w.Vec()
	and(w, t.splat(0xF800F800), v, s)
	if w.Masked() {
		k := K()
		VPCMPEQW(t.splat(0xD800D800), s, k)
		KORTESTD(k, k)
		JNZ(fail)
		return
	}
	VPCMPEQW(t.splat(0xD800D800), s, s)
	VPTEST(s, s)
	JNZ(fail)
}

// swap16 converts UTF-16 of byte order inBE to the other. A block's surrogates must pair up: a low surrogate is
// directly after a high one, and a high surrogate in the last unit waits
// for the next block (the block is one unit shorter).
func swap16(w asm.Width, tab *consts, t *wideTab, inBE bool) {
	name := "utf16" + orderName[inBE] + "To" + orderName[!inBE] + w.Name()
	p := asm.Scope(name + "_")
	signature(name,
		name+" converts UTF-16"+orderName[inBE]+" to UTF-16"+orderName[!inBE]+" in "+itoa(w.Bytes)+"-byte",
		"blocks while src has "+itoa(w.Bytes)+" bytes left and dst as many, and returns the",
		"bytes written and read. It stops before the first block with a lone",
		"surrogate.")
	dp, sp, i, j, sLim, dLim := prologue(w.Bytes, w.Bytes)
	swap := swapper(w, tab.swap16, true)
	loopHead(p, i, j, sLim, dLim)
	// The units are checked little-endian, in the order src is read, and
	// stored swapped: a block in u, swapped in v.
	u, v := w.Vec(), w.Vec()
	w.Load(asm.At(sp, i, 0), u)
	w.Copy(u, v)
	swap(v)
	if inBE {
		u = v
	}
	s := w.Vec()
	and(w, t.splat(0xFC00FC00), u, s)
	hi, lo := GP64(), GP64()
	// per is the bits a unit has in the masks: 1 in an opmask, 2 from
	// VPMOVMSKB.
	per := 2
	if w.Masked() {
		per = 1
		k := K()
		VPCMPEQW(t.splat(0xD800D800), s, k)
		KMOVD(k, hi.As32())
		VPCMPEQW(t.splat(0xDC00DC00), s, k)
		KMOVD(k, lo.As32())
	} else {
		x := YMM()
		VPCMPEQW(t.splat(0xD800D800), s, x)
		VPMOVMSKB(x, hi.As32())
		VPCMPEQW(t.splat(0xDC00DC00), s, x)
		VPMOVMSKB(x, lo.As32())
	}
	n := GP64()
	MOVQ(U32(uint32(w.Bytes)), n)
	any := GP32()
	MOVL(hi.As32(), any)
	ORL(lo.As32(), any)
	JNZ(p.Ref("pairs"))
	p.Label("store")
	w.Store(v, asm.At(dp, j, 0))
	ADDQ(n, i)
	ADDQ(n, j)
	JMP(p.Ref("loop"))

	p.Label("pairs")
	BTL(U8(31), hi.As32())
	JCC(p.Ref("whole"))
	// A high surrogate last: leave that unit for the next block.
	SUBQ(U8(2), n)
	ANDL(U32(uint32(0xFFFFFFFF>>per)), hi.As32())
	p.Label("whole")
	SHLL(U8(uint8(per)), hi.As32())
	CMPL(hi.As32(), lo.As32())
	JNE(p.Ref("lone"))
	JMP(p.Ref("store"))

	// A lone surrogate: the units before the first one are swapped (the
	// whole block is stored; what follows them is scratch), and the call
	// ends there. A low surrogate is lone where the unit before is no high
	// one, a high surrogate where the unit after is no low one.
	p.Label("lone")
	a := loneBits(hi, lo, per)
	if per == 1 {
		SHLL(U8(1), a) // units to bytes
	}
	MOVL(a, n.As32()) // zero-extends
	w.Store(v, asm.At(dp, j, 0))
	ADDQ(n, i)
	ADDQ(n, j)
	epilogue(p, i, j)
}

// swap32 converts UTF-32 of byte order inBE to the other, stopping before a
// block holding a surrogate code point or a value above U+10FFFF.
func swap32(w asm.Width, tab *consts, t *wideTab, inBE bool) {
	name := "utf32" + orderName[inBE] + "To" + orderName[!inBE] + w.Name()
	p := asm.Scope(name + "_")
	signature(name,
		name+" converts UTF-32"+orderName[inBE]+" to UTF-32"+orderName[!inBE]+" in "+itoa(w.Bytes)+"-byte",
		"blocks while src has "+itoa(w.Bytes)+" bytes left and dst as many, and returns the",
		"bytes written and read. It stops before the first block holding a",
		"surrogate code point or a value above U+10FFFF.")
	dp, sp, i, j, sLim, dLim := prologue(w.Bytes, w.Bytes)
	swap := swapper(w, tab.swap32, true)
	loopHead(p, i, j, sLim, dLim)
	u, v := w.Vec(), w.Vec()
	w.Load(asm.At(sp, i, 0), u)
	w.Copy(u, v)
	swap(v)
	if inBE {
		u = v
	}
	var bad reg.OpmaskVirtual
	var good reg.VecVirtual
	if !w.Masked() {
		good = goodLanesAVX2(t, u)
		m := GP32()
		VPMOVMSKB(good, m)
		CMPL(m, I32(-1))
		JNE(p.Ref("partial"))
	} else {
		bad = badLanes(t, u)
		KORTESTW(bad, bad)
		JNZ(p.Ref("partial"))
	}
	w.Store(v, asm.At(dp, j, 0))
	ADDQ(U8(w.Bytes), i)
	ADDQ(U8(w.Bytes), j)
	JMP(p.Ref("loop"))
	// The units before the first bad one are swapped (the whole block is
	// stored, the rest as scratch), and the call ends there.
	p.Label("partial")
	n := GP64()
	if w.Masked() {
		KMOVW(bad, n.As32())
	} else {
		VMOVMSKPS(good, n.As32())
		NOTL(n.As32())
	}
	TZCNTL(n.As32(), n.As32())
	SHLQ(U8(2), n)
	w.Store(v, asm.At(dp, j, 0))
	ADDQ(n, i)
	ADDQ(n, j)
	epilogue(p, i, j)
}

// utf16ToUTF32 widens blocks without surrogates: each half of the block's
// units is zero-extended to 32-bit lanes.
func utf16ToUTF32(w asm.Width, tab *consts, t *wideTab, inBE, outBE bool) {
	name := "utf16" + orderName[inBE] + "ToUTF32" + orderName[outBE] + w.Name()
	p := asm.Scope(name + "_")
	signature(name,
		name+" converts UTF-16"+orderName[inBE]+" to UTF-32"+orderName[outBE]+" in "+itoa(w.Bytes)+"-byte blocks",
		"while src has "+itoa(w.Bytes)+" bytes left and dst "+itoa(2*w.Bytes)+", and returns the bytes written and",
		"read. It stops before the first block holding a surrogate.")
	dp, sp, i, j, sLim, dLim := prologue(w.Bytes, 2*w.Bytes)
	in := swapper(w, tab.swap16, inBE)
	out := swapper(w, tab.swap32, outBE)
	if !w.Masked() {
		utf16ToUTF32AVX2(t, p, dp, sp, i, j, sLim, dLim, in, out)
		return
	}
	utf16ToUTF32AVX512(t, p, dp, sp, i, j, sLim, dLim, inBE, in, out)
}

// wideningParts are what utf16ToUTF32Loop does differently on AVX-512 and
// on AVX2, each part with the registers it keeps through the loop.
type wideningParts struct {
	// flagTwo marks in fa and fb the surrogates of blocks v and b, then
	// ORs fb with fa; flagOne marks those of v in fa.
	flagTwo func(v, b, fa, fb reg.VecVirtual)
	flagOne func(v, fa reg.VecVirtual)
	// test sets the flags (ZF clear) when f marks a unit.
	test func(f reg.VecVirtual)
	// widen writes block v, loaded from src[i+soff:], at dst[j+doff:].
	widen func(v reg.VecVirtual, soff, doff int)
	// pairs is the path of a block v with surrogates; it ends the kernel.
	pairs func(v reg.VecVirtual)
}

// addConst adds n to r, an 8-bit immediate where one holds it.
func addConst(n int, r reg.GPVirtual) {
	if n < 128 {
		ADDQ(U8(n), r)
	} else {
		ADDQ(U32(n), r)
	}
}

// subConst subtracts n from r, as addConst adds.
func subConst(n int, r reg.GPVirtual) {
	if n < 128 {
		SUBQ(U8(n), r)
	} else {
		SUBQ(U32(n), r)
	}
}

// utf16ToUTF32Loop is utf16ToUTF32's loop on both sets: two blocks a step
// while src and dst have room for them, with one check of both for
// surrogates; a block with surrogates goes to the one-block step and its
// pairs path, and the loop stays there, one block a step, until a block
// without them (runs of Emoji). On src of prefetchFrom bytes or more the
// two-block step prefetches every line of src 1 KiB ahead and of dst 2 KiB
// ahead (PREFETCHT0, which takes a line no other core holds in the
// exclusive state, so the store needs no more): on text beyond L2 that was
// worth 2-13% (chinese.html, thai.html, hebrew.html); on shorter src the
// step does without (the label "near"), and the one-block step goes back to
// the step src's length picks. The sets' parts keep port 5, the shuffle port, which held
// both loops to its rate on text in L1 or L2, to one or two micro-ops a
// block (utf16ToUTF32AVX512, utf16ToUTF32AVX2). parts loads the set's
// constants and returns its parts; their test makes the register it reads
// (an opmask or a 32-bit register) on its first call, after the loop's
// vectors, which keeps the generated code as it was before the fold.
// prefetchFrom is the shortest src, in bytes, on which utf16ToUTF32Loop's
// two-block step prefetches. Below it, where src and dst stay in L2, the
// six PREFETCHT0 of an AVX-512 step (a load micro-op each, beside the step's
// six loads) cost more than they hide: without them the lipsum files (87-210
// KB as UTF-16) and esperanto.html (379 KB) gained 5-9%, while from
// japanese.html (514 KB, dst 1 MB) up the prefetches still won 3-14%
// (czech.html, german.html). A heuristic for this machine's L2, not a law.
const prefetchFrom = 448 << 10

func utf16ToUTF32Loop(w asm.Width, p asm.Scope, dp, sp, i, j, sLim, dLim reg.GPVirtual, in func(reg.VecVirtual), parts func() wideningParts) {
	n := w.Bytes
	sLim2, dLim2 := GP64(), GP64()
	MOVQ(sLim, sLim2)
	subConst(n, sLim2)
	MOVQ(dLim, dLim2)
	subConst(2*n, dLim2)
	k := parts()
	v, b, fa, fb := w.Vec(), w.Vec(), w.Vec(), w.Vec()
	// step is the two-block step at label, with the prefetches or without.
	step := func(label string, prefetch bool) {
		p.Label(label)
		pastRoom(p, "one", i, sLim2, j, dLim2)
		w.Load(asm.At(sp, i, 0), v)
		w.Load(asm.At(sp, i, n), b)
		if prefetch {
			for off := 0; off < 2*n; off += 64 {
				PREFETCHT0(asm.At(sp, i, 1024+off))
			}
			for off := 0; off < 4*n; off += 64 {
				PREFETCHT0(asm.At(dp, j, 2048+off))
			}
		}
		in(v)
		in(b)
		k.flagTwo(v, b, fa, fb)
		k.test(fb)
		JNZ(p.Ref("mixed"))
		k.widen(v, 0, 0)
		k.widen(b, n, 2*n)
		addConst(2*n, i)
		addConst(4*n, j)
		JMP(p.Ref(label))
	}
	// pick goes on in the step for src's length: sLim is that less a block.
	pick := func() {
		CMPQ(sLim, U32(prefetchFrom-n))
		JGE(p.Ref("loop"))
		JMP(p.Ref("near"))
	}
	pick()
	step("near", false)
	step("loop", true)
	// A surrogate in one of the two: the first block, when it has none,
	// is widened, and the one-block step goes on from the second (the
	// room for both was checked).
	p.Label("mixed")
	k.test(fa)
	JNZ(p.Ref("pairs"))
	k.widen(v, 0, 0)
	addConst(n, i)
	addConst(2*n, j)
	JMP(p.Ref("body"))
	p.Label("one")
	pastRoom(p, "done", i, sLim, j, dLim)
	p.Label("body")
	w.Load(asm.At(sp, i, 0), v)
	in(v)
	k.flagOne(v, fa)
	k.test(fa)
	JNZ(p.Ref("pairs"))
	k.widen(v, 0, 0)
	addConst(n, i)
	addConst(2*n, j)
	pick()
	p.Label("pairs")
	k.pairs(v)
	epilogue(p, i, j)
}

// utf16ToUTF32AVX512 is utf16ToUTF32's loop for AVX-512. The check leaves
// port 5 alone: v - 0xD800 is below 0x800 in a surrogate's unit, 0x87FF
// less that (saturating) has its sign bit set there and only there, and
// VPMOVW2M, on port 0, takes the sign bits (VPCMPEQW into an opmask would
// be on port 5). Little-endian units are widened straight from memory,
// VPMOVZXWD of 32 bytes (a load and one port-5 micro-op each), where the
// halves of the register took VEXTRACTI64X4 as well; big-endian ones, which
// are swapped first, from the register.
func utf16ToUTF32AVX512(t *wideTab, p asm.Scope, dp, sp, i, j, sLim, dLim reg.GPVirtual, inBE bool, in, out func(reg.VecVirtual)) {
	utf16ToUTF32Loop(asm.AVX512, p, dp, sp, i, j, sLim, dLim, in, func() wideningParts {
		base, band := ZMM(), ZMM()
		VMOVDQU64(t.splat(0xD800D800), base)
		VMOVDQU64(t.splat(0x87FF87FF), band)
		// flag sets the sign bit of the units of v that are surrogates.
		flag := func(v, f reg.VecVirtual) {
			VPSUBW(base, v, f)
			VPSUBUSW(f, band, f)
		}
		var k reg.OpmaskVirtual
		return wideningParts{
			flagTwo: func(v, b, fa, fb reg.VecVirtual) {
				flag(v, fa)
				flag(b, fb)
				VPORQ(fa, fb, fb)
			},
			flagOne: flag,
			test: func(f reg.VecVirtual) {
				if k == nil {
					k = K()
				}
				VPMOVW2M(f, k)
				KORTESTD(k, k)
			},
			widen: func(v reg.VecVirtual, soff, doff int) {
				c0, c1 := ZMM(), ZMM()
				if inBE {
					y := YMM()
					VPMOVZXWD(v.AsY(), c0)
					VEXTRACTI64X4(U8(1), v, y)
					VPMOVZXWD(y, c1)
				} else {
					VPMOVZXWD(asm.At(sp, i, soff), c0)
					VPMOVZXWD(asm.At(sp, i, soff+32), c1)
				}
				out(c0)
				out(c1)
				VMOVDQU64(c0, asm.At(dp, j, doff))
				VMOVDQU64(c1, asm.At(dp, j, doff+64))
			},
			pairs: func(v reg.VecVirtual) {
				pairsToUTF32(t, p, v, sp, i, j, dp, sLim, dLim, in, out)
			},
		}
	})
}

// utf16ToUTF32AVX2 is utf16ToUTF32's loop for AVX2: one check of both
// blocks for surrogates (VPMOVMSKB, not VPTEST, which costs a port-5
// micro-op) and the widening spread over the shuffle ports: VPERMQ puts the
// quarters of the block in the order 0, 2, 1, 3, and VPUNPCKLWD and
// VPUNPCKHWD with zero, which stay in their 128-bit lanes, widen the units
// 0-7 and 8-15. VPMOVZXWD would take port 5 twice a block and VEXTRACTI128
// once more: three port-5 micro-ops a block against one.
func utf16ToUTF32AVX2(t *wideTab, p asm.Scope, dp, sp, i, j, sLim, dLim reg.GPVirtual, in, out func(reg.VecVirtual)) {
	utf16ToUTF32Loop(asm.AVX2, p, dp, sp, i, j, sLim, dLim, in, func() wideningParts {
		top, sur, zero := YMM(), YMM(), YMM()
		VMOVDQU(t.splat(0xF800F800), top)
		VMOVDQU(t.splat(0xD800D800), sur)
		VPXOR(zero, zero, zero)
		var m reg.GPVirtual
		return wideningParts{
			flagTwo: func(v, b, sa, sb reg.VecVirtual) {
				VPAND(top, v, sa)
				VPAND(top, b, sb)
				VPCMPEQW(sur, sa, sa)
				VPCMPEQW(sur, sb, sb)
				VPOR(sa, sb, sb)
			},
			flagOne: func(v, sa reg.VecVirtual) {
				VPAND(top, v, sa)
				VPCMPEQW(sur, sa, sa)
			},
			test: func(f reg.VecVirtual) {
				if m == nil {
					m = GP32()
				}
				VPMOVMSKB(f, m)
				TESTL(m, m)
			},
			widen: func(x reg.VecVirtual, _, off int) {
				q, lo, hi := YMM(), YMM(), YMM()
				VPERMQ(U8(0xD8), x, q)
				VPUNPCKLWD(zero, q, lo)
				VPUNPCKHWD(zero, q, hi)
				out(lo)
				out(hi)
				VMOVDQU(lo, asm.At(dp, j, off))
				VMOVDQU(hi, asm.At(dp, j, off+32))
			},
			pairs: func(v reg.VecVirtual) {
				pairsToUTF32AVX2(t, p, v, i, j, dp, out)
			},
		}
	})
}

// pairsToUTF32AVX2 is pairsToUTF32 for AVX2, a block v of 16 units: the lane
// of a high surrogate takes the code point of the pair, read with the unit
// after it (the block shifted down one unit), each half's lanes other than
// low surrogates are packed by VPERMD with a table entry for their mask, and
// a high surrogate in the last unit waits for the next block. A block with a
// lone surrogate converts up to it, and the scalar code takes it from there.
func pairsToUTF32AVX2(t *wideTab, p asm.Scope, v reg.VecVirtual, i, j, dp reg.GPVirtual, out func(reg.VecVirtual)) {
	s, hv, lv := YMM(), YMM(), YMM()
	VPAND(t.splat(0xFC00FC00), v, s)
	// Eight whole surrogate pairs, one a lane: as pairsToUTF32's.
	{
		a, m := YMM(), GP32()
		VPCMPEQD(t.splat(0xDC00D800), s, a)
		VPMOVMSKB(a, m)
		CMPL(m, I32(-1))
		JE(p.Ref("allpairs"))
	}
	VPCMPEQW(t.splat(0xD800D800), s, hv)
	VPCMPEQW(t.splat(0xDC00DC00), s, lv)
	// Two bits a unit, from VPMOVMSKB.
	hi, lo := GP64(), GP64()
	VPMOVMSKB(hv, hi.As32())
	VPMOVMSKB(lv, lo.As32())
	n, keep := GP64(), GP64()
	MOVQ(U32(32), n)
	MOVL(U32(0xFFFF), keep.As32())
	BTL(U8(31), hi.As32())
	JCC(p.Ref("pwhole"))
	SUBQ(U8(2), n)
	MOVL(U32(0x7FFF), keep.As32())
	ANDL(U32(0x3FFFFFFF), hi.As32())
	p.Label("pwhole")
	SHLL(U8(2), hi.As32())
	CMPL(hi.As32(), lo.As32())
	JNE(p.Ref("plone"))
	p.Label("pconv")
	// One bit a unit: the lanes to keep are all but the low surrogates
	// (and a high one left for the next block).
	pat := GP64()
	MOVL(U32(0x55555555), pat.As32())
	PEXTL(pat.As32(), lo.As32(), lo.As32())
	ANDNL(keep.As32(), lo.As32(), keep.As32())
	x1, nx0, nx1, hv1 := XMM(), XMM(), XMM(), XMM()
	VEXTRACTI128(U8(1), v, x1)
	VEXTRACTI128(U8(1), hv, hv1)
	VPALIGNR(U8(2), v.AsX(), x1, nx0) // units 1-8
	VPSRLDQ(U8(2), x1, nx1)           // units 9-15, then zero
	base := GP64()
	LEAQ(t.keepLanes, base)
	for h := 0; h < 2; h++ {
		x, nx, hm := v.AsX(), nx0, hv.AsX()
		if h == 1 {
			x, nx, hm = x1, nx1, hv1
		}
		c, d, e, m := YMM(), YMM(), YMM(), YMM()
		VPMOVZXWD(x, c)
		VPMOVZXWD(nx, d)
		// high<<10 + low - (0xD800<<10 + 0xDC00 - 0x10000)
		VPSLLD(U8(10), c, e)
		VPADDD(d, e, e)
		VPSUBD(t.splat(0x35FDC00), e, e)
		VPMOVSXWD(hm, m)
		VPBLENDVB(m, e, c, c)
		out(c)
		kb := byteAt(keep, h)
		idx := YMM()
		VPMOVZXBD(Mem{Base: base, Index: kb, Scale: 8}, idx)
		VPERMD(c, idx, c)
		VMOVDQU(c, asm.At(dp, j, 0))
		POPCNTL(kb.As32(), kb.As32())
		SHLL(U8(2), kb.As32())
		ADDQ(kb, j)
	}
	ADDQ(n, i)
	JMP(p.Ref("one"))
	p.Label("allpairs")
	cp := YMM()
	VPSUBD(t.splat(0xDC00D800), v, cp)
	VPMADDWD(t.splat(0x00010400), cp, cp)
	VPADDD(t.splat(0x10000), cp, cp)
	out(cp)
	VMOVDQU(cp, asm.At(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(32), j)
	JMP(p.Ref("one"))
	p.Label("plone")
	f := lonePrefix(hi, lo, 2, p)
	MOVL(f, n.As32()) // two bits a unit: the bytes before it
	SHRL(U8(1), f)
	BZHIL(f, keep.As32(), keep.As32())
	JMP(p.Ref("pconv"))
}

// lonePrefix takes the masks of a block's high surrogates, moved one unit
// on (hi), and low ones (lo), per bits a unit, which disagree, and returns
// the bits below its first lone surrogate (per times the units before it),
// jumping to done when that is none. The units before a lone surrogate
// are a whole conversion: a high one right before it would pair with it.
func lonePrefix(hi, lo reg.GPVirtual, per int, p asm.Scope) reg.GPVirtual {
	a := loneBits(hi, lo, per)
	TESTL(a, a)
	JZ(p.Ref("done"))
	return a
}

// loneBits returns, from the masks lonePrefix takes, the bits below the
// first lone surrogate of the block (per times the units before it).
func loneBits(hi, lo reg.GPVirtual, per int) reg.GPVirtual {
	a, b := GP32(), GP32()
	ANDNL(hi.As32(), lo.As32(), b) // high surrogates, one unit on, with no low: lone
	ANDNL(lo.As32(), hi.As32(), a) // low surrogates with no high before: lone
	TZCNTL(a, a)
	TZCNTL(b, b)
	SUBL(U8(uint8(per)), b)
	CMPL(b, a)
	CMOVLLT(b, a)
	return a
}

// pairsToUTF32 is the AVX-512 path of utf16ToUTF32 for a block v (32 units,
// little-endian) whose surrogates pair up, as swap16 checks them: the lane of
// a high surrogate takes the code point of the pair, read with the unit after
// it (the widened units moved down a lane by VALIGND) with masked shifts and
// adds, the lane of a low surrogate is dropped by VPCOMPRESSD, and a high
// surrogate in the last unit waits for the next block.
func pairsToUTF32(t *wideTab, p asm.Scope, v reg.VecVirtual, sp, i, j, dp, sLim, dLim reg.GPVirtual, in, out func(reg.VecVirtual)) {
	s := ZMM()
	VPANDD(t.splat(0xFC00FC00), v, s)
	k := K()
	// A block of sixteen surrogate pairs, each in one 32-bit lane (runs of
	// Emoji, once a block has ended on a high surrogate).
	VPCMPEQD(t.splat(0xDC00D800), s, k)
	KORTESTW(k, k)
	JCS(p.Ref("allpairs"))
	hi, lo := GP64(), GP64()
	VPCMPEQW(t.splat(0xD800D800), s, k)
	KMOVD(k, hi.As32())
	VPCMPEQW(t.splat(0xDC00DC00), s, k)
	KMOVD(k, lo.As32())
	n, keep := GP64(), GP64()
	MOVQ(U32(64), n)
	MOVL(U32(0xFFFFFFFF), keep.As32())
	BTL(U8(31), hi.As32())
	JCC(p.Ref("pwhole"))
	SUBQ(U8(2), n)
	MOVL(U32(0x7FFFFFFF), keep.As32())
	ANDL(keep.As32(), hi.As32())
	p.Label("pwhole")
	x := GP64()
	MOVL(hi.As32(), x.As32())
	SHLL(U8(1), x.As32())
	CMPL(x.As32(), lo.As32())
	JNE(p.Ref("plone"))
	p.Label("pconv")
	ANDNL(keep.As32(), lo.As32(), keep.As32()) // drop the low surrogates
	// Each half's units widened, and the units after them (VALIGND by one
	// lane across the halves, zero after the last).
	c0, c1, n0, n1, y, zero := ZMM(), ZMM(), ZMM(), ZMM(), YMM(), ZMM()
	VPMOVZXWD(v.AsY(), c0)
	VEXTRACTI64X4(U8(1), v, y)
	VPMOVZXWD(y, c1)
	VPXORD(zero, zero, zero)
	VALIGND(U8(1), c0, c1, n0)
	VALIGND(U8(1), c1, zero, n1)
	for h := 0; h < 2; h++ {
		c, nx := c0, n0
		if h == 1 {
			c, nx = c1, n1
		}
		// In the lanes of high surrogates:
		// high<<10 + low - (0xD800<<10 + 0xDC00 - 0x10000).
		kh := K()
		m := GP64()
		MOVL(hi.As32(), m.As32())
		if h == 1 {
			SHRL(U8(16), m.As32())
		}
		KMOVW(m.As32(), kh)
		VPSLLD(U8(10), c, kh, c)
		VPADDD(nx, c, kh, c)
		VPADDD(t.splat(0xFCA02400), c, kh, c)
		out(c)
		MOVL(keep.As32(), m.As32())
		if h == 1 {
			SHRL(U8(16), m.As32())
		}
		kk := K()
		KMOVW(m.As32(), kk)
		r := ZMM()
		VPCOMPRESSD_Z(c, kk, r)
		VMOVDQU64(r, asm.At(dp, j, 0))
		ANDL(U32(0xFFFF), m.As32())
		POPCNTL(m.As32(), m.As32())
		SHLL(U8(2), m.As32())
		ADDQ(m, j)
	}
	ADDQ(n, i)
	JMP(p.Ref("one"))
	// Each lane holds high - 0xD800 in its low half and low - 0xDC00 in
	// its high half once the prefixes are taken off, and VPMADDWD by 1024
	// and 1 adds them up into the code point less 0x10000.
	p.Label("allpairs")
	cp := ZMM()
	VPSUBD(t.splat(0xDC00D800), v, cp)
	VPMADDWD(t.splat(0x00010400), cp, cp)
	VPADDD(t.splat(0x10000), cp, cp)
	out(cp)
	VMOVDQU64(cp, asm.At(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	// Runs of Emoji: the next block, when it is sixteen pairs again, is
	// taken here; any other goes to the one-block step.
	pastRoom(p, "one", i, sLim, j, dLim)
	VMOVDQU64(asm.At(sp, i, 0), v)
	in(v)
	s2, k2 := ZMM(), K()
	VPANDD(t.splat(0xFC00FC00), v, s2)
	VPCMPEQD(t.splat(0xDC00D800), s2, k2)
	KORTESTW(k2, k2)
	JCS(p.Ref("allpairs"))
	JMP(p.Ref("body"))
	// A lone surrogate: the units before it are converted, and the next
	// block, from it, ends the call.
	p.Label("plone")
	f := lonePrefix(x, lo, 1, p)
	BZHIL(f, keep.As32(), keep.As32())
	SHLL(U8(1), f) // units to bytes
	MOVL(f, n.As32())
	JMP(p.Ref("pconv"))
}

// utf32ToUTF16 narrows blocks of BMP characters to 16-bit units, and blocks
// with characters above U+FFFF to units and surrogate pairs.
func utf32ToUTF16(w asm.Width, tab *consts, t *wideTab, inBE, outBE bool) {
	name := "utf32" + orderName[inBE] + "ToUTF16" + orderName[outBE] + w.Name()
	p := asm.Scope(name + "_")
	signature(name,
		name+" converts UTF-32"+orderName[inBE]+" to UTF-16"+orderName[outBE]+" in "+itoa(w.Bytes)+"-byte blocks",
		"while src has "+itoa(w.Bytes)+" bytes left and dst as many, and returns the bytes written and",
		"read. It stops before the first block holding a surrogate code point",
		"or a value above U+10FFFF.")
	// The pairs path writes up to Bytes bytes.
	dp, sp, i, j, sLim, dLim := prologue(w.Bytes, w.Bytes)
	in := swapper(w, tab.swap32, inBE)
	var sLim2, sLim4, dLim4 reg.GPVirtual
	var order reg.VecVirtual
	if !w.Masked() {
		// The two-block path reads 64 bytes, the four-block one 128
		// and writes 64.
		sLim2, sLim4, dLim4 = GP64(), GP64(), GP64()
		LEAQ(Mem{Base: sLim, Disp: -32}, sLim2)
		LEAQ(Mem{Base: sLim, Disp: -96}, sLim4)
		LEAQ(Mem{Base: dLim, Disp: -32}, dLim4)
	} else {
		// The four-block path reads 256 bytes and writes 128. It is off
		// for src beyond quadMax bytes (sLim4 = -1).
		sLim4, dLim4 = GP64(), GP64()
		LEAQ(Mem{Base: sLim, Disp: -192}, sLim4)
		LEAQ(Mem{Base: dLim, Disp: -64}, dLim4)
		off := GP64()
		MOVQ(I32(-1), off)
		CMPQ(sLim, U32(quadMax-64))
		CMOVQGT(off, sLim4)
		order = ZMM()
		VMOVDQU64(packOrder(t), order)
	}
	loopHead(p, i, j, sLim, dLim)
	c := w.Vec()
	w.Load(asm.At(sp, i, 0), c)
	in(c)
	if !w.Masked() {
		bmpPairAVX2(tab, t, p, c, sp, dp, i, j, sLim2, sLim4, dLim4, in, outBE)
	} else {
		// Above the BMP first: Emoji need not pay for the four-block
		// path's loads and tests.
		k1 := K()
		VPTESTMD(t.splat(0xFFFF0000), c, k1)
		KORTESTW(k1, k1)
		JNZ(p.Ref("astral"))
		bmpQuad512(tab, t, p, c, order, sp, dp, i, j, sLim4, dLim4, in, outBE)
	}
	s := w.Vec()
	and(w, t.splat(0xFFFFF800), c, s)
	if w.Masked() {
		k1 := K()
		VPCMPEQD(t.splat(0xD800), s, k1)
		KORTESTW(k1, k1)
		JNZ(p.Ref("partial"))
		y := YMM()
		VPMOVDW(c, y)
		if outBE {
			VPSHUFB(tab.swap16, y, y)
		}
		VMOVDQU(y, asm.At(dp, j, 0))
	} else {
		VPTEST(t.splat(0xFFFF0000), c)
		JNZ(p.Ref("astral"))
		VPCMPEQD(t.splat(0xD800), s, s)
		VPTEST(s, s)
		JNZ(p.Ref("partial"))
		VPACKUSDW(c, c, c)
		VPERMQ(U8(0x08), c, c)
		if outBE {
			VPSHUFB(tab.swap16, c, c)
		}
		VMOVDQU(c.AsX(), asm.At(dp, j, 0))
	}
	ADDQ(U8(w.Bytes), i)
	ADDQ(U8(w.Bytes/2), j)
	JMP(p.Ref("loop"))
	// A block with a surrogate code point or a value above U+10FFFF
	// converts up to it: the lanes from it on are zeroed and the block
	// converted by the astral path, each zero lane one unit at the end
	// (scratch) that is not counted.
	p.Label("astral")
	allAstral(w, tab, t, p, c, dp, i, j, outBE)
	checkScalar(w, t, c, p.Ref("partial"))
	astralUnits(w, tab, t, c, dp, j, outBE)
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))
	p.Label("partial")
	var k reg.GPVirtual
	if w.Masked() {
		k = prefix512(p, badLanes(t, c), c)
	} else {
		k = prefixAVX2(t, p, goodLanesAVX2(t, c), c)
	}
	astralUnits(w, tab, t, c, dp, j, outBE)
	SUBQ(U8(w.Bytes/2), j)
	ADDQ(k, j)
	ADDQ(k, j)
	SHLQ(U8(2), k)
	ADDQ(k, i)
	epilogue(p, i, j)
}

// bmpPairAVX2 converts two blocks (64 bytes, 16 lanes) of the BMP without
// surrogates at once, where there is src for them, and goes on at the loop;
// else it falls through to the one-block code with c, the first block. One
// test of both blocks' OR rules out values above U+FFFF, VPACKUSDW then
// narrows the 16 lanes exactly (VPERMQ puts the 64-bit quarters in order),
// and one test of the 16-bit units rules out surrogates: half the work per
// character of the one-block path, which tests each block twice and
// stores 16 bytes (Russian, Hebrew, CJK, Hindi, and most HTML). Where there
// is room for four blocks and the first two pass the range test, the next
// two are tried with them (one surrogate test for the 32 units), and on
// failure the first two go on alone. A block above the BMP (Emoji) fails
// the first test, and pays for no more: trying four blocks first cost
// Emoji 11%.
func bmpPairAVX2(tab *consts, t *wideTab, p asm.Scope, c reg.VecVirtual, sp, dp, i, j, sLim2, sLim4, dLim4 reg.GPVirtual, in func(reg.VecVirtual), outBE bool) {
	CMPQ(i, sLim2)
	JG(p.Ref("one"))
	c2, o, v := YMM(), YMM(), YMM()
	VMOVDQU(asm.At(sp, i, 32), c2)
	in(c2)
	VPOR(c, c2, o)
	VPTEST(t.splat(0xFFFF0000), o)
	JNZ(p.Ref("one"))
	VPACKUSDW(c2, c, v)
	VPERMQ(U8(0xD8), v, v)
	{
		pastRoom(p, "pair", i, sLim4, j, dLim4)
		c3, c4, o4, v2 := YMM(), YMM(), YMM(), YMM()
		VMOVDQU(asm.At(sp, i, 64), c3)
		VMOVDQU(asm.At(sp, i, 96), c4)
		in(c3)
		in(c4)
		VPOR(c3, c4, o4)
		VPTEST(t.splat(0xFFFF0000), o4)
		JNZ(p.Ref("pair"))
		VPACKUSDW(c4, c3, v2)
		VPERMQ(U8(0xD8), v2, v2)
		s1, s2 := YMM(), YMM()
		VPAND(t.splat(0xF800F800), v, s1)
		VPAND(t.splat(0xF800F800), v2, s2)
		VPCMPEQW(t.splat(0xD800D800), s1, s1)
		VPCMPEQW(t.splat(0xD800D800), s2, s2)
		VPOR(s1, s2, s1)
		VPTEST(s1, s1)
		JNZ(p.Ref("pair"))
		if outBE {
			VPSHUFB(tab.swap16, v, v)
			VPSHUFB(tab.swap16, v2, v2)
		}
		VMOVDQU(v, asm.At(dp, j, 0))
		VMOVDQU(v2, asm.At(dp, j, 32))
		SUBQ(I8(-128), i)
		ADDQ(U8(64), j)
		JMP(p.Ref("loop"))
	}
	p.Label("pair")
	s := YMM()
	VPAND(t.splat(0xF800F800), v, s)
	VPCMPEQW(t.splat(0xD800D800), s, s)
	VPTEST(s, s)
	JNZ(p.Ref("one"))
	if outBE {
		VPSHUFB(tab.swap16, v, v)
	}
	VMOVDQU(v, asm.At(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(32), j)
	JMP(p.Ref("loop"))
	p.Label("one")
}

// quadMax is the longest src for which UTF-32 to UTF-16 on AVX-512 takes
// four blocks at a time (bmpQuad512). It gains 30-60% where src and dst
// stay in L2 (hebrew.html, 1.1 MB as UTF-32, +33%), but beyond it, where
// the loop waits on L3 (german.html and turkish.html, 1.5 MB as UTF-32,
// -10%; the larger pages -3%), the one-block loop measured faster
// (benchstat, n=8), for reasons not found. A heuristic for a 2 MiB L2, not
// a law.
const quadMax = 5 << 18 // 1.25 MiB

// packOrderMem holds the VPERMQ indices that put the quadwords of
// VPACKUSDW(a, b) (per 128-bit lane, four units of a then four of b) in
// order: a's sixteen units, then b's.
var packOrderMem *Mem

func packOrder(t *wideTab) Mem {
	if packOrderMem == nil {
		m := t.mem.GLOBL("widePackOrder")
		for i, v := range []uint64{0, 2, 4, 6, 1, 3, 5, 7} {
			t.mem.DATA(8*i, U64(v))
		}
		packOrderMem = &m
	}
	return *packOrderMem
}

// bmpQuad512 converts four blocks (256 bytes, 64 characters) of the BMP
// without surrogates at once, where there is src and dst for them, and goes
// on at the loop; else it falls through to the one-block code with c, the
// first block, which holds no value above U+FFFF. The OR of the other three
// is tested once for them; VPACKUSDW narrows two blocks at a time in one
// shuffle (VPERMQ by order puts their quadwords in order), where VPMOVDW
// takes two per block; and the surrogate test is one compare for the 64
// units: a unit is a surrogate when it is below 0x800 after adding 0x2800
// (D800-DFFF wrap to 0-7FF), so the least of the four blocks' sums tells
// for all of them. The shuffles and compares into masks share one port on
// Intel's AVX-512 CPUs, and this takes 7 of them for four blocks where the
// one-block code takes 16.
func bmpQuad512(tab *consts, t *wideTab, p asm.Scope, c, order reg.VecVirtual, sp, dp, i, j, sLim4, dLim4 reg.GPVirtual, in func(reg.VecVirtual), outBE bool) {
	pastRoom(p, "one", i, sLim4, j, dLim4)
	c2, c3, c4 := ZMM(), ZMM(), ZMM()
	VMOVDQU64(asm.At(sp, i, 64), c2)
	VMOVDQU64(asm.At(sp, i, 128), c3)
	VMOVDQU64(asm.At(sp, i, 192), c4)
	in(c2)
	in(c3)
	in(c4)
	o := ZMM()
	VPORD(c2, c3, o)
	VPORD(c4, o, o)
	k := K()
	VPTESTMD(t.splat(0xFFFF0000), o, k)
	KORTESTW(k, k)
	JNZ(p.Ref("one"))
	p.Label("qconv")
	p1, p2 := ZMM(), ZMM()
	VPACKUSDW(c2, c, p1)
	VPACKUSDW(c4, c3, p2)
	VPERMQ(p1, order, p1)
	VPERMQ(p2, order, p2)
	s1, s2 := ZMM(), ZMM()
	VPADDW(t.splat(0x28002800), p1, s1)
	VPADDW(t.splat(0x28002800), p2, s2)
	VPMINUW(s1, s2, s1)
	VPCMPUW(U8(1), t.splat(0x08000800), s1, k) // s1 < 0x800
	KORTESTD(k, k)
	JNZ(p.Ref("one"))
	if outBE {
		VPSHUFB(tab.swap16, p1, p1)
		VPSHUFB(tab.swap16, p2, p2)
	}
	// Four 32-byte stores: two 64-byte ones cost text beyond L2 (the
	// large HTML pages) 3-7% against the one-block loop.
	VMOVDQU(p1.AsY(), asm.At(dp, j, 0))
	VEXTRACTI64X4(U8(1), p1, asm.At(dp, j, 32))
	VMOVDQU(p2.AsY(), asm.At(dp, j, 64))
	VEXTRACTI64X4(U8(1), p2, asm.At(dp, j, 96))
	ADDQ(U32(256), i)
	SUBQ(I8(-128), j)
	// After four blocks of the BMP, the next four are tried at once, the
	// first one's range test with the others'; where that fails, the loop
	// takes them from the start.
	pastRoom(p, "loop", i, sLim4, j, dLim4)
	VMOVDQU64(asm.At(sp, i, 0), c)
	VMOVDQU64(asm.At(sp, i, 64), c2)
	VMOVDQU64(asm.At(sp, i, 128), c3)
	VMOVDQU64(asm.At(sp, i, 192), c4)
	in(c)
	in(c2)
	in(c3)
	in(c4)
	VPORD(c, c2, o)
	VPTERNLOGD(U8(0xFE), c4, c3, o) // o |= c3 | c4
	VPTESTMD(t.splat(0xFFFF0000), o, k)
	KORTESTW(k, k)
	JNZ(p.Ref("loop"))
	JMP(p.Ref("qconv"))
	p.Label("one")
}

// allAstral converts a block of characters above the BMP only (runs of
// Emoji) to as many surrogate pairs, each the 32 bits of its lane, and goes
// on at the loop; else it falls through. With x the value less 0x10000
// (below 0x100000 for all of them), a lane is (x>>10) + 0xD800 in its low
// half and (x&0x3FF) + 0xDC00 in its high half.
func allAstral(w asm.Width, tab *consts, t *wideTab, p asm.Scope, c reg.VecVirtual, dp, i, j reg.GPVirtual, outBE bool) {
	x := w.Vec()
	VPSUBD(t.splat(0x10000), c, x)
	if w.Masked() {
		k := K()
		VPCMPUD(U8(1), t.splat(0x100000), x, k) // x < 0x100000
		KORTESTW(k, k)
		JCC(p.Ref("mixed"))
	} else {
		VPTEST(t.splat(0xFFF00000), x)
		JNZ(p.Ref("mixed"))
	}
	a, b := w.Vec(), w.Vec()
	VPSRLD(U8(10), x, a)
	VPSLLD(U8(16), x, b)
	if w.Masked() {
		VPTERNLOGD(U8(0xF8), t.splat(0x03FF0000), b, a) // a |= b & 0x03FF0000
	} else {
		VPAND(t.splat(0x03FF0000), b, b)
		VPOR(b, a, a)
	}
	VPADDD(t.splat(0xDC00D800), a, a)
	if outBE {
		VPSHUFB(tab.swap16, a, a)
	}
	w.Store(a, asm.At(dp, j, 0))
	ADDQ(U8(w.Bytes), i)
	ADDQ(U8(w.Bytes), j)
	JMP(p.Ref("loop"))
	p.Label("mixed")
}

// astralUnits converts the scalar values in the lanes of c to UTF-16 at
// dst[j:] and advances j: each lane holds the unit, or the pair, high
// surrogate in the low half, and the upper halves of the lanes with one
// unit are dropped, by VPCOMPRESSW with AVX-512 and by VPSHUFB with a table
// entry for each half's four lanes with AVX2. It writes up to Bytes bytes.
func astralUnits(w asm.Width, tab *consts, t *wideTab, c reg.VecVirtual, dp, j reg.GPVirtual, outBE bool) {
	if w.Masked() {
		big, x, y := K(), ZMM(), ZMM()
		VPCMPUD(U8(6), t.splat(0xFFFF), c, big) // c > 0xFFFF
		VPSUBD(t.splat(0x10000), c, x)
		VPSRLD(U8(10), x, y)
		VPADDD(t.splat(0xD800), y, y)
		VPANDD(t.splat(0x3FF), x, x)
		VPADDD(t.splat(0xDC00), x, x)
		VPSLLD(U8(16), x, x)
		VPORD(x, y, y)
		VMOVDQA32(y, big, c)
		if outBE {
			VPSHUFB(tab.swap16, c, c)
		}
		m, keep := GP64(), GP64()
		KMOVW(big, m.As32())
		// Word 2k is kept always, word 2k+1 where lane k is a pair.
		MOVQ(U64(0xAAAAAAAA), keep)
		PDEPL(keep.As32(), m.As32(), keep.As32())
		ORL(U32(0x55555555), keep.As32())
		kk := K()
		KMOVD(keep.As32(), kk)
		r := ZMM()
		compressW(c, kk, r)
		VMOVDQU64(r, asm.At(dp, j, 0))
		POPCNTL(keep.As32(), keep.As32())
		SHLL(U8(1), keep.As32())
		ADDQ(keep, j)
		return
	}
	big, x, y := YMM(), YMM(), YMM()
	VPCMPGTD(t.splat(0xFFFF), c, big) // c > 0xFFFF
	VPSUBD(t.splat(0x10000), c, x)
	VPSRLD(U8(10), x, y)
	VPADDD(t.splat(0xD800), y, y)
	VPAND(t.splat(0x3FF), x, x)
	VPADDD(t.splat(0xDC00), x, x)
	VPSLLD(U8(16), x, x)
	VPOR(x, y, y)
	VPBLENDVB(big, y, c, c)
	if outBE {
		VPSHUFB(tab.swap16, c, c)
	}
	m, m1 := GP64(), GP64()
	VMOVMSKPS(big, m.As32())
	MOVL(m.As32(), m1.As32())
	SHRL(U8(4), m1.As32())
	ANDL(U8(15), m.As32())
	idx := entry16(t.pairUnits, m, m1)
	VPSHUFB(idx, c, c)
	// Bytes per half: 8, and 2 per pair.
	n0, n1 := GP64(), GP64()
	POPCNTL(m.As32(), n0.As32())
	LEAQ(Mem{Base: n0, Index: n0, Scale: 1, Disp: 8}, n0)
	POPCNTL(m1.As32(), n1.As32())
	LEAQ(Mem{Base: n1, Index: n1, Scale: 1, Disp: 8}, n1)
	storeLanes(c, dp, j, n0, n1)
}
