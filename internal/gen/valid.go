package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// validConsts are the registers every validation step reads.
type validConsts struct {
	b1High, b1Low, b2High reg.VecVirtual
	nibble, lead3, lead4  reg.VecVirtual
	bit7, incomplete      reg.VecVirtual
}

// checkBlock emits the classification of the block cur, whose preceding
// bytes are the end of prev, and jumps to fail if it holds an error. shift
// supplies cur delayed by 1, 2 and 3 bytes. The two widths differ only there
// and in how the final test is done, passed in as test.
//
// With vbmi, VPERMB looks the nibbles up: it indexes a 64-byte table by the
// low six bits of each byte, and the tables repeat every 16 bytes, so the two
// bits above the nibble select a copy of the same entry. That saves the three
// ANDs that isolate the nibbles for VPSHUFB.
func checkBlock(c validConsts, vec func() reg.VecVirtual, prev, cur reg.VecVirtual,
	shift func(prev, cur reg.VecVirtual) (p1, p2, p3 reg.VecVirtual),
	and, and3 func(a, b, dst reg.VecVirtual), test func(special, must23 reg.VecVirtual), vbmi bool) {
	p1, p2, p3 := shift(prev, cur)

	hi1, lo1, hi2 := vec(), vec(), vec()
	VPSRLW(U8(4), p1, hi1)
	VPSRLW(U8(4), cur, hi2)
	if vbmi {
		VPERMB(c.b1High, hi1, hi1)
		VPERMB(c.b1Low, p1, lo1)
		VPERMB(c.b2High, hi2, hi2)
	} else {
		and(c.nibble, hi1, hi1)
		VPSHUFB(hi1, c.b1High, hi1)
		and(c.nibble, p1, lo1)
		VPSHUFB(lo1, c.b1Low, lo1)
		and(c.nibble, hi2, hi2)
		VPSHUFB(hi2, c.b2High, hi2)
	}
	and3(lo1, hi2, hi1) // hi1 = the shapes the pair has: special

	// Bit 7 of must23 is set where a continuation must follow a
	// continuation, i.e. two or three bytes after a 3- or 4-byte lead.
	VPSUBUSB(c.lead3, p2, p2)
	VPSUBUSB(c.lead4, p3, p3)
	test(hi1, mustOr(p2, p3, c.bit7))
}

// mustOr is set per width before checkBlock runs.
var mustOr func(a, b, bit7 reg.VecVirtual) reg.VecVirtual

func validAVX2() {
	TEXT("validAVX2", NOSPLIT, "func(p []byte) int")
	Pragma("noescape")
	Doc("validAVX2 checks p in 32-byte blocks and returns len(p) if p is valid,",
		"else n < len(p) such that p[:n] holds no error short of a character left",
		"unfinished at its end: the start of the first block with an error, or,",
		"for inputs shorter than 64 bytes, the end of the last whole block.")
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())

	c := validConsts{YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()}
	VMOVDQU(tblByte1High, c.b1High)
	VMOVDQU(tblByte1Low, c.b1Low)
	VMOVDQU(tblByte2High, c.b2High)
	VPBROADCASTB(splat.Offset(splatNibble), c.nibble)
	VPBROADCASTB(splat.Offset(splat3Lead), c.lead3)
	VPBROADCASTB(splat.Offset(splat4Lead), c.lead4)
	VPBROADCASTB(splat.Offset(splatBit7), c.bit7)
	VMOVDQU(tblIncomplete.Offset(32), c.incomplete)

	mustOr = func(a, b, bit7 reg.VecVirtual) reg.VecVirtual {
		VPOR(a, b, a)
		VPAND(bit7, a, a)
		return a
	}
	shift := func(prev, cur reg.VecVirtual) (p1, p2, p3 reg.VecVirtual) {
		// t = prev's high lane then cur's low lane, so that per-lane byte
		// alignment of (t, cur) sees the 16 bytes before each lane of cur.
		t := YMM()
		VPERM2I128(U8(0x21), cur, prev, t)
		p1, p2, p3 = YMM(), YMM(), YMM()
		VPALIGNR(U8(15), t, cur, p1)
		VPALIGNR(U8(14), t, cur, p2)
		VPALIGNR(U8(13), t, cur, p3)
		return
	}
	and := func(a, b, dst reg.VecVirtual) { VPAND(a, b, dst) }
	and3 := func(a, b, dst reg.VecVirtual) {
		VPAND(a, dst, dst)
		VPAND(b, dst, dst)
	}
	test := func(special, must23 reg.VecVirtual) {
		VPXOR(must23, special, special)
		VPTEST(special, special)
		JNZ(LabelRef("avx2_fail"))
	}

	i := GP64()
	XORQ(i, i)
	prev, cur := YMM(), YMM()
	VPXOR(prev, prev, prev)

	Label("avx2_loop")
	rest := GP64()
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(32))
	JB(LabelRef("avx2_tail"))
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, cur)
	mask := GP32()
	VPMOVMSKB(cur, mask)
	TESTL(mask, mask)
	JNZ(LabelRef("avx2_mixed"))

	// An ASCII block only needs to know that prev did not end mid-character.
	unfinished := YMM()
	VPSUBUSB(c.incomplete, prev, unfinished)
	VPTEST(unfinished, unfinished)
	JNZ(LabelRef("avx2_fail"))
	ADDQ(U8(32), i)

	// Long ASCII runs: four blocks per test.
	Label("avx2_ascii")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(128))
	JB(LabelRef("avx2_ascii_end"))
	a, b := YMM(), YMM()
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, a)
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1, Disp: 32}, b)
	VPOR(Mem{Base: ptr, Index: i, Scale: 1, Disp: 64}, a, a)
	VPOR(Mem{Base: ptr, Index: i, Scale: 1, Disp: 96}, b, b)
	VPOR(a, b, a)
	VPMOVMSKB(a, mask)
	TESTL(mask, mask)
	JNZ(LabelRef("avx2_ascii_end"))
	ADDQ(U8(128), i)
	JMP(LabelRef("avx2_ascii"))
	Label("avx2_ascii_end")
	// Everything before i is ASCII, which as a predecessor is as good as zeros.
	VPXOR(prev, prev, prev)
	JMP(LabelRef("avx2_loop"))

	Label("avx2_mixed")
	checkBlock(c, YMM, prev, cur, shift, and, and3, test, false)
	VMOVDQA(cur, prev)
	ADDQ(U8(32), i)
	JMP(LabelRef("avx2_loop"))

	// The tail: rather than stepping through up to 31 bytes, check the last
	// 32 bytes of p as one more block, overlapping what was already checked,
	// with the 32 bytes before it as its predecessor. Short inputs have no
	// such predecessor; the caller finishes those.
	Label("avx2_tail")
	TESTQ(rest, rest)
	JZ(LabelRef("avx2_end"))
	CMPQ(n, U8(64))
	JB(LabelRef("avx2_short"))
	MOVQ(n, i)
	SUBQ(U8(32), i)
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1, Disp: -32}, prev)
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, cur)
	checkBlock(c, YMM, prev, cur, shift, and, and3, test, false)
	VPSUBUSB(c.incomplete, cur, unfinished)
	VPTEST(unfinished, unfinished)
	JNZ(LabelRef("avx2_fail"))
	Label("avx2_done")
	VZEROUPPER()
	Store(n, ReturnIndex(0))
	RET()

	// Input that ends with a whole block: it must not end mid-character.
	// Reporting the last block as failing lets the caller find out which.
	Label("avx2_end")
	VPSUBUSB(c.incomplete, prev, unfinished)
	VPTEST(unfinished, unfinished)
	JZ(LabelRef("avx2_done"))
	SUBQ(U8(32), i)
	JMP(LabelRef("avx2_fail"))

	Label("avx2_short")
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()

	Label("avx2_fail")
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()
}

func validAVX512(name string, vbmi bool) {
	TEXT(name, NOSPLIT, "func(p []byte) int")
	Pragma("noescape")
	if vbmi {
		Doc(name + " is validAVX512 with the nibble lookups done by VPERMB.")
	} else {
		Doc(name+" checks p in 64-byte blocks, the last one loaded under a mask",
			"that zero-fills past the end, and returns len(p) if p is valid, else the",
			"start of the first block with an error.")
	}
	L := func(s string) string { return name + "_" + s }
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())

	c := validConsts{ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}
	VMOVDQU64(tblByte1High, c.b1High)
	VMOVDQU64(tblByte1Low, c.b1Low)
	VMOVDQU64(tblByte2High, c.b2High)
	VPBROADCASTB(splat.Offset(splatNibble), c.nibble)
	VPBROADCASTB(splat.Offset(splat3Lead), c.lead3)
	VPBROADCASTB(splat.Offset(splat4Lead), c.lead4)
	VPBROADCASTB(splat.Offset(splatBit7), c.bit7)
	VMOVDQU64(tblIncomplete, c.incomplete)

	mustOr = func(a, b, bit7 reg.VecVirtual) reg.VecVirtual {
		// (a | b) & bit7 in one instruction.
		VPTERNLOGD(U8(0xA8), bit7, b, a)
		return a
	}
	shift := func(prev, cur reg.VecVirtual) (p1, p2, p3 reg.VecVirtual) {
		// t = prev's last 16-byte lane followed by cur's first three, so
		// that per-lane alignment of (t, cur) sees the 16 bytes before
		// each lane of cur.
		t := ZMM()
		VALIGND(U8(12), prev, cur, t)
		p1, p2, p3 = ZMM(), ZMM(), ZMM()
		VPALIGNR(U8(15), t, cur, p1)
		VPALIGNR(U8(14), t, cur, p2)
		VPALIGNR(U8(13), t, cur, p3)
		return
	}
	and := func(a, b, dst reg.VecVirtual) { VPANDD(a, b, dst) }
	and3 := func(a, b, dst reg.VecVirtual) { VPTERNLOGD(U8(0x80), a, b, dst) }
	test := func(special, must23 reg.VecVirtual) {
		k := K()
		VPCMPUB(U8(4), must23, special, k) // not equal
		KORTESTQ(k, k)
		JNZ(LabelRef(L("fail")))
	}

	i := GP64()
	XORQ(i, i)
	prev, cur := ZMM(), ZMM()
	VPXORD(prev, prev, prev)

	Label(L("loop"))
	rest := GP64()
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(64))
	JB(LabelRef(L("tail")))
	VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1}, cur)
	k := K()
	VPMOVB2M(cur, k)
	KORTESTQ(k, k)
	JNZ(LabelRef(L("mixed")))

	// An ASCII block only needs to know that prev did not end mid-character.
	VPCMPUB(U8(6), c.incomplete, prev, k) // prev > incomplete
	KORTESTQ(k, k)
	JNZ(LabelRef(L("fail")))
	ADDQ(U8(64), i)

	// Long ASCII runs: four blocks per test.
	Label(L("ascii"))
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U32(256))
	JB(LabelRef(L("ascii_end")))
	a, b := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1}, a)
	VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1, Disp: 64}, b)
	VPORD(Mem{Base: ptr, Index: i, Scale: 1, Disp: 128}, a, a)
	VPORD(Mem{Base: ptr, Index: i, Scale: 1, Disp: 192}, b, b)
	VPORD(a, b, a)
	VPMOVB2M(a, k)
	KORTESTQ(k, k)
	JNZ(LabelRef(L("ascii_end")))
	ADDQ(U32(256), i)
	JMP(LabelRef(L("ascii")))
	Label(L("ascii_end"))
	// Everything before i is ASCII, which as a predecessor is as good as zeros.
	VPXORD(prev, prev, prev)
	JMP(LabelRef(L("loop")))

	Label(L("mixed"))
	checkBlock(c, ZMM, prev, cur, shift, and, and3, test, vbmi)
	VMOVDQA64(cur, prev)
	ADDQ(U8(64), i)
	JMP(LabelRef(L("loop")))

	// The tail is one more block, zero-filled: zeros are ASCII, so a
	// character left unfinished at the end shows up as too short.
	Label(L("tail"))
	TESTQ(rest, rest)
	JZ(LabelRef(L("end")))
	ones := GP64()
	MOVQ(I32(-1), ones)
	BZHIQ(rest, ones, ones)
	KMOVQ(ones, k)
	VMOVDQU8_Z(Mem{Base: ptr, Index: i, Scale: 1}, k, cur)
	checkBlock(c, ZMM, prev, cur, shift, and, and3, test, vbmi)
	Label(L("done"))
	VZEROUPPER()
	Store(n, ReturnIndex(0))
	RET()

	// Input that ends with a whole block: it must not end mid-character.
	// Reporting the last block as failing lets the caller find out which.
	Label(L("end"))
	VPCMPUB(U8(6), c.incomplete, prev, k)
	KORTESTQ(k, k)
	JZ(LabelRef(L("done")))
	SUBQ(U8(64), i)

	Label(L("fail"))
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()
}
