package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// asciiBlockLoop emits the loop both Latin-1 kernels share: a 64-byte block of
// ASCII is the same bytes in ISO-8859-1 and UTF-8, so it is copied as it is;
// any other block jumps to p.Ref("wide") with the block in v and its high bits in k.
// Past the last whole block it goes to p.Ref("tail"), out of room to p.Ref("done").
func asciiBlockLoop(p asm.Scope, dp, sp, i, j, sLim, dLim reg.GPVirtual) (v reg.VecVirtual, k reg.OpmaskVirtual) {
	p.Label("loop")
	CMPQ(i, sLim)
	JG(p.Ref("tail"))
	CMPQ(j, dLim)
	JG(p.Ref("done"))
	v = ZMM()
	VMOVDQU64(asm.At(sp, i, 0), v)
	k = K()
	VPMOVB2M(v, k)
	KORTESTQ(k, k)
	JNZ(p.Ref("wide"))
	VMOVDQU64(v, asm.At(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	JMP(p.Ref("loop"))
	return v, k
}

// latin1ToUTF8: a block of 64 bytes with a byte >= 0x80 is done in two halves
// of 32 bytes, widened to 16-bit lanes that hold the two UTF-8 bytes of each
// character (lead C2 or C3 in the low byte); VPCOMPRESSB then keeps the low
// byte of every lane and the high byte of the lanes >= 0x80. The last 1 to 63
// bytes go through the same code as a block read and written with masks, so
// that short inputs and tails need no scalar code at all: the zeros the
// masked load reads past src convert to zeros past the output, which the
// masked stores leave out.
func latin1ToUTF8() {
	const p = asm.Scope("l1u_")
	signature("latin1ToUTF8AVX512",
		"latin1ToUTF8AVX512 converts ISO-8859-1 to UTF-8 in 64-byte blocks while",
		"src has 64 bytes left and dst 128, then the rest of src if dst has room",
		"for all of it, and returns the bytes written and read.")
	dp, sp, i, j, sLim, dLim := prologue(64, 128)
	c3F00, c80C0 := splat(0x3F003F00), splat(0x80C080C0)
	odd, even := const64(0xAAAAAAAAAAAAAAAA), const64(0x5555555555555555)
	ones := const64(^uint64(0))

	// block converts v, whose high bits are in k; store writes the
	// compressed output of one half, n bytes long, at dst[j:].
	block := func(l string, v reg.VecVirtual, k reg.Register, store func(out reg.VecVirtual, n reg.GPVirtual)) {
		m := GP64()
		KMOVQ(k, m)
		half := func(y reg.Register, bits reg.GPVirtual, kw reg.Register) {
			w, hi, lo := ZMM(), ZMM(), ZMM()
			VPMOVZXBW(y, w)
			VPSLLW(U8(8), w, hi)
			VPANDD(c3F00, hi, hi)
			VPSRLW(U8(6), w, lo)
			VPTERNLOGD(U8(0xFE), c80C0, lo, hi) // hi |= lo | 0x80C0
			VPBLENDMW(hi, w, kw, w)
			keep := GP64()
			PDEPQ(odd, bits, keep)
			ORQ(even, keep)
			kk := K()
			KMOVQ(keep, kk)
			out := ZMM()
			compressB(w, kk, out)
			n := GP64()
			POPCNTQ(bits, n)
			ADDQ(U8(32), n)
			store(out, n)
			ADDQ(n, j)
		}
		lo := GP64()
		MOVL(m.As32(), lo.As32())
		half(v.AsY(), lo, k)
		y := YMM()
		VEXTRACTI64X4(U8(1), v, y)
		SHRQ(U8(32), m)
		kh := K()
		KSHIFTRQ(U8(32), k, kh)
		half(y, m, kh)
	}

	v, k := asciiBlockLoop(p, dp, sp, i, j, sLim, dLim)

	p.Label("wide")
	block("", v, k, func(out reg.VecVirtual, n reg.GPVirtual) { VMOVDQU64(out, asm.At(dp, j, 0)) })
	ADDQ(U8(64), i)
	JMP(p.Ref("loop"))

	p.Label("tail")
	rem, x := GP64(), GP64()
	LEAQ(Mem{Base: sLim, Disp: 64}, rem)
	SUBQ(i, rem)
	JLE(p.Ref("done"))
	km := K()
	BZHIQ(rem, ones, x)
	KMOVQ(x, km)
	VMOVDQU8_Z(asm.At(sp, i, 0), km, v)
	VPMOVB2M(v, k)
	// The output is rem bytes plus one per byte >= 0x80.
	KMOVQ(k, x)
	POPCNTQ(x, x)
	ADDQ(rem, x)
	ADDQ(j, x)
	SUBQ(U8(128), x)
	CMPQ(x, dLim)
	JG(p.Ref("done"))
	// Only the first half can be short of 32 bytes of input unless rem > 32:
	// the second half's output is then rem-32 plus its bytes >= 0x80.
	cut := GP64()
	MOVQ(rem, cut)
	block("tail_", v, k, func(out reg.VecVirtual, n reg.GPVirtual) {
		// n counts 32 lanes; the lanes past src are zeros at the end.
		c := GP64()
		MOVQ(U32(32), c)
		CMPQ(cut, c)
		CMOVQLT(cut, c)
		SUBQ(U8(32), n)
		ADDQ(c, n)
		SUBQ(c, cut)
		kst, t := K(), GP64()
		BZHIQ(n, ones, t)
		KMOVQ(t, kst)
		VMOVDQU8(out, kst, asm.At(dp, j, 0))
	})
	ADDQ(rem, i)
	epilogue(p, i, j)
}

// utf8ToLatin1: a block may hold ASCII and the 2-byte characters C2 xx and
// C3 xx. Continuation bytes must be exactly the bytes after a lead; a lead in
// the last byte waits for the next block. The character is its continuation
// byte, plus 0x40 after C3; VPCOMPRESSB drops the leads. The last 1 to 63
// bytes are a block read and written with masks, as in latin1ToUTF8.
//
// With cp1252 (and wt) set it is the kernel to Windows-1252 instead, for the
// characters that Windows-1252 and ISO-8859-1 share: a block holding
// U+0080..U+009F (C2 80 to C2 9F) stops it too, and the scalar code takes the
// characters Windows-1252 holds there.
func utf8ToLatin1(name string, cp1252 bool, wt *wideTab) {
	p := asm.Scope(name + "_")
	target := map[bool]string{false: "ISO-8859-1", true: "Windows-1252"}[cp1252]
	signature(name,
		name+" converts UTF-8 to "+target+" in 64-byte blocks while src",
		"has 64 bytes left and dst 64, then the rest of src if dst has room for",
		"it, and returns the bytes written and read. It stops at the first block",
		"holding anything but ASCII and well-formed U+0080..U+00FF"+map[bool]string{false: "", true: ", or U+0080..U+009F"}[cp1252]+",",
		"after the block's ASCII bytes when its first other byte starts no such",
		"character.")
	dp, sp, i, j, sLim, dLim := prologue(64, 64)
	cFE, cC2, cC0, cC3, c40 := splat(0xFEFEFEFE), splat(0xC2C2C2C2), splat(0xC0C0C0C0), splat(0xC3C3C3C3), splat(0x40404040)
	lastOff := const64(0x7FFFFFFFFFFFFFFF)
	ones := const64(^uint64(0))

	// wide converts a block v (high bits in k) into keep-compressed bytes,
	// jumping to done if it does not hold only ASCII and U+0080..U+00FF;
	// valid limits the output to the bytes read from src. It leaves the
	// input length in n and the output length in x.
	wide := func(l string, v reg.VecVirtual, k reg.Register, valid reg.GPVirtual) (out reg.VecVirtual, n, x, keep reg.GPVirtual) {
		high, lead, cont, c3 := GP64(), GP64(), GP64(), GP64()
		KMOVQ(k, high)
		t := ZMM()
		VPANDD(cFE, v, t)
		kl, kc, k3 := K(), K(), K()
		VPCMPEQB(cC2, t, kl)
		KMOVQ(kl, lead)
		VPCMPB(U8(1), cC0, v, kc) // signed v < 0xC0: 80..BF
		KMOVQ(kc, cont)
		VPCMPEQB(cC3, v, k3)
		KMOVQ(k3, c3)
		mask := GP64()
		n, x = GP64(), GP64()
		MOVQ(U32(64), n)
		MOVQ(ones, mask)
		BTQ(U8(63), lead)
		JCC(p.Ref(l + "whole"))
		// A lead in the last byte: this block is 63 bytes long.
		DECQ(n)
		MOVQ(lastOff, mask)
		ANDQ(mask, lead)
		ANDQ(mask, high)
		p.Label(l + "whole")
		MOVQ(lead, x)
		ORQ(cont, x)
		CMPQ(x, high)
		JNE(p.Ref("done"))
		MOVQ(lead, x)
		SHLQ(U8(1), x)
		CMPQ(x, cont)
		JNE(p.Ref("done"))
		if cp1252 {
			// A continuation byte below A0 after C2: U+0080..U+009F.
			k2, c2, low := K(), GP64(), GP64()
			VPCMPEQB(wt.splat(0xC2C2C2C2), v, k2)
			KMOVQ(k2, c2)
			SHLQ(U8(1), c2)
			VPCMPUB(U8(1), wt.splat(0xA0A0A0A0), v, k2)
			KMOVQ(k2, low)
			TESTQ(c2, low)
			JNZ(p.Ref("done"))
		}
		SHLQ(U8(1), c3)
		ka := K()
		KMOVQ(c3, ka)
		VPADDB(c40, v, ka, v)
		keep = GP64()
		ANDNQ(mask, lead, keep)
		if valid != nil {
			ANDQ(valid, keep)
		}
		kk := K()
		KMOVQ(keep, kk)
		out = ZMM()
		compressB(v, kk, out)
		POPCNTQ(keep, x)
		return
	}

	v, k := asciiBlockLoop(p, dp, sp, i, j, sLim, dLim)

	p.Label("wide")
	hk := GP64()
	KMOVQ(k, hk)
	asciiExit(p, v, hk, dp, sp, i, j, 1, false, 0xC2, 0xC3)
	out, n, x, _ := wide("", v, k, nil)
	VMOVDQU64(out, asm.At(dp, j, 0))
	ADDQ(x, j)
	ADDQ(n, i)
	JMP(p.Ref("loop"))

	p.Label("tail")
	rem, valid := GP64(), GP64()
	LEAQ(Mem{Base: sLim, Disp: 64}, rem)
	SUBQ(i, rem)
	JLE(p.Ref("done"))
	km := K()
	BZHIQ(rem, ones, valid)
	KMOVQ(valid, km)
	VMOVDQU8_Z(asm.At(sp, i, 0), km, v)
	VPMOVB2M(v, k)
	// A lead in the last byte read is followed by a zero, not a continuation
	// byte, and stops the kernel in wide: the scalar code reports it.
	out, _, x, _ = wide("tail_", v, k, valid)
	// Room for x bytes: j + x <= dLim + 64.
	LEAQ(Mem{Base: j, Index: x, Scale: 1, Disp: -64}, n)
	CMPQ(n, dLim)
	JG(p.Ref("done"))
	kst := K()
	BZHIQ(x, ones, n)
	KMOVQ(n, kst)
	VMOVDQU8(out, kst, asm.At(dp, j, 0))
	ADDQ(x, j)
	ADDQ(rem, i)
	epilogue(p, i, j)
}

func latin1ToUTF8AVX2(tab *consts) {
	const p = asm.Scope("l1u2_")
	signature("latin1ToUTF8AVX2",
		"latin1ToUTF8AVX2 converts ISO-8859-1 to UTF-8 in 32-byte blocks while",
		"src has 32 bytes left and dst 64, and returns the bytes written and read.")
	dp, sp, i, j, sLim, dLim := prologue(32, 64)
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(asm.At(sp, i, 0), v)
	m := GP64()
	VPMOVMSKB(v, m.As32())
	TESTL(m.As32(), m.As32())
	JNZ(p.Ref("wide"))
	VMOVDQU(v, asm.At(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(32), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
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
		VPAND(tab.ydw[0x3F003F00], hi, hi)
		VPSRLW(U8(6), w, lo)
		VPOR(lo, hi, hi)
		VPOR(tab.ydw[0x80C080C0], hi, hi)
		VPCMPGTW(tab.ydw[0x007F007F], w, sel) // w > 0x7F
		VPBLENDVB(sel, hi, w, w)
		m0, m1 := byteAt(m, 2*h), byteAt(m, 2*h+1)
		idx := entry16(tab.l1Expand, m0, m1)
		VPSHUFB(idx, w, w)
		n0, n1 := GP64(), GP64()
		POPCNTL(m0.As32(), n0.As32())
		ADDQ(U8(8), n0)
		POPCNTL(m1.As32(), n1.As32())
		ADDQ(U8(8), n1)
		storeLanes(w, dp, j, n0, n1)
	}
	ADDQ(U8(32), i)
	JMP(p.Ref("loop"))
	epilogue(p, i, j)
}

// utf8ToLatin1AVX2 is utf8ToLatin1 for AVX2, cp1252 included.
func utf8ToLatin1AVX2(tab *consts, name string, cp1252 bool, wt *wideTab) {
	p := asm.Scope(name + "_")
	target := map[bool]string{false: "ISO-8859-1", true: "Windows-1252"}[cp1252]
	signature(name,
		name+" converts UTF-8 to "+target+" in 32-byte blocks while src",
		"has 32 bytes left and dst 32, and returns the bytes written and read. It",
		"stops at the first block holding anything but ASCII and well-formed",
		"U+0080..U+00FF"+map[bool]string{false: "", true: ", or U+0080..U+009F"}[cp1252]+", after the",
		"block's ASCII bytes when its first other byte starts no such character.")
	dp, sp, i, j, sLim, dLim := prologue(32, 32)
	loopHead(p, i, j, sLim, dLim)
	v := YMM()
	VMOVDQU(asm.At(sp, i, 0), v)
	high := GP64()
	VPMOVMSKB(v, high.As32())
	TESTL(high.As32(), high.As32())
	JNZ(p.Ref("wide"))
	VMOVDQU(v, asm.At(dp, j, 0))
	ADDQ(U8(32), i)
	ADDQ(U8(32), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	asciiExit(p, v, high, dp, sp, i, j, 1, false, 0xC2, 0xC3)
	t := YMM()
	lead, cont, n, mask, x := GP64(), GP64(), GP64(), GP64(), GP64()
	VPAND(tab.ydw[0xFEFEFEFE], v, t)
	VPCMPEQB(tab.ydw[0xC2C2C2C2], t, t)
	VPMOVMSKB(t, lead.As32())
	c0 := YMM()
	VMOVDQU(tab.ydw[0xC0C0C0C0], c0)
	VPCMPGTB(v, c0, t) // signed 0xC0 > v: 80..BF
	VPMOVMSKB(t, cont.As32())
	MOVL(U32(32), n.As32())
	MOVL(U32(0xFFFFFFFF), mask.As32())
	BTL(U8(31), lead.As32())
	JCC(p.Ref("whole"))
	// A lead in the last byte: this block is 31 bytes long.
	DECL(n.As32())
	MOVL(U32(0x7FFFFFFF), mask.As32())
	ANDL(mask.As32(), lead.As32())
	ANDL(mask.As32(), high.As32())
	p.Label("whole")
	MOVL(lead.As32(), x.As32())
	ORL(cont.As32(), x.As32())
	CMPL(x.As32(), high.As32())
	JNE(p.Ref("done"))
	MOVL(lead.As32(), x.As32())
	SHLL(U8(1), x.As32())
	CMPL(x.As32(), cont.As32())
	JNE(p.Ref("done"))
	if cp1252 {
		// A continuation byte below A0 (signed) after C2: U+0080..U+009F.
		c2, lt := prevByte(v), YMM()
		VPCMPEQB(wt.splat(0xC2C2C2C2), c2, c2)
		VMOVDQU(wt.splat(0xA0A0A0A0), lt)
		VPCMPGTB(v, lt, lt)
		VPTEST(c2, lt)
		JNZ(p.Ref("done"))
	}
	// The character after C3 is its continuation byte plus 0x40.
	pv := prevByte(v)
	VPCMPEQB(tab.ydw[0xC3C3C3C3], pv, pv)
	VPAND(tab.ydw[0x40404040], pv, pv)
	VPADDB(pv, v, v)
	keep := GP64()
	ANDNL(mask.As32(), lead.As32(), keep.As32())
	base, hb := GP64(), GP64()
	LEAQ(tab.pack8, base)
	LEAQ(tab.pack8hi, hb)
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
		VMOVQ(idx, asm.At(dp, j, 0))
		POPCNTL(k0.As32(), c.As32())
		ADDQ(c, j)
		VPEXTRQ(U8(1), idx, asm.At(dp, j, 0))
		POPCNTL(k1.As32(), c.As32())
		ADDQ(c, j)
	}
	ADDQ(n, i)
	JMP(p.Ref("loop"))
	asciiEpilogue(p, 32, dp, sp, i, j, sLim, dLim, 1, false)
}
