package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// wideTab is the constant memory of the kernels that encode code points held
// in 32-bit lanes as UTF-8 (UTF-32 and Windows-1252 to UTF-8). Every vector
// is 64 bytes, so that both widths load it.
type wideTab struct {
	mem *asm.Tables // holds every table below
	dw  map[uint32]Mem
	// Indexed (VPERMD) by n, the UTF-8 length of a lane minus one: the lead
	// and continuation marks, the value bits of each byte, the bytes to keep (high bit set), and how far
	// right the byte-reversed 6-bit groups are shifted.
	marks, bits, keep, shift Mem
	// For AVX2: the left shift of n that packs four lanes' n into one byte
	// (2 bits each), the 256 VPSHUFB entries that keep n+1 bytes of each of
	// four lanes, and their total lengths.
	packN, spread, spreadLen Mem
	// For AVX2: VPSHUFB pattern taking byte 0 of each lane of a 128-bit half.
	lowBytes Mem
	// cp1252 and cp1252Hi hold the code points of bytes 80-8F and 90-9F
	// of Windows-1252.
	cp1252, cp1252Hi Mem
	// For AVX2's surrogate pairs between UTF-16 and UTF-32: indexed by an
	// 8-bit mask of 32-bit lanes, the lanes set (VPERMD indices, a byte
	// each, 8 bytes an entry); indexed by a 4-bit mask of the lanes holding
	// a pair, the VPSHUFB pattern keeping one 16-bit unit of every lane
	// and the second of those lanes.
	keepLanes, pairUnits Mem
	// For AVX2's four-block ASCII path: the VPERMD indices putting the
	// dwords of VPACKUSWB(VPACKUSDW(c0, c1), VPACKUSDW(c2, c3)), four
	// characters each, in order.
	asciiOrder Mem
	// For AVX-512's four-block ASCII path: the same for sixteen dwords.
	asciiOrder512 Mem
	// latin1Pairs holds the UTF-8 of each byte A0-FF (lead in the low byte),
	// two bytes an entry: the Windows-1252 kernels' sparse path looks a
	// byte's pair up rather than computing it from the byte's bits.
	latin1Pairs Mem
}

func (t *wideTab) splat(v uint32) Mem {
	if m, ok := t.dw[v]; ok {
		return m
	}
	m := t.mem.GLOBL("wdw" + asm.Hex(v))
	for i := 0; i < 16; i++ {
		t.mem.DATA(4*i, U32(v))
	}
	t.dw[v] = m
	return m
}

func newWideTab(mem *asm.Tables) *wideTab {
	t := &wideTab{mem: mem, dw: map[uint32]Mem{}}
	vec := func(name string, vals []uint32) Mem {
		m := t.mem.GLOBL(name)
		for i := 0; i < 16; i++ {
			v := uint32(0)
			if i < len(vals) {
				v = vals[i]
			}
			t.mem.DATA(4*i, U32(v))
		}
		return m
	}
	t.marks = vec("wideMarks", []uint32{0, 0x80C0, 0x8080E0, 0x808080F0})
	t.bits = vec("wideBits", []uint32{0x7F, 0x3F1F, 0x3F3F0F, 0x3F3F3F07})
	t.keep = vec("wideKeep", []uint32{0x80, 0x8080, 0x808080, 0x80808080})
	t.shift = vec("wideShift", []uint32{24, 16, 8, 0})
	t.packN = vec("widePackN", []uint32{0, 2, 4, 6, 0, 2, 4, 6})
	t.asciiOrder = vec("wideASCIIOrder", []uint32{0, 4, 1, 5, 2, 6, 3, 7})
	t.asciiOrder512 = vec("wideASCIIOrder512", []uint32{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15})
	// The two halves of the Windows-1252 table, VPERMI2D's two tables;
	// AVX2 reads them as four 8-entry quarters.
	t.cp1252 = vec("cp1252Lo", cp1252High[:16])
	t.cp1252Hi = vec("cp1252Hi", cp1252High[16:])
	t.lowBytes = t.mem.GLOBL("wideLowBytes")
	for i := 0; i < 32; i++ {
		b := 0x80
		if i%16 < 4 {
			b = 4 * (i % 16)
		}
		t.mem.DATA(i, U8(b))
	}
	entry := func(m int) []int {
		var e []int
		for q := 0; q < 4; q++ {
			n := m >> (2 * q) & 3
			for k := 0; k <= n; k++ {
				e = append(e, 4*q+k)
			}
		}
		return e
	}
	t.spread = t.mem.GLOBL("wideSpread")
	for m := 0; m < 256; m++ {
		e := entry(m)
		for k := 0; k < 16; k++ {
			b := 0x80
			if k < len(e) {
				b = e[k]
			}
			t.mem.DATA(16*m+k, U8(b))
		}
	}
	t.spreadLen = t.mem.GLOBL("wideSpreadLen")
	for m := 0; m < 256; m++ {
		t.mem.DATA(m, U8(len(entry(m))))
	}
	t.keepLanes = t.mem.GLOBL("wideKeepLanes")
	for m := 0; m < 256; m++ {
		k := 0
		for l := 0; l < 8; l++ {
			if m>>l&1 != 0 {
				t.mem.DATA(8*m+k, U8(l))
				k++
			}
		}
		for ; k < 8; k++ {
			t.mem.DATA(8*m+k, U8(0))
		}
	}
	t.pairUnits = t.mem.GLOBL("widePairUnits")
	for m := 0; m < 16; m++ {
		var e []int
		for q := 0; q < 4; q++ {
			e = append(e, 4*q, 4*q+1)
			if m>>q&1 != 0 {
				e = append(e, 4*q+2, 4*q+3)
			}
		}
		for k := 0; k < 16; k++ {
			b := 0x80
			if k < len(e) {
				b = e[k]
			}
			t.mem.DATA(16*m+k, U8(b))
		}
	}
	t.latin1Pairs = t.mem.GLOBL("latin1Pairs")
	for b := 0xA0; b <= 0xFF; b++ {
		t.mem.DATA(2*(b-0xA0), U16(0xC0|b>>6|(0x80|b&0x3F)<<8))
	}
	return t
}

// cp1252High is the Windows-1252 table of internal/cp1252, bytes 80-9F in
// the WHATWG reading; the generator module cannot import the library's
// internal packages, and a test of package transcode checks the kernels
// against that table.
var cp1252High = [32]uint32{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// encodeLanes writes the UTF-8 encoding of the scalar values in the 32-bit
// lanes of c (Bytes/4 of them, none a surrogate or above U+10FFFF) at
// dst[j:] and advances j. Each lane becomes its 1 to 4 UTF-8 bytes in place,
// first byte lowest: the four 6-bit groups of the value are put in reverse
// order (lowest group in the top byte), shifted right by 8 bytes per byte the
// character does not need, and given their marks; then the bytes in use are
// packed, by VPCOMPRESSB with AVX-512 and by VPSHUFB with a table indexed by
// four lanes' lengths with AVX2. It writes up to Bytes bytes.
func encodeLanes(w asm.Width, t *wideTab, c reg.VecVirtual, dp, j reg.GPVirtual) {
	encodeLanesUpTo(w, t, c, dp, j, nil)
}

// encodeLanesUpTo is encodeLanes for the lanes before lane limit (a
// register; nil for all), on AVX-512 only.
func encodeLanesUpTo(w asm.Width, t *wideTab, c reg.VecVirtual, dp, j, limit reg.GPVirtual) {
	// n = (c >= 0x80) + (c >= 0x800) + (c >= 0x10000): each term min(c>>k, 1).
	one := w.Vec()
	w.Load(t.splat(1), one) // a register: used three times
	n, x := w.Vec(), w.Vec()
	VPSRLD(U8(7), c, n)
	VPMINUD(one, n, n)
	VPSRLD(U8(11), c, x)
	VPMINUD(one, x, x)
	VPADDD(x, n, n)
	VPSRLD(U8(16), c, x)
	VPMINUD(one, x, x)
	VPADDD(x, n, n)
	// raw = c<<24 | (c<<10)&0x3F0000 | (c>>4)&0x3F00 | c>>18
	raw, y := w.Vec(), w.Vec()
	VPSLLD(U8(24), c, raw)
	VPSLLD(U8(10), c, y)
	and(w, t.splat(0x3F0000), y, y)
	w.Or(y, raw, raw)
	VPSRLD(U8(4), c, y)
	and(w, t.splat(0x3F00), y, y)
	w.Or(y, raw, raw)
	VPSRLD(U8(18), c, y)
	w.Or(y, raw, raw)
	VPERMD(t.shift, n, y)
	VPSRLVD(y, raw, raw)
	// The top byte of c<<24 still holds bits 6 and 7 of c, which only the
	// ASCII lane keeps: each length has its mask of value bits.
	VPERMD(t.bits, n, y)
	and(w, y, raw, raw)
	VPERMD(t.marks, n, y)
	w.Or(y, raw, raw)
	if w.Masked() {
		keep := w.Vec()
		VPERMD(t.keep, n, keep)
		k := K()
		VPMOVB2M(keep, k)
		cnt := GP64()
		if limit != nil {
			// Four bytes a lane: keep the bytes of lanes below limit.
			b := GP64()
			KMOVQ(k, cnt)
			MOVQ(limit, b)
			SHLQ(U8(2), b)
			BZHIQ(b, cnt, cnt)
			KMOVQ(cnt, k)
		}
		out := ZMM()
		compressB(raw, k, out)
		VMOVDQU64(out, asm.At(dp, j, 0))
		KMOVQ(k, cnt)
		POPCNTQ(cnt, cnt)
		ADDQ(cnt, j)
		return
	}
	// Four lanes' n as one byte per 128-bit half: VPSADBW adds the bytes
	// of each 64-bit quarter, and the two quarters of a half are added.
	VPSLLVD(t.packN, n, n)
	z := YMM()
	VPXOR(z, z, z)
	VPSADBW(z, n, n)
	VPSHUFD(U8(0x4E), n, x)
	VPADDQ(x, n, n)
	m0, m1 := GP64(), GP64()
	VMOVQ(n.AsX(), m0)
	h := XMM()
	VEXTRACTI128(U8(1), n, h)
	VMOVQ(h, m1)
	idx := entry16(t.spread, m0, m1)
	VPSHUFB(idx, raw, raw)
	base, n0, n1 := GP64(), GP64(), GP64()
	LEAQ(t.spreadLen, base)
	MOVBQZX(Mem{Base: base, Index: m0, Scale: 1}, n0)
	MOVBQZX(Mem{Base: base, Index: m1, Scale: 1}, n1)
	storeLanes(raw, dp, j, n0, n1)
}

// encodeAstralAVX2 writes the 32 bytes of UTF-8 of the eight characters in
// c, all from U+10000 to U+10FFFF, at dst[j:]: encodeLanes' byte-reversed
// 6-bit groups with the shift, value bits and marks of length 4 only.
func encodeAstralAVX2(t *wideTab, c reg.VecVirtual, dp, j reg.GPVirtual) {
	raw, y := YMM(), YMM()
	VPSLLD(U8(24), c, raw)
	VPSLLD(U8(10), c, y)
	VPAND(t.splat(0x3F0000), y, y)
	VPOR(y, raw, raw)
	VPSRLD(U8(4), c, y)
	VPAND(t.splat(0x3F00), y, y)
	VPOR(y, raw, raw)
	VPSRLD(U8(18), c, y)
	VPOR(y, raw, raw)
	VPAND(t.splat(0x3F3F3F07), raw, raw)
	VPOR(t.splat(0x808080F0), raw, raw)
	VMOVDQU(raw, asm.At(dp, j, 0))
}

// encodeAstral512 is encodeAstralAVX2 for sixteen lanes: VPTERNLOGD merges
// each masked group, and the value bits and the marks in one bit select.
func encodeAstral512(t *wideTab, c reg.VecVirtual, dp, j reg.GPVirtual) {
	raw, y := ZMM(), ZMM()
	VPSLLD(U8(24), c, raw)
	VPSLLD(U8(10), c, y)
	VPTERNLOGD(U8(0xF8), t.splat(0x3F0000), y, raw) // raw | y&0x3F0000
	VPSRLD(U8(4), c, y)
	VPTERNLOGD(U8(0xF8), t.splat(0x3F00), y, raw) // raw | y&0x3F00
	VPSRLD(U8(18), c, y)
	VPORD(y, raw, raw)
	// raw where the value bits are, the marks elsewhere.
	bits := ZMM()
	VMOVDQU64(t.splat(0x3F3F3F07), bits)
	VPTERNLOGD(U8(0xCA), t.splat(0x808080F0), raw, bits)
	VMOVDQU64(bits, asm.At(dp, j, 0))
}

// and sets dst to a & b for either width, a memory.
func and(w asm.Width, a Op, b, dst reg.VecVirtual) {
	if w.Masked() {
		VPANDD(a, b, dst)
	} else {
		VPAND(a, b, dst)
	}
}

// utf32ToUTF8 converts Bytes/4 code units per block. A block holding a
// surrogate code point or a value above U+10FFFF ends the call, with AVX-512
// after converting the units before it; the scalar code reports it. A block
// of ASCII is narrowed to bytes directly. With AVX2, two blocks of BMP
// characters are narrowed to 16 UTF-16 units and converted by the UTF-16
// kernel's block code (bmpToUTF8AVX2), whose paths for 1- and 2-byte and for
// 3-byte text beat encoding each lane on its own; eight characters above the
// BMP (Emoji) are four bytes each, encoded without the per-lane lengths and
// the packing of the general path. AVX-512 does the same for sixteen
// characters above the BMP (encodeAstral512).
func utf32ToUTF8(w asm.Width, tab *consts, t *wideTab, be bool) {
	order := map[bool]string{false: "LE", true: "BE"}[be]
	name := "utf32" + order + "ToUTF8" + w.Name()
	p := asm.Scope(name + "_")
	signature(name,
		name+" converts UTF-32"+order+" to UTF-8 in "+itoa(w.Bytes)+"-byte blocks while src",
		"has "+itoa(w.Bytes)+" bytes left and dst as many, and returns the bytes written",
		"and read. It stops before the first block holding a surrogate code point",
		"or a value above U+10FFFF.")
	dp, sp, i, j, sLim, dLim := prologue(w.Bytes, w.Bytes)
	var swap reg.VecVirtual
	if be {
		swap = w.Vec()
		w.Load(tab.swap32, swap)
	}
	// The four-block ASCII path reads four blocks.
	sLim4 := GP64()
	LEAQ(Mem{Base: sLim, Disp: -3 * w.Bytes}, sLim4)
	loopHead(p, i, j, sLim, dLim)
	c := w.Vec()
	w.Load(asm.At(sp, i, 0), c)
	if be {
		VPSHUFB(swap, c, c)
	}
	if w.Masked() {
		k := K()
		VPTESTMD(t.splat(0xFFFFFF80), c, k)
		KORTESTW(k, k)
		JNZ(p.Ref("wide"))
		asciiFour(w, p, c, swap, sp, dp, i, j, sLim4, dLim, t)
		VPMOVDB(c, asm.At(dp, j, 0))
		ADDQ(U8(16), j)
	} else {
		VPTEST(t.splat(0xFFFFFF80), c)
		JNZ(p.Ref("wide"))
		asciiFour(w, p, c, swap, sp, dp, i, j, sLim4, dLim, t)
		// Byte 0 of each lane to the first four bytes of each half, then
		// the halves' first four bytes side by side.
		x, h := YMM(), XMM()
		VPSHUFB(t.lowBytes, c, x)
		VEXTRACTI128(U8(1), x, h)
		VPUNPCKLDQ(h, x.AsX(), h)
		VMOVQ(h, asm.At(dp, j, 0))
		ADDQ(U8(8), j)
	}
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))

	p.Label("wide")
	if !w.Masked() {
		// Sixteen lanes of the BMP without surrogates (with src and dst
		// room for them) are narrowed to UTF-16 units and take the
		// UTF-16 kernel's paths; anything else, eight lanes at a time.
		VPTEST(t.splat(0xFFFF0000), c) // astral: no use reading on
		JNZ(p.Ref("eight"))
		x := GP64()
		LEAQ(Mem{Base: i, Disp: 32}, x)
		CMPQ(x, sLim)
		JG(p.Ref("eight"))
		LEAQ(Mem{Base: j, Disp: 32}, x)
		CMPQ(x, dLim)
		JG(p.Ref("eight"))
		c2, v := w.Vec(), w.Vec()
		w.Load(asm.At(sp, i, 32), c2)
		if be {
			VPSHUFB(swap, c2, c2)
		}
		VPTEST(t.splat(0xFFFF0000), c2)
		JNZ(p.Ref("eight"))
		VPACKUSDW(c2, c, v)
		VPERMQ(U8(0xD8), v, v)
		bmpToUTF8AVX2(tab, p, v, dp, i, j, 64, p.Ref("eight"), false)
		p.Label("eight")
		// Eight characters above the BMP (Emoji): every lane is four
		// bytes, so the block needs neither lengths nor packing. The
		// lanes are U+10000 to U+10FFFF exactly when c-0x10000 has no
		// bit from 20 up (below U+10000 wraps round), which also rules
		// out surrogates.
		a := w.Vec()
		VPSUBD(t.splat(0x10000), c, a)
		VPTEST(t.splat(0xFFF00000), a)
		JNZ(p.Ref("notAstral"))
		encodeAstralAVX2(t, c, dp, j)
		ADDQ(U8(w.Bytes), j)
		ADDQ(U8(w.Bytes), i)
		JMP(p.Ref("loop"))
		p.Label("notAstral")
		good := goodLanesAVX2(t, c)
		m := GP32()
		VPMOVMSKB(good, m)
		CMPL(m, I32(-1))
		JNE(p.Ref("partial"))
		encodeLanes(w, t, c, dp, j)
		ADDQ(U8(w.Bytes), i)
		JMP(p.Ref("loop"))
		// A block with a unit that is no scalar value converts up to
		// it: the lanes from it on are zeroed, the block encoded (each
		// zero lane one byte at the end, scratch) and only the bytes of
		// the lanes before it counted.
		p.Label("partial")
		k := prefixAVX2(t, p, good, c)
		encodeLanes(w, t, c, dp, j)
		SUBQ(U8(8), j)
		ADDQ(k, j)
		SHLQ(U8(2), k)
		ADDQ(k, i)
		epilogue(p, i, j)
		return
	}
	// Sixteen characters below U+0800 (Hebrew, Arabic, Cyrillic, Greek,
	// with ASCII): each lane's one or two bytes in 16 bits, narrowed to
	// words, and VPCOMPRESSB drops the high bytes of the ASCII words. Half
	// the work of encodeLanes, which serves every length.
	{
		k2, ka, kk := K(), K(), K()
		VPTESTMD(t.splat(0xFFFFF800), c, k2)
		KORTESTW(k2, k2)
		JNZ(p.Ref("general"))
		hi, lo := ZMM(), ZMM()
		VPSRLD(U8(6), c, hi)
		VPANDD(t.splat(0x3F), c, lo)
		VPSLLD(U8(8), lo, lo)
		VPTERNLOGD(U8(0xFE), t.splat(0x80C0), hi, lo) // 0xC0 | c>>6, 0x80 | c&0x3F
		VPCMPUD(U8(1), t.splat(0x80), c, ka)          // c < 0x80
		VMOVDQA32(c, ka, lo)
		y, out := YMM(), YMM()
		VPMOVDW(lo, y)
		m, keep := GP64(), GP64()
		KMOVW(ka, m.As32())
		NOTL(m.As32())
		// Every low byte, and the high byte of the words of two bytes.
		MOVL(U32(0xAAAAAAAA), keep.As32())
		PDEPL(keep.As32(), m.As32(), keep.As32())
		ORL(U32(0x55555555), keep.As32())
		KMOVD(keep.As32(), kk)
		compressB(y, kk, out)
		VMOVDQU(out, asm.At(dp, j, 0))
		POPCNTL(keep.As32(), keep.As32())
		ADDQ(keep, j)
		ADDQ(U8(w.Bytes), i)
		JMP(p.Ref("loop"))
	}
	p.Label("general")
	// One value per lane classifies it: d = (c^0xD800) - 0x800 is below
	// 0xF800 for the BMP without surrogates, from 0xF800 to 0x10F7FF above
	// the BMP and from 0x10F800 up for the bad (a surrogate wraps round;
	// the XOR changes only bits 11-15, so values from U+110000 stay there).
	// A block of the BMP (CJK, Hindi: the common case here) takes one
	// compare and one KORTESTW, where badLanes took two compares, KORW and
	// KORTESTW: these blocks are short of mask instructions, and a third
	// compare for the astral blocks below cost them 9-17% (the benchmark
	// journal, bench/results/history/BENCHMARKS-journal-2026-11-21-to-2026-11-28.md).
	d, high := ZMM(), K()
	VPXORD(t.splat(0xD800), c, d)
	VPSUBD(t.splat(0x800), d, d)
	VPCMPUD(U8(5), t.splat(0xF800), d, high) // d >= 0xF800: not the BMP
	KORTESTW(high, high)
	JNZ(p.Ref("notBMP"))
	p.Label("encode")
	encodeLanes(w, t, c, dp, j)
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))
	p.Label("notBMP")
	bad := K()
	VPCMPUD(U8(5), t.splat(0x10F800), d, bad) // d >= 0x10F800
	KORTESTW(bad, bad)
	JNZ(p.Ref("partial"))
	KORTESTW(high, high)
	JCC(p.Ref("encode")) // some lanes in the BMP
	// Sixteen characters above the BMP (Emoji): every lane is four bytes,
	// so the block needs neither lengths nor VPCOMPRESSB.
	encodeAstral512(t, c, dp, j)
	ADDQ(U8(w.Bytes), j)
	ADDQ(U8(w.Bytes), i)
	JMP(p.Ref("loop"))
	// A block with a unit that is no scalar value converts up to it, and
	// the scalar code takes it from there: lossy conversions go on in
	// vector code right after the unit.
	p.Label("partial")
	n := GP64()
	KMOVW(bad, n.As32())
	TZCNTL(n.As32(), n.As32())
	JZ(p.Ref("done")) // the first lane
	encodeLanesUpTo(w, t, c, dp, j, n)
	SHLQ(U8(2), n)
	ADDQ(n, i)
	epilogue(p, i, j)
}

// asciiFour takes a block c of ASCII and converts it with the three after
// it at once (128 bytes and 32 lanes on AVX2, 256 and 64 on AVX-512), where
// there is src for them, and goes on so while the characters are ASCII;
// else it falls through to the one-block code with c. Only ASCII blocks pay
// for it: tried on every block, it cost the other texts 5-23% (Emoji, CJK).
// One test of the four blocks' OR, then two VPACKUSDW and a VPACKUSWB
// narrow the lanes to bytes and VPERMD puts them in order (four port-5
// micro-ops a step) for one store; i and j advance to the first character
// that is not ASCII, where the next block starts (the ASCII stretches of
// HTML end without a block of their own). On AVX-512, where the one-block
// code's VPMOVDB takes two port-5 micro-ops a block, markup is mostly ASCII
// (japanese.html: 90% of 257,000 characters), and a block a step held its
// UTF-32 to UTF-8 to about simdutf's speed there; each step prefetches the
// four lines 2 KiB on: without that the path lost 3-5% on pages beyond L2
// (english.html, arabic.html). swap is the byte-order pattern of big-endian
// input, nil for little-endian.
func asciiFour(w asm.Width, p asm.Scope, c, swap reg.VecVirtual, sp, dp, i, j, sLim4, dLim reg.GPVirtual, t *wideTab) {
	CMPQ(i, sLim4)
	JG(p.Ref("one"))
	idx := w.Vec()
	if w.Masked() {
		w.Load(t.asciiOrder512, idx)
	} else {
		w.Load(t.asciiOrder, idx)
	}
	p.Label("run")
	n := w.Bytes
	c1, c2, c3, o := w.Vec(), w.Vec(), w.Vec(), w.Vec()
	w.Load(asm.At(sp, i, n), c1)
	w.Load(asm.At(sp, i, 2*n), c2)
	w.Load(asm.At(sp, i, 3*n), c3)
	if w.Masked() {
		for off := 0; off < 4*64; off += 64 {
			PREFETCHT0(asm.At(sp, i, 2048+off))
		}
	}
	if swap != nil {
		VPSHUFB(swap, c1, c1)
		VPSHUFB(swap, c2, c2)
		VPSHUFB(swap, c3, c3)
	}
	w.Or(c1, c2, o)
	w.Or(c3, o, o)
	var k reg.OpmaskVirtual
	notASCII := func(v reg.VecVirtual) {
		if w.Masked() {
			VPTESTMD(t.splat(0xFFFFFF80), v, k)
			KORTESTW(k, k)
		} else {
			VPTEST(t.splat(0xFFFFFF80), v)
		}
	}
	if w.Masked() {
		k = K()
	}
	notASCII(o)
	JNZ(p.Ref("one"))
	a, b := w.Vec(), w.Vec()
	VPACKUSDW(c1, c, a)
	VPACKUSDW(c3, c2, b)
	VPACKUSWB(b, a, a)
	VPERMD(a, idx, a)
	w.Store(a, asm.At(dp, j, 0))
	if w.Masked() {
		ADDQ(U32(4*n), i)
	} else {
		SUBQ(I8(-4*n), i) // 128 fits a signed byte only negated
	}
	ADDQ(U8(n), j)
	pastRoom(p, "loop", i, sLim4, j, dLim)
	w.Load(asm.At(sp, i, 0), c)
	if swap != nil {
		VPSHUFB(swap, c, c)
	}
	notASCII(c)
	JNZ(p.Ref("wide"))
	JMP(p.Ref("run"))
	p.Label("one")
}

// badLanes returns the opmask of the lanes of c (AVX-512) holding a
// surrogate code point or a value above U+10FFFF.
func badLanes(t *wideTab, c reg.VecVirtual) reg.OpmaskVirtual {
	s := ZMM()
	VPANDD(t.splat(0xFFFFF800), c, s)
	k1, k2 := K(), K()
	VPCMPUD(U8(6), t.splat(0x10FFFF), c, k1) // c > 0x10FFFF
	VPCMPEQD(t.splat(0xD800), s, k2)
	KORW(k1, k2, k1)
	return k1
}

// checkScalar jumps to fail when a lane of c is a surrogate code point or
// above U+10FFFF.
func checkScalar(w asm.Width, t *wideTab, c reg.VecVirtual, fail LabelRef) {
	if w.Masked() {
		k1 := badLanes(t, c)
		KORTESTW(k1, k1)
		JNZ(fail)
		return
	}
	a := goodLanesAVX2(t, c)
	m := GP32()
	VPMOVMSKB(a, m)
	CMPL(m, I32(-1))
	JNE(fail)
}

// goodLanesAVX2 returns a vector whose 32-bit lanes are all ones where the
// lane of c is a scalar value (no surrogate, not above U+10FFFF), zero
// elsewhere.
func goodLanesAVX2(t *wideTab, c reg.VecVirtual) reg.VecVirtual {
	s, a := YMM(), YMM()
	VPAND(t.splat(0xFFFFF800), c, s)
	VPMINUD(t.splat(0x10FFFF), c, a)
	VPCMPEQD(c, a, a) // in range
	VPCMPEQD(t.splat(0xD800), s, s)
	VPANDN(a, s, a) // in range and not a surrogate
	return a
}

// prefixAVX2 takes good (goodLanesAVX2 of c, with a lane not all ones) and
// returns in a register the number of lanes before the first bad one,
// jumping to done when that is none; it zeroes the lanes of c from the
// first bad one on, so that the block converts as scalar values.
func prefixAVX2(t *wideTab, p asm.Scope, good, c reg.VecVirtual) reg.GPVirtual {
	k := GP64()
	VMOVMSKPS(good, k.As32())
	NOTL(k.As32())
	TZCNTL(k.As32(), k.As32())
	JZ(p.Ref("done"))
	// Lane indices 0-7: the keepLanes entry of the full mask.
	base := GP64()
	LEAQ(t.keepLanes, base)
	idx, kv := YMM(), YMM()
	VPMOVZXBD(Mem{Base: base, Disp: 8 * 255}, idx)
	VMOVD(k.As32(), kv.AsX())
	VPBROADCASTD(kv.AsX(), kv)
	VPCMPGTD(idx, kv, kv) // k > lane
	VPAND(kv, c, c)
	return k
}

// prefix512 is prefixAVX2 for AVX-512, from the opmask bad of badLanes.
func prefix512(p asm.Scope, bad reg.OpmaskVirtual, c reg.VecVirtual) reg.GPVirtual {
	k, m := GP64(), GP64()
	KMOVW(bad, k.As32())
	TZCNTL(k.As32(), k.As32())
	JZ(p.Ref("done"))
	MOVL(U32(0xFFFF), m.As32())
	BZHIL(k.As32(), m.As32(), m.As32())
	km := K()
	KMOVW(m.As32(), km)
	VMOVDQA32_Z(c, km, c)
	return k
}
