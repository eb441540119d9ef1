package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func asciiAVX2() {
	TEXT("asciiAVX2", NOSPLIT, "func(p []byte) int")
	Pragma("noescape")
	Doc("asciiAVX2 returns the index of the first byte of p with bit 7 set, or",
		"len(p). p must hold at least 32 bytes.")
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	i, rest := GP64(), GP64()
	XORQ(i, i)
	mask := GP32()
	XORL(mask, mask)
	v := YMM()

	Label("ascii2_x4")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(128))
	JB(LabelRef("ascii2_x1"))
	a, b := YMM(), YMM()
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, a)
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1, Disp: 32}, b)
	VPOR(Mem{Base: ptr, Index: i, Scale: 1, Disp: 64}, a, a)
	VPOR(Mem{Base: ptr, Index: i, Scale: 1, Disp: 96}, b, b)
	VPOR(a, b, a)
	VPMOVMSKB(a, mask)
	TESTL(mask, mask)
	JNZ(LabelRef("ascii2_x1"))
	ADDQ(U8(128), i)
	JMP(LabelRef("ascii2_x4"))

	// One block at a time, to locate the byte or finish the input.
	Label("ascii2_x1")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(32))
	JB(LabelRef("ascii2_tail"))
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, v)
	VPMOVMSKB(v, mask)
	TESTL(mask, mask)
	JNZ(LabelRef("ascii2_found"))
	ADDQ(U8(32), i)
	JMP(LabelRef("ascii2_x1"))

	// The last 32 bytes of p, overlapping bytes already known to be ASCII,
	// so the first set bit is still the answer.
	Label("ascii2_tail")
	TESTQ(rest, rest)
	JZ(LabelRef("ascii2_found"))
	MOVQ(n, i)
	SUBQ(U8(32), i)
	VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, v)
	VPMOVMSKB(v, mask)
	TESTL(mask, mask)
	JNZ(LabelRef("ascii2_found"))
	MOVQ(n, i)
	Label("ascii2_found")
	// No set bit leaves i as it is: TZCNT of zero gives 32, so add only when
	// a bit is set.
	VZEROUPPER()
	TESTL(mask, mask)
	JZ(LabelRef("ascii2_ret"))
	off := GP32()
	TZCNTL(mask, off)
	ADDQ(off.As64(), i)
	Label("ascii2_ret")
	Store(i, ReturnIndex(0))
	RET()
}

func asciiAVX512() {
	TEXT("asciiAVX512", NOSPLIT, "func(p []byte) int")
	Pragma("noescape")
	Doc("asciiAVX512 returns the index of the first byte of p with bit 7 set, or len(p).")
	ptr := Load(Param("p").Base(), GP64())
	n := Load(Param("p").Len(), GP64())
	i, rest := GP64(), GP64()
	XORQ(i, i)
	k := K()
	v := ZMM()

	Label("ascii5_x4")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U32(256))
	JB(LabelRef("ascii5_x1"))
	a, b := ZMM(), ZMM()
	VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1}, a)
	VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1, Disp: 64}, b)
	VPORD(Mem{Base: ptr, Index: i, Scale: 1, Disp: 128}, a, a)
	VPORD(Mem{Base: ptr, Index: i, Scale: 1, Disp: 192}, b, b)
	VPORD(a, b, a)
	VPMOVB2M(a, k)
	KORTESTQ(k, k)
	JNZ(LabelRef("ascii5_x1"))
	ADDQ(U32(256), i)
	JMP(LabelRef("ascii5_x4"))

	Label("ascii5_x1")
	MOVQ(n, rest)
	SUBQ(i, rest)
	CMPQ(rest, U8(64))
	JB(LabelRef("ascii5_tail"))
	VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1}, v)
	VPMOVB2M(v, k)
	KORTESTQ(k, k)
	JNZ(LabelRef("ascii5_found"))
	ADDQ(U8(64), i)
	JMP(LabelRef("ascii5_x1"))

	// The tail under a mask: bytes past the end load as zero, never set.
	Label("ascii5_tail")
	TESTQ(rest, rest)
	JZ(LabelRef("ascii5_ret"))
	ones := GP64()
	MOVQ(I32(-1), ones)
	BZHIQ(rest, ones, ones)
	KMOVQ(ones, k)
	VMOVDQU8_Z(Mem{Base: ptr, Index: i, Scale: 1}, k, v)
	VPMOVB2M(v, k)
	KORTESTQ(k, k)
	JNZ(LabelRef("ascii5_found"))
	MOVQ(n, i)
	JMP(LabelRef("ascii5_ret"))

	Label("ascii5_found")
	bitsReg := GP64()
	KMOVQ(k, bitsReg)
	TZCNTQ(bitsReg, bitsReg)
	ADDQ(bitsReg, i)
	Label("ascii5_ret")
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()
}

// counter emits a counting kernel: it returns len(p) minus the number of
// continuation bytes, plus (if utf16) the number of 4-byte leads.
func countAVX2() {
	for _, utf16 := range []bool{false, true} {
		name, prefix := "countAVX2", "cnt2"
		doc := []string{"countAVX2 returns the number of bytes of p that are not continuation",
			"bytes: its character count if p is valid. p must hold at least 32 bytes."}
		if utf16 {
			name, prefix = "utf16AVX2", "u162"
			doc = []string{"utf16AVX2 returns the number of UTF-16 code units valid p needs: one",
				"per character, two for each 4-byte lead. p must hold at least 32 bytes."}
		}
		TEXT(name, NOSPLIT, "func(p []byte) int")
		Pragma("noescape")
		Doc(doc...)
		ptr := Load(Param("p").Base(), GP64())
		n := Load(Param("p").Len(), GP64())
		contMax, fourMin := YMM(), YMM()
		VPBROADCASTB(splat.Offset(splatContMax), contMax)
		VPBROADCASTB(splat.Offset(splatFourLead), fourMin)
		total, i, rest := GP64(), GP64(), GP64()
		MOVQ(n, total)
		XORQ(i, i)

		// count adjusts total for the bytes of v selected by keep (a mask
		// of the lanes to count, nil for all).
		count := func(v reg.VecVirtual, keep func(reg.GPVirtual)) {
			m, c := YMM(), GP64()
			VPCMPGTB(v, contMax, m) // -64 > b: continuation
			VPMOVMSKB(m, c.As32())
			if keep != nil {
				keep(c)
			}
			POPCNTQ(c, c)
			SUBQ(c, total)
			if utf16 {
				// Signed, b > -17 holds for ASCII and F0..FF; bit 7 of
				// b itself keeps only the latter.
				VPCMPGTB(fourMin, v, m)
				VPAND(v, m, m)
				VPMOVMSKB(m, c.As32())
				if keep != nil {
					keep(c)
				}
				POPCNTQ(c, c)
				ADDQ(c, total)
			}
		}

		Label(prefix + "_x2")
		MOVQ(n, rest)
		SUBQ(i, rest)
		CMPQ(rest, U8(64))
		JB(LabelRef(prefix + "_x1"))
		a, b := YMM(), YMM()
		VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, a)
		VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1, Disp: 32}, b)
		count(a, nil)
		count(b, nil)
		ADDQ(U8(64), i)
		JMP(LabelRef(prefix + "_x2"))

		Label(prefix + "_x1")
		CMPQ(rest, U8(32))
		JB(LabelRef(prefix + "_tail"))
		VMOVDQU(Mem{Base: ptr, Index: i, Scale: 1}, a)
		count(a, nil)
		ADDQ(U8(32), i)
		SUBQ(U8(32), rest)

		// The last 32 bytes of p, counting only the rest bytes at their end
		// that no block covered.
		Label(prefix + "_tail")
		TESTQ(rest, rest)
		JZ(LabelRef(prefix + "_ret"))
		VMOVDQU(Mem{Base: ptr, Index: n, Scale: 1, Disp: -32}, a)
		skip := GP64()
		MOVQ(U32(32), skip)
		SUBQ(rest, skip)
		count(a, func(c reg.GPVirtual) { SHRXQ(skip, c, c) })
		Label(prefix + "_ret")
		VZEROUPPER()
		Store(total, ReturnIndex(0))
		RET()
	}
}

func countAVX512() {
	for _, utf16 := range []bool{false, true} {
		name, prefix := "countAVX512", "cnt5"
		doc := []string{"countAVX512 returns the number of bytes of p that are not continuation",
			"bytes: its character count if p is valid."}
		if utf16 {
			name, prefix = "utf16AVX512", "u165"
			doc = []string{"utf16AVX512 returns the number of UTF-16 code units valid p needs:",
				"one per character, two for each 4-byte lead."}
		}
		TEXT(name, NOSPLIT, "func(p []byte) int")
		Pragma("noescape")
		Doc(doc...)
		ptr := Load(Param("p").Base(), GP64())
		n := Load(Param("p").Len(), GP64())
		contMax, fourMin := ZMM(), ZMM()
		VPBROADCASTB(splat.Offset(splatContMax), contMax)
		VPBROADCASTB(splat.Offset(splatFourLead), fourMin)
		total, i, rest := GP64(), GP64(), GP64()
		MOVQ(n, total)
		XORQ(i, i)

		count := func(v reg.VecVirtual) {
			k, c := K(), GP64()
			VPCMPB(U8(1), contMax, v, k) // b < -64: continuation
			KMOVQ(k, c)
			POPCNTQ(c, c)
			SUBQ(c, total)
			if utf16 {
				VPCMPUB(U8(6), fourMin, v, k) // b > 0xEF unsigned
				KMOVQ(k, c)
				POPCNTQ(c, c)
				ADDQ(c, total)
			}
		}

		Label(prefix + "_x2")
		MOVQ(n, rest)
		SUBQ(i, rest)
		CMPQ(rest, U8(128))
		JB(LabelRef(prefix + "_x1"))
		a, b := ZMM(), ZMM()
		VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1}, a)
		VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1, Disp: 64}, b)
		count(a)
		count(b)
		ADDQ(U8(128), i)
		JMP(LabelRef(prefix + "_x2"))

		Label(prefix + "_x1")
		CMPQ(rest, U8(64))
		JB(LabelRef(prefix + "_tail"))
		VMOVDQU64(Mem{Base: ptr, Index: i, Scale: 1}, a)
		count(a)
		ADDQ(U8(64), i)
		SUBQ(U8(64), rest)

		// Bytes past the end load as zero, which counts as nothing.
		Label(prefix + "_tail")
		TESTQ(rest, rest)
		JZ(LabelRef(prefix + "_ret"))
		ones := GP64()
		MOVQ(I32(-1), ones)
		BZHIQ(rest, ones, ones)
		k := K()
		KMOVQ(ones, k)
		VMOVDQU8_Z(Mem{Base: ptr, Index: i, Scale: 1}, k, a)
		count(a)
		Label(prefix + "_ret")
		VZEROUPPER()
		Store(total, ReturnIndex(0))
		RET()
	}
}
