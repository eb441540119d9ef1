package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

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
