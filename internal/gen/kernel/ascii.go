package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// ascii emits the ASCII prefix kernel of width w: the index of the first
// byte with bit 7 set, found four blocks per test while there is none, then
// one block at a time, then in the last partial block.
func ascii(w asm.Width) {
	name := "ascii" + w.Name()
	doc := []string{name + " returns the index of the first byte of p with bit 7 set, or len(p)."}
	if !w.Masked() {
		doc = []string{name + " returns the index of the first byte of p with bit 7 set, or",
			"len(p). p must hold at least 32 bytes."}
	}
	asm.Func(name, "func(p []byte) int", doc...)
	l := asm.Scope("ascii" + w.Tag() + "_")
	B := w.Bytes
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	i, rest := GP64(), GP64()
	XORQ(i, i)
	m := w.Mask()
	if !w.Masked() {
		// The overlapped last block finds the mask clear when nothing is left.
		XORL(m, m)
	}
	v := w.Vec()

	l.Label("x4")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, asm.Const(4*B))
	JB(l.Ref("x1"))
	a, b := w.Vec(), w.Vec()
	w.Load(asm.At(ptr, i, 0), a)
	w.Load(asm.At(ptr, i, B), b)
	w.Or(asm.At(ptr, i, 2*B), a, a)
	w.Or(asm.At(ptr, i, 3*B), b, b)
	w.Or(a, b, a)
	w.HighBits(a, m)
	w.TestMask(m)
	JNZ(l.Ref("x1"))
	ADDQ(asm.Const(4*B), i)
	JMP(l.Ref("x4"))

	// One block at a time, to locate the byte or finish the input.
	l.Label("x1")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, asm.Const(B))
	JB(l.Ref("tail"))
	w.Load(asm.At(ptr, i, 0), v)
	w.HighBits(v, m)
	w.TestMask(m)
	JNZ(l.Ref("found"))
	ADDQ(asm.Const(B), i)
	JMP(l.Ref("x1"))

	// The last partial block. Masked, bytes past the end load as zero,
	// never set; overlapped, the last whole block of p starts at n-B, and
	// the bytes it shares with blocks already seen are ASCII, so the first
	// set bit is still the answer.
	l.Label("tail")
	TESTQ(rest, rest)
	if w.Masked() {
		JZ(l.Ref("ret"))
		w.LoadPartial(ptr, i, rest, m, v)
	} else {
		JZ(l.Ref("found"))
		MOVQ(n, i)
		SUBQ(asm.Const(B), i)
		w.Load(asm.At(ptr, i, 0), v)
	}
	w.HighBits(v, m)
	w.TestMask(m)
	JNZ(l.Ref("found"))
	MOVQ(n, i)
	if w.Masked() {
		JMP(l.Ref("ret"))
		l.Label("found")
		bits := GP64()
		KMOVQ(m, bits)
		TZCNTQ(bits, bits)
		ADDQ(bits, i)
		l.Label("ret")
		VZEROUPPER()
	} else {
		l.Label("found")
		// No set bit leaves i as it is: TZCNT of zero gives 32, so add
		// only when a bit is set.
		VZEROUPPER()
		TESTL(m, m)
		JZ(l.Ref("ret"))
		off := GP32()
		TZCNTL(m, off)
		ADDQ(off.As64(), i)
		l.Label("ret")
	}
	Store(i, ReturnIndex(0))
	RET()
}

// count emits the kernel of width w that counts the characters of valid p
// (with utf16, the UTF-16 units it needs): len(p) minus the continuation
// bytes, plus (with utf16) the 4-byte leads.
func count(w asm.Width, utf16 bool, c consts) {
	name, prefix := "count"+w.Name(), "cnt"+w.Tag()
	doc := []string{name + " returns the number of bytes of p that are not continuation",
		"bytes: its character count if p is valid."}
	if utf16 {
		name, prefix = "utf16"+w.Name(), "u16"+w.Tag()
		doc = []string{name + " returns the number of UTF-16 code units valid p needs: one",
			"per character, two for each 4-byte lead."}
	}
	if !w.Masked() {
		doc[len(doc)-1] += " p must hold at least 32 bytes."
	}
	asm.Func(name, "func(p []byte) int", doc...)
	l := asm.Scope(prefix + "_")
	B := w.Bytes
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	contMax, fourMin := w.Vec(), w.Vec()
	VPBROADCASTB(c.splat.Offset(splatContMax), contMax)
	VPBROADCASTB(c.splat.Offset(splatFourLead), fourMin)
	total, i, rest := GP64(), GP64(), GP64()
	MOVQ(n, total)
	XORQ(i, i)

	// add adjusts total for the bytes of v selected by keep (a mask of the
	// lanes to count, nil for all). AVX-512 compares into an opmask; AVX2
	// compares into a vector and moves its bit 7s out with VPMOVMSKB.
	add := func(v reg.VecVirtual, keep func(reg.GPVirtual)) {
		if w.Masked() {
			k, cb := K(), GP64()
			VPCMPB(U8(1), contMax, v, k) // b < -64: continuation
			KMOVQ(k, cb)
			POPCNTQ(cb, cb)
			SUBQ(cb, total)
			if utf16 {
				VPCMPUB(U8(6), fourMin, v, k) // b > 0xEF unsigned
				KMOVQ(k, cb)
				POPCNTQ(cb, cb)
				ADDQ(cb, total)
			}
			return
		}
		m, cb := YMM(), GP64()
		VPCMPGTB(v, contMax, m) // -64 > b: continuation
		VPMOVMSKB(m, cb.As32())
		if keep != nil {
			keep(cb)
		}
		POPCNTQ(cb, cb)
		SUBQ(cb, total)
		if utf16 {
			// Signed, b > -17 holds for ASCII and F0..FF; bit 7 of b
			// itself keeps only the latter.
			VPCMPGTB(fourMin, v, m)
			VPAND(v, m, m)
			VPMOVMSKB(m, cb.As32())
			if keep != nil {
				keep(cb)
			}
			POPCNTQ(cb, cb)
			ADDQ(cb, total)
		}
	}

	l.Label("x2")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, asm.Const(2*B))
	JB(l.Ref("x1"))
	a, b := w.Vec(), w.Vec()
	w.Load(asm.At(ptr, i, 0), a)
	w.Load(asm.At(ptr, i, B), b)
	add(a, nil)
	add(b, nil)
	ADDQ(asm.Const(2*B), i)
	JMP(l.Ref("x2"))

	l.Label("x1")
	CMPQ(rest, asm.Const(B))
	JB(l.Ref("tail"))
	w.Load(asm.At(ptr, i, 0), a)
	add(a, nil)
	ADDQ(asm.Const(B), i)
	SUBQ(asm.Const(B), rest)

	// The last partial block. Masked, bytes past the end load as zero,
	// which counts as nothing; overlapped, the last whole block of p is
	// loaded and only the rest bytes at its end that no block covered count.
	l.Label("tail")
	TESTQ(rest, rest)
	JZ(l.Ref("ret"))
	if w.Masked() {
		ones := GP64()
		MOVQ(I32(-1), ones)
		BZHIQ(rest, ones, ones)
		k := K()
		KMOVQ(ones, k)
		VMOVDQU8_Z(asm.At(ptr, i, 0), k, a)
		add(a, nil)
	} else {
		w.Load(asm.At(ptr, n, -B), a)
		skip := GP64()
		MOVQ(U32(uint32(B)), skip)
		SUBQ(rest, skip)
		add(a, func(c reg.GPVirtual) { SHRXQ(skip, c, c) })
	}
	l.Label("ret")
	VZEROUPPER()
	Store(total, ReturnIndex(0))
	RET()
}
