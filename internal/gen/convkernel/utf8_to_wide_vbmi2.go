package main

// UTF-8 to UTF-16 and UTF-32, the blocks that mix character lengths, for the
// AVX-512 VBMI2 set alone (utf8ToWide in utf8_to_wide.go holds the kernel
// and the paths all sets share). This algorithm is separate because it is
// made of VBMI2's compressions, which AVX-512BW and AVX2 lack: VPCOMPRESSB
// gathers each character's lead and the bytes one, two (and three) after it
// into lane k of three (four) vectors, which then decode side by side, and
// VPCOMPRESSW keeps the 16-bit lanes that end a character in the path for
// 1- and 2-byte text. The other sets decode every byte's lane and pack the
// lanes that end a character (utf8_to_wide_lanes.go).

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// vbmi2Consts are the byte and word constants the VBMI2 paths keep in
// registers through the kernel's loop (the set has the 32 ZMM registers for
// them), set up before it.
type vbmi2Consts struct {
	cC0, cE0, cF0, cFE reg.VecVirtual
	w3F, w1F, wC0, wE0 reg.VecVirtual
	w800, wD800        reg.VecVirtual
}

func newVBMI2Consts() vbmi2Consts {
	var c vbmi2Consts
	c.cC0, c.cE0, c.cF0, c.cFE = splat(0xC0C0C0C0), splat(0xE0E0E0E0), splat(0xF0F0F0F0), splat(0xFEFEFEFE)
	c.w3F, c.w1F, c.wC0, c.wE0 = splat(0x003F003F), splat(0x001F001F), splat(0x00C000C0), splat(0x00E000E0)
	c.w800, c.wD800 = splat(0x08000800), splat(0xD800D800)
	return c
}

// vbmi2Blocks is the VBMI2 kernel's code for a block that is neither ASCII
// nor a run of 3-byte characters: v holds it, km and high the marks of its
// bytes >= 0x80, ones all ones. A block is cut before its first byte that
// starts no 1- to 3-byte character (C0, C1, F0..FF) and before a character
// that does not end inside it; continuation bytes must be exactly those the
// leads call for. VPCOMPRESSB gathers each character's lead and the one and
// two bytes after it into lane k of three vectors, which decode to 16-bit
// values side by side; 3-byte values below U+0800 (overlong) or in
// D800..DFFF (surrogates) reject the block. Blocks of 1- and 2-byte
// characters take twoBytes, blocks with 4-byte characters pureFour and
// fourBytes instead.
func (k *wideKernel) vbmi2Blocks(c vbmi2Consts, v reg.VecVirtual, km reg.OpmaskVirtual, high, ones reg.GPVirtual) {
	tab, p, outUnit, be := k.tab, k.p, k.outUnit, k.be
	dp, sp, i, j, sLim, dLim, swap := k.dp, k.sp, k.i, k.j, k.sLim, k.dLim, k.swap
	cC0, cE0, cF0, cFE := c.cC0, c.cE0, c.cF0, c.cFE
	w3F, w1F, wC0, wE0, w800, wD800 := c.w3F, c.w1F, c.wC0, c.wE0, c.w800, c.wD800
	cont, ge0, gf0, bad := GP64(), GP64(), GP64(), GP64()

	// store writes the 32 16-bit values of u at dst[j+off:].
	store := func(u reg.VecVirtual, off int) {
		if outUnit == 2 {
			if be {
				VPSHUFB(swap, u, u)
			}
			VMOVDQU64(u, asm.At(dp, j, off))
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
		VMOVDQU64(d0, asm.At(dp, j, off))
		VMOVDQU64(d1, asm.At(dp, j, off+64))
	}

	kc, ke, kf, ko := K(), K(), K(), K()
	VPCMPB(U8(1), cC0, v, kc) // signed v < 0xC0: continuation bytes
	KMOVQ(kc, cont)
	VPCMPUB(U8(5), cE0, v, ke) // v >= 0xE0
	KMOVQ(ke, ge0)
	VPCMPUB(U8(5), cF0, v, kf) // v >= 0xF0
	KMOVQ(kf, gf0)
	// Only a block whose first byte >= F0 can start a 4-byte character
	// (F0..F4) takes the 4-byte paths; one with F5..FF first, an error, is
	// cut before it here, in one step rather than sixteen characters at a
	// time.
	TESTQ(gf0, gf0)
	JZ(p.Ref("below_f0"))
	f := GP64()
	TZCNTQ(gf0, f)
	ADDQ(i, f)
	MOVBLZX(Mem{Base: sp, Index: f, Scale: 1}, f.As32())
	CMPL(f.As32(), U8(0xF5))
	JB(p.Ref("four"))
	p.Label("below_f0")
	t := ZMM()
	VPANDD(cFE, v, t)
	VPCMPEQB(cC0, t, ko) // C0, C1
	KMOVQ(ko, bad)
	ORQ(gf0, bad)
	// The cut again, read from the block's last two bytes, whose loads
	// wait on nothing but i: a 3-byte lead in byte 62 or any lead in byte
	// 63. Where no byte of the block is bad, it is the cut cutLeads finds,
	// and i moves on by it, so that the next block need not wait for this
	// one's masks (as in upToThreeBody).
	nf, b := GP64(), GP64()
	MOVBLZX(asm.At(sp, i, 63), b.As32())
	MOVL(U32(64), nf.As32())
	CMPL(b.As32(), U32(0xC0))
	MOVL(U32(63), b.As32())
	CMOVLCC(b.As32(), nf.As32())
	MOVBLZX(asm.At(sp, i, 62), b.As32())
	CMPL(b.As32(), U32(0xE0))
	MOVL(U32(62), b.As32())
	CMOVLCC(b.As32(), nf.As32())
	lm := cutLeads(p, 64, false, high, cont, ge0, gf0, bad, ones)
	n, mask := lm.n, lm.mask
	starts := GP64()
	ANDNQ(mask, cont, starts) // cont is masked already: ^cont & mask
	lm.checkContinuations(p)
	// n = nf unless a byte is bad; the branch, predicted, lets i take nf
	// without waiting for n.
	CMPQ(nf, n)
	JNE(p.Ref("cut_bad"))
	MOVQ(nf, n)
	p.Label("cut_bad")
	TESTQ(lm.l3, lm.l3)
	JZ(p.Ref("two"))
	x := GP64()

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
		JNZ(p.Ref("done"))
		return a
	}
	u0 := decode(va.AsY(), vb.AsY(), vc.AsY())
	store(u0, 0)
	CMPQ(count, U8(32))
	JBE(p.Ref("advance"))
	ya, yb, yc := YMM(), YMM(), YMM()
	VEXTRACTI64X4(U8(1), va, ya)
	VEXTRACTI64X4(U8(1), vb, yb)
	VEXTRACTI64X4(U8(1), vc, yc)
	u1 := decode(ya, yb, yc)
	store(u1, 32*outUnit)
	p.Label("advance")
	if outUnit == 2 {
		LEAQ(Mem{Base: j, Index: count, Scale: 2}, j)
	} else {
		LEAQ(Mem{Base: j, Index: count, Scale: 4}, j)
	}
	ADDQ(n, i)
	JMP(p.Ref("loop"))

	// Characters of one and two bytes only (Cyrillic, Greek, Hebrew,
	// Arabic, most Latin-script text): the structure checked above is all
	// there is to check, and no compression of leads is needed. Each byte's
	// 16-bit lane is decoded as if it ended a character, from it and the
	// byte before it, and VPCOMPRESSW keeps the lanes that do end one, 32
	// at a time.
	p.Label("two")
	twoBytes(tab, outUnit, sp, i, j, n, mask, cont, store)
	// The blocks after it take twoBytes again while they hold 1- and
	// 2-byte characters only, checked with fewer steps than above: every
	// byte >= 0x80 a continuation or a lead C2..DF, and each lead
	// followed by a continuation (a lead in the last byte waits for the
	// next block). ASCII blocks and any other go back to the main loop.
	p.Label("two_next")
	pastRoom(p, "done", i, sLim, j, dLim)
	{
		VMOVDQU64(asm.At(sp, i, 0), v)
		VPMOVB2M(v, km)
		KMOVQ(km, high)
		TESTQ(high, high)
		JZ(p.Ref("loop"))
		kc2, kl := K(), K()
		VPCMPB(U8(1), cC0, v, kc2) // signed v < 0xC0: continuation bytes
		KMOVQ(kc2, cont)
		t := ZMM()
		VPSUBB(tab.dword[0xC2C2C2C2], v, t)
		VPCMPUB(U8(1), tab.dword[0x1E1E1E1E], t, kl) // C2..DF
		lead := GP64()
		KMOVQ(kl, lead)
		MOVQ(cont, x)
		ORQ(lead, x)
		ANDNQ(high, x, x) // bytes >= 0x80 of neither kind
		JNZ(p.Ref("loop"))
		MOVQ(lead, x)
		SHLQ(U8(1), x)
		CMPQ(x, cont)
		JNE(p.Ref("loop"))
		// A lead in the last byte waits for the next block: read from
		// that byte, not from the masks, so that the next block need not
		// wait for them.
		b := GP64()
		MOVBLZX(asm.At(sp, i, 63), b.As32())
		MOVL(U32(63), n.As32())
		CMPL(b.As32(), U32(0xC0))
		ADCL(U8(0), n.As32()) // 64 below C0
		BZHIQ(n, ones, mask)
		twoBytes(tab, outUnit, sp, i, j, n, mask, cont, store)
		JMP(p.Ref("two_next"))
	}

	p.Label("four")
	k.pureFour(v, "four_mixed")
	p.Label("four_mixed")
	fourBytes(tab, p, outUnit, v, high, cont, ge0, gf0, dp, i, j, dLim, ones, swap)
	JMP(p.Ref("loop"))
}

// twoBytes is the path of vbmi2Blocks for blocks of 1- and 2-byte characters
// whose structure has been checked: n bytes (a whole number of characters),
// mask their low n bits, cont their continuation bytes. A lane ending a
// 2-byte character holds, before the decoding, the continuation byte
// 10yyyyyy zero-extended; the lead 110xxxxx before it, shifted left by 6,
// lands on 0x3000 | xxxxx<<6, and one VPTERNLOGD merges the two into the
// value (ORing them except at the prefix bits 7, 12 and 13). An ASCII lane
// is its byte, no lead shifted in. Lanes of leads are dropped, and so are those
// past n.
func twoBytes(tab *consts, outUnit int, sp, i, j, n, mask, cont reg.GPVirtual, store func(u reg.VecVirtual, off int)) {
	// ends: the bytes not followed by a continuation byte. Byte 0 is none
	// (checked), so rotating it to bit 63 ends a full block's last
	// character; the character before a cut ends before it too, since
	// cont is masked.
	ends, x, c := GP64(), GP64(), GP64()
	MOVQ(cont, ends)
	NOTQ(ends)
	RORQ(U8(1), ends)
	ANDQ(mask, ends)
	cur0, cur1, prv0, prv1, idx := ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VPMOVZXBW(asm.At(sp, i, 0), cur0)
	VPMOVZXBW(asm.At(sp, i, 32), cur1)
	VPMOVZXBW(asm.At(sp, i, 31), prv1)
	VMOVDQU64(tab.prevUnit, idx)
	VPERMW(cur0, idx, prv0) // lane 0 gets byte 0 itself: no continuation
	for h, cp := range [][2]reg.VecVirtual{{cur0, prv0}, {cur1, prv1}} {
		kc, ke := K(), K()
		MOVQ(cont, x)
		if h == 1 {
			SHRQ(U8(32), x)
		}
		KMOVD(x.As32(), kc)
		a, u := ZMM(), ZMM()
		VPSLLW_Z(U8(6), cp[1], kc, a)
		// Bits 7, 12 and 13 take a & cur, the others a | cur: bit 7 is
		// the lead's (cur's is 1, and 0 in an ASCII lane), bits 12 and 13
		// of the lead's prefix meet zeros.
		VPTERNLOGD(U8(0xD4), tab.dword[0x30803080], cp[0], a)
		MOVQ(ends, x)
		if h == 1 {
			SHRQ(U8(32), x)
		}
		KMOVD(x.As32(), ke)
		compressW(a, ke, u)
		store(u, 0)
		POPCNTL(x.As32(), c.As32())
		LEAQ(Mem{Base: j, Index: c, Scale: uint8(outUnit)}, j)
	}
	ADDQ(n, i)
}

// fourBytes is the path of vbmi2Blocks for blocks holding a byte >= F0: the
// same checks with 4-byte characters allowed, the lead and the three bytes
// after it compressed into four vectors, and the characters decoded 16 at a
// time in 32-bit lanes. For UTF-16 a character above U+FFFF becomes a
// surrogate pair in its lane, and VPCOMPRESSW drops the unused upper halves.
func fourBytes(tab *consts, p asm.Scope, outUnit int, v reg.VecVirtual, high, cont, ge0, gf0, dp, i, j, dLim, ones reg.GPVirtual, swap reg.VecVirtual) {
	bad, x := GP64(), GP64()
	if outUnit == 2 {
		// The UTF-16 loop leaves 128 bytes of room; this path wants 192.
		MOVQ(dLim, x)
		SUBQ(U8(64), x)
		CMPQ(j, x)
		JG(p.Ref("done"))
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
	lm := cutLeads(p, 64, true, high, cont, ge0, gf0, bad, ones)
	n := lm.n
	starts := GP64()
	ANDNQ(lm.mask, cont, starts)
	lm.checkContinuations(p)

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
			JBE(p.Ref("four_advance"))
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
			VPANDD(tab.dword[0x3F], b[q], b[q])
		}
		k2, k3, k4 := K(), K(), K()
		VPCMPUD(U8(5), tab.dword[0xC0], a, k2)
		VPCMPUD(U8(5), tab.dword[0xE0], a, k3)
		VPCMPUD(U8(5), tab.dword[0xF0], a, k4)
		u2, u3, u4, s := ZMM(), ZMM(), ZMM(), ZMM()
		// u2 = (a&1F)<<6 | b1
		VPANDD(tab.dword[0x1F], a, u2)
		VPSLLD(U8(6), u2, u2)
		VPORD(b[1], u2, u2)
		// u3 = (a&0F)<<12 | b1<<6 | b2
		VPANDD(tab.dword[0x0F], a, u3)
		VPSLLD(U8(12), u3, u3)
		VPSLLD(U8(6), b[1], s)
		VPTERNLOGD(U8(0xFE), b[2], s, u3)
		// u4 = (a&07)<<18 | b1<<12 | b2<<6 | b3
		VPANDD(tab.dword[0x07], a, u4)
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
		VPCMPUD(U8(1), tab.dword[0x800], a, k3, e1)
		VPSUBD(tab.dword[0xD800], a, s)
		VPCMPUD(U8(1), tab.dword[0x800], s, k3, e2)
		KORW(e2, e1, e1)
		VPSUBD(tab.dword[0x10000], a, s)
		VPCMPUD(U8(5), tab.dword[0x100000], s, k4, e3)
		KORW(e3, e1, e1)
		KORTESTW(e1, e1)
		JNZ(p.Ref("done"))
		m := GP64()
		if outUnit == 4 {
			if swap != nil {
				VPSHUFB(swap, a, a)
			}
			VMOVDQU64(a, asm.At(dp, jw, 0))
			// j advances by the lanes in use, at most 16.
			MOVQ(U32(16), m)
			CMPQ(lanes, m)
			CMOVQLT(lanes, m)
			LEAQ(Mem{Base: jw, Index: m, Scale: 4}, jw)
		} else {
			// s = the surrogate pair: high in the low half, low in the high half.
			hi, lo := ZMM(), ZMM()
			VPSRLD(U8(10), s, hi)
			VPADDD(tab.dword[0xD800], hi, hi)
			VPANDD(tab.dword[0x3FF], s, lo)
			VPADDD(tab.dword[0xDC00], lo, lo)
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
			VMOVDQU64(out, asm.At(dp, jw, 0))
			POPCNTQ(keep, m)
			LEAQ(Mem{Base: jw, Index: m, Scale: 2}, jw)
		}
		SUBQ(U8(16), lanes)
	}
	p.Label("four_advance")
	MOVQ(jw, j)
	ADDQ(n, i)
}
