package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// The single-byte kernels convert between UTF-8 and any single-byte encoding
// whose bytes 00-7F are ASCII, both ways, from tables the Go code builds per
// encoding (convkernel.SingleByte) and passes by pointer: the kernels hold
// no encoding of their own. The table layouts are those of sbDec and sbEnc
// in internal/convkernel/singlebyte.go.

// Offsets in sbDec: the lead, second and third byte planes, 128 bytes each.
const (
	sbDecLead   = 0
	sbDecSecond = 128
	sbDecThird  = 256
	sbDecWord   = 384
)

// Offsets in sbEnc.
const (
	sbEncPage2 = 0
	sbEncPage3 = 64
	sbEncLeads = 192
	sbEncPages = 256
	sbMaxPairs = 8
)

// sbSignature starts a single-byte kernel.
func sbSignature(name string, doc ...string) {
	asm.Func(name, "func(dst, src []byte, tab *byte) (nDst, nSrc int)", doc...)
}

// sbDecodeAVX512 converts 64 bytes a step. A block of ASCII is copied; in
// any other, VPERMI2B looks every byte up in the three planes at once (its
// seven index bits are the high byte's place in the table, and ASCII lanes
// keep their byte through merge masking), and each 16 bytes of input are
// spread to 32-bit lanes [lead, second, third, 0] by two more permutes, then
// packed with VPCOMPRESSB keeping each lane's first byte and its nonzero
// others. A block that is the end of src, that would overflow dst or that
// holds an undefined byte is read and written with masks, cut before the
// undefined byte: the kernel needs no scalar tail.
func sbDecodeAVX512(mem *asm.Tables) {
	const p = asm.Scope("sbd5_")
	// spread[c] moves byte 16c+k of the planes to lane k: lead (first
	// table) to byte 4k, second (second table, index + 64) to byte 4k+1,
	// third (VPERMB, which reads six index bits) to byte 4k+2.
	var spread [4]Mem
	for c := range spread {
		spread[c] = mem.GLOBL("sbSpread" + itoa(c))
		for k := 0; k < 16; k++ {
			mem.DATA(4*k, U8(16*c+k))
			mem.DATA(4*k+1, U8(64+16*c+k))
			mem.DATA(4*k+2, U8(16*c+k))
			mem.DATA(4*k+3, U8(16*c+k))
		}
	}
	sbSignature("sbDecodeAVX512",
		"sbDecodeAVX512 converts a single-byte encoding (tab: its sbDec) to",
		"UTF-8 in 64-byte blocks, masked at the end of src and where dst has",
		"less than 256 bytes left, and returns the bytes written and read. It",
		"stops before an undefined byte and before a block whose output does",
		"not fit in dst. It needs AVX-512 VBMI and VBMI2.")
	dp, dLen, sp, sLen, tp := GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("dst").Base(), dp)
	Load(Param("dst").Len(), dLen)
	Load(Param("src").Base(), sp)
	Load(Param("src").Len(), sLen)
	Load(Param("tab"), tp)
	i, j := GP64(), GP64()
	XORQ(i, i)
	XORQ(j, j)
	var plane [3][2]reg.VecVirtual
	for pl, off := range []int{sbDecLead, sbDecSecond, sbDecThird} {
		for h := 0; h < 2; h++ {
			plane[pl][h] = ZMM()
			VMOVDQU64(Mem{Base: tp, Disp: off + 64*h}, plane[pl][h])
		}
	}
	var idx [4]reg.VecVirtual
	for c := range idx {
		idx[c] = ZMM()
		VMOVDQU64(spread[c], idx[c])
	}
	ff := splat(0xFFFFFFFF)
	k01, k2, kLeads := K(), K(), K()
	t := const64(0x3333333333333333)
	KMOVQ(t, k01)
	MOVQ(U64(0x4444444444444444), t)
	KMOVQ(t, k2)
	MOVQ(U64(0x1111111111111111), t)
	KMOVQ(t, kLeads)
	ones := func() reg.GPVirtual { return const64(^uint64(0)) }

	// planes looks the block v (high bytes in kh) up: the lead plane keeps
	// ASCII bytes as they are, the others hold zero for them.
	planes := func(v reg.VecVirtual, kh reg.OpmaskVirtual) (p0, p1, p2 reg.VecVirtual) {
		p0, p1, p2 = ZMM(), ZMM(), ZMM()
		VMOVDQA64(v, p0)
		VPERMI2B(plane[0][1], plane[0][0], kh, p0)
		VMOVDQA64(v, p1)
		VPERMI2B_Z(plane[1][1], plane[1][0], kh, p1)
		VMOVDQA64(v, p2)
		VPERMI2B_Z(plane[2][1], plane[2][0], kh, p2)
		return
	}
	// chunk packs the output of input bytes 16c..16c+15, keeping the lead
	// of each lane of lead (a mask with every fourth bit) and returns it
	// with its length.
	chunk := func(c int, p0, p1, p2 reg.VecVirtual, lead reg.OpmaskVirtual) (out reg.VecVirtual, n reg.GPVirtual) {
		x := ZMM()
		VMOVDQA64(idx[c], x)
		VPERMI2B_Z(p1, p0, k01, x)
		VPERMB(p2, idx[c], k2, x)
		kk := K()
		VPTESTMB(x, x, kk)
		KORQ(lead, kk, kk)
		keep := GP64()
		KMOVQ(kk, keep)
		out = ZMM()
		compressB(x, kk, out)
		n = GP64()
		POPCNTQ(keep, n)
		return
	}

	p.Label("loop")
	rem, room := GP64(), GP64()
	MOVQ(sLen, rem)
	SUBQ(i, rem)
	JLE(p.Ref("done"))
	MOVQ(dLen, room)
	SUBQ(j, room)
	CMPQ(rem, U8(64))
	JL(p.Ref("masked"))
	CMPQ(room, U32(256))
	JL(p.Ref("masked"))
	v := ZMM()
	VMOVDQU64(asm.At(sp, i, 0), v)
	kh := K()
	VPMOVB2M(v, kh)
	KORTESTQ(kh, kh)
	JNZ(p.Ref("wide"))
	VMOVDQU64(v, asm.At(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	p0, p1, p2 := planes(v, kh)
	ku := K()
	VPCMPEQB(ff, p0, ku)
	KORTESTQ(ku, ku)
	JNZ(p.Ref("masked"))
	for c := 0; c < 4; c++ {
		out, n := chunk(c, p0, p1, p2, kLeads)
		VMOVDQU64(out, asm.At(dp, j, 0))
		ADDQ(n, j)
	}
	ADDQ(U8(64), i)
	JMP(p.Ref("loop"))

	// The masked block: n bytes, n <= 64, cut before an undefined byte.
	p.Label("masked")
	n, valid, stop := GP64(), GP64(), GP64()
	MOVQ(U32(64), n)
	CMPQ(rem, n)
	CMOVQLT(rem, n)
	BZHIQ(n, ones(), valid)
	kv := K()
	KMOVQ(valid, kv)
	VMOVDQU8_Z(asm.At(sp, i, 0), kv, v)
	VPMOVB2M(v, kh)
	XORQ(stop, stop)
	l0 := ZMM()
	VMOVDQA64(v, l0)
	VPERMI2B(plane[0][1], plane[0][0], kh, l0)
	VPCMPEQB(ff, l0, ku)
	u := GP64()
	KMOVQ(ku, u)
	TESTQ(u, u)
	JZ(p.Ref("whole"))
	// An undefined byte: convert the bytes before it, then stop.
	TZCNTQ(u, n)
	TESTQ(n, n)
	JZ(p.Ref("done"))
	INCQ(stop)
	BZHIQ(n, ones(), valid)
	KMOVQ(valid, kv)
	VMOVDQU8_Z(v, kv, v)
	VPMOVB2M(v, kh)
	p.Label("whole")
	p0, p1, p2 = planes(v, kh)
	// The output: a byte per input byte, one more per high byte, one more
	// per three-byte character.
	k3 := K()
	VPTESTMB(p2, p2, k3)
	total, x := GP64(), GP64()
	KMOVQ(k3, x)
	POPCNTQ(x, total)
	KMOVQ(kh, x)
	POPCNTQ(x, x)
	ADDQ(x, total)
	ADDQ(n, total)
	MOVQ(dLen, x)
	SUBQ(j, x)
	CMPQ(total, x)
	JG(p.Ref("done"))
	for c := 0; c < 4; c++ {
		lead := GP64()
		MOVQ(valid, lead)
		if c > 0 {
			SHRQ(U8(16*c), lead)
		}
		PDEPQ(const64(0x1111111111111111), lead, lead)
		kl := K()
		KMOVQ(lead, kl)
		out, cnt := chunk(c, p0, p1, p2, kl)
		ks := K()
		BZHIQ(cnt, ones(), x)
		KMOVQ(x, ks)
		VMOVDQU8(out, ks, asm.At(dp, j, 0))
		ADDQ(cnt, j)
	}
	ADDQ(n, i)
	TESTQ(stop, stop)
	JZ(p.Ref("loop"))
	epilogue(p, i, j)
}

// sbEncodeAVX512 converts UTF-8 to a single-byte encoding 64 bytes a step.
// A block of ASCII is copied. In any other, masks of the bytes' kinds check
// that it is whole characters of one to three bytes (a character cut by the
// block's end waits for the next block); every character's last byte
// becomes its output byte and VPCOMPRESSB keeps those. The output byte is a
// two-level lookup: the character's page (its code point >> 6) from its lead
// byte (VPERMB) or from its second byte and which of the two three-byte
// leads the table covers it has (VPERMI2B), then the byte from the page, two
// pages per VPERMI2B under a mask of the lanes in that pair, as many pairs
// as the table has. A lane no page gives a byte for, or any ill-formed
// input, cuts the block before the character holding it and ends the call.
// Blocks are read and written with masks where src or dst is short of 64
// bytes.
func sbEncodeAVX512(mem *asm.Tables) {
	const p = asm.Scope("sbe5_")
	prev := [3]Mem{}
	for d := 1; d <= 2; d++ {
		prev[d] = mem.GLOBL("sbPrev" + itoa(d))
		for k := 0; k < 64; k++ {
			mem.DATA(k, U8((k-d)&63))
		}
	}
	sbSignature("sbEncodeAVX512",
		"sbEncodeAVX512 converts UTF-8 to a single-byte encoding (tab: its",
		"sbEnc) in 64-byte blocks, masked where src or dst is short, and",
		"returns the bytes written and read. It stops before ill-formed or",
		"incomplete UTF-8 and before a character outside the table's pages.",
		"It needs AVX-512 VBMI and VBMI2.")
	// dp and sp move along dst and src; dEnd and sEnd are their ends.
	dp, dEnd, sp, sEnd, tp := GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("dst").Base(), dp)
	Load(Param("dst").Len(), dEnd)
	ADDQ(dp, dEnd)
	Load(Param("src").Base(), sp)
	Load(Param("src").Len(), sEnd)
	ADDQ(sp, sEnd)
	Load(Param("tab"), tp)
	pg2, pg3lo, pg3hi := ZMM(), ZMM(), ZMM()
	VMOVDQU64(Mem{Base: tp, Disp: sbEncPage2}, pg2)
	VMOVDQU64(Mem{Base: tp, Disp: sbEncPage3}, pg3lo)
	VMOVDQU64(Mem{Base: tp, Disp: sbEncPage3 + 64}, pg3hi)
	leadA, leadB := ZMM(), ZMM()
	VPBROADCASTB(Mem{Base: tp, Disp: sbEncLeads}, leadA)
	VPBROADCASTB(Mem{Base: tp, Disp: sbEncLeads + 1}, leadB)
	prev1, prev2 := ZMM(), ZMM()
	VMOVDQU64(prev[1], prev1)
	VMOVDQU64(prev[2], prev2)
	cC0, cE0, cF0, c3F, c40, c7F, c01, ff := splat(0xC0C0C0C0), splat(0xE0E0E0E0), splat(0xF0F0F0F0),
		splat(0x3F3F3F3F), splat(0x40404040), splat(0x7F7F7F7F), splat(0x01010101), splat(0xFFFFFFFF)
	ones := func() reg.GPVirtual { return const64(^uint64(0)) }

	p.Label("loop")
	rem, lim, valid := GP64(), GP64(), GP64()
	MOVQ(sEnd, rem)
	SUBQ(sp, rem)
	JLE(p.Ref("done"))
	CMPQ(dp, dEnd)
	JGE(p.Ref("done"))
	v := ZMM()
	kh := K()
	CMPQ(rem, U8(64))
	JL(p.Ref("short"))
	VMOVDQU64(Mem{Base: sp}, v)
	MOVQ(U32(64), lim)
	MOVQ(ones(), valid)
	VPMOVB2M(v, kh)
	KORTESTQ(kh, kh)
	JNZ(p.Ref("full"))
	LEAQ(Mem{Base: dp, Disp: 64}, rem)
	CMPQ(rem, dEnd)
	JG(p.Ref("full"))
	VMOVDQU64(v, Mem{Base: dp})
	ADDQ(U8(64), sp)
	ADDQ(U8(64), dp)
	JMP(p.Ref("loop"))

	// A whole block ends before a lead in its last byte, or a lead of
	// three bytes in the one before: the next block starts there. lim
	// comes from two bytes of memory rather than from the masks, so that
	// where the next block starts is known early.
	p.Label("full")
	trunc := GP64()
	MOVL(U32(63), trunc.As32())
	CMPB(Mem{Base: sp, Disp: 63}, U8(0xC0))
	CMOVQCC(trunc, lim)
	MOVL(U32(62), trunc.As32())
	CMPB(Mem{Base: sp, Disp: 62}, U8(0xE0))
	CMOVQCC(trunc, lim)
	XORL(trunc.As32(), trunc.As32())
	JMP(p.Ref("wide"))

	p.Label("short")
	MOVQ(rem, lim)
	BZHIQ(rem, ones(), valid)
	kv := K()
	KMOVQ(valid, kv)
	VMOVDQU8_Z(Mem{Base: sp}, kv, v)
	VPMOVB2M(v, kh)
	MOVL(U32(1), trunc.As32())

	p.Label("wide")
	high, cont, l2, l3, t := GP64(), GP64(), GP64(), GP64(), ZMM()
	KMOVQ(kh, high)
	k := K()
	VPCMPB(U8(1), cC0, v, k) // signed v < 0xC0: 80..BF
	KMOVQ(k, cont)
	VPANDD(cE0, v, t)
	VPCMPEQB(cC0, t, k)
	KMOVQ(k, l2)
	VPANDD(cF0, v, t)
	VPCMPEQB(cE0, t, k)
	KMOVQ(k, l3)
	// bad: bytes F0..FF, which start no character of the BMP.
	asc, starts, bad := GP64(), GP64(), GP64()
	ANDNQ(valid, high, asc)
	MOVQ(l2, bad)
	ORQ(l3, bad)
	ORQ(cont, bad)
	ANDNQ(high, bad, bad)
	MOVQ(asc, starts)
	ORQ(l2, starts)
	ORQ(l3, starts)
	JZ(p.Ref("done"))
	TESTQ(trunc, trunc)
	JZ(p.Ref("limited"))
	// The last character ends past lim: the block stops before it.
	s, e := GP64(), GP64()
	BSRQ(starts, s)
	LEAQ(Mem{Base: s, Disp: 1}, e)
	BTQ(s, l2)
	ADCQ(U8(0), e)
	BTQ(s, l3)
	ADCQ(U8(0), e)
	BTQ(s, l3)
	ADCQ(U8(0), e)
	CMPQ(e, lim)
	CMOVQGT(s, lim)
	// Nothing but a cut character: the end of src, or ill-formed.
	p.Label("limited")
	TESTQ(lim, lim)
	JZ(p.Ref("done"))
	m := GP64()
	BZHIQ(lim, ones(), m)
	ANDQ(m, l2)
	ANDQ(m, l3)
	ANDQ(m, starts)
	ANDQ(m, cont)
	ANDQ(m, asc)
	ANDQ(m, bad)
	// err: a continuation byte where none belongs or none where one does,
	// and the bad bytes.
	end2, end3, err, x := GP64(), GP64(), GP64(), GP64()
	MOVQ(l3, err)
	SHLQ(U8(1), err)
	MOVQ(l3, end3)
	SHLQ(U8(2), end3)
	MOVQ(l2, end2)
	SHLQ(U8(1), end2)
	ORQ(end2, err)
	ORQ(end3, err)
	XORQ(cont, err)
	ORQ(bad, err)
	// Every lane as if it ended a character: its page, from the byte
	// before (a lead of two bytes) or the two before (three bytes).
	b1, b2, pg, x3 := ZMM(), ZMM(), ZMM(), ZMM()
	VPERMB(v, prev1, b1)
	VPERMB(v, prev2, b2)
	VPERMB(pg2, b1, pg)
	kA, kB, k3, kok := K(), K(), K(), K()
	VPCMPEQB(leadA, b2, kA)
	VPCMPEQB(leadB, b2, kB)
	VMOVDQA64(b1, x3)
	VPADDB(c40, b1, kB, x3)
	VPERMI2B(pg3hi, pg3lo, x3)
	KMOVQ(end3, k3)
	KORQ(kA, kB, kok)
	KANDQ(k3, kok, kok)
	VMOVDQU8(x3, kok, pg)
	KANDNQ(k3, kok, kok)
	VMOVDQU8(ff, kok, pg)
	// The byte: page pg's entry for the low six bits of the last byte,
	// pages 2q and 2q+1 a VPERMI2B.
	half, r, q := ZMM(), ZMM(), splat(0)
	VPSRLW(U8(1), pg, half)
	VPANDD(c7F, half, half)
	VPANDD(c01, pg, r)
	VPSLLW(U8(6), r, r)
	VPTERNLOGD(U8(0xF8), c3F, v, r) // r |= v & 0x3F
	tab := GP64()
	Load(Param("tab"), tab)
	for pr := 0; pr < sbMaxPairs; pr++ {
		CMPB(Mem{Base: tab, Disp: sbEncLeads + 2}, U8(pr))
		JLS(p.Ref("looked"))
		kq, lo := K(), ZMM()
		VPCMPEQB(q, half, kq)
		VMOVDQU64(Mem{Base: tab, Disp: sbEncPages + 128*pr}, lo)
		VPERMI2B(Mem{Base: tab, Disp: sbEncPages + 128*pr + 64}, lo, kq, r)
		if pr+1 < sbMaxPairs {
			VPADDB(c01, q, q)
		}
	}
	p.Label("looked")
	// A character's byte is >= 0x80; else it has none in the pages.
	got := GP64()
	VPMOVB2M(r, k)
	KMOVQ(k, got)
	ORQ(end3, end2)
	ANDNQ(end2, got, got)
	ORQ(got, err)
	ends := GP64()
	MOVQ(end2, ends)
	ORQ(asc, ends)
	stop := GP64()
	XORQ(stop, stop)
	TESTQ(err, err)
	JZ(p.Ref("keep"))
	// Stop before the character holding the first error: the last start
	// before it (maybe one too early, which costs speed only).
	INCQ(stop)
	TZCNTQ(err, x)
	BZHIQ(x, starts, x)
	JZ(p.Ref("done"))
	BSRQ(x, lim)
	BZHIQ(lim, ends, ends)
	p.Label("keep")
	kasc, kk := K(), K()
	KMOVQ(asc, kasc)
	VMOVDQU8(v, kasc, r)
	KMOVQ(ends, kk)
	out := ZMM()
	compressB(r, kk, out)
	cnt := GP64()
	POPCNTQ(ends, cnt)
	LEAQ(Mem{Base: dp, Index: cnt, Scale: 1}, x)
	CMPQ(x, dEnd)
	JG(p.Ref("done"))
	BZHIQ(cnt, ones(), x)
	KMOVQ(x, kk)
	VMOVDQU8(out, kk, Mem{Base: dp})
	ADDQ(lim, sp)
	ADDQ(cnt, dp)
	TESTQ(stop, stop)
	JZ(p.Ref("loop"))
	p.Label("done")
	VZEROUPPER()
	d0, s0 := GP64(), GP64()
	Load(Param("dst").Base(), d0)
	SUBQ(d0, dp)
	Load(Param("src").Base(), s0)
	SUBQ(s0, sp)
	Store(dp, ReturnIndex(0))
	Store(sp, ReturnIndex(1))
	RET()
}

// sbDecodeAVX2 converts 32 bytes a step. A block of ASCII is copied. A
// block whose high bytes all become two UTF-8 bytes (Cyrillic, Greek,
// Latin letters: most text in most of these encodings) takes its lead and
// second bytes from 16 VPSHUFB over the planes' 16-byte slices and goes out
// as 16-bit pairs, packed as the Latin-1 kernel packs them (one VPSHUFB per
// 8 characters, by the mask of high bytes). Any other block goes 16 bytes
// at a time: ASCII copied, 8 bytes at a time gathered (VPGATHERDD of their
// UTF-8 words from the table's 256), and each 4 words packed with one of 256
// shuffles, chosen by which of their second and third bytes exist (their
// high bits, gathered by a VPSHUFB and VPMOVMSKB). It stops before 8 bytes
// holding an undefined byte, and leaves the last 1 to 31 bytes of src and
// the last 127 of dst to the caller.
func sbDecodeAVX2(c *consts) {
	mem := c.mem
	const p = asm.Scope("sbd2_")
	pack := mem.GLOBL("sbPack")
	for key := 0; key < 256; key++ {
		n := 0
		var e [16]byte
		for k := range e {
			e[k] = 0x80
		}
		for k := 0; k < 4; k++ {
			e[n] = byte(4 * k)
			n++
			for b := 1; b <= 2; b++ {
				if key>>(2*k+b-1)&1 != 0 {
					e[n] = byte(4*k + b)
					n++
				}
			}
		}
		for k, b := range e {
			mem.DATA(16*key+k, U8(b))
		}
	}
	flags := mem.GLOBL("sbFlags")
	for l := 0; l < 2; l++ {
		for k, b := range []byte{1, 2, 5, 6, 9, 10, 13, 14, 3, 7, 11, 15, 0x80, 0x80, 0x80, 0x80} {
			mem.DATA(16*l+k, U8(b))
		}
		for k := 0; k < 8; k++ {
			mem.DATA(32+4*k, U32(0xFFFFFFFF))
		}
	}
	onesAt := flags
	onesAt.Disp += 32
	// A gathered word with one of these bits: undefined (bit 31), one byte
	// for a high byte (bit 30), or three bytes.
	slowAt := mem.GLOBL("sbSlow")
	for k := 0; k < 8; k++ {
		mem.DATA(4*k, U32(0xC0FF0000))
	}
	sbSignature("sbDecodeAVX2",
		"sbDecodeAVX2 converts a single-byte encoding (tab: its sbDec) to UTF-8",
		"in 32-byte blocks while src has 32 bytes left and dst 128, and returns",
		"the bytes written and read. It stops before 8 bytes holding an",
		"undefined byte.")
	dp, sp, i, j, sLim, dLim := prologue(32, 128)
	tp := GP64()
	Load(Param("tab"), tp)
	bytesAt := mem.GLOBL("sbBytes")
	for k, b := range []byte{0x80, 0x10, 0x70, 0xE0, 0xC0} {
		for l := 0; l < 32; l++ {
			mem.DATA(32*k+l, U8(b))
		}
	}
	bc := func(k int) Mem { m := bytesAt; m.Disp += 32 * k; return m }
	fl, slowBits := YMM(), YMM()
	VMOVDQU(flags, fl)
	VMOVDQU(slowAt, slowBits)
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

	// A block whose high bytes are all characters of two bytes: the lead
	// and second bytes from VPSHUFB over 16-byte slices of the planes, the
	// slice of each lane chosen by saturation (t = w - 16k is 0..15 in its
	// slice's lanes; t + 0x70, saturated, has bit 7 set in all others, and
	// VPSHUFB writes zero there), then packed as pairs.
	p.Label("wide")
	w, t, lead, second := YMM(), YMM(), YMM(), YMM()
	VPXOR(bc(0), v, w) // high bytes 0..127, ASCII 0x80..0xFF
	VMOVDQU(w, t)
	VPXOR(lead, lead, lead)
	VPXOR(second, second, second)
	for k := 0; k < 8; k++ {
		if k > 0 {
			VPSUBB(bc(1), t, t)
		}
		u, tb := YMM(), YMM()
		VPADDUSB(bc(2), t, u)
		VBROADCASTI128(Mem{Base: tp, Disp: sbDecLead + 16*k}, tb)
		VPSHUFB(u, tb, tb)
		VPOR(tb, lead, lead)
		tb2 := YMM()
		VBROADCASTI128(Mem{Base: tp, Disp: sbDecSecond + 16*k}, tb2)
		VPSHUFB(u, tb2, tb2)
		VPOR(tb2, second, second)
	}
	chk, ok := YMM(), GP64()
	VPAND(bc(3), lead, chk)
	VPCMPEQB(bc(4), chk, chk)
	VPMOVMSKB(chk, ok.As32())
	CMPL(ok.As32(), m.As32())
	JNE(p.Ref("halves"))
	VPBLENDVB(v, lead, v, lead)
	pa, pb := YMM(), YMM()
	VPUNPCKLBW(second, lead, pa) // characters 0-7 and 16-23
	VPUNPCKHBW(second, lead, pb) // 8-15 and 24-31
	mb := [4]reg.GPVirtual{byteAt(m, 0), byteAt(m, 1), byteAt(m, 2), byteAt(m, 3)}
	ea := entry16(c.l1Expand, mb[0], mb[2])
	VPSHUFB(ea, pa, pa)
	eb := entry16(c.l1Expand, mb[1], mb[3])
	VPSHUFB(eb, pb, pb)
	for q, x := range []reg.VecVirtual{pa, pb, pa, pb} {
		xx := x.AsX()
		if q >= 2 {
			xx = XMM()
			VEXTRACTI128(U8(1), x, xx)
		}
		VMOVDQU(xx, asm.At(dp, j, 0))
		n := GP64()
		POPCNTL(mb[q].As32(), n.As32())
		LEAQ(Mem{Base: j, Index: n, Scale: 1, Disp: 8}, j)
	}
	ADDQ(U8(32), i)
	JMP(p.Ref("loop"))

	// Each 16 bytes: copied when ASCII; else gathered 8 at a time, and
	// when every character is ASCII or two bytes (none undefined), packed
	// as the Latin-1 kernel packs its pairs; else packed 4 characters at a
	// time, stopping before 8 bytes holding an undefined one.
	p.Label("halves")
	for h := 0; h < 2; h++ {
		l := "h" + itoa(h)
		TESTL(U32(0xFFFF<<(16*h)), m.As32())
		JNZ(p.Ref(l))
		VMOVDQU(asm.At(sp, i, 0), v.AsX())
		VMOVDQU(v.AsX(), asm.At(dp, j, 0))
		ADDQ(U8(16), j)
		ADDQ(U8(16), i)
		JMP(p.Ref(l + "next"))
		p.Label(l)
		// Both 8 bytes hold high bytes: the pair path; else 8 at a time.
		TESTL(U32(0xFF<<(16*h)), m.As32())
		JZ(p.Ref(l + "slow"))
		TESTL(U32(0xFF00<<(16*h)), m.As32())
		JZ(p.Ref(l + "slow"))
		var g [2]reg.VecVirtual
		for q := range g {
			idx, mask := YMM(), YMM()
			VPMOVZXBD(asm.At(sp, i, 8*q), idx)
			VMOVDQU(onesAt, mask)
			g[q] = YMM()
			VMOVDQU(onesAt, g[q])
			VPGATHERDD(mask, Mem{Base: tp, Index: idx, Scale: 4, Disp: sbDecWord}, g[q])
		}
		or := YMM()
		VPOR(g[0], g[1], or)
		VPTEST(slowBits, or)
		JNZ(p.Ref(l + "slow"))
		w := YMM()
		VPACKUSDW(g[1], g[0], w)
		VPERMQ(U8(0xD8), w, w)
		m0, m1 := byteAt(m, 2*h), byteAt(m, 2*h+1)
		e := entry16(c.l1Expand, m0, m1)
		VPSHUFB(e, w, w)
		n0, n1 := GP64(), GP64()
		POPCNTL(m0.As32(), n0.As32())
		ADDL(U8(8), n0.As32())
		POPCNTL(m1.As32(), n1.As32())
		ADDL(U8(8), n1.As32())
		storeLanes(w, dp, j, n0, n1)
		ADDQ(U8(16), i)
		JMP(p.Ref(l + "next"))

		p.Label(l + "slow")
		for q := range g {
			lq := l + "q" + itoa(q)
			TESTL(U32(0xFF<<(16*h+8*q)), m.As32())
			JNZ(p.Ref(lq))
			x := XMM()
			VMOVQ(asm.At(sp, i, 0), x)
			VMOVQ(x, asm.At(dp, j, 0))
			ADDQ(U8(8), j)
			ADDQ(U8(8), i)
			JMP(p.Ref(lq + "next"))
			p.Label(lq)
			idx, mask := YMM(), YMM()
			VPMOVZXBD(asm.At(sp, i, 0), idx)
			VMOVDQU(onesAt, mask)
			VMOVDQU(onesAt, g[q])
			VPGATHERDD(mask, Mem{Base: tp, Index: idx, Scale: 4, Disp: sbDecWord}, g[q])
			sh := YMM()
			VPSHUFB(fl, g[q], sh)
			mm := GP64()
			VPMOVMSKB(sh, mm.As32())
			TESTL(U32(0x0F000F00), mm.As32())
			JNZ(p.Ref("done"))
			k0, k1 := byteAt(mm, 0), byteAt(mm, 2)
			e := entry16(pack, k0, k1)
			VPSHUFB(e, g[q], e)
			n0, n1 := GP64(), GP64()
			POPCNTL(k0.As32(), n0.As32())
			ADDL(U8(4), n0.As32())
			POPCNTL(k1.As32(), n1.As32())
			ADDL(U8(4), n1.As32())
			storeLanes(e, dp, j, n0, n1)
			ADDQ(U8(8), i)
			p.Label(lq + "next")
		}
		p.Label(l + "next")
	}
	JMP(p.Ref("loop"))
	epilogue(p, i, j)
}

// sbEncodeAVX2 converts UTF-8 to a single-byte encoding 32 bytes a step.
// A block of ASCII is copied. In any other, masks from VPMOVMSKB check the
// structure as in sbEncodeAVX512; every 16 bytes are widened to 16-bit
// lanes holding the code point each would end (two or three bytes, by the
// byte two before), and for each 8 lanes holding the end of a character of
// two or three bytes two VPGATHERDD look it up: its block in the page table
// (code point >> 6), then its byte in the block; where they are all two
// bytes, the block comes from VPSHUFB over the first 32 pages (by the lead
// byte) and one gather does. The bytes are packed back
// in order, ASCII put back, and the character ends kept with the 8-byte
// VPSHUFB tables of the Latin-1 kernel.
func sbEncodeAVX2(c *consts) {
	const p = asm.Scope("sbe2_")
	perm := c.mem.GLOBL("sbPackPerm")
	for k, d := range []uint32{0, 4, 1, 5, 2, 6, 3, 7} {
		c.mem.DATA(4*k, U32(d))
	}
	consts := c.mem.GLOBL("sbE2Consts")
	// Words 3F, 1F, F, F0, E0 then dword FF, 16 bytes each, both lanes.
	for k, w := range []uint16{0x3F, 0x1F, 0x0F, 0xF0, 0xE0} {
		for l := 0; l < 16; l++ {
			c.mem.DATA(32*k+2*l, U16(w))
		}
	}
	for l := 0; l < 8; l++ {
		c.mem.DATA(32*5+4*l, U32(0xFF))
	}
	// Then bytes 1F.
	for l := 0; l < 32; l++ {
		c.mem.DATA(32*6+l, U8(0x1F))
	}
	cw := func(k int) Mem { m := consts; m.Disp += 32 * k; return m }
	asm.Func("sbEncodeAVX2", "func(dst, src []byte, page, blocks *byte) (nDst, nSrc int)",
		"sbEncodeAVX2 converts UTF-8 to a single-byte encoding (page and blocks:",
		"the two levels of its table, as in SingleByte) in 32-byte blocks while",
		"src has 32 bytes left and dst 40, and returns the bytes written and",
		"read. It stops before ill-formed UTF-8 and before a character outside",
		"the table.")
	dp, sp, i, j, sLim, dLim := prologue(32, 40)
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
	// lim: the block ends before a lead in its last byte or a lead of
	// three bytes in the one before.
	lim, t := GP64(), GP64()
	MOVL(U32(32), lim.As32())
	MOVL(U32(31), t.As32())
	CMPB(asm.At(sp, i, 31), U8(0xC0))
	CMOVLCC(t.As32(), lim.As32())
	MOVL(U32(30), t.As32())
	CMPB(asm.At(sp, i, 30), U8(0xE0))
	CMOVLCC(t.As32(), lim.As32())
	cont, l2, l3, y := GP64(), GP64(), GP64(), YMM()
	VMOVDQU(c.ydw[0xC0C0C0C0], y)
	VPCMPGTB(v, y, y) // signed 0xC0 > v: 80..BF
	VPMOVMSKB(y, cont.As32())
	VPAND(c.ydw[0xE0E0E0E0], v, y)
	VPCMPEQB(c.ydw[0xC0C0C0C0], y, y)
	VPMOVMSKB(y, l2.As32())
	VPAND(c.ydw[0xF0F0F0F0], v, y)
	VPCMPEQB(c.ydw[0xE0E0E0E0], y, y)
	VPMOVMSKB(y, l3.As32())
	asc, starts, bad, m := GP64(), GP64(), GP64(), GP64()
	MOVL(high.As32(), asc.As32())
	NOTL(asc.As32())
	MOVL(l2.As32(), bad.As32())
	ORL(l3.As32(), bad.As32())
	ORL(cont.As32(), bad.As32())
	ANDNL(high.As32(), bad.As32(), bad.As32())
	MOVL(asc.As32(), starts.As32())
	ORL(l2.As32(), starts.As32())
	ORL(l3.As32(), starts.As32())
	MOVL(U32(0xFFFFFFFF), m.As32())
	BZHIL(lim.As32(), m.As32(), m.As32())
	for _, r := range []reg.GPVirtual{l2, l3, starts, cont, asc, bad} {
		ANDL(m.As32(), r.As32())
	}
	end2, end3, err := GP64(), GP64(), GP64()
	LEAL(Mem{Base: l3.As32(), Index: l3.As32(), Scale: 1}, err.As32())
	LEAL(Mem{Base: l2.As32(), Index: l2.As32(), Scale: 1}, end2.As32())
	MOVL(l3.As32(), end3.As32())
	SHLL(U8(2), end3.As32())
	ORL(end2.As32(), err.As32())
	ORL(end3.As32(), err.As32())
	XORL(cont.As32(), err.As32())
	ORL(bad.As32(), err.As32())
	ORL(end3.As32(), end2.As32()) // end2: every end of 2 or 3 bytes

	// Code points, 16 lanes a half, and their bytes by two gathers each 8.
	p1 := prevByte(v)
	p2 := prevByte(p1)
	pg, bl := GP64(), GP64()
	Load(Param("page"), pg)
	Load(Param("blocks"), bl)
	// The block of a two-byte character's page is page[lead & 0x1F]: two
	// VPSHUFB over the first 32 entries, no gather.
	pgT0, pgT1, i5, pg2 := YMM(), YMM(), YMM(), YMM()
	VBROADCASTI128(Mem{Base: pg}, pgT0)
	VBROADCASTI128(Mem{Base: pg, Disp: 16}, pgT1)
	VPAND(cw(6), p1, i5)
	VPSHUFB(i5, pgT0, pgT0)
	VPSHUFB(i5, pgT1, pgT1)
	VPSLLW(U8(3), i5, i5) // bit 4 to bit 7
	VPBLENDVB(i5, pgT1, pgT0, pg2)
	var res [4]reg.VecVirtual
	for h := 0; h < 2; h++ {
		part := func(x reg.VecVirtual) reg.VecVirtual {
			xx := x.AsX()
			if h == 1 {
				xx = XMM()
				VEXTRACTI128(U8(1), x, xx)
			}
			w := YMM()
			VPMOVZXBW(xx, w)
			return w
		}
		w0, wp := part(v), part(pg2)
		bi2 := YMM()
		VPSLLW(U8(6), wp, bi2)
		VPAND(cw(0), w0, wp)
		VPOR(wp, bi2, bi2)
		// The code points, for the ends of three-byte characters only.
		hl := "h" + itoa(h)
		TESTL(U32(0xFFFF<<(16*h)), end3.As32())
		JZ(p.Ref(hl + "two"))
		w1, w2 := part(p1), part(p2)
		cp, mid, top, sel := YMM(), YMM(), YMM(), YMM()
		VPAND(cw(0), w0, cp)
		VPAND(cw(2), w2, top)
		VPSLLW(U8(12), top, top)
		VPAND(cw(3), w2, sel)
		VPCMPEQW(cw(4), sel, sel) // three bytes: the byte two before is E0..EF
		VPAND(cw(0), w1, mid)
		VPAND(sel, top, top)
		VPOR(top, cp, cp)
		y1 := YMM()
		VPAND(cw(1), w1, y1)
		VPBLENDVB(sel, mid, y1, mid)
		VPSLLW(U8(6), mid, mid)
		VPOR(mid, cp, cp)
		// Three bytes below U+0800 are overlong: code point 0, which no
		// table has, makes them fail.
		ov, zero := YMM(), YMM()
		VPXOR(zero, zero, zero)
		VPAND(c.ydw[0xF800F800], cp, ov)
		VPCMPEQW(zero, ov, ov)
		VPAND(sel, ov, ov)
		VPANDN(cp, ov, cp)
		p.Label(hl + "two")
		for q := 0; q < 2; q++ {
			g := 2*h + q
			res[g] = YMM()
			VPXOR(res[g], res[g], res[g])
			l := "g" + itoa(g)
			TESTL(U32(0xFF<<(8*g)), end2.As32())
			JZ(p.Ref(l))
			TESTL(U32(0xFF<<(8*g)), end3.As32())
			JNZ(p.Ref(l + "three"))
			{
				// Ends of two-byte characters only: one gather.
				half := bi2.AsX()
				if q == 1 {
					half = XMM()
					VEXTRACTI128(U8(1), bi2, half)
				}
				d, mask := YMM(), YMM()
				VPMOVZXWD(half, d)
				VPCMPEQD(mask, mask, mask)
				VPGATHERDD(mask, Mem{Base: bl, Index: d, Scale: 1}, res[g])
				VPAND(cw(5), res[g], res[g])
				JMP(p.Ref(l))
			}
			p.Label(l + "three")
			d := YMM()
			half := cp.AsX()
			if q == 1 {
				half = XMM()
				VEXTRACTI128(U8(1), cp, half)
			}
			VPMOVZXWD(half, d)
			blk, mask := YMM(), YMM()
			VPSRLD(U8(6), d, blk)
			VPCMPEQD(mask, mask, mask)
			VPGATHERDD(mask, Mem{Base: pg, Index: blk, Scale: 1}, res[g])
			VPAND(cw(5), res[g], blk)
			VPSLLD(U8(6), blk, blk)
			VPAND(c.ydw[0x3F], d, d)
			VPOR(d, blk, blk)
			VPCMPEQD(mask, mask, mask)
			VPGATHERDD(mask, Mem{Base: bl, Index: blk, Scale: 1}, res[g])
			VPAND(cw(5), res[g], res[g])
			p.Label(l)
		}
	}
	// Back to 32 bytes in order, ASCII put back.
	w01, w23, r := YMM(), YMM(), YMM()
	VPACKUSDW(res[1], res[0], w01)
	VPACKUSDW(res[3], res[2], w23)
	VPACKUSWB(w23, w01, r)
	pm := YMM()
	VMOVDQU(perm, pm)
	VPERMD(r, pm, r)
	// A character's byte is >= 0x80; else the table lacks it.
	got := GP64()
	VPMOVMSKB(r, got.As32())
	ANDNL(end2.As32(), got.As32(), got.As32())
	ORL(got.As32(), err.As32())
	VPBLENDVB(v, r, v, r) // ASCII from v

	ends := GP64()
	MOVL(end2.As32(), ends.As32())
	ORL(asc.As32(), ends.As32())
	stop := GP64()
	XORL(stop.As32(), stop.As32())
	TESTL(err.As32(), err.As32())
	JZ(p.Ref("keep"))
	INCL(stop.As32())
	x := GP64()
	TZCNTL(err.As32(), x.As32())
	BZHIL(x.As32(), starts.As32(), x.As32())
	JZ(p.Ref("done"))
	BSRL(x.As32(), lim.As32())
	BZHIL(lim.As32(), ends.As32(), ends.As32())
	p.Label("keep")
	base, hb := GP64(), GP64()
	LEAQ(c.pack8, base)
	LEAQ(c.pack8hi, hb)
	for l := 0; l < 2; l++ {
		xv := r.AsX()
		if l == 1 {
			xv = XMM()
			VEXTRACTI128(U8(1), r, xv)
		}
		k0, k1 := byteAt(ends, 2*l), byteAt(ends, 2*l+1)
		idx := XMM()
		VMOVQ(Mem{Base: base, Index: k0, Scale: 8}, idx)
		VPINSRQ(U8(1), Mem{Base: hb, Index: k1, Scale: 8}, idx, idx)
		VPSHUFB(idx, xv, idx)
		n := GP64()
		VMOVQ(idx, asm.At(dp, j, 0))
		POPCNTL(k0.As32(), n.As32())
		ADDQ(n, j)
		VPEXTRQ(U8(1), idx, asm.At(dp, j, 0))
		POPCNTL(k1.As32(), n.As32())
		ADDQ(n, j)
	}
	ADDQ(lim, i)
	TESTL(stop.As32(), stop.As32())
	JZ(p.Ref("loop"))
	epilogue(p, i, j)
}
