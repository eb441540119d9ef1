package main

import (
	. "github.com/mmcloughlin/avo/operand"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// consts is the constant memory of the kernels, declared once per file by
// swapTables, dwordConsts and avx2Consts.
type consts struct {
	// mem holds every table below, each at a multiple of 64 bytes.
	mem *asm.Tables
	// Byte-swap patterns for VPSHUFB, which indexes within each 16-byte
	// lane, and the VPERMW indices that move each 16-bit unit to the lane
	// before it (nextUnit) and to the lane after it (prevUnit; lane 0 keeps
	// its own).
	swap16, swap32, nextUnit, prevUnit Mem
	// dword holds 64-byte vectors of one 32-bit value each, by value, for
	// the paths that have more constants than registers to keep them in;
	// ydw holds 32-byte ones, for AVX2.
	dword, ydw map[uint32]Mem
	// AVX2 tables: l1Expand spreads 8 Latin-1 characters held as 16-bit
	// UTF-8 pairs into their 1 or 2 bytes; pack8 (pack8hi for the upper 8
	// bytes of a lane) keeps the marked bytes of 8; packW16LE/BE keeps the
	// marked 16-bit units of 8, in either byte order; u16Spread keeps, of 4
	// characters in 32-bit lanes, the 1 to 3 bytes each needs (2 bits per
	// character: >= 0x80, >= 0x800); wordRamp is 16 units of FFFF then 16
	// of 0.
	l1Expand, pack8, pack8hi, packW16LE, packW16BE, u16Spread, wordRamp Mem
	// three spreads four 3-byte characters (12 bytes of a lane) into 32-bit
	// lanes, last byte lowest; three48 are the VPERMD indices that move 12
	// bytes to each lane.
	three, three48 Mem
	// pack3of4 keeps bytes 0 to 2 of each 32-bit lane, 12 bytes of 16.
	pack3of4 Mem
	// win4 spreads four characters of 1 to 3 bytes, from a window of 12,
	// into 32-bit lanes (windowsUTF32): 81 shuffles of 16 bytes, one per
	// sequence of lengths, then at win4Index a byte for each 12-bit mask of
	// character ends, the offset of its shuffle over 8.
	win4 Mem
}

// win4Index is where the index of win4 starts.
const win4Index = 81 * 16

func swapTables(tab *consts) {
	tab.swap16 = tab.mem.GLOBL("swap16")
	for i := 0; i < 64; i++ {
		tab.mem.DATA(i, U8(i%16^1))
	}
	tab.nextUnit = tab.mem.GLOBL("nextUnit")
	for i := 0; i < 32; i++ {
		tab.mem.DATA(2*i, U16(min(i+1, 31)))
	}
	tab.prevUnit = tab.mem.GLOBL("prevUnit")
	for i := 0; i < 32; i++ {
		tab.mem.DATA(2*i, U16(max(i-1, 0)))
	}
	tab.swap32 = tab.mem.GLOBL("swap32")
	for i := 0; i < 64; i++ {
		tab.mem.DATA(i, U8(i%16^3))
	}
}

func dwordConsts(tab *consts) {
	for _, v := range []uint32{0x3F, 0x1F, 0x0F, 0x07, 0xC0, 0xE0, 0xF0, 0x800, 0xD800, 0xDC00, 0x10000, 0x100000, 0x3FF,
		0xFCA02400, 0x3F00, 0x3F0000, 0x3F000000, 0x808080F0,
		0xC0C0C0F8, 0x3F000, 0x1C0000, 0xFC0, 0x3FF0000, 0xDC00D800, 0xFC00FC00, 0xF8, 0xD7C0,
		0x0F0000, 0xF800, 0xC0C0C0C0, 0x80808080, 0xF0F0F0F0, 0xE0E0E0E0, 0xF5F5F5F5, 0xFEFEFEFE, 0x30803080, 0x3F003F00, 0x80C080C0, 0xFF00FF00, 0xC2C2C2C2, 0x1E1E1E1E} {
		m := tab.mem.GLOBL("dword" + asm.Hex(v))
		for i := 0; i < 16; i++ {
			tab.mem.DATA(4*i, U32(v))
		}
		tab.dword[v] = m
	}
}

func avx2Consts(tab *consts) {
	for _, v := range []uint32{0x3F003F00, 0x80C080C0, 0x007F007F, 0xFEFEFEFE, 0xC2C2C2C2, 0xC0C0C0C0, 0xC3C3C3C3,
		0x40404040, 0xE0E0E0E0, 0xF0F0F0F0, 0x00F000F0, 0x00E000E0, 0x00C000C0, 0x003F003F, 0x001F001F,
		0xF800F800, 0xD800D800, 0xFF80FF80, 0x80, 0x800, 0x3F, 0x80C0, 0x8080E0,
		// 4-byte characters and surrogate pairs.
		0xF5F5F5F5, 0x00F800F8, 0x00070007, 0x000F000F, 0xDC00DC00, 0xD7C0D7C0, 0x00400040, 0x043F043F,
		0xC0C0C0F8, 0x808080F0, 0x3F000, 0x1C0000, 0xFC0, 0x10000, 0x3FF0000, 0xDC00D800,
		0xFC00FC00, 0xFCA02400, 0x3F00, 0x3F0000, 0x3F000000, 0xFC00, 0xD800, 0xDC00, 3, 0x03020100,
		0x80808080, 0x0F0000, 0xF800, 0x80008000, 0xEDEDEDED, 0x000F3F7F, 0x00014001, 0x10000001} {
		m := tab.mem.GLOBL("ydword" + asm.Hex(v))
		for i := 0; i < 8; i++ {
			tab.mem.DATA(4*i, U32(v))
		}
		tab.ydw[v] = m
	}
	table := func(name string, width int, entry func(m int) []int) Mem {
		t := tab.mem.GLOBL(name)
		for m := 0; m < 256; m++ {
			e := entry(m)
			for k := 0; k < width; k++ {
				b := 0x80 // VPSHUFB writes zero
				if k < len(e) {
					b = e[k]
				}
				tab.mem.DATA(width*m+k, U8(b))
			}
		}
		return t
	}
	tab.l1Expand = table("l1Expand", 16, func(m int) []int {
		var e []int
		for q := 0; q < 8; q++ {
			e = append(e, 2*q)
			if m>>q&1 != 0 {
				e = append(e, 2*q+1)
			}
		}
		return e
	})
	packOf := func(off int) func(m int) []int {
		return func(m int) []int {
			var e []int
			for q := 0; q < 8; q++ {
				if m>>q&1 != 0 {
					e = append(e, q+off)
				}
			}
			return e
		}
	}
	tab.pack8 = table("pack8", 8, packOf(0))
	tab.pack8hi = table("pack8hi", 8, packOf(8))
	words := func(be bool) func(m int) []int {
		return func(m int) []int {
			var e []int
			for q := 0; q < 8; q++ {
				if m>>q&1 != 0 {
					if be {
						e = append(e, 2*q+1, 2*q)
					} else {
						e = append(e, 2*q, 2*q+1)
					}
				}
			}
			return e
		}
	}
	tab.packW16LE = table("packW16LE", 16, words(false))
	tab.packW16BE = table("packW16BE", 16, words(true))
	tab.u16Spread = table("u16Spread", 16, func(m int) []int {
		var e []int
		for q := 0; q < 4; q++ {
			c := m >> (2 * q) & 3
			n := 1 + c&1 + c>>1
			for k := 0; k < n; k++ {
				e = append(e, 4*q+k)
			}
		}
		return e
	})
	tab.three = tab.mem.GLOBL("three")
	for k := 0; k < 64; k++ {
		c, b := k%16/4, k%4
		v := 0x80
		if b < 3 {
			v = 3*c + 2 - b
		}
		tab.mem.DATA(k, U8(v))
	}
	tab.pack3of4 = tab.mem.GLOBL("pack3of4")
	for k := 0; k < 32; k++ {
		v := 0x80
		if c := k % 16; c < 12 {
			v = c/3*4 + c%3
		}
		tab.mem.DATA(k, U8(v))
	}
	tab.three48 = tab.mem.GLOBL("three48")
	for k := 0; k < 16; k++ {
		tab.mem.DATA(4*k, U32(uint32(3*(k/4)+min(k%4, 2))))
	}
	tab.win4 = tab.mem.GLOBL("win4")
	for id := 0; id < 81; id++ {
		start := 0
		for c, l := 0, id; c < 4; c, l = c+1, l/3 {
			n := l%3 + 1
			for b := 0; b < 4; b++ {
				v := 0x80
				if b < n {
					v = start + n - 1 - b
				}
				tab.mem.DATA(16*id+4*c+b, U8(v))
			}
			start += n
		}
	}
	for m := 0; m < 1<<12; m++ {
		// The lengths of the characters ending at the first four set bits;
		// where a mask has fewer (the block's last window) or a gap over 3
		// (past its characters) the lanes left take length 1: no character
		// of the block is in them.
		id, last, mul, c := 0, -1, 1, 0
		for b := 0; b < 12 && c < 4; b++ {
			if m>>b&1 != 0 {
				n := b - last
				if n > 3 {
					break
				}
				id += (n - 1) * mul
				mul *= 3
				last = b
				c++
			}
		}
		tab.mem.DATA(win4Index+m, U8(2*id))
	}
	tab.wordRamp = tab.mem.GLOBL("wordRamp")
	for k := 0; k < 32; k++ {
		v := 0
		if k < 16 {
			v = 0xFFFF
		}
		tab.mem.DATA(2*k, U16(v))
	}
}
