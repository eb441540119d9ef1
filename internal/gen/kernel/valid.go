package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// mode selects what a validator does besides validating. The fused modes exist
// so that counting or copying valid text reads it once: a second pass over an
// input larger than the caches costs as much as the validation itself.
type mode int

const (
	plain    mode = iota // func(p []byte) int
	counting             // func(p []byte) (n, runes, utf16 int), counts over p[:n]
	copying              // func(dst, src []byte) int, dst[:n] = src[:n]
)

// signature returns the Go declaration of a validator in mode m.
func (m mode) signature() string {
	switch m {
	case counting:
		return "func(p []byte) (n, runes, utf16 int)"
	case copying:
		return "func(dst, src []byte) int"
	}
	return "func(p []byte) int"
}

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

// kernelArgs loads the input (and, when copying, the output) pointer and the
// input length.
func kernelArgs(m mode) (ptr, dptr, n reg.GPVirtual) {
	in := "p"
	if m == copying {
		dptr = GP64()
		Load(Param("dst").Base(), dptr)
		in = "src"
	}
	ptr, n = GP64(), GP64()
	Load(Param(in).Base(), ptr)
	Load(Param(in).Len(), n)
	return
}

// counts is the state of a counting kernel: the continuation bytes and the
// 4-byte leads seen so far. A prefix of valid text of length n holds
// n-conts characters and n-conts+fours UTF-16 units; both formulas add up
// over any split of the bytes, so a block is counted whole even when a
// character straddles its edge.
type counts struct{ conts, fours reg.GPVirtual }

func newCounts(m mode) counts {
	if m != counting {
		return counts{}
	}
	c := counts{GP64(), GP64()}
	XORQ(c.conts, c.conts)
	XORQ(c.fours, c.fours)
	return c
}

// add adds (or with sub, removes) the popcounts of the masks to the counts.
func (c counts) add(cont, four reg.Register, sub bool) {
	if sub {
		SUBQ(cont, c.conts)
		SUBQ(four, c.fours)
	} else {
		ADDQ(cont, c.conts)
		ADDQ(four, c.fours)
	}
}

// ret stores the kernel's answer n and, when counting, the counts over p[:n].
func (c counts) ret(m mode, n reg.GPVirtual) {
	Store(n, ReturnIndex(0))
	if m != counting {
		return
	}
	r := GP64()
	MOVQ(n, r)
	SUBQ(c.conts, r)
	Store(r, ReturnIndex(1))
	ADDQ(c.fours, r)
	Store(r, ReturnIndex(2))
}

func validAVX2(name string, m mode) {
	TEXT(name, NOSPLIT, m.signature())
	Pragma("noescape")
	switch m {
	case plain:
		Doc(name+" checks p in 32-byte blocks and returns len(p) if p is valid,",
			"else n < len(p) such that p[:n] holds no error short of a character left",
			"unfinished at its end: the start of the first block with an error, or,",
			"for inputs shorter than 35 bytes, the end of the last whole block.")
	case counting:
		Doc(name+" is validAVX2 that also returns the number of characters",
			"and of UTF-16 units in p[:n].")
	case copying:
		Doc(name+" is validAVX2 on src that also copies src[:n] to dst, in the",
			"same pass. It may write any of dst[:len(src)]; dst must have that room.")
	}
	L := func(s string) string { return name + "_" + s }
	ptr, dptr, n := kernelArgs(m)

	c := validConsts{YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()}
	VMOVDQU(tblByte1High, c.b1High)
	VMOVDQU(tblByte1Low, c.b1Low)
	VMOVDQU(tblByte2High, c.b2High)
	VPBROADCASTB(splat.Offset(splatNibble), c.nibble)
	VPBROADCASTB(splat.Offset(splat3Lead), c.lead3)
	VPBROADCASTB(splat.Offset(splat4Lead), c.lead4)
	VPBROADCASTB(splat.Offset(splatBit7), c.bit7)
	VMOVDQU(tblIncomplete.Offset(32), c.incomplete)
	cnt := newCounts(m)

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
		JNZ(LabelRef(L("fail")))
	}
	// count adds v's continuation bytes and 4-byte leads, given h, the bit
	// 7 mask of v, and skip, the number of leading bytes of v to leave out.
	// Bit 6 comes from v+v; v minus 0x70 saturates to bit 7 set only from
	// F0 up.
	count := func(v reg.VecVirtual, h, skip reg.Register, sub bool) {
		t := YMM()
		b6, f := GP32(), GP32()
		VPADDB(v, v, t)
		VPMOVMSKB(t, b6)
		ANDNL(h, b6, b6)
		VPSUBUSB(c.lead4, v, t)
		VPMOVMSKB(t, f)
		if skip != nil {
			SHRXL(skip, b6, b6)
			SHRXL(skip, f, f)
		}
		POPCNTL(b6, b6)
		POPCNTL(f, f)
		cnt.add(b6.As64(), f.As64(), sub)
	}
	load := func(off int, dst reg.VecVirtual, i reg.GPVirtual) {
		VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1, Disp: off}, dst)
		if m == copying {
			VMOVDQU(dst, Mem{Base: dptr, Index: i, Scale: 1, Disp: off})
		}
	}

	i := GP64()
	XORQ(i, i)
	prev, cur := YMM(), YMM()
	VPXOR(prev, prev, prev)

	Label(L("loop"))
	rest := GP64()
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(32))
	JB(LabelRef(L("tail")))
	load(0, cur, i)
	mask := GP32()
	VPMOVMSKB(cur, mask)
	TESTL(mask, mask)
	JNZ(LabelRef(L("mixed")))

	// An ASCII block only needs to know that prev did not end mid-character.
	unfinished := YMM()
	VPSUBUSB(c.incomplete, prev, unfinished)
	VPTEST(unfinished, unfinished)
	JNZ(LabelRef(L("fail")))
	ADDQ(U8(32), i)

	// Long ASCII runs: four blocks per test.
	Label(L("ascii"))
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(128))
	JB(LabelRef(L("ascii_end")))
	a, b := YMM(), YMM()
	if m == copying {
		a2, b2 := YMM(), YMM()
		load(0, a, i)
		load(32, b, i)
		load(64, a2, i)
		load(96, b2, i)
		VPOR(a2, a, a)
		VPOR(b2, b, b)
	} else {
		VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, a)
		VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1, Disp: 32}, b)
		VPOR(Mem{Base: ptr, Index: i, Scale: 1, Disp: 64}, a, a)
		VPOR(Mem{Base: ptr, Index: i, Scale: 1, Disp: 96}, b, b)
	}
	VPOR(a, b, a)
	VPMOVMSKB(a, mask)
	TESTL(mask, mask)
	JNZ(LabelRef(L("ascii_end")))
	ADDQ(U8(128), i)
	JMP(LabelRef(L("ascii")))
	Label(L("ascii_end"))
	// Everything before i is ASCII, which as a predecessor is as good as zeros.
	VPXOR(prev, prev, prev)
	JMP(LabelRef(L("loop")))

	Label(L("mixed"))
	checkBlock(c, YMM, prev, cur, shift, and, and3, test, false)
	if m == counting {
		count(cur, mask, nil, false)
	}
	VMOVDQA(cur, prev)
	ADDQ(U8(32), i)
	JMP(LabelRef(L("loop")))

	// The tail: rather than stepping through up to 31 bytes, check the last
	// 32 bytes of p as one more block, overlapping what was already checked.
	// On an error the answer stays i, which everything before was checked
	// up to. Inputs of up to 34 bytes are left to the caller (the test hook
	// hands this kernel inputs shorter than a block).
	Label(L("tail"))
	TESTQ(rest, rest)
	JZ(LabelRef(L("end")))
	CMPQ(n, U8(35))
	JB(LabelRef(L("fail")))
	j := GP64()
	MOVQ(n, j)
	SUBQ(U8(32), j)
	load(0, cur, j)
	// The delayed copies of cur come straight from memory, three bytes
	// back at most, so that inputs of 35 to 63 bytes, which have no whole
	// block before the last one, are finished here too.
	fromMem := func(_, _ reg.VecVirtual) (p1, p2, p3 reg.VecVirtual) {
		p1, p2, p3 = YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: ptr, Index: j, Scale: 1, Disp: -1}, p1)
		VMOVDQU(Mem{Base: ptr, Index: j, Scale: 1, Disp: -2}, p2)
		VMOVDQU(Mem{Base: ptr, Index: j, Scale: 1, Disp: -3}, p3)
		return
	}
	checkBlock(c, YMM, prev, cur, fromMem, and, and3, test, false)
	VPSUBUSB(c.incomplete, cur, unfinished)
	VPTEST(unfinished, unfinished)
	JNZ(LabelRef(L("fail")))
	if m == counting {
		// Only the last rest bytes are new.
		VPMOVMSKB(cur, mask)
		skip := GP64()
		MOVQ(U32(32), skip)
		SUBQ(rest, skip)
		count(cur, mask, skip.As32(), false)
	}
	Label(L("done"))
	VZEROUPPER()
	cnt.ret(m, n)
	RET()

	// Input that ends with a whole block: it must not end mid-character.
	// Reporting the last block as failing lets the caller find out which;
	// that block (prev is zero after ASCII) was counted, so it is taken out.
	Label(L("end"))
	VPSUBUSB(c.incomplete, prev, unfinished)
	VPTEST(unfinished, unfinished)
	JZ(LabelRef(L("done")))
	if m == counting {
		VPMOVMSKB(prev, mask)
		count(prev, mask, nil, true)
	}
	SUBQ(U8(32), i)

	Label(L("fail"))
	VZEROUPPER()
	cnt.ret(m, i)
	RET()
}

func validAVX512(name string, vbmi bool, m mode) {
	TEXT(name, NOSPLIT, m.signature())
	Pragma("noescape")
	base := "validAVX512"
	if vbmi {
		base = "validAVX512VBMI"
	}
	switch {
	case m == counting:
		Doc(name+" is "+base+" that also returns the number of characters",
			"and of UTF-16 units in p[:n].")
	case m == copying:
		Doc(name+" is "+base+" on src that also copies src[:n] to dst, in",
			"the same pass. It may write any of dst[:len(src)]; dst must have that room.")
	case vbmi:
		Doc(name + " is validAVX512 with the nibble lookups done by VPERMB.")
	default:
		Doc(name+" checks p in 64-byte blocks, the last one loaded under a mask",
			"that zero-fills past the end, and returns len(p) if p is valid, else the",
			"start of the first block with an error.")
	}
	L := func(s string) string { return name + "_" + s }
	ptr, dptr, n := kernelArgs(m)

	c := validConsts{ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()}
	VMOVDQU64(tblByte1High, c.b1High)
	VMOVDQU64(tblByte1Low, c.b1Low)
	VMOVDQU64(tblByte2High, c.b2High)
	VPBROADCASTB(splat.Offset(splatNibble), c.nibble)
	VPBROADCASTB(splat.Offset(splat3Lead), c.lead3)
	VPBROADCASTB(splat.Offset(splat4Lead), c.lead4)
	VPBROADCASTB(splat.Offset(splatBit7), c.bit7)
	VMOVDQU64(tblIncomplete, c.incomplete)
	cnt := newCounts(m)
	var contMax, fourMin reg.VecVirtual
	if m == counting {
		contMax, fourMin = ZMM(), ZMM()
		VPBROADCASTB(splat.Offset(splatContMax), contMax)
		VPBROADCASTB(splat.Offset(splatFourLead), fourMin)
	}

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
	count := func(v reg.VecVirtual, sub bool) {
		k, cb, fb := K(), GP64(), GP64()
		VPCMPB(U8(1), contMax, v, k) // b < -64: continuation
		KMOVQ(k, cb)
		VPCMPUB(U8(6), fourMin, v, k) // b > 0xEF unsigned
		KMOVQ(k, fb)
		POPCNTQ(cb, cb)
		POPCNTQ(fb, fb)
		cnt.add(cb, fb, sub)
	}
	mem := func(base, i reg.GPVirtual, off int) Mem { return Mem{Base: base, Index: i, Scale: 1, Disp: off} }

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
	VMOVDQU64(mem(ptr, i, 0), cur)
	if m == copying {
		VMOVDQU64(cur, mem(dptr, i, 0))
	}
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
	if m == copying {
		a2, b2 := ZMM(), ZMM()
		for off, v := range []reg.VecVirtual{a, b, a2, b2} {
			VMOVDQU64(mem(ptr, i, 64*off), v)
		}
		for off, v := range []reg.VecVirtual{a, b, a2, b2} {
			VMOVDQU64(v, mem(dptr, i, 64*off))
		}
		VPTERNLOGD(U8(0xFE), a2, b, a) // a | b | a2
		VPORD(b2, a, a)
	} else {
		VMOVDQU64(mem(ptr, i, 0), a)
		VMOVDQU64(mem(ptr, i, 64), b)
		VPORD(mem(ptr, i, 128), a, a)
		VPORD(mem(ptr, i, 192), b, b)
		VPORD(a, b, a)
	}
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
	if m == counting {
		count(cur, false)
	}
	VMOVDQA64(cur, prev)
	ADDQ(U8(64), i)
	JMP(LabelRef(L("loop")))

	// The tail is one more block, zero-filled: zeros are ASCII, so a
	// character left unfinished at the end shows up as too short, and they
	// count as nothing.
	Label(L("tail"))
	TESTQ(rest, rest)
	JZ(LabelRef(L("end")))
	ones := GP64()
	MOVQ(I32(-1), ones)
	BZHIQ(rest, ones, ones)
	KMOVQ(ones, k)
	VMOVDQU8_Z(mem(ptr, i, 0), k, cur)
	if m == copying {
		VMOVDQU8(cur, k, mem(dptr, i, 0))
	}
	checkBlock(c, ZMM, prev, cur, shift, and, and3, test, vbmi)
	if m == counting {
		count(cur, false)
	}
	Label(L("done"))
	VZEROUPPER()
	cnt.ret(m, n)
	RET()

	// Input that ends with a whole block: it must not end mid-character.
	// Reporting the last block as failing lets the caller find out which;
	// that block (prev is zero after ASCII) was counted, so it is taken out.
	Label(L("end"))
	VPCMPUB(U8(6), c.incomplete, prev, k)
	KORTESTQ(k, k)
	JZ(LabelRef(L("done")))
	if m == counting {
		count(prev, true)
	}
	SUBQ(U8(64), i)

	Label(L("fail"))
	VZEROUPPER()
	cnt.ret(m, i)
	RET()
}
