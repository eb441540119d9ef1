// Command transkernel writes the amd64 transcoding kernels of
// internal/transkernel with avo.
//
// Run it from internal/gen (`go run ./transkernel`); it rewrites
// ../transkernel/transkernel_amd64.s and ../transkernel/stubs_amd64.go.
//
// Every kernel works on 64-byte input blocks with AVX-512 (BW, VBMI2), or on
// 32-byte blocks with AVX2 (avx2.go), and
// converts a prefix of its input: a block it cannot convert whole (ill-formed
// input, a character it has no vector path for, too little room left in dst)
// ends the call, and the Go caller goes on one character at a time. The ideas
// are those of Lemire and Muła ("Transcoding Billions of Unicode Characters per
// Second with SIMD Instructions", 2021) and of Clausecker and Lemire
// ("Transcoding Unicode Characters with AVX-512 Instructions", 2023): classify
// the bytes of a block into masks, check the structure with a few mask
// operations in general registers, and move bytes to their places with
// VPCOMPRESSB instead of shuffle tables. The code here is our own: instead of
// the papers' per-character permutations, a block of UTF-8 is decoded by
// compressing its lead bytes, the bytes one after and the bytes two after
// each lead into three vectors, so that lane k of each holds the bytes of
// character k.
package main

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	if len(os.Args) == 1 {
		os.Args = append(os.Args,
			"-out", "../transkernel/transkernel_amd64.s",
			"-stubs", "../transkernel/stubs_amd64.go",
			"-pkg", "transkernel")
	}
	ConstraintExpr("!purego")
	swapTables()
	dwordConsts()
	latin1ToUTF8()
	utf8ToLatin1()
	utf8ToWide("utf8ToUTF16LEAVX512", 2, false)
	utf8ToWide("utf8ToUTF16BEAVX512", 2, true)
	utf8ToWide("utf8ToUTF32LEAVX512", 4, false)
	utf8ToWide("utf8ToUTF32BEAVX512", 4, true)
	utf16ToUTF8("utf16LEToUTF8AVX512", false)
	utf16ToUTF8("utf16BEToUTF8AVX512", true)
	avx2Consts()
	latin1ToUTF8AVX2()
	utf8ToLatin1AVX2()
	utf8ToUTF16AVX2("utf8ToUTF16LEAVX2", false)
	utf8ToUTF16AVX2("utf8ToUTF16BEAVX2", true)
	utf16ToUTF8AVX2("utf16LEToUTF8AVX2", false)
	utf16ToUTF8AVX2("utf16BEToUTF8AVX2", true)
	Generate()
}

// Byte-swap patterns for VPSHUFB, which indexes within each 16-byte lane, and
// the VPERMW indices that move each 16-bit unit to the lane before it.
var swap16, swap32, nextUnit Mem

func swapTables() {
	swap16 = GLOBL("swap16", RODATA|NOPTR)
	for i := 0; i < 64; i++ {
		DATA(i, U8(i%16^1))
	}
	nextUnit = GLOBL("nextUnit", RODATA|NOPTR)
	for i := 0; i < 32; i++ {
		DATA(2*i, U16(min(i+1, 31)))
	}
	swap32 = GLOBL("swap32", RODATA|NOPTR)
	for i := 0; i < 64; i++ {
		DATA(i, U8(i%16^3))
	}
}

// dword holds 64-byte vectors of one 32-bit value each, by value, for the
// paths that have more constants than registers to keep them in.
var dword = map[uint32]Mem{}

func dwordConsts() {
	for _, v := range []uint32{0x3F, 0x1F, 0x0F, 0x07, 0xC0, 0xE0, 0xF0, 0x800, 0xD800, 0xDC00, 0x10000, 0x100000, 0x3FF,
		0xFCA02400, 0x3F00, 0x3F0000, 0x3F000000, 0x808080F0,
		0xC0C0C0F8, 0x3F000, 0x1C0000, 0xFC0, 0x3FF0000, 0xDC00D800, 0xFC00FC00} {
		m := GLOBL("dword"+hex(v), RODATA|NOPTR)
		for i := 0; i < 16; i++ {
			DATA(4*i, U32(v))
		}
		dword[v] = m
	}
}

func hex(v uint32) string {
	const digits = "0123456789ABCDEF"
	s := ""
	for ; v > 0; v >>= 4 {
		s = string(digits[v&15]) + s
	}
	return s
}

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

func at(base, index reg.Register, disp int) Mem {
	return Mem{Base: base, Index: index, Scale: 1, Disp: disp}
}

// prologue loads the two slices and sets up the loop bounds: a block is
// converted while i <= sLim and j <= dLim (signed), so that it may read 64
// bytes at src[i:] and write dstRoom bytes at dst[j:].
func prologue(dstRoom int) (dp, sp, i, j, sLim, dLim reg.GPVirtual) {
	dp, dLim, sp, sLim = GP64(), GP64(), GP64(), GP64()
	Load(Param("dst").Base(), dp)
	Load(Param("dst").Len(), dLim)
	Load(Param("src").Base(), sp)
	Load(Param("src").Len(), sLim)
	SUBQ(U32(64), sLim)
	SUBQ(U32(dstRoom), dLim)
	i, j = GP64(), GP64()
	XORQ(i, i)
	XORQ(j, j)
	return
}

func loopHead(p string, i, j, sLim, dLim reg.GPVirtual) {
	Label(p + "loop")
	CMPQ(i, sLim)
	JG(LabelRef(p + "done"))
	CMPQ(j, dLim)
	JG(LabelRef(p + "done"))
}

// asciiBlockLoop emits the loop both Latin-1 kernels share: a 64-byte block of
// ASCII is the same bytes in ISO-8859-1 and UTF-8, so it is copied as it is;
// any other block jumps to p+"wide" with the block in v and its high bits in k.
// Past the last whole block it goes to p+"tail", out of room to p+"done".
func asciiBlockLoop(p string, dp, sp, i, j, sLim, dLim reg.GPVirtual) (v reg.VecVirtual, k reg.OpmaskVirtual) {
	Label(p + "loop")
	CMPQ(i, sLim)
	JG(LabelRef(p + "tail"))
	CMPQ(j, dLim)
	JG(LabelRef(p + "done"))
	v = ZMM()
	VMOVDQU64(at(sp, i, 0), v)
	k = K()
	VPMOVB2M(v, k)
	KORTESTQ(k, k)
	JNZ(LabelRef(p + "wide"))
	VMOVDQU64(v, at(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	JMP(LabelRef(p + "loop"))
	return v, k
}

func epilogue(p string, i, j reg.GPVirtual) {
	Label(p + "done")
	VZEROUPPER()
	Store(j, ReturnIndex(0))
	Store(i, ReturnIndex(1))
	RET()
}

func signature(name string, doc ...string) {
	TEXT(name, NOSPLIT, "func(dst, src []byte) (nDst, nSrc int)")
	Pragma("noescape")
	Doc(doc...)
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
	const p = "l1u_"
	signature("latin1ToUTF8AVX512",
		"latin1ToUTF8AVX512 converts ISO-8859-1 to UTF-8 in 64-byte blocks while",
		"src has 64 bytes left and dst 128, then the rest of src if dst has room",
		"for all of it, and returns the bytes written and read.")
	dp, sp, i, j, sLim, dLim := prologue(128)
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

	Label(p + "wide")
	block("", v, k, func(out reg.VecVirtual, n reg.GPVirtual) { VMOVDQU64(out, at(dp, j, 0)) })
	ADDQ(U8(64), i)
	JMP(LabelRef(p + "loop"))

	Label(p + "tail")
	rem, x := GP64(), GP64()
	LEAQ(Mem{Base: sLim, Disp: 64}, rem)
	SUBQ(i, rem)
	JLE(LabelRef(p + "done"))
	km := K()
	BZHIQ(rem, ones, x)
	KMOVQ(x, km)
	VMOVDQU8_Z(at(sp, i, 0), km, v)
	VPMOVB2M(v, k)
	// The output is rem bytes plus one per byte >= 0x80.
	KMOVQ(k, x)
	POPCNTQ(x, x)
	ADDQ(rem, x)
	ADDQ(j, x)
	SUBQ(U8(128), x)
	CMPQ(x, dLim)
	JG(LabelRef(p + "done"))
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
		VMOVDQU8(out, kst, at(dp, j, 0))
	})
	ADDQ(rem, i)
	epilogue(p, i, j)
}

// utf8ToLatin1: a block may hold ASCII and the 2-byte characters C2 xx and
// C3 xx. Continuation bytes must be exactly the bytes after a lead; a lead in
// the last byte waits for the next block. The character is its continuation
// byte, plus 0x40 after C3; VPCOMPRESSB drops the leads. The last 1 to 63
// bytes are a block read and written with masks, as in latin1ToUTF8.
func utf8ToLatin1() {
	const p = "u8l1_"
	signature("utf8ToLatin1AVX512",
		"utf8ToLatin1AVX512 converts UTF-8 to ISO-8859-1 in 64-byte blocks while src",
		"has 64 bytes left and dst 64, then the rest of src if dst has room for",
		"it, and returns the bytes written and read. It stops at the first block",
		"holding anything but ASCII and well-formed U+0080..U+00FF.")
	dp, sp, i, j, sLim, dLim := prologue(64)
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
		JCC(LabelRef(p + l + "whole"))
		// A lead in the last byte: this block is 63 bytes long.
		DECQ(n)
		MOVQ(lastOff, mask)
		ANDQ(mask, lead)
		ANDQ(mask, high)
		Label(p + l + "whole")
		MOVQ(lead, x)
		ORQ(cont, x)
		CMPQ(x, high)
		JNE(LabelRef(p + "done"))
		MOVQ(lead, x)
		SHLQ(U8(1), x)
		CMPQ(x, cont)
		JNE(LabelRef(p + "done"))
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

	Label(p + "wide")
	out, n, x, _ := wide("", v, k, nil)
	VMOVDQU64(out, at(dp, j, 0))
	ADDQ(x, j)
	ADDQ(n, i)
	JMP(LabelRef(p + "loop"))

	Label(p + "tail")
	rem, valid := GP64(), GP64()
	LEAQ(Mem{Base: sLim, Disp: 64}, rem)
	SUBQ(i, rem)
	JLE(LabelRef(p + "done"))
	km := K()
	BZHIQ(rem, ones, valid)
	KMOVQ(valid, km)
	VMOVDQU8_Z(at(sp, i, 0), km, v)
	VPMOVB2M(v, k)
	// A lead in the last byte read is followed by a zero, not a continuation
	// byte, and stops the kernel in wide: the scalar code reports it.
	out, _, x, _ = wide("tail_", v, k, valid)
	// Room for x bytes: j + x <= dLim + 64.
	LEAQ(Mem{Base: j, Index: x, Scale: 1, Disp: -64}, n)
	CMPQ(n, dLim)
	JG(LabelRef(p + "done"))
	kst := K()
	BZHIQ(x, ones, n)
	KMOVQ(n, kst)
	VMOVDQU8(out, kst, at(dp, j, 0))
	ADDQ(x, j)
	ADDQ(rem, i)
	epilogue(p, i, j)
}

// utf8ToWide converts UTF-8 to UTF-16 (width 2) or UTF-32 (width 4). A block
// is cut before its first byte that starts no 1- to 3-byte character (C0, C1,
// F0..FF) and before a character that does not end inside it; continuation
// bytes must be exactly those the leads call for. VPCOMPRESSB gathers each
// character's lead and the one and two bytes after it into lane k of three
// vectors, which decode to 16-bit values side by side; 3-byte values below
// U+0800 (overlong) or in D800..DFFF (surrogates) reject the block. Blocks
// with 4-byte characters take fourBytes instead.
func utf8ToWide(name string, width int, be bool) {
	p := name + "_"
	room := 64 * width
	signature(name,
		name+" converts UTF-8 to UTF-"+map[int]string{2: "16", 4: "32"}[width]+
			map[bool]string{false: "LE", true: "BE"}[be]+" in 64-byte blocks",
		"while src has 64 bytes left and dst "+itoa(room)+", and returns the bytes",
		"written and read. It stops at ill-formed input, at the latest at the",
		"start of the block holding it.")
	dp, sp, i, j, sLim, dLim := prologue(room)
	cC0, cE0, cF0, cFE := splat(0xC0C0C0C0), splat(0xE0E0E0E0), splat(0xF0F0F0F0), splat(0xFEFEFEFE)
	w3F, w1F, wC0, wE0 := splat(0x003F003F), splat(0x001F001F), splat(0x00C000C0), splat(0x00E000E0)
	w800, wD800 := splat(0x08000800), splat(0xD800D800)
	var swap reg.VecVirtual
	if be {
		swap = ZMM()
		if width == 2 {
			VMOVDQU64(swap16, swap)
		} else {
			VMOVDQU64(swap32, swap)
		}
	}
	ones := const64(^uint64(0))

	// store writes the 32 16-bit values of u at dst[j+off:].
	store := func(u reg.VecVirtual, off int) {
		if width == 2 {
			if be {
				VPSHUFB(swap, u, u)
			}
			VMOVDQU64(u, at(dp, j, off))
			return
		}
		d0, d1 := ZMM(), ZMM()
		y := YMM()
		VPMOVZXWD(u.AsY(), d0)
		VEXTRACTI64X4(U8(1), u, y)
		VPMOVZXWD(y, d1)
		if be {
			VPSHUFB(swap, d0, d0)
			VPSHUFB(swap, d1, d1)
		}
		VMOVDQU64(d0, at(dp, j, off))
		VMOVDQU64(d1, at(dp, j, off+64))
	}

	loopHead(p, i, j, sLim, dLim)
	v := ZMM()
	VMOVDQU64(at(sp, i, 0), v)
	k := K()
	VPMOVB2M(v, k)
	KORTESTQ(k, k)
	JNZ(LabelRef(p + "wide"))
	if width == 2 {
		u0, u1 := ZMM(), ZMM()
		y := YMM()
		VPMOVZXBW(v.AsY(), u0)
		VEXTRACTI64X4(U8(1), v, y)
		VPMOVZXBW(y, u1)
		store(u0, 0)
		store(u1, 64)
	} else {
		for q := 0; q < 4; q++ {
			d := ZMM()
			VPMOVZXBD(at(sp, i, 16*q), d)
			if be {
				VPSHUFB(swap, d, d)
			}
			VMOVDQU64(d, at(dp, j, 64*q))
		}
	}
	ADDQ(U8(64), i)
	ADDQ(U32(64*width), j)
	JMP(LabelRef(p + "loop"))

	Label(p + "wide")
	high, cont, ge0, gf0, bad := GP64(), GP64(), GP64(), GP64(), GP64()
	KMOVQ(k, high)
	kc, ke, kf, ko := K(), K(), K(), K()
	VPCMPB(U8(1), cC0, v, kc) // signed v < 0xC0: continuation bytes
	KMOVQ(kc, cont)
	VPCMPUB(U8(5), cE0, v, ke) // v >= 0xE0
	KMOVQ(ke, ge0)
	VPCMPUB(U8(5), cF0, v, kf) // v >= 0xF0
	KMOVQ(kf, gf0)
	TESTQ(gf0, gf0)
	JNZ(LabelRef(p + "four"))
	t := ZMM()
	VPANDD(cFE, v, t)
	VPCMPEQB(cC0, t, ko) // C0, C1
	KMOVQ(ko, bad)
	ORQ(gf0, bad)
	lead2, lead3 := GP64(), GP64()
	ANDNQ(high, cont, lead2) // high and not continuation
	ANDNQ(lead2, ge0, lead2) // ... and below E0
	ANDNQ(ge0, gf0, lead3)   // E0..EF
	// A character not ending in the block cuts it too.
	x := GP64()
	MOVQ(lead2, x)
	SHRQ(U8(63), x)
	SHLQ(U8(63), x)
	ORQ(x, bad)
	MOVQ(lead3, x)
	SHRQ(U8(62), x)
	SHLQ(U8(62), x)
	ORQ(x, bad)
	n := GP64()
	TZCNTQ(bad, n) // 64 when bad is 0
	TESTQ(n, n)
	JZ(LabelRef(p + "done"))
	mask := GP64()
	BZHIQ(n, ones, mask)
	ANDQ(mask, lead2)
	ANDQ(mask, lead3)
	ANDQ(mask, cont)
	starts := GP64()
	ANDNQ(mask, cont, starts) // cont is masked already: ^cont & mask
	// The continuation bytes must be exactly those the leads call for.
	ORQ(lead3, lead2)
	SHLQ(U8(1), lead2)
	SHLQ(U8(2), lead3)
	ORQ(lead3, lead2)
	CMPQ(lead2, cont)
	JNE(LabelRef(p + "done"))

	ks, ks1, ks2 := K(), K(), K()
	KMOVQ(starts, ks)
	MOVQ(starts, x)
	SHLQ(U8(1), x)
	KMOVQ(x, ks1)
	SHLQ(U8(1), x)
	KMOVQ(x, ks2)
	va, vb, vc := ZMM(), ZMM(), ZMM()
	compressB(v, ks, va)
	compressB(v, ks1, vb)
	compressB(v, ks2, vc)
	count := GP64()
	POPCNTQ(starts, count)

	// decode turns the bytes of 32 characters into their values, jumping to
	// done on an overlong or surrogate 3-byte form.
	decode := func(ya, yb, yc reg.Register) reg.VecVirtual {
		a, b, c := ZMM(), ZMM(), ZMM()
		VPMOVZXBW(ya, a)
		VPMOVZXBW(yb, b)
		VPMOVZXBW(yc, c)
		k2, k3 := K(), K()
		VPCMPUW(U8(5), wC0, a, k2)
		VPCMPUW(U8(5), wE0, a, k3)
		VPANDD(w3F, b, b)
		VPANDD(w3F, c, c)
		u2, u3, s := ZMM(), ZMM(), ZMM()
		VPANDD(w1F, a, u2)
		VPSLLW(U8(6), u2, u2)
		VPORD(b, u2, u2)
		VPSLLW(U8(12), a, u3)
		VPSLLW(U8(6), b, s)
		VPTERNLOGD(U8(0xFE), c, s, u3)
		VPBLENDMW(u2, a, k2, a)
		VPBLENDMW(u3, a, k3, a)
		kbad, ksur := K(), K()
		VPCMPUW(U8(1), w800, u3, k3, kbad) // overlong
		VPSUBW(wD800, u3, s)
		VPCMPUW(U8(1), w800, s, k3, ksur) // surrogate
		KORD(ksur, kbad, kbad)
		KORTESTD(kbad, kbad)
		JNZ(LabelRef(p + "done"))
		return a
	}
	u0 := decode(va.AsY(), vb.AsY(), vc.AsY())
	store(u0, 0)
	CMPQ(count, U8(32))
	JBE(LabelRef(p + "advance"))
	ya, yb, yc := YMM(), YMM(), YMM()
	VEXTRACTI64X4(U8(1), va, ya)
	VEXTRACTI64X4(U8(1), vb, yb)
	VEXTRACTI64X4(U8(1), vc, yc)
	u1 := decode(ya, yb, yc)
	store(u1, 32*width)
	Label(p + "advance")
	if width == 2 {
		LEAQ(Mem{Base: j, Index: count, Scale: 2}, j)
	} else {
		LEAQ(Mem{Base: j, Index: count, Scale: 4}, j)
	}
	ADDQ(n, i)
	JMP(LabelRef(p + "loop"))

	Label(p + "four")
	pureFour(p, width, v, dp, sp, i, j, sLim, dLim, swap)
	Label(p + "four_mixed")
	fourBytes(p, width, v, high, cont, ge0, gf0, dp, i, j, dLim, ones, swap)
	JMP(LabelRef(p + "loop"))
	epilogue(p, i, j)
}

// pureFour is the path of utf8ToWide for blocks of sixteen 4-byte characters,
// which text in the supplementary planes (emoji, historic scripts) is made of:
// each 32-bit lane holds one character whole, so the block decodes in place,
// with no compression, into sixteen values or surrogate pairs that fill 64
// bytes again. It loops while the blocks stay that way; any other block goes
// to fourBytes when it is the first, or back to the main loop.
func pureFour(p string, width int, v reg.VecVirtual, dp, sp, i, j, sLim, dLim reg.GPVirtual, swap reg.VecVirtual) {
	// check leaves in cp the values of the sixteen characters of x, going to
	// fail unless every lane is F0..F7 and three continuation bytes with a
	// value in U+10000..U+10FFFF (which rules out F5..F7, overlong forms and
	// F4 above 8F).
	check := func(x, cp, t reg.VecVirtual, fail string) {
		k := K()
		VPANDD(dword[0xC0C0C0F8], x, t)
		VPCMPEQD(dword[0x808080F0], t, k)
		KORTESTW(k, k)
		JCC(LabelRef(fail))
		VPSLLD(U8(4), x, cp)
		VPANDD(dword[0x3F000], cp, cp)
		VPSLLD(U8(18), x, t)
		VPTERNLOGD(U8(0xF8), dword[0x1C0000], t, cp) // cp |= t & mask
		VPSRLD(U8(10), x, t)
		VPTERNLOGD(U8(0xF8), dword[0xFC0], t, cp)
		VPSRLD(U8(24), x, t)
		VPTERNLOGD(U8(0xF8), dword[0x3F], t, cp)
		VPSUBD(dword[0x10000], cp, t)
		VPCMPUD(U8(5), dword[0x100000], t, k) // t >= 0x100000
		KORTESTW(k, k)
		JNZ(LabelRef(fail))
	}
	cp, t := ZMM(), ZMM()
	check(v, cp, t, p+"four_mixed")
	Label(p + "pure")
	if width == 4 {
		if swap != nil {
			VPSHUFB(swap, cp, cp)
		}
		VMOVDQU64(cp, at(dp, j, 0))
	} else {
		// t = cp - 0x10000: high surrogate in the low half, low in the high.
		h := ZMM()
		VPSRLD(U8(10), t, h)
		VPSLLD(U8(16), t, t)
		VPTERNLOGD(U8(0xF8), dword[0x3FF0000], t, h)
		VPORD(dword[0xDC00D800], h, h)
		if swap != nil {
			VPSHUFB(swap, h, h)
		}
		VMOVDQU64(h, at(dp, j, 0))
	}
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	CMPQ(i, sLim)
	JG(LabelRef(p + "done"))
	CMPQ(j, dLim)
	JG(LabelRef(p + "done"))
	VMOVDQU64(at(sp, i, 0), v)
	check(v, cp, t, p+"loop")
	JMP(LabelRef(p + "pure"))
}

// fourBytes is the path of utf8ToWide for blocks holding a byte >= F0: the
// same checks with 4-byte characters allowed, the lead and the three bytes
// after it compressed into four vectors, and the characters decoded 16 at a
// time in 32-bit lanes. For UTF-16 a character above U+FFFF becomes a
// surrogate pair in its lane, and VPCOMPRESSW drops the unused upper halves.
func fourBytes(p string, width int, v reg.VecVirtual, high, cont, ge0, gf0, dp, i, j, dLim, ones reg.GPVirtual, swap reg.VecVirtual) {
	bad, x := GP64(), GP64()
	if width == 2 {
		// The UTF-16 loop leaves 128 bytes of room; this path wants 192.
		MOVQ(dLim, x)
		SUBQ(U8(64), x)
		CMPQ(j, x)
		JG(LabelRef(p + "done"))
	}
	kb := K()
	cF5 := ZMM()
	MOVL(U32(0xF5F5F5F5), x.As32())
	VPBROADCASTD(x.As32(), cF5)
	VPCMPUB(U8(5), cF5, v, kb) // v >= 0xF5
	KMOVQ(kb, bad)
	t := ZMM()
	MOVL(U32(0xFEFEFEFE), x.As32())
	VPBROADCASTD(x.As32(), t)
	VPANDD(v, t, t)
	MOVL(U32(0xC0C0C0C0), x.As32())
	VPBROADCASTD(x.As32(), cF5)
	ko := K()
	VPCMPEQB(cF5, t, ko) // C0, C1
	KMOVQ(ko, x)
	ORQ(x, bad)
	l2, l3, l4 := GP64(), GP64(), GP64()
	ANDNQ(high, cont, l2)
	ANDNQ(l2, ge0, l2)  // C2..DF
	ANDNQ(ge0, gf0, l3) // E0..EF
	ANDNQ(gf0, bad, l4) // F0..F4 (bad holds F5..FF)
	// Characters not ending in the block cut it.
	for _, c := range []struct {
		r     reg.GPVirtual
		shift int
	}{{l2, 63}, {l3, 62}, {l4, 61}} {
		MOVQ(c.r, x)
		SHRQ(U8(c.shift), x)
		SHLQ(U8(c.shift), x)
		ORQ(x, bad)
	}
	n := GP64()
	TZCNTQ(bad, n)
	TESTQ(n, n)
	JZ(LabelRef(p + "done"))
	mask := GP64()
	BZHIQ(n, ones, mask)
	ANDQ(mask, l2)
	ANDQ(mask, l3)
	ANDQ(mask, l4)
	ANDQ(mask, cont)
	starts := GP64()
	ANDNQ(mask, cont, starts)
	// Continuations: one after each multi-byte lead, two after 3- and 4-byte
	// leads, three after 4-byte leads.
	ORQ(l4, l3)
	ORQ(l3, l2)
	SHLQ(U8(1), l2)
	SHLQ(U8(2), l3)
	SHLQ(U8(3), l4)
	ORQ(l3, l2)
	ORQ(l4, l2)
	CMPQ(l2, cont)
	JNE(LabelRef(p + "done"))

	vs := make([]reg.VecVirtual, 4)
	MOVQ(starts, x)
	for q := range vs {
		k := K()
		KMOVQ(x, k)
		vs[q] = ZMM()
		compressB(v, k, vs[q])
		SHLQ(U8(1), x)
	}
	count := GP64()
	POPCNTQ(starts, count)
	lanes := GP64()
	MOVQ(count, lanes)
	// The groups write at jw; j moves only once the whole block has passed.
	jw := GP64()
	MOVQ(j, jw)

	for g := 0; g < 4; g++ {
		if g > 0 {
			CMPQ(count, U8(16*g))
			JBE(LabelRef(p + "four_advance"))
		}
		b := make([]reg.VecVirtual, 4)
		for q := range b {
			b[q] = ZMM()
			if g == 0 {
				VPMOVZXBD(vs[q].AsX(), b[q])
			} else {
				xr := XMM()
				VEXTRACTI32X4(U8(g), vs[q], xr)
				VPMOVZXBD(xr, b[q])
			}
		}
		a := b[0]
		for q := 1; q < 4; q++ {
			VPANDD(dword[0x3F], b[q], b[q])
		}
		k2, k3, k4 := K(), K(), K()
		VPCMPUD(U8(5), dword[0xC0], a, k2)
		VPCMPUD(U8(5), dword[0xE0], a, k3)
		VPCMPUD(U8(5), dword[0xF0], a, k4)
		u2, u3, u4, s := ZMM(), ZMM(), ZMM(), ZMM()
		// u2 = (a&1F)<<6 | b1
		VPANDD(dword[0x1F], a, u2)
		VPSLLD(U8(6), u2, u2)
		VPORD(b[1], u2, u2)
		// u3 = (a&0F)<<12 | b1<<6 | b2
		VPANDD(dword[0x0F], a, u3)
		VPSLLD(U8(12), u3, u3)
		VPSLLD(U8(6), b[1], s)
		VPTERNLOGD(U8(0xFE), b[2], s, u3)
		// u4 = (a&07)<<18 | b1<<12 | b2<<6 | b3
		VPANDD(dword[0x07], a, u4)
		VPSLLD(U8(18), u4, u4)
		VPSLLD(U8(12), b[1], s)
		VPTERNLOGD(U8(0xFE), b[3], s, u4)
		VPSLLD(U8(6), b[2], s)
		VPORD(s, u4, u4)
		VPBLENDMD(u2, a, k2, a)
		VPBLENDMD(u3, a, k3, a)
		VPBLENDMD(u4, a, k4, a)
		// Overlong and surrogate 3-byte forms, 4-byte forms out of range.
		e1, e2, e3 := K(), K(), K()
		VPCMPUD(U8(1), dword[0x800], a, k3, e1)
		VPSUBD(dword[0xD800], a, s)
		VPCMPUD(U8(1), dword[0x800], s, k3, e2)
		KORW(e2, e1, e1)
		VPSUBD(dword[0x10000], a, s)
		VPCMPUD(U8(5), dword[0x100000], s, k4, e3)
		KORW(e3, e1, e1)
		KORTESTW(e1, e1)
		JNZ(LabelRef(p + "done"))
		m := GP64()
		if width == 4 {
			if swap != nil {
				VPSHUFB(swap, a, a)
			}
			VMOVDQU64(a, at(dp, jw, 0))
			// j advances by the lanes in use, at most 16.
			MOVQ(U32(16), m)
			CMPQ(lanes, m)
			CMOVQLT(lanes, m)
			LEAQ(Mem{Base: jw, Index: m, Scale: 4}, jw)
		} else {
			// s = the surrogate pair: high in the low half, low in the high half.
			hi, lo := ZMM(), ZMM()
			VPSRLD(U8(10), s, hi)
			VPADDD(dword[0xD800], hi, hi)
			VPANDD(dword[0x3FF], s, lo)
			VPADDD(dword[0xDC00], lo, lo)
			VPSLLD(U8(16), lo, lo)
			VPORD(lo, hi, hi)
			VPBLENDMD(hi, a, k4, a)
			m4, keep := GP64(), GP64()
			KMOVW(k4, m4.As32())
			MOVL(U32(0xAAAAAAAA), x.As32())
			PDEPL(x.As32(), m4.As32(), keep.As32())
			ORL(U32(0x55555555), keep.As32())
			MOVQ(lanes, m)
			SHLQ(U8(1), m)
			BZHIQ(m, keep, keep)
			kk := K()
			KMOVD(keep.As32(), kk)
			out := ZMM()
			compressW(a, kk, out)
			if swap != nil {
				VPSHUFB(swap, out, out)
			}
			VMOVDQU64(out, at(dp, jw, 0))
			POPCNTQ(keep, m)
			LEAQ(Mem{Base: jw, Index: m, Scale: 2}, jw)
		}
		SUBQ(U8(16), lanes)
	}
	Label(p + "four_advance")
	MOVQ(jw, j)
	ADDQ(n, i)
}

// purePairs is the path of utf16ToUTF8 for blocks of sixteen surrogate pairs,
// the supplementary-plane counterpart of pureFour: each 32-bit lane holds a
// pair, whose four UTF-8 bytes fill the same lane, so 64 bytes become 64
// bytes with no compression. It loops while the blocks stay that way; any
// other block goes on to the general surrogate path when it is the first, or
// back to the main loop.
func purePairs(p string, be bool, v reg.VecVirtual, dp, sp, i, j, sLim, dLim reg.GPVirtual, swap reg.VecVirtual) {
	check := func(x reg.VecVirtual, fail string) {
		t, k := ZMM(), K()
		VPANDD(dword[0xFC00FC00], x, t)
		VPCMPEQD(dword[0xDC00D800], t, k)
		KORTESTW(k, k)
		JCC(LabelRef(fail))
	}
	check(v, p+"mixed")
	Label(p + "pure")
	// cp = (high-D800)<<10 + (low-DC00) + 0x10000 = high<<10 + low - 0x35FDC00.
	cp, t, w := ZMM(), ZMM(), ZMM()
	VPSLLD(U8(16), v, cp)
	VPSRLD(U8(6), cp, cp)
	VPSRLD(U8(16), v, t)
	VPADDD(t, cp, cp)
	VPADDD(dword[0xFCA02400], cp, cp)
	VPSRLD(U8(18), cp, t)
	VPSRLD(U8(4), cp, w)
	VPTERNLOGD(U8(0xF8), dword[0x3F00], w, t) // t |= w & 0x3F00
	VPSLLD(U8(10), cp, w)
	VPTERNLOGD(U8(0xF8), dword[0x3F0000], w, t)
	VPSLLD(U8(24), cp, w)
	VPTERNLOGD(U8(0xF8), dword[0x3F000000], w, t)
	VPORD(dword[0x808080F0], t, t)
	VMOVDQU64(t, at(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(64), j)
	CMPQ(i, sLim)
	JG(LabelRef(p + "done"))
	CMPQ(j, dLim)
	JG(LabelRef(p + "done"))
	VMOVDQU64(at(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	check(v, p+"loop")
	JMP(LabelRef(p + "pure"))
}

// utf16ToUTF8 converts 32 code units per block. Each half of 16 units is
// widened to 32-bit lanes holding the one to three UTF-8 bytes of the unit,
// and VPCOMPRESSW keeps the bytes in use. A block whose surrogates all pair up
// (a high surrogate in the last unit waits for the next block) takes a second
// path where the lane of a high surrogate holds the four bytes of the pair,
// read with the unit after it, and the lane of the low surrogate holds
// nothing. Any other block is cut before its first surrogate.
func utf16ToUTF8(name string, be bool) {
	p := name + "_"
	order := map[bool]string{false: "LE", true: "BE"}[be]
	signature(name,
		name+" converts UTF-16"+order+" to UTF-8 in 64-byte blocks while src",
		"has 64 bytes left and dst 128, and returns the bytes written and read. It",
		"stops before the first lone surrogate.")
	dp, sp, i, j, sLim, dLim := prologue(128)
	wFF80, wD800, w800, w80 := splat(0xFF80FF80), splat(0xD800D800), splat(0x08000800), splat(0x00800080)
	d3F, d80C0, d8080E0 := splat(0x3F), splat(0x80C0), splat(0x8080E0)
	var swap reg.VecVirtual
	if be {
		swap = ZMM()
		VMOVDQU64(swap16, swap)
	}

	loopHead(p, i, j, sLim, dLim)
	v := ZMM()
	VMOVDQU64(at(sp, i, 0), v)
	if be {
		VPSHUFB(swap, v, v)
	}
	k := K()
	VPTESTMW(wFF80, v, k)
	KORTESTD(k, k)
	JNZ(LabelRef(p + "wide"))
	y := YMM()
	VPMOVWB(v, y)
	VMOVDQU(y, at(dp, j, 0))
	ADDQ(U8(64), i)
	ADDQ(U8(32), j)
	JMP(LabelRef(p + "loop"))

	Label(p + "wide")
	s := ZMM()
	ksur, khs := K(), K()
	VPSUBW(wD800, v, s)
	VPCMPUW(U8(1), w800, s, ksur)
	sur, hs, ls, n, x := GP64(), GP64(), GP64(), GP64(), GP64()
	KMOVD(ksur, sur.As32())
	k1, k2 := K(), K()
	VPCMPUW(U8(1), w80, v, k1)
	VPCMPUW(U8(1), w800, v, k2)
	r1, r2 := GP64(), GP64()
	KMOVD(k1, r1.As32())
	KMOVD(k2, r2.As32())
	NOTQ(r1)
	NOTQ(r2)
	MOVQ(U32(32), n)
	XORQ(hs, hs)
	XORQ(ls, ls)
	TESTQ(sur, sur)
	JZ(LabelRef(p + "plain"))
	purePairs(p, be, v, dp, sp, i, j, sLim, dLim, swap)
	Label(p + "mixed")
	// Surrogates: do they all pair up?
	MOVL(U32(0x04000400), x.As32())
	w400 := ZMM()
	VPBROADCASTD(x.As32(), w400)
	VPCMPUW(U8(1), w400, s, khs) // D800..DBFF
	KMOVD(khs, hs.As32())
	ANDNQ(sur, hs, ls)
	BTQ(U8(31), hs)
	JCC(LabelRef(p + "whole"))
	DECQ(n)
	BTRQ(U8(31), hs)
	BTRQ(U8(31), sur)
	Label(p + "whole")
	MOVQ(hs, x)
	SHLQ(U8(1), x)
	CMPQ(x, ls)
	JEQ(LabelRef(p + "pairs"))
	// A lone surrogate: convert the units before the first surrogate.
	XORQ(hs, hs)
	XORQ(ls, ls)
	TZCNTL(sur.As32(), n.As32())
	TESTQ(n, n)
	JZ(LabelRef(p + "done"))
	JMP(LabelRef(p + "plain"))

	// half converts units min(lanes, 16) of the 16 in y, next holding the
	// unit after each; with pairs, khs marks the high surrogates and hs, ls
	// (in general registers, shifted to this half) both kinds.
	half := func(y, next reg.Register, k1, k2, khs reg.Register, lanes reg.GPVirtual, pairs bool) {
		u, x, s6, t2, t3, s12, y6 := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
		VPMOVZXWD(y, u)
		VPANDD(d3F, u, x)
		VPSRLD(U8(6), u, s6)
		VPSRLD(U8(12), u, s12)
		VPANDD(d3F, s6, y6)
		VPSLLD(U8(8), x, t2)
		VPTERNLOGD(U8(0xFE), d80C0, s6, t2) // 0xC0 | u>>6, 0x80 | u&0x3F
		VPSLLD(U8(8), y6, y6)
		VPSLLD(U8(16), x, t3)
		VPTERNLOGD(U8(0xFE), s12, y6, t3)
		VPORD(d8080E0, t3, t3) // 0xE0 | u>>12, 0x80 | u>>6&0x3F, 0x80 | u&0x3F
		if pairs {
			// cp = (u-D800)<<10 + (next-DC00) + 0x10000 = u<<10 + next - 0x35FDC00.
			nx, cp, t4, w := ZMM(), ZMM(), ZMM(), ZMM()
			VPMOVZXWD(next, nx)
			VPSLLD(U8(10), u, cp)
			VPADDD(nx, cp, cp)
			VPADDD(dword[0xFCA02400], cp, cp)
			VPSRLD(U8(18), cp, t4)
			VPSRLD(U8(4), cp, w)
			VPTERNLOGD(U8(0xF8), dword[0x3F00], w, t4) // t4 |= w & 0x3F00
			VPSLLD(U8(10), cp, w)
			VPTERNLOGD(U8(0xF8), dword[0x3F0000], w, t4)
			VPSLLD(U8(24), cp, w)
			VPTERNLOGD(U8(0xF8), dword[0x3F000000], w, t4)
			VPORD(dword[0x808080F0], t4, t4)
			VPBLENDMD(t4, t3, khs, t3)
		}
		VPBLENDMD(t2, t3, k2, t3)
		VPBLENDMD(u, t3, k1, t3)
		keep, q, pat := GP64(), GP64(), GP64()
		// The masks of byte 0, 1, 2 and 3 of each 32-bit lane.
		p1 := func() reg.Register { MOVQ(U64(0x1111111111111111), pat); return pat }
		p2 := func() reg.Register { MOVQ(U64(0x2222222222222222), pat); return pat }
		p4 := func() reg.Register { MOVQ(U64(0x4444444444444444), pat); return pat }
		if pairs {
			b := GP64()
			MOVQ(ls, b)
			NOTQ(b)
			PDEPQ(p1(), b, keep)
			ANDNQ(r1, ls, b)
			PDEPQ(p2(), b, q)
			ORQ(q, keep)
			ANDNQ(r2, ls, b)
			PDEPQ(p4(), b, q)
			ORQ(q, keep)
			MOVQ(U64(0x8888888888888888), pat)
			PDEPQ(pat, hs, q)
			ORQ(q, keep)
		} else {
			PDEPQ(p2(), r1, keep)
			PDEPQ(p4(), r2, q)
			ORQ(q, keep)
			ORQ(p1(), keep)
		}
		SHLQ(U8(2), lanes)
		BZHIQ(lanes, keep, keep)
		kk := K()
		KMOVQ(keep, kk)
		out := ZMM()
		compressB(t3, kk, out)
		VMOVDQU64(out, at(dp, j, 0))
		POPCNTQ(keep, q)
		ADDQ(q, j)
	}
	body := func(pairs bool, l string) {
		var nx reg.VecVirtual
		var nxh reg.Register
		if pairs {
			idx := ZMM()
			nx = ZMM()
			VMOVDQU64(nextUnit, idx)
			VPERMW(v, idx, nx)
			nxh = YMM()
		}
		lanes := GP64()
		MOVQ(n, lanes)
		var nxl reg.Register
		if pairs {
			nxl = nx.AsY()
		}
		half(v.AsY(), nxl, k1, k2, khs, lanes, pairs)
		CMPQ(n, U8(16))
		JBE(LabelRef(p + l + "advance"))
		yh := YMM()
		VEXTRACTI64X4(U8(1), v, yh)
		kh1, kh2, khh := K(), K(), K()
		KSHIFTRD(U8(16), k1, kh1)
		KSHIFTRD(U8(16), k2, kh2)
		if pairs {
			VEXTRACTI64X4(U8(1), nx, nxh)
			KSHIFTRD(U8(16), khs, khh)
			SHRQ(U8(16), hs)
			SHRQ(U8(16), ls)
		}
		SHRQ(U8(16), r1)
		SHRQ(U8(16), r2)
		MOVQ(n, lanes)
		SUBQ(U8(16), lanes)
		half(yh, nxh, kh1, kh2, khh, lanes, pairs)
		Label(p + l + "advance")
		LEAQ(Mem{Base: i, Index: n, Scale: 2}, i)
		JMP(LabelRef(p + "loop"))
	}
	Label(p + "plain")
	body(false, "plain_")
	Label(p + "pairs")
	// khs may hold a high surrogate in unit 31, cut off above.
	KMOVD(hs.As32(), khs)
	body(true, "pairs_")
	epilogue(p, i, j)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
