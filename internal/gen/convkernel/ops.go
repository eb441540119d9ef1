package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// compressW is VPCOMPRESSW, zeroing form, register to register.
func compressW(src reg.VecVirtual, k reg.Register, dst reg.VecVirtual) {
	Instruction(&ir.Instruction{
		Opcode:   "VPCOMPRESSW",
		Suffixes: []string{"Z"},
		Operands: []Op{src, k, dst},
		Inputs:   []Op{src, k},
		Outputs:  []Op{dst},
		ISA:      []string{"AVX512VBMI2"},
	})
}

// VBMI2 is missing from avo's instruction database, so VPCOMPRESSB (zeroing
// form, register to register) is added by hand.
func compressB(src reg.VecVirtual, k reg.Register, dst reg.VecVirtual) {
	Instruction(&ir.Instruction{
		Opcode:   "VPCOMPRESSB",
		Suffixes: []string{"Z"},
		Operands: []Op{src, k, dst},
		Inputs:   []Op{src, k},
		Outputs:  []Op{dst},
		ISA:      []string{"AVX512VBMI2"},
	})
}

// splat returns a vector holding the 32-bit value v in every lane.
func splat(v uint32) reg.VecVirtual {
	r := GP32()
	MOVL(U32(v), r)
	z := ZMM()
	VPBROADCASTD(r, z)
	return z
}

// const64 returns a general register holding v.
func const64(v uint64) reg.GPVirtual {
	r := GP64()
	MOVQ(U64(v), r)
	return r
}

// prologue loads the two slices and sets up the loop bounds: a block is
// converted while i <= sLim and j <= dLim (signed), so that it may read block
// bytes at src[i:] and write dstRoom bytes at dst[j:].
func prologue(block, dstRoom int) (dp, sp, i, j, sLim, dLim reg.GPVirtual) {
	dp, dLim, sp, sLim = GP64(), GP64(), GP64(), GP64()
	Load(Param("dst").Base(), dp)
	Load(Param("dst").Len(), dLim)
	Load(Param("src").Base(), sp)
	Load(Param("src").Len(), sLim)
	SUBQ(U32(uint32(block)), sLim)
	SUBQ(U32(uint32(dstRoom)), dLim)
	i, j = GP64(), GP64()
	XORQ(i, i)
	XORQ(j, j)
	return
}

// pastRoom jumps to p's label to when src (i beyond sLim) or dst (j beyond
// dLim) has no room for the next step: the limits are the last offsets at
// which a step fits.
func pastRoom(p asm.Scope, to string, i, sLim, j, dLim reg.GPVirtual) {
	CMPQ(i, sLim)
	JG(p.Ref(to))
	CMPQ(j, dLim)
	JG(p.Ref(to))
}

func loopHead(p asm.Scope, i, j, sLim, dLim reg.GPVirtual) {
	p.Label("loop")
	pastRoom(p, "done", i, sLim, j, dLim)
}

func epilogue(p asm.Scope, i, j reg.GPVirtual) {
	p.Label("done")
	VZEROUPPER()
	Store(j, ReturnIndex(0))
	Store(i, ReturnIndex(1))
	RET()
}

// signature starts a conversion kernel.
func signature(name string, doc ...string) {
	asm.Func(name, "func(dst, src []byte) (nDst, nSrc int)", doc...)
}

// entry16 loads the 16-byte entries m0 and m1 (bytes, zero-extended) of t
// into the two lanes of a vector.
func entry16(t Mem, m0, m1 reg.GPVirtual) reg.VecVirtual {
	base, a := GP64(), GP64()
	LEAQ(t, base)
	MOVQ(m0, a)
	SHLQ(U8(4), a)
	x := YMM()
	// A broadcast writes all of x, where a 16-byte load would write its low
	// half only: avo would then take x's high half as read before written,
	// live through the whole function, and each call would hold a register
	// for good (two more calls pushed the UTF-8 -> UTF-32 kernels past Y15).
	VBROADCASTI128(Mem{Base: base, Index: a, Scale: 1}, x)
	MOVQ(m1, a)
	SHLQ(U8(4), a)
	VINSERTI128(U8(1), Mem{Base: base, Index: a, Scale: 1}, x, x)
	return x
}

// byteAt puts byte b (0 to 3) of m, zero-extended, in a new register.
func byteAt(m reg.GPVirtual, b int) reg.GPVirtual {
	r := GP64()
	MOVL(m.As32(), r.As32())
	if b > 0 {
		SHRL(U8(8*b), r.As32())
	}
	MOVBLZX(r.As8(), r.As32())
	return r
}

// storeLanes writes the low lane of x at dst[j:], advances j by n0, writes
// the high lane there and advances j by n1.
func storeLanes(x reg.VecVirtual, dp, j, n0, n1 reg.GPVirtual) {
	VMOVDQU(x.AsX(), asm.At(dp, j, 0))
	ADDQ(n0, j)
	h := XMM()
	VEXTRACTI128(U8(1), x, h)
	VMOVDQU(h, asm.At(dp, j, 0))
	ADDQ(n1, j)
}

// prevByte returns v with every byte moved up one place, zero first: lane k
// of the result holds byte k-1 of v.
func prevByte(v reg.VecVirtual) reg.VecVirtual {
	t, r := YMM(), YMM()
	VPERM2I128(U8(0x08), v, v, t) // low lane zero, high lane v's low lane
	VPALIGNR(U8(15), t, v, r)
	return r
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// asciiExit is where a UTF-8 kernel goes with a block it will not convert
// whole because its first byte >= 0x80 starts no character the kernel's
// general path takes (an ill-formed unit, or one the target lacks): the
// bytes before it are ASCII, so the kernel converts just those, writing the
// whole block widened as ASCII (the kernel may write scratch past nDst), and
// returns. Without it the Go caller converts that prefix one character at a
// time, which made each error in lossy conversions cost about a block of
// scalar work. v holds the block at src[i:] (64 bytes in a ZMM, or 32 in a
// YMM), high the mask of its bytes >= 0x80 (not zero), and dst has room for
// the block widened to outUnit bytes a byte, as at the top of the kernels'
// loops. A first byte >= 0x80 in lo..hi falls through to the general path.
func asciiExit(p asm.Scope, v reg.VecVirtual, high, dp, sp, i, j reg.GPVirtual, outUnit int, be bool, lo, hi byte) {
	n, b := GP64(), GP64()
	TZCNTQ(high, n)
	LEAQ(Mem{Base: i, Index: n, Scale: 1}, b)
	MOVBLZX(Mem{Base: sp, Index: b, Scale: 1}, b.As32())
	SUBL(U8(lo), b.As32())
	CMPL(b.As32(), U8(hi-lo))
	JBE(p.Ref("lead"))
	TESTQ(n, n)
	JZ(p.Ref("done"))
	if outUnit == 1 {
		storeVec(v, asm.At(dp, j, 0))
	} else {
		widenASCII(v, dp, sp, i, j, outUnit, be)
	}
	ADDQ(n, i)
	LEAQ(Mem{Base: j, Index: n, Scale: uint8(outUnit)}, j)
	JMP(p.Ref("done"))
	p.Label("lead")
}

// asciiEpilogue is epilogue for the kernels from UTF-8 (blocks of block
// bytes, 64 or 32, written outUnit bytes a byte): wherever the kernel stops
// with a whole block left and room for it, it first converts the ASCII bytes
// at the start of that block, which the Go caller would otherwise take one
// at a time at each error of a lossy conversion. asciiExit covers the blocks
// whose first byte >= 0x80 is the one refused; this covers those refused
// later, such as a truncated sequence after a valid character.
func asciiEpilogue(p asm.Scope, block int, dp, sp, i, j, sLim, dLim reg.GPVirtual, outUnit int, be bool) {
	p.Label("done")
	pastRoom(p, "exit", i, sLim, j, dLim)
	n := GP64()
	var v reg.VecVirtual
	if block == 64 {
		v = ZMM()
		VMOVDQU64(asm.At(sp, i, 0), v)
		k := K()
		VPMOVB2M(v, k)
		KMOVQ(k, n)
		TZCNTQ(n, n) // 64 when all are ASCII
	} else {
		v = YMM()
		VMOVDQU(asm.At(sp, i, 0), v)
		VPMOVMSKB(v, n.As32())
		TZCNTL(n.As32(), n.As32()) // 32 when all are ASCII
	}
	JZ(p.Ref("exit"))
	if outUnit == 1 {
		if block == 64 {
			VMOVDQU64(v, asm.At(dp, j, 0))
		} else {
			VMOVDQU(v, asm.At(dp, j, 0))
		}
	} else {
		// Zero-extended bytes, 4 or 8 of them per 32 bytes of dst.
		step := 32 / outUnit
		for q := 0; q < block/step; q++ {
			d := YMM()
			if outUnit == 2 {
				VPMOVZXBW(asm.At(sp, i, step*q), d)
				if be {
					VPSLLW(U8(8), d, d)
				}
			} else {
				VPMOVZXBD(asm.At(sp, i, step*q), d)
				if be {
					VPSLLD(U8(24), d, d)
				}
			}
			VMOVDQU(d, asm.At(dp, j, 32*q))
		}
	}
	ADDQ(n, i)
	LEAQ(Mem{Base: j, Index: n, Scale: uint8(outUnit)}, j)
	p.Label("exit")
	VZEROUPPER()
	Store(j, ReturnIndex(0))
	Store(i, ReturnIndex(1))
	RET()
}

// widenASCII writes block v, all ASCII, at dst[j:] widened to outUnit (2 or
// 4) bytes a byte, big-endian if be: the bytes zero-extended from the
// register for UTF-16 and from src[i:] for UTF-32. v is a YMM or a ZMM; i
// and j are not advanced.
func widenASCII(v reg.VecVirtual, dp, sp, i, j reg.GPVirtual, outUnit int, be bool) {
	z := v.Size() == 64
	if outUnit == 2 {
		var u0, u1, h reg.VecVirtual
		if z {
			u0, u1, h = ZMM(), ZMM(), YMM()
			VPMOVZXBW(v.AsY(), u0)
			VEXTRACTI64X4(U8(1), v, h)
		} else {
			u0, u1, h = YMM(), YMM(), XMM()
			VPMOVZXBW(v.AsX(), u0)
			VEXTRACTI128(U8(1), v, h)
		}
		VPMOVZXBW(h, u1)
		if be {
			VPSLLW(U8(8), u0, u0)
			VPSLLW(U8(8), u1, u1)
		}
		storeVec(u0, asm.At(dp, j, 0))
		storeVec(u1, asm.At(dp, j, int(v.Size())))
		return
	}
	step := int(v.Size()) / 4
	for q := 0; q < 4; q++ {
		var d reg.VecVirtual = YMM()
		if z {
			d = ZMM()
		}
		VPMOVZXBD(asm.At(sp, i, step*q), d)
		if be {
			VPSLLD(U8(24), d, d)
		}
		storeVec(d, asm.At(dp, j, 4*step*q))
	}
}

// storeVec stores a YMM (VMOVDQU) or a ZMM (VMOVDQU64) at m.
func storeVec(v reg.VecVirtual, m Mem) {
	if v.Size() == 64 {
		VMOVDQU64(v, m)
	} else {
		VMOVDQU(v, m)
	}
}
