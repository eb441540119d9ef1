package main

import (
	. "github.com/mmcloughlin/avo/build"
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
