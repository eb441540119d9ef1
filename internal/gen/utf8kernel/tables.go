package main

import (
	. "github.com/mmcloughlin/avo/operand"
	"github.com/utf8x/utf8x/internal/gen/asm"
)

// Error shapes of a (previous byte, current byte) pair. Each table entry says
// which shapes its nibble is compatible with; a pair is ill-formed exactly when
// all three of its nibbles share a shape. Bit 7 is special: it flags a
// continuation after a continuation, which is an error unless the byte two or
// three back is a 3- or 4-byte lead, so it is compared with that instead.
const (
	tooShort    = 1 << 0 // lead followed by a non-continuation
	tooLong     = 1 << 1 // ASCII followed by a continuation
	overlong3   = 1 << 2 // E0 80..9F
	tooLarge    = 1 << 3 // F4 90..BF, or F5..FF followed by 90..BF
	surrogate   = 1 << 4 // ED A0..BF
	overlong2   = 1 << 5 // C0 or C1 followed by a continuation
	overlong4   = 1 << 6 // F0 80..8F
	tooLarge8x  = 1 << 6 // F5..FF 80..8F; shares the bit: both need F-lead and 8x
	twoConts    = 1 << 7 // continuation followed by continuation
	anyHighNibb = tooShort | tooLong | twoConts
)

// byte1High is indexed by the high nibble of the previous byte.
func byte1High() (t [16]byte) {
	for i := 0x0; i <= 0x7; i++ {
		t[i] = tooLong
	}
	for i := 0x8; i <= 0xB; i++ {
		t[i] = twoConts
	}
	t[0xC] = tooShort | overlong2
	t[0xD] = tooShort
	t[0xE] = tooShort | overlong3 | surrogate
	t[0xF] = tooShort | tooLarge | tooLarge8x | overlong4
	return t
}

// byte1Low is indexed by the low nibble of the previous byte. The shapes that
// depend only on the high nibble pass through every entry.
func byte1Low() (t [16]byte) {
	for i := range t {
		t[i] = anyHighNibb
	}
	t[0x0] |= overlong2 | overlong3 | overlong4 // C0, E0, F0
	t[0x1] |= overlong2                         // C1
	t[0x4] |= tooLarge                          // F4 (only 90..BF exceed)
	for i := 0x5; i <= 0xF; i++ {
		t[i] |= tooLarge | tooLarge8x // F5..FF
	}
	t[0xD] |= surrogate // ED
	return t
}

// byte2High is indexed by the high nibble of the current byte.
func byte2High() (t [16]byte) {
	for i := 0x0; i <= 0x7; i++ {
		t[i] = tooShort
	}
	t[0x8] = tooLong | overlong2 | twoConts | overlong3 | tooLarge8x | overlong4
	t[0x9] = tooLong | overlong2 | twoConts | overlong3 | tooLarge
	t[0xA] = tooLong | overlong2 | twoConts | surrogate | tooLarge
	t[0xB] = t[0xA]
	for i := 0xC; i <= 0xF; i++ {
		t[i] = tooShort
	}
	return t
}

// consts is the constant memory of the kernels, declared once per file: each
// table repeated to 64 bytes so one load fills a YMM or ZMM register, and
// single bytes to broadcast.
type consts struct {
	byte1High, byte1Low, byte2High Mem
	// incomplete holds, per position of a 64-byte block, the largest byte
	// that cannot start a character still unfinished at the block's end: a
	// lead in the last byte, a 3- or 4-byte lead in the second-to-last, a
	// 4-byte lead in the third-to-last. Its last 32 bytes serve 32-byte blocks.
	incomplete Mem
	splat      Mem
	escs       Mem // 0x1B in each of 64 bytes: XOR makes an ESC a zero byte
}

// Offsets of the bytes in splat.
const (
	splatNibble   = 0 // 0x0F: isolates a nibble after a 16-bit shift
	splat3Lead    = 1 // 0xE0-0x80: saturating subtract leaves bit 7 only for E0..FF
	splat4Lead    = 2 // 0xF0-0x80: the same for F0..FF
	splatBit7     = 3 // 0x80
	splatContMax  = 4 // 0xC0 = -64: signed bytes below it are continuations 80..BF
	splatFourLead = 5 // 0xEF: bytes above it are 4-byte leads (valid input has no F8..FF)
	splatNoNUL    = 6 // 0x01: a block of ASCII that holds no NUL
)

func tables(mem *asm.Tables) (c consts) {
	repeat := func(name string, t [16]byte) Mem {
		m := mem.GLOBL(name)
		for i := 0; i < 64; i++ {
			mem.DATA(i, U8(t[i%16]))
		}
		return m
	}
	c.byte1High = repeat("byte1High", byte1High())
	c.byte1Low = repeat("byte1Low", byte1Low())
	c.byte2High = repeat("byte2High", byte2High())

	c.incomplete = mem.GLOBL("incomplete")
	for i := 0; i < 64; i++ {
		v := 0xFF
		switch i {
		case 61:
			v = 0xF0 - 1
		case 62:
			v = 0xE0 - 1
		case 63:
			v = 0xC0 - 1
		}
		mem.DATA(i, U8(v))
	}

	c.escs = mem.GLOBL("escs")
	for i := 0; i < 64; i++ {
		mem.DATA(i, U8(0x1B))
	}

	c.splat = mem.GLOBL("splat")
	for i, v := range []byte{0x0F, 0xE0 - 0x80, 0xF0 - 0x80, 0x80, 0xC0, 0xEF, 0x01, 0} {
		mem.DATA(i, U8(v))
	}
	return c
}
