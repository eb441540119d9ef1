package main

// UTF-8 to UTF-16 and UTF-32: the kernels of the three sets, one generator
// function (utf8ToWide) over asm.Width and the set, in three files.
//
// This file holds what every set does the same way, written once over the
// width (64-byte blocks with AVX-512, 32-byte with AVX2): the kernel's
// frame and loop, ASCII blocks widened whole, the exit that converts the
// ASCII bytes before a refused one, and the two paths for runs of one kind
// of character that decode in place with no packing at all: pureFour
// (4-byte characters, one to each 32-bit lane) and pureThree (3-byte
// characters, four to each 16-byte lane). Every set takes both. So are the
// marks of lead and continuation bytes that every set's code for mixed
// blocks computes in general registers (cutLeads, checkContinuations: 64
// bytes at a time, or 16 for AVX2's).
//
// What is left, the blocks that mix character lengths, is where the
// instruction sets really differ, and each file says which algorithm it
// holds and which sets use it:
//
//   - utf8_to_wide_vbmi2.go: the AVX-512 VBMI2 set alone. VPCOMPRESSB
//     gathers each character's bytes into lanes of their own and
//     VPCOMPRESSW drops the lanes of the lead bytes; without VBMI2 there is
//     no byte or word compression to write this with.
//   - utf8_to_wide_lanes.go: the AVX-512BW and AVX2 sets. Every byte's lane
//     is decoded as if it ended a character, and the lanes that do are kept:
//     by a VPSHUFB table on 16-bit lanes, 16 bytes at a time, in the AVX2
//     code that both sets take for 32-byte runs of 1- to 3-byte characters;
//     by VPCOMPRESSD (AVX-512F) on 32-bit lanes, 16 bytes at a time, for the
//     AVX-512BW set's other blocks. AVX2 has no compression at all, so it
//     packs with tables; the AVX2 code is not folded into the AVX-512BW
//     code over the width because the two keep their lanes by different
//     instructions at different lane sizes.
//
// The order in which the paths are tried differs: the AVX2 kernel tries
// pureFour first on every block that is not ASCII (a test of one vector),
// the AVX-512 kernels only once their masks have found a byte >= F0, and
// the AVX-512BW kernel tries the AVX2 32-byte paths before its own.

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// wideSet is a kernel set of the UTF-8 to UTF-16/UTF-32 kernels.
type wideSet int

const (
	setVBMI2 wideSet = iota // AVX-512 with VBMI2: 64-byte blocks, byte compression
	setBW                   // AVX-512 F and BW only (Skylake-X to Cascade Lake): 64-byte blocks
	setAVX2                 // AVX2: 32-byte blocks
)

// width is the set's vector width.
func (s wideSet) width() asm.Width {
	if s == setAVX2 {
		return asm.AVX2
	}
	return asm.AVX512
}

// suffix is the set's suffix in kernel names.
func (s wideSet) suffix() string {
	return [...]string{"AVX512", "AVX512BW", "AVX2"}[s]
}

// wideKernel is the state one UTF-8 to UTF-16/UTF-32 kernel's paths share:
// its width and set, its output unit (outUnit, 2 or 4 bytes: the size of the
// output's code unit, not the vector width) and byte order, and the
// registers of its loop.
type wideKernel struct {
	w       asm.Width
	set     wideSet
	tab     *consts
	p       asm.Scope
	outUnit int
	be      bool
	// dst and src, their indexes, and the loop's bounds (see prologue).
	dp, sp, i, j, sLim, dLim reg.GPVirtual
	// swap holds the byte-swap pattern of the output's unit when be, on
	// AVX-512 (nil otherwise: AVX2 reads it from memory).
	swap reg.VecVirtual
}

// vec is the constant vector of the 32-bit value v repeated, for k's width.
func (k *wideKernel) vec(v uint32) Mem {
	m, ok := k.tab.ydw[v]
	if k.w.Masked() {
		m, ok = k.tab.dword[v]
	}
	if !ok {
		panic("convkernel: no " + k.w.Name() + " constant " + asm.Hex(v))
	}
	return m
}

// swapUnits puts the output units in v (any size) in big-endian order when
// the kernel writes big-endian.
func (k *wideKernel) swapUnits(v reg.Register) {
	if !k.be {
		return
	}
	if k.swap == nil {
		pat := k.tab.swap32
		if k.outUnit == 2 {
			pat = k.tab.swap16
		}
		VPSHUFB(pat, v, v)
		return
	}
	var s reg.Register = k.swap
	switch v.Size() {
	case 32:
		s = k.swap.AsY()
	case 16:
		s = k.swap.AsX()
	}
	VPSHUFB(s, v, v)
}

// orAnd sets dst to dst | (t & m), m a constant: one VPTERNLOGD on AVX-512.
// t is clobbered on AVX2.
func (k *wideKernel) orAnd(m Mem, t, dst reg.VecVirtual) {
	if k.w.Masked() {
		VPTERNLOGD(U8(0xF8), m, t, dst)
		return
	}
	VPAND(m, t, t)
	VPOR(t, dst, dst)
}

// utf8ToWide writes the kernel of set converting UTF-8 to UTF-16 (outUnit
// 2) or UTF-32 (outUnit 4), big-endian if be. A block of ASCII widens
// whole; any other block takes the first path that converts it (the
// files' comments say which), or ends the call, leaving the rest to the Go
// caller, at the latest at the start of the block holding ill-formed input.
func utf8ToWide(tab *consts, set wideSet, outUnit int, be bool) {
	w := set.width()
	name := "utf8ToUTF" + map[int]string{2: "16", 4: "32"}[outUnit] + orderName[be] + set.suffix()
	room := w.Bytes * outUnit
	doc := []string{
		name + " converts UTF-8 to UTF-" + map[int]string{2: "16", 4: "32"}[outUnit] + orderName[be] + " in " + itoa(w.Bytes) + "-byte blocks",
		"while src has " + itoa(w.Bytes) + " bytes left and dst " + itoa(room) + ", and returns the bytes",
	}
	switch set {
	case setVBMI2:
		doc = append(doc, "written and read. It stops at ill-formed input, at the latest at the",
			"start of the block holding it.")
	case setBW:
		doc = append(doc, "written and read, with AVX-512 F and BW only. It stops at ill-formed",
			"input, at the latest at the start of the block holding it.")
	case setAVX2:
		doc = append(doc, "written and read. It stops at ill-formed input, at the latest at the",
			"start of the 16 bytes holding it.")
	}
	signature(name, doc...)
	k := &wideKernel{w: w, set: set, tab: tab, p: asm.Scope(name + "_"), outUnit: outUnit, be: be}
	p := k.p
	k.dp, k.sp, k.i, k.j, k.sLim, k.dLim = prologue(w.Bytes, room)
	dp, sp, i, j, sLim, dLim := k.dp, k.sp, k.i, k.j, k.sLim, k.dLim
	// What the set's paths keep in registers through the loop.
	var vc vbmi2Consts
	if set == setVBMI2 {
		vc = newVBMI2Consts()
	}
	var ones reg.GPVirtual
	if w.Masked() {
		if be {
			k.swap = ZMM()
			if outUnit == 2 {
				VMOVDQU64(tab.swap16, k.swap)
			} else {
				VMOVDQU64(tab.swap32, k.swap)
			}
		}
		ones = const64(^uint64(0))
	}

	loopHead(p, i, j, sLim, dLim)
	v := w.Vec()
	w.Load(asm.At(sp, i, 0), v)
	high := GP64()
	var km reg.OpmaskVirtual
	if w.Masked() {
		km = K()
		VPMOVB2M(v, km)
		KORTESTQ(km, km)
	} else {
		VPMOVMSKB(v, high.As32())
		TESTL(high.As32(), high.As32())
	}
	JNZ(p.Ref("wide"))
	widenASCII(v, dp, sp, i, j, outUnit, be)
	ADDQ(asm.Const(w.Bytes), i)
	ADDQ(asm.Const(w.Bytes*outUnit), j)
	JMP(p.Ref("loop"))

	p.Label("wide")
	if w.Masked() {
		KMOVQ(km, high)
	}
	asciiExit(p, v, high, dp, sp, i, j, outUnit, be, 0xC2, 0xF4)
	switch set {
	case setVBMI2:
		k.pureThree("wide_general")
		p.Label("wide_general")
		k.vbmi2Blocks(vc, v, km, high, ones)
	case setBW:
		k.pureThree("wide_general")
		p.Label("wide_general")
		twoBytesFirst(tab, p, outUnit, be, dp, sp, i, j, sLim, dLim)
		p.Label("sixteen")
		k.bwBlocks(v, km, ones)
	case setAVX2:
		k.pureFour(v, "mixed")
		p.Label("mixed")
		k.pureThree("mixed16")
		p.Label("mixed16")
		k.avx2Blocks(v, high)
	}
	asciiEpilogue(p, w.Bytes, dp, sp, i, j, sLim, dLim, outUnit, be)
}

// pureFour is the path for blocks of 4-byte characters only (Bytes/4 of
// them), which text in the supplementary planes (emoji, historic scripts) is
// made of: each 32-bit lane of v holds one character whole, so the block
// decodes in place, with no packing, into values or surrogate pairs that
// fill a block again. It loops while the blocks stay that way; any other
// block goes to the label fail when it is the first, or back to the main
// loop.
func (k *wideKernel) pureFour(v reg.VecVirtual, fail string) {
	w, p := k.w, k.p
	m := GP32()
	// check leaves in cp the values of the characters of v and in t those
	// values less 0x10000, going to fail unless every lane is F0..F7 and
	// three continuation bytes with a value in U+10000..U+10FFFF (which
	// rules out F5..F7, overlong forms and F4 above 8F).
	check := func(cp, t, h reg.VecVirtual, fail LabelRef) {
		and(w, k.vec(0xC0C0C0F8), v, t)
		if w.Masked() {
			km := K()
			VPCMPEQD(k.vec(0x808080F0), t, km)
			KORTESTW(km, km)
			JCC(fail) // carry: all ones
		} else {
			VPCMPEQD(k.vec(0x808080F0), t, t)
			VPMOVMSKB(t, m)
			CMPL(m, U32(0xFFFFFFFF))
			JNE(fail)
		}
		VPSLLD(U8(4), v, cp)
		and(w, k.vec(0x3F000), cp, cp)
		VPSLLD(U8(18), v, t)
		k.orAnd(k.vec(0x1C0000), t, cp)
		VPSRLD(U8(10), v, t)
		k.orAnd(k.vec(0xFC0), t, cp)
		VPSRLD(U8(24), v, t)
		k.orAnd(k.vec(0x3F), t, cp)
		VPSUBD(k.vec(0x10000), cp, t)
		if w.Masked() {
			km := K()
			VPCMPUD(U8(5), k.vec(0x100000), t, km) // t >= 0x100000
			KORTESTW(km, km)
		} else {
			VPSRLD(U8(20), t, h)
			VPTEST(h, h)
		}
		JNZ(fail)
	}
	cp, t, h := w.Vec(), w.Vec(), w.Vec()
	check(cp, t, h, p.Ref(fail))
	p.Label("pure")
	if k.outUnit == 4 {
		out := cp
		if !w.Masked() {
			// AVX2 adds 0x10000 back to t rather than storing cp: one
			// instruction more, kept so that the kernel's later loops stay
			// where they were before the fold. Without it they moved by its
			// 6 bytes, which cost Korean 9% (the windows of upToThree) and
			// gained hebrew.html 17%: placement, not work.
			out = h
			VPADDD(k.vec(0x10000), t, out)
		}
		k.swapUnits(out)
		w.Store(out, asm.At(k.dp, k.j, 0))
	} else {
		// t = cp - 0x10000: high surrogate in the low half, low in the high.
		VPSRLD(U8(10), t, h)
		VPSLLD(U8(16), t, t)
		k.orAnd(k.vec(0x3FF0000), t, h)
		w.Or(k.vec(0xDC00D800), h, h)
		k.swapUnits(h)
		w.Store(h, asm.At(k.dp, k.j, 0))
	}
	ADDQ(asm.Const(w.Bytes), k.i)
	ADDQ(asm.Const(w.Bytes), k.j)
	CMPQ(k.i, k.sLim)
	JG(p.Ref("done"))
	CMPQ(k.j, k.dLim)
	JG(p.Ref("done"))
	w.Load(asm.At(k.sp, k.i, 0), v)
	check(cp, t, h, p.Ref("loop"))
	JMP(p.Ref("pure"))
}

// pureThree is the path for runs of 3-byte characters (CJK text): 3/4 of a
// block's bytes hold Bytes/4 characters whole, 12 bytes to each 16-byte lane
// (moved there by VPERMD on AVX-512, loaded there 12 bytes apart on AVX2),
// spread by one shuffle into 32-bit lanes of one character each, decoded
// side by side and, for UTF-16, narrowed. It loops while the input stays that
// way; the first run otherwise goes on to the label fail, later ones back to
// the main loop.
func (k *wideKernel) pureThree(fail string) {
	w, p, tab, sp, i := k.w, k.p, k.tab, k.sp, k.i
	// Only a 3-byte lead can start such a run: one byte tells.
	c := GP32()
	MOVBLZX(asm.At(sp, i, 0), c)
	ANDL(U32(0xF0), c)
	CMPL(c, U32(0xE0))
	JNE(p.Ref(fail))
	x, t, d, u := w.Vec(), w.Vec(), w.Vec(), w.Vec()
	// The marks of continuation bytes and of leads in the 12 bytes of each
	// 16-byte lane that hold four characters.
	const wantCont, wantLead, lanes = 0x0DB60DB60DB60DB6, 0x0249024902490249, 0x0FFF0FFF0FFF0FFF
	var idx reg.VecVirtual
	var km, k2 reg.OpmaskVirtual
	var m, l reg.GPVirtual
	var rCont, rLead, rLanes reg.GPVirtual
	if w.Masked() {
		idx = ZMM()
		VMOVDQU64(tab.three48, idx)
		km, k2 = K(), K()
		m, l = GP64(), GP64()
		rCont, rLead, rLanes = const64(wantCont), const64(wantLead), const64(lanes)
	} else {
		m, l = GP32(), GP32()
	}
	// eq sets out to the mask of the bytes of t equal to those of e.
	eq := func(e Mem, out reg.GPVirtual) {
		if w.Masked() {
			VPCMPEQB(e, t, km)
			KMOVQ(km, out)
		} else {
			VPCMPEQB(e, t, t)
			VPMOVMSKB(t, out)
		}
	}
	// check loads the characters at src[i:] and leaves their values in d,
	// going to fail unless they are all 3-byte characters with values from
	// U+0800, none a surrogate.
	check := func(fail LabelRef) {
		if w.Masked() {
			VPERMD(asm.At(sp, i, 0), idx, x)
		} else {
			VMOVDQU(asm.At(sp, i, 0), x.AsX())
			VINSERTI128(U8(1), asm.At(sp, i, 12), x, x)
		}
		and(w, k.vec(0xC0C0C0C0), x, t)
		eq(k.vec(0x80808080), m)
		and(w, k.vec(0xF0F0F0F0), x, t)
		eq(k.vec(0xE0E0E0E0), l)
		if w.Masked() {
			ANDQ(rLanes, m)
			ANDQ(rLanes, l)
			XORQ(rCont, m)
			XORQ(rLead, l)
			ORQ(l, m)
		} else {
			ANDL(U32(lanes&0xFFFFFFFF), m)
			ANDL(U32(lanes&0xFFFFFFFF), l)
			XORL(U32(wantCont&0xFFFFFFFF), m) // continuation bytes 1, 2, 4, 5, 7, 8, 10, 11
			XORL(U32(wantLead&0xFFFFFFFF), l) // leads 0, 3, 6, 9
			ORL(l, m)
		}
		JNZ(fail)
		VPSHUFB(tab.three, x, d) // lane k: last byte, middle, lead, 0
		and(w, k.vec(0x3F), d, t)
		and(w, k.vec(0x3F00), d, u)
		VPSRLD(U8(2), u, u)
		w.Or(u, t, t)
		and(w, k.vec(0x0F0000), d, u)
		VPSRLD(U8(4), u, u)
		w.Or(u, t, d)
		and(w, k.vec(0xF800), d, t)
		if w.Masked() {
			VPTESTNMD(t, t, km)            // below U+0800
			VPCMPEQD(k.vec(0xD800), t, k2) // surrogate
			KORW(k2, km, km)
			KORTESTW(km, km)
		} else {
			w.Zero(u)
			VPCMPEQD(u, t, u)             // below U+0800
			VPCMPEQD(k.vec(0xD800), t, t) // surrogate
			VPOR(u, t, t)
			VPTEST(t, t)
		}
		JNZ(fail)
	}
	check(p.Ref(fail))
	p.Label("three")
	switch {
	case k.outUnit == 4:
		k.swapUnits(d)
		w.Store(d, asm.At(k.dp, k.j, 0))
	case w.Masked():
		y := YMM()
		VPMOVDW(d, y)
		k.swapUnits(y)
		VMOVDQU(y, asm.At(k.dp, k.j, 0))
	default:
		VPACKUSDW(d, d, d)
		VPERMQ(U8(0x08), d, d)
		k.swapUnits(d.AsX())
		VMOVDQU(d.AsX(), asm.At(k.dp, k.j, 0))
	}
	ADDQ(asm.Const(w.Bytes/4*3), i)
	ADDQ(asm.Const(w.Bytes/4*k.outUnit), k.j)
	CMPQ(i, k.sLim)
	JG(p.Ref("done"))
	CMPQ(k.j, k.dLim)
	JG(p.Ref("done"))
	check(p.Ref("loop"))
	JMP(p.Ref("three"))
}

// leadMarks are the marks, one bit a byte, of the characters of a block (or
// of a part of one) in general registers, as cutLeads leaves them.
type leadMarks struct {
	bits       int           // 64, or 16 held in 32-bit registers
	l2, l3, l4 reg.GPVirtual // leads of 2-, 3- and 4-byte characters (l4 nil: none taken)
	cont       reg.GPVirtual // continuation bytes
	n, mask    reg.GPVirtual // the bytes before the cut, and a mask of that many low bits
}

// cutLeads is the step every set's code for blocks of mixed character
// lengths takes on the marks of bits bytes (64 in 64-bit registers, or 16
// in the low bits of 32-bit ones): from high (the bytes >= 0x80), cont (the
// continuation bytes), ge0 (>= E0), gf0 (>= F0) and bad (the bytes that start
// no character the path takes: C0, C1 and F5..FF, and F0..F4 too when four
// is false), it finds the leads of 2-, 3- and (with four) 4-byte characters,
// cuts before the first bad byte and before the first character that does
// not end in the bytes, jumps to done when that leaves no byte, and masks
// the leads and cont to the bytes before the cut. bad is clobbered; ones
// holds all ones (64 bits only).
func cutLeads(p asm.Scope, bits int, four bool, high, cont, ge0, gf0, bad, ones reg.GPVirtual) leadMarks {
	q := bits == 64
	r := func(x reg.GPVirtual) Op {
		if q {
			return x
		}
		return x.As32()
	}
	andn, and, or, tz, test := ANDNQ, ANDQ, ORQ, TZCNTQ, TESTQ
	if !q {
		andn, and, or, tz, test = ANDNL, ANDL, ORL, TZCNTL, TESTL
	}
	m := leadMarks{bits: bits, l2: GP64(), l3: GP64(), cont: cont, n: GP64(), mask: GP64()}
	andn(r(high), r(cont), r(m.l2)) // high and not continuation
	andn(r(m.l2), r(ge0), r(m.l2))  // ... and below E0: C2..DF
	andn(r(ge0), r(gf0), r(m.l3))   // E0..EF
	leads := []reg.GPVirtual{m.l2, m.l3}
	if four {
		m.l4 = GP64()
		andn(r(gf0), r(bad), r(m.l4)) // F0..F4 (bad holds F5..FF)
		leads = append(leads, m.l4)
	}
	// A character not ending in the bytes cuts them too: a lead in the
	// last byte, a 3- or 4-byte one in the last two, a 4-byte one in the
	// last three.
	x := GP64()
	for s, l := range leads {
		from := bits - 1 - s
		if q {
			MOVQ(l, x)
			SHRQ(U8(from), x)
			SHLQ(U8(from), x)
		} else {
			MOVL(l.As32(), x.As32())
			ANDL(U32(uint32(1<<bits-1)&^uint32(1<<from-1)), x.As32())
		}
		or(r(x), r(bad))
	}
	if !q {
		ORL(U32(1<<bits), bad.As32()) // no bad byte: the cut is at the end
	}
	tz(r(bad), r(m.n)) // 64 when bad is 0
	test(r(m.n), r(m.n))
	JZ(p.Ref("done"))
	if q {
		BZHIQ(m.n, ones, m.mask)
	} else {
		MOVL(U32(0xFFFFFFFF), x.As32())
		BZHIL(m.n.As32(), x.As32(), m.mask.As32())
	}
	for _, l := range append(leads, cont) {
		and(r(m.mask), r(l))
	}
	return m
}

// checkContinuations jumps to done unless the continuation bytes are exactly
// those the leads call for: one after each lead, a second after 3- and
// 4-byte leads, a third after 4-byte ones. It clobbers l2 and leaves l3 and
// l4 shifted left (zero if and only if they were: the cut cleared their top
// bits).
func (m leadMarks) checkContinuations(p asm.Scope) {
	q := m.bits == 64
	r := func(x reg.GPVirtual) Op {
		if q {
			return x
		}
		return x.As32()
	}
	or, shl, cmp := ORQ, SHLQ, CMPQ
	if !q {
		or, shl, cmp = ORL, SHLL, CMPL
	}
	if m.l4 != nil {
		or(r(m.l4), r(m.l3))
	}
	or(r(m.l3), r(m.l2))
	shl(U8(1), r(m.l2))
	shl(U8(2), r(m.l3))
	if m.l4 != nil {
		shl(U8(3), r(m.l4))
	}
	or(r(m.l3), r(m.l2))
	if m.l4 != nil {
		or(r(m.l4), r(m.l2))
	}
	cmp(r(m.l2), r(m.cont))
	JNE(p.Ref("done"))
}
