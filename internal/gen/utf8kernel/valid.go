package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// mode selects what a validator does besides validating. The fused modes exist
// so that counting or copying valid text reads it once: a second pass over an
// input larger than the caches costs as much as the validation itself.
type mode int

const (
	plain    mode = iota // func(p []byte) int
	counting             // func(p []byte) (n, runes, utf16, ascii int), counts over p[:n]
	copying              // func(dst, src []byte) int, dst[:n] = src[:n]
	runes                // func(p []byte) (n, runes, utf16 int): counting without the ASCII count
)

// counts reports whether m counts characters and UTF-16 units. The ASCII
// count (counting only) costs a mask, a popcount and an add per mixed block,
// about a tenth of RuneCount's time, so the callers that do not need it
// (RuneCount, UTF16Len) have a kernel without it.
func (m mode) counts() bool { return m == counting || m == runes }

// marks says which bytes a validator reports besides its answer.
type marks int

const (
	none    marks = iota
	nulOnly       // NUL (0x00), bit 0 of the result
	nulESC        // NUL and ESC (0x1B), bits 0 and 1
)

// signature returns the Go declaration of a validator in mode m; with nul it
// also returns whether p[:n] holds a NUL byte.
func (m mode) signature(nul bool) string {
	if !nul {
		return map[mode]string{
			plain:    "func(p []byte) int",
			counting: "func(p []byte) (n, runes, utf16, ascii int)",
			copying:  "func(dst, src []byte) int",
			runes:    "func(p []byte) (n, runes, utf16 int)",
		}[m]
	}
	var sig string
	switch m {
	case counting:
		sig = "func(p []byte) (n, runes, utf16, ascii int"
	case copying:
		sig = "func(dst, src []byte) (n int"
	default:
		sig = "func(p []byte) (n int"
	}
	if nul {
		sig += ", marks uint8"
	}
	return sig + ")"
}

// validConsts are the registers every validation step reads.
type validConsts struct {
	b1High, b1Low, b2High reg.VecVirtual
	nibble, lead3, lead4  reg.VecVirtual
	bit7, incomplete      reg.VecVirtual
}

// checkBlock emits the classification of the block cur, given d1, d2 and d3,
// cur delayed by 1, 2 and 3 bytes, and jumps to fail if it holds an error.
//
// With vbmi, VPERMB looks the nibbles up: it indexes a 64-byte table by the
// low six bits of each byte, and the tables repeat every 16 bytes, so the two
// bits above the nibble select a copy of the same entry. That saves the three
// ANDs that isolate the nibbles for VPSHUFB.
func checkBlock(w asm.Width, c validConsts, cur, d1, d2, d3 reg.VecVirtual, vbmi bool, fail LabelRef) {
	testErrors(w, blockErrors(w, c, cur, d1, d2, d3, vbmi), nil)
	JNZ(fail)
}

// testErrors clears the zero flag when e, or f if not nil, an answer of
// blockErrors, holds an error. It may overwrite f.
func testErrors(w asm.Width, e, f reg.Register) {
	switch {
	case w.Masked() && f != nil:
		KORTESTQ(f, e)
	case w.Masked():
		KORTESTQ(e, e)
	case f != nil:
		VPOR(e, f, f)
		VPTEST(f, f)
	default:
		VPTEST(e, e)
	}
}

// blockErrors emits checkBlock's classification without its branch and
// returns where the block has errors: a vector non-zero there (AVX2) or an
// opmask (AVX-512), for testErrors.
func blockErrors(w asm.Width, c validConsts, cur, d1, d2, d3 reg.VecVirtual, vbmi bool) reg.Register {
	hi1, lo1, hi2 := w.Vec(), w.Vec(), w.Vec()
	VPSRLW(U8(4), d1, hi1)
	VPSRLW(U8(4), cur, hi2)
	if vbmi {
		VPERMB(c.b1High, hi1, hi1)
		VPERMB(c.b1Low, d1, lo1)
		VPERMB(c.b2High, hi2, hi2)
	} else {
		w.And(c.nibble, hi1, hi1)
		VPSHUFB(hi1, c.b1High, hi1)
		w.And(c.nibble, d1, lo1)
		VPSHUFB(lo1, c.b1Low, lo1)
		w.And(c.nibble, hi2, hi2)
		VPSHUFB(hi2, c.b2High, hi2)
	}
	w.And3(lo1, hi2, hi1) // hi1 = the shapes the pair has: special

	// Bit 7 of must23 is set where a continuation must follow a
	// continuation, i.e. two or three bytes after a 3- or 4-byte lead.
	VPSUBUSB(c.lead3, d2, d2)
	VPSUBUSB(c.lead4, d3, d3)
	must := w.OrAnd(d2, d3, c.bit7)
	if w.Masked() {
		k := K()
		VPCMPUB(U8(4), must, hi1, k)
		return k
	}
	VPXOR(must, hi1, hi1)
	return hi1
}

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

// counts is the state of a counting kernel: the continuation bytes, the
// 4-byte leads and the bytes 80-FF seen so far. A prefix of valid text of
// length n holds n-conts characters, n-conts+fours UTF-16 units and n-high
// ASCII bytes; the formulas add up over any split of the bytes, so a block is
// counted whole even when a character straddles its edge.
type counts struct{ conts, fours, high reg.GPVirtual }

func newCounts(m mode) counts {
	if !m.counts() {
		return counts{}
	}
	c := counts{GP64(), GP64(), nil}
	XORQ(c.conts, c.conts)
	XORQ(c.fours, c.fours)
	if m == counting {
		c.high = GP64()
		XORQ(c.high, c.high)
	}
	return c
}

// add adds (or with sub, removes) the popcounts of the masks to the counts;
// high is nil when the kernel does not count ASCII.
func (c counts) add(cont, four, high reg.Register, sub bool) {
	if sub {
		SUBQ(cont, c.conts)
		SUBQ(four, c.fours)
		if high != nil {
			SUBQ(high, c.high)
		}
	} else {
		ADDQ(cont, c.conts)
		ADDQ(four, c.fours)
		if high != nil {
			ADDQ(high, c.high)
		}
	}
}

// ret stores the kernel's answer n and, when counting, the counts over p[:n].
func (c counts) ret(m mode, n reg.GPVirtual) {
	Store(n, ReturnIndex(0))
	if !m.counts() {
		return
	}
	r := GP64()
	MOVQ(n, r)
	SUBQ(c.conts, r)
	Store(r, ReturnIndex(1))
	ADDQ(c.fours, r)
	Store(r, ReturnIndex(2))
	if m == runes {
		return
	}
	SUBQ(c.high, n)
	Store(n, ReturnIndex(3))
}

// validDoc is the documentation of the validator name of width w.
func validDoc(w asm.Width, name string, vbmi bool, m mode, mk marks) []string {
	nul := mk != none
	base := "valid" + w.Name()
	if vbmi {
		base += "VBMI"
	}
	if nul {
		base = map[mode]string{plain: "valid", counting: "validCount", copying: "validCopy"}[m] + w.Name()
		if vbmi {
			base += "VBMI"
		}
		in := "p[:n]"
		if m == copying {
			in = "src[:n]"
		}
		if mk == nulOnly {
			return []string{name + " is " + base + " that also reports whether a NUL byte (0x00,",
				"bit 0 of marks) occurs in " + in + ", from the same pass."}
		}
		return []string{name + " is " + base + " that also reports whether a NUL byte (0x00,",
			"bit 0 of marks) or an ESC byte (0x1B, bit 1) occurs in " + in + ", from the same pass."}
	}
	switch {
	case m == counting:
		return []string{name + " is " + base + " that also returns the number of characters,",
			"of UTF-16 units and of ASCII bytes in p[:n]."}
	case m == runes:
		return []string{name + " is " + base + " that also returns the number of characters",
			"and of UTF-16 units in p[:n]."}
	case m == copying:
		return []string{name + " is " + base + " on src that also copies src[:n] to dst, in",
			"the same pass. It may write any of dst[:len(src)]; dst must have that room."}
	case vbmi:
		return []string{name + " is validAVX512 with the nibble lookups done by VPERMB."}
	case w.Masked():
		return []string{name + " checks p in 64-byte blocks, the last one loaded under a mask",
			"that zero-fills past the end, and returns len(p) if p is valid, else the",
			"start of the first block with an error."}
	}
	return []string{name + " checks p in 32-byte blocks and returns len(p) if p is valid,",
		"else n < len(p) such that p[:n] holds no error short of a character left",
		"unfinished at its end: the start of the first block with an error, or,",
		"for inputs shorter than 35 bytes, the end of the last whole block."}
}

// valid emits a validator of width w. It steps through p stepBlocks blocks
// at a time: a step of ASCII only needs to know that the block before did
// not end mid-character, the blocks of any other step are classified by
// checkBlock's steps; after asciiSteps ASCII steps in a row, ASCII is tested
// four blocks at a time until a test fails. With vbmi (AVX-512 only) the
// nibble lookups use VPERMB.
//
// With nul it also reports whether a NUL byte occurs in p[:n]: acc keeps the
// byte-wise minimum of the blocks known to lie inside p[:n], a zero byte in it
// meaning a NUL. A block checked by checkBlock becomes prev, which is taken
// into acc only once a later step or the exit knows it stays inside p[:n]
// (the exit for an input ending inside a character drops it). Where the code
// without nul clears prev (after ASCII), it holds 0x01 instead, which reads
// as ASCII for the checks and as no NUL for acc.
func valid(w asm.Width, c consts, name string, vbmi bool, m mode, mk marks) {
	nul, esc := mk != none, mk == nulESC
	asm.Func(name, m.signature(nul), validDoc(w, name, vbmi, m, mk)...)
	l := asm.Scope(name + "_")
	B := w.Bytes
	ptr, dptr, n := kernelArgs(m)

	vc := validConsts{w.Vec(), w.Vec(), w.Vec(), w.Vec(), w.Vec(), w.Vec(), w.Vec(), nil}
	if !esc || w.Masked() {
		vc.incomplete = w.Vec()
	}
	w.Load(c.byte1High, vc.b1High)
	w.Load(c.byte1Low, vc.b1Low)
	w.Load(c.byte2High, vc.b2High)
	VPBROADCASTB(c.splat.Offset(splatNibble), vc.nibble)
	VPBROADCASTB(c.splat.Offset(splat3Lead), vc.lead3)
	VPBROADCASTB(c.splat.Offset(splat4Lead), vc.lead4)
	VPBROADCASTB(c.splat.Offset(splatBit7), vc.bit7)
	// AVX2 has too few registers for the two accumulators of nul beside
	// the constants: its test of an unfinished end reads its limits from
	// memory then.
	incompleteInMem := esc && !w.Masked()
	if !incompleteInMem {
		w.Load(c.incomplete.Offset(64-B), vc.incomplete)
	}
	// testUnfinished clears the zero flag when v ends inside a character.
	testUnfinished := func(v reg.VecVirtual, scratch reg.Register) {
		if incompleteInMem {
			VPSUBUSB(c.incomplete.Offset(64-B), v, scratch)
			VPTEST(scratch, scratch)
		} else {
			w.TestAbove(v, vc.incomplete, scratch)
		}
	}
	cnt := newCounts(m)

	// count adds the continuation bytes, 4-byte leads and bytes 80-FF of v
	// to the counts (with sub, takes them out). AVX-512 compares into
	// opmasks. AVX2 takes bit 6 from v+v and bit 7 from h, the block's
	// high-bit mask, and v minus 0x70 saturates to bit 7 set only from F0
	// up; skip, if not nil, is the number of leading bytes of v to leave out.
	var count func(v reg.VecVirtual, h, skip reg.Register, sub bool)
	if w.Masked() && m.counts() {
		contMax, fourMin := w.Vec(), w.Vec()
		VPBROADCASTB(c.splat.Offset(splatContMax), contMax)
		VPBROADCASTB(c.splat.Offset(splatFourLead), fourMin)
		count = func(v reg.VecVirtual, _, _ reg.Register, sub bool) {
			k, cb, fb := K(), GP64(), GP64()
			VPCMPB(U8(1), contMax, v, k) // b < -64: continuation
			KMOVQ(k, cb)
			VPCMPUB(U8(6), fourMin, v, k) // b > 0xEF unsigned
			KMOVQ(k, fb)
			var hb reg.Register
			if m == counting {
				hb = GP64()
				VPMOVB2M(v, k) // bit 7: 80-FF
				KMOVQ(k, hb)
			}
			POPCNTQ(cb, cb)
			POPCNTQ(fb, fb)
			if hb != nil {
				POPCNTQ(hb, hb)
			}
			cnt.add(cb, fb, hb, sub)
		}
	} else if m.counts() {
		count = func(v reg.VecVirtual, h, skip reg.Register, sub bool) {
			t := YMM()
			b6, f := GP32(), GP32()
			VPADDB(v, v, t)
			VPMOVMSKB(t, b6)
			ANDNL(h, b6, b6)
			VPSUBUSB(vc.lead4, v, t)
			VPMOVMSKB(t, f)
			var high reg.Register
			if skip != nil {
				SHRXL(skip, b6, b6)
				SHRXL(skip, f, f)
			}
			if m == counting {
				hb := GP32()
				if skip != nil {
					SHRXL(skip, h, hb)
					POPCNTL(hb, hb)
				} else {
					POPCNTL(h, hb)
				}
				high = hb.As64()
			}
			POPCNTL(b6, b6)
			POPCNTL(f, f)
			cnt.add(b6.As64(), f.As64(), high, sub)
		}
	}
	load := func(off int, dst reg.VecVirtual, i reg.GPVirtual) {
		w.Load(asm.At(ptr, i, off), dst)
		if m == copying {
			w.Store(dst, asm.At(dptr, i, off))
		}
	}

	i := GP64()
	XORQ(i, i)
	prev, cur := w.Vec(), w.Vec()
	// clearPrev makes prev a block of ASCII before cur.
	clearPrev := func() {
		if nul {
			VPBROADCASTB(c.splat.Offset(splatNoNUL), prev)
		} else {
			w.Zero(prev)
		}
	}
	var acc, escAcc reg.VecVirtual
	ones := func(v reg.VecVirtual) {
		if w.Masked() {
			VPTERNLOGD(U8(0xFF), v, v, v)
		} else {
			VPCMPEQB(v, v, v)
		}
	}
	if nul {
		acc = w.Vec()
		ones(acc)
	}
	if esc {
		escAcc = w.Vec()
		ones(escAcc)
	}
	// flipESC sets dst to v ^ 0x1B in every byte, a zero byte marking an
	// ESC. AVX-512 keeps the constant in a register (a load per block
	// fewer, in a loop whose loads set its speed); on AVX2 it stays in
	// memory, as there is no register to spare.
	var escReg reg.VecVirtual
	if esc && w.Masked() {
		escReg = w.Vec()
		w.Load(c.escs, escReg)
	}
	flipESC := func(v, dst reg.VecVirtual) {
		if w.Masked() {
			VPXORD(escReg, v, dst)
		} else {
			VPXOR(c.escs.Offset(64-B), v, dst)
		}
	}
	// minUnder sets dst to the byte-wise minimum of v and dst, under the
	// opmask k when k is not nil.
	minUnder := func(v, dst reg.VecVirtual, k reg.Register) {
		if k != nil {
			VPMINUB(v, dst, k, dst)
		} else {
			VPMINUB(v, dst, dst)
		}
	}
	// take adds v to acc and v ^ 0x1B to escAcc, under the opmask k when k
	// is not nil.
	take := func(v reg.VecVirtual, k reg.Register) {
		if !nul {
			return
		}
		minUnder(v, acc, k)
		if !esc {
			return
		}
		t := w.Vec()
		flipESC(v, t)
		minUnder(t, escAcc, k)
	}
	// retNUL stores the marks: bit 0 whether acc, with prev taken in, has
	// a zero byte, bit 1 whether escAcc has.
	retNUL := func() {
		if !nul {
			return
		}
		take(prev, nil)
		hasZero := func(v reg.VecVirtual) reg.GPVirtual {
			if w.Masked() {
				k := K()
				VPTESTNMB(v, v, k)
				KORTESTQ(k, k)
			} else {
				z := YMM()
				VPXOR(z, z, z)
				VPCMPEQB(v, z, z)
				VPTEST(z, z)
			}
			r := GP8()
			SETNE(r)
			return r
		}
		r := hasZero(acc)
		if esc {
			e := hasZero(escAcc)
			ADDB(e, e)
			ORB(e, r)
		}
		Store(r, ReturnIndex(map[mode]int{plain: 1, counting: 4, copying: 1}[m]))
	}
	clearPrev()

	// The main loop takes steps of P blocks (see stepBlocks). A step of
	// ASCII only needs to know that prev did not end mid-character, and
	// leaves prev as ASCII; any other step checks each block with
	// checkBlock. Markup-heavy text switches between the two every few
	// steps, so both are kept short: no detour on the way in or out. Only
	// after asciiSteps ASCII steps in a row does the kernel try the loop
	// that tests four blocks at a time, whose exit costs a mispredicted
	// branch and the reload of the blocks it looked at.
	P := stepBlocks(w, mk)
	mask := w.Mask()
	unfinished := w.Scratch(mask)
	run := GP64() // ASCII steps in a row
	XORQ(run, run)
	blocks := []reg.VecVirtual{cur}
	for len(blocks) < P {
		blocks = append(blocks, w.Vec())
	}

	l.Label("loop")
	rest := GP64()
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, asm.Const(P*B))
	if P == 1 {
		JB(l.Ref("tail"))
	} else {
		JB(l.Ref("one"))
	}
	for k, v := range blocks {
		load(k*B, v, i)
	}
	if P == 1 {
		w.HighBits(cur, mask)
	} else {
		t := w.Vec()
		w.Or(blocks[1], blocks[0], t)
		for _, v := range blocks[2:] {
			w.Or(v, t, t)
		}
		w.HighBits(t, mask)
	}
	w.TestMask(mask)
	JNZ(l.Ref("mixed"))

	testUnfinished(prev, unfinished)
	JNZ(l.Ref("fail"))
	take(prev, nil)
	for _, v := range blocks {
		take(v, nil)
	}
	clearPrev()
	ADDQ(asm.Const(P*B), i)
	INCQ(run)
	CMPQ(run, asm.Const(asciiSteps(w)))
	JB(l.Ref("loop"))

	// Long ASCII runs: four blocks per test.
	l.Label("ascii")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, asm.Const(4*B))
	JB(l.Ref("ascii_end"))
	a, b := w.Vec(), w.Vec()
	var least, escLeast reg.VecVirtual // the minima of the four blocks, with nul
	switch {
	case esc:
		// One pair at a time, so that AVX2 has the registers: the minimum
		// of the blocks for NUL, of the blocks ^ 0x1B for ESC (the flip
		// leaves bit 7, which the OR tests, as it was).
		load(0, a, i)
		load(B, b, i)
		least = w.Vec()
		escLeast = w.Vec()
		VPMINUB(a, b, least)
		flipESC(a, a)
		flipESC(b, b)
		VPMINUB(a, b, escLeast)
		w.Or(b, a, a)
		for _, off := range []int{2 * B, 3 * B} {
			v := w.Vec()
			load(off, v, i)
			VPMINUB(v, least, least)
			flipESC(v, v)
			VPMINUB(v, escLeast, escLeast)
			w.Or(v, a, a)
		}
	case nul:
		a2, b2 := w.Vec(), w.Vec()
		load(0, a, i)
		load(B, b, i)
		load(2*B, a2, i)
		load(3*B, b2, i)
		least = w.Vec()
		VPMINUB(a, b, least)
		VPMINUB(a2, least, least)
		VPMINUB(b2, least, least)
		if w.Masked() {
			VPTERNLOGD(U8(0xFE), a2, b, a) // a | b | a2
			w.Or(b2, a, a)
		} else {
			w.Or(a2, a, a)
			w.Or(b2, b, b)
			w.Or(a, b, a)
		}
	case m == copying && w.Masked():
		a2, b2 := w.Vec(), w.Vec()
		for off, v := range []reg.VecVirtual{a, b, a2, b2} {
			w.Load(asm.At(ptr, i, B*off), v)
		}
		for off, v := range []reg.VecVirtual{a, b, a2, b2} {
			w.Store(v, asm.At(dptr, i, B*off))
		}
		VPTERNLOGD(U8(0xFE), a2, b, a) // a | b | a2
		w.Or(b2, a, a)
	case m == copying:
		a2, b2 := w.Vec(), w.Vec()
		load(0, a, i)
		load(B, b, i)
		load(2*B, a2, i)
		load(3*B, b2, i)
		w.Or(a2, a, a)
		w.Or(b2, b, b)
		w.Or(a, b, a)
	default:
		w.Load(asm.At(ptr, i, 0), a)
		w.Load(asm.At(ptr, i, B), b)
		w.Or(asm.At(ptr, i, 2*B), a, a)
		w.Or(asm.At(ptr, i, 3*B), b, b)
		w.Or(a, b, a)
	}
	w.HighBits(a, mask)
	w.TestMask(mask)
	JNZ(l.Ref("ascii_end"))
	if nul {
		VPMINUB(least, acc, acc)
	}
	if esc {
		VPMINUB(escLeast, escAcc, escAcc)
	}
	ADDQ(asm.Const(4*B), i)
	JMP(l.Ref("ascii"))
	l.Label("ascii_end")
	// Everything before i is ASCII, and prev says so already.
	XORQ(run, run)
	JMP(l.Ref("loop"))

	// checkCount checks v, which follows pv, and counts it, going to fail on
	// an error; h holds v's high bits on AVX2 when haveBits.
	checkCount := func(pv, v reg.VecVirtual, haveBits bool, fail LabelRef) {
		d1, d2, d3 := w.Delayed(pv, v)
		checkBlock(w, vc, v, d1, d2, d3, vbmi, fail)
		if m.counts() {
			if !w.Masked() && !haveBits {
				w.HighBits(v, mask)
			}
			count(v, mask, nil, false)
		}
	}

	if P > 2 {
		panic("stepBlocks: at most two blocks a step")
	}
	l.Label("mixed")
	XORQ(run, run)
	var e0Reg reg.Register
	if P == 1 {
		checkCount(prev, cur, true, l.Ref("fail"))
	} else {
		// One test for both blocks' errors; which block failed is
		// sorted out after the branch, on the way out.
		d1, d2, d3 := w.Delayed(prev, blocks[0])
		e0Reg = blockErrors(w, vc, blocks[0], d1, d2, d3, vbmi)
		d1, d2, d3 = w.Delayed(blocks[0], blocks[1])
		e1 := blockErrors(w, vc, blocks[1], d1, d2, d3, vbmi)
		testErrors(w, e0Reg, e1)
		JNZ(l.Ref("pair_fail"))
		if m.counts() {
			for _, v := range blocks {
				if !w.Masked() {
					w.HighBits(v, mask)
				}
				count(v, mask, nil, false)
			}
		}
	}
	take(prev, nil)
	if P > 1 {
		take(cur, nil)
	}
	w.Copy(blocks[P-1], prev)
	ADDQ(asm.Const(P*B), i)
	JMP(l.Ref("loop"))

	if P > 1 {
		// The failing block of a step is the first with an error: the
		// answer is its start, as a step of one block would give, so
		// that every kernel of a set agrees. Before the second block,
		// the first is valid, counted and taken as prev.
		l.Label("pair_fail")
		testErrors(w, e0Reg, nil)
		JNZ(l.Ref("fail"))
		if m.counts() {
			if !w.Masked() {
				w.HighBits(cur, mask)
			}
			count(cur, mask, nil, false)
		}
		take(prev, nil)
		w.Copy(cur, prev)
		ADDQ(asm.Const(B), i)
		JMP(l.Ref("fail"))
	}

	if P > 1 {
		// Fewer than P blocks left: the whole ones one at a time, each
		// checked in full.
		l.Label("one")
		CMPQ(rest, asm.Const(B))
		JB(l.Ref("tail"))
		load(0, cur, i)
		checkCount(prev, cur, false, l.Ref("fail"))
		take(prev, nil)
		w.Copy(cur, prev)
		ADDQ(asm.Const(B), i)
		SUBQ(asm.Const(B), rest)
		JMP(l.Ref("one"))
	}

	l.Label("tail")
	TESTQ(rest, rest)
	JZ(l.Ref("end"))
	if w.Masked() {
		// The last block, zero-filled: zeros are ASCII, so a character
		// left unfinished at the end shows up as too short, and they
		// count as nothing.
		w.LoadPartial(ptr, i, rest, mask, cur)
		if m == copying {
			VMOVDQU8(cur, mask, asm.At(dptr, i, 0))
		}
		d1, d2, d3 := w.Delayed(prev, cur)
		checkBlock(w, vc, cur, d1, d2, d3, vbmi, l.Ref("fail"))
		if m.counts() {
			count(cur, nil, nil, false)
		}
		take(cur, mask)
	} else {
		// Rather than stepping through up to 31 bytes, check the last 32
		// bytes of p as one more block, overlapping what was already
		// checked. On an error the answer stays i, which everything before
		// was checked up to. Inputs of up to 34 bytes are left to the
		// caller (the test hook hands this kernel inputs shorter than a
		// block).
		CMPQ(n, U8(35))
		JB(l.Ref("fail"))
		j := GP64()
		MOVQ(n, j)
		SUBQ(asm.Const(B), j)
		load(0, cur, j)
		// The delayed copies of cur come straight from memory, three
		// bytes back at most, so that inputs of 35 to 63 bytes, which have
		// no whole block before the last one, are finished here too.
		d1, d2, d3 := w.Vec(), w.Vec(), w.Vec()
		w.Load(asm.At(ptr, j, -1), d1)
		w.Load(asm.At(ptr, j, -2), d2)
		w.Load(asm.At(ptr, j, -3), d3)
		checkBlock(w, vc, cur, d1, d2, d3, vbmi, l.Ref("fail"))
		testUnfinished(cur, unfinished)
		JNZ(l.Ref("fail"))
		if m.counts() {
			// Only the last rest bytes are new.
			w.HighBits(cur, mask)
			skip := GP64()
			MOVQ(U32(uint32(B)), skip)
			SUBQ(rest, skip)
			count(cur, mask, skip.As32(), false)
		}
		take(cur, nil)
	}
	l.Label("done")
	retNUL()
	VZEROUPPER()
	cnt.ret(m, n)
	RET()

	// Input that ends with a whole block: it must not end mid-character.
	// Reporting the last block as failing lets the caller find out which;
	// that block (prev is zero after ASCII) was counted, so it is taken out.
	l.Label("end")
	testUnfinished(prev, unfinished)
	JZ(l.Ref("done"))
	if m.counts() {
		if !w.Masked() {
			w.HighBits(prev, mask)
		}
		count(prev, mask, nil, true)
	}
	clearPrev() // outside p[:n] now
	SUBQ(asm.Const(B), i)

	l.Label("fail")
	retNUL()
	VZEROUPPER()
	cnt.ret(m, i)
	RET()
}

// stepBlocks is the number of blocks the main loop of a validator takes per
// step: two, so that a branch per 64 bytes (AVX2) or 128 (AVX-512) decides
// between the ASCII step and the checks, which markup-heavy text, switching
// between the two every few blocks, mispredicts often. On AVX-512, where
// one block a step is a branch per 64 bytes too, two also leave fewer
// transitions to mispredict: French and Arabic Wikipedia pages validate
// about twice as fast. The AVX2 kernels that report NUL or ESC keep one
// block a step: their accumulators leave no room in sixteen registers for
// a second block.
func stepBlocks(w asm.Width, mk marks) int {
	if !w.Masked() && mk != none {
		return 1
	}
	return 2
}

// asciiSteps is the number of ASCII steps in a row after which a validator
// tries its loop of four blocks per test: 192 bytes on AVX2, 256 on AVX-512.
// Fewer send the short ASCII runs of markup into a loop they leave at once,
// at the cost of a mispredicted branch (on AVX2 a threshold of one step
// validates a Portuguese Wikipedia page 30% slower than three); more leave
// long runs longer in the slower loop.
func asciiSteps(w asm.Width) int {
	if w.Masked() {
		return 2
	}
	return 3
}
