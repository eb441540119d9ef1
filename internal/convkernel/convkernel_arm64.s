//go:build !purego

// NEON transcoding kernels for arm64, written by hand: avo generates amd64
// only. They convert ASCII 64 bytes a step; Latin-1 -> UTF-8 also converts
// blocks of U+0080..U+00FF in vectors and mixed blocks byte by byte, UTF-8 ->
// Latin-1 two-byte characters one at a time; UTF-8 <-> UTF-16 convert
// characters below U+0800 in vectors, packed by TBL (16 bytes of UTF-8 or 8
// units a step). They stop at anything else (3- and 4-byte characters,
// surrogates, errors) and the caller's scalar code goes on from there (see
// transcode's accelerate).
//
// Registers: R0 dst, R1 dst end, R2 src, R3 src end, R4 dst start, R5 src
// start. Go's assembler lacks UMAXV and UMINV; they are emitted with WORD.

#include "textflag.h"

// UMAXV Bd, Vn.16B and UMINV Bd, Vn.16B: the largest (smallest) byte of Vn.
#define UMAXV(n, d) WORD $(0x6E30A800 | ((n)<<5) | (d))
#define UMINV(n, d) WORD $(0x6E31A800 | ((n)<<5) | (d))

#define ARGS \
	MOVD dst_base+0(FP), R0; \
	MOVD dst_len+8(FP), R1; \
	MOVD src_base+24(FP), R2; \
	MOVD src_len+32(FP), R3; \
	MOVD R0, R4; \
	MOVD R2, R5; \
	ADD  R0, R1; \
	ADD  R2, R3

// ASCII64 loads 64 bytes into V0-V3 and jumps to other unless all are ASCII.
#define ASCII64(other) \
	VLD1 (R2), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	VORR V0.B16, V1.B16, V4.B16; \
	VORR V2.B16, V3.B16, V5.B16; \
	VORR V4.B16, V5.B16, V4.B16; \
	UMAXV(4, 4); \
	VMOV V4.B[0], R8; \
	TBNZ $7, R8, other

// COPY64 stores V0-V3 and moves on 64 bytes.
#define COPY64 \
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R0); \
	ADD $64, R2

#define RETURN \
	SUB  R4, R0; \
	SUB  R5, R2; \
	MOVD R0, nDst+48(FP); \
	MOVD R2, nSrc+56(FP); \
	RET

// ROOM jumps to done unless src has sn bytes left and dst dn.
#define ROOM(sn, dn, done) \
	SUB R2, R3, R8; \
	CMP $(sn), R8; \
	BLT done; \
	SUB R0, R1, R8; \
	CMP $(dn), R8; \
	BLT done

// func latin1ToUTF8NEON(dst, src []byte) (nDst, nSrc int)
TEXT ·latin1ToUTF8NEON(SB), NOSPLIT, $0-64
	ARGS
	VMOVI $0xC0, V20.B16
	VMOVI $0x3F, V21.B16
	VMOVI $0x80, V22.B16

l1ascii:
	ROOM(64, 128, l1loop)
	ASCII64(l1loop)
	COPY64
	B     l1ascii

l1loop:
	ROOM(16, 32, l1done)
	VLD1  (R2), [V0.B16]
	UMAXV(0, 1)
	VMOV  V1.B[0], R8
	TBNZ  $7, R8, l1wide
	VST1  [V0.B16], (R0)
	ADD   $16, R0
	ADD   $16, R2
	B     l1ascii

l1wide:
	UMINV(0, 1)
	VMOV  V1.B[0], R8
	TBZ   $7, R8, l1mixed

	// All 16 above 0x7F: each becomes C2 or C3 (0xC0 | b>>6) and a
	// continuation (0x80 | b&0x3F).
	VUSHR $6, V0.B16, V1.B16
	VORR  V20.B16, V1.B16, V1.B16
	VAND  V21.B16, V0.B16, V2.B16
	VORR  V22.B16, V2.B16, V2.B16
	VZIP1 V2.B16, V1.B16, V3.B16
	VZIP2 V2.B16, V1.B16, V4.B16
	VST1  [V3.B16, V4.B16], (R0)
	ADD   $32, R0
	ADD   $16, R2
	B     l1loop

l1mixed:
	MOVD $16, R9

l1byte:
	MOVBU.P 1(R2), R8
	CMP     $0x80, R8
	BHS     l1two
	MOVB.P  R8, 1(R0)
	SUBS    $1, R9
	BNE     l1byte
	B       l1loop

l1two:
	LSR     $6, R8, R10
	ORR     $0xC0, R10
	MOVB.P  R10, 1(R0)
	AND     $0x3F, R8
	ORR     $0x80, R8
	MOVB.P  R8, 1(R0)
	SUBS    $1, R9
	BNE     l1byte
	B       l1loop

l1done:
	RETURN

// func utf8ToLatin1NEON(dst, src []byte) (nDst, nSrc int)
TEXT ·utf8ToLatin1NEON(SB), NOSPLIT, $0-64
	ARGS

u1ascii:
	ROOM(64, 64, u1loop)
	ASCII64(u1loop)
	COPY64
	B     u1ascii

u1loop:
	ROOM(16, 16, u1done)
	VLD1  (R2), [V0.B16]
	UMAXV(0, 1)
	VMOV  V1.B[0], R8
	TBNZ  $7, R8, u1chars
	VST1  [V0.B16], (R0)
	ADD   $16, R0
	ADD   $16, R2
	B     u1ascii

u1chars:
	// One character at a time up to the end of the block (or one byte
	// past it): at most 16 characters, for which dst has room.
	ADD $16, R2, R9

u1char:
	CMP   R9, R2
	BHS   u1loop
	MOVBU (R2), R8
	CMP   $0x80, R8
	BLO   u1one
	AND   $0xFE, R8, R10
	CMP   $0xC2, R10
	BNE   u1done
	ADD   $1, R2, R10
	CMP   R3, R10
	BHS   u1done
	MOVBU 1(R2), R10
	AND   $0xC0, R10, R11
	CMP   $0x80, R11
	BNE   u1done
	AND   $3, R8
	LSL   $6, R8
	AND   $0x3F, R10
	ORR   R10, R8
	MOVB.P R8, 1(R0)
	ADD   $2, R2
	B     u1char

u1one:
	MOVB.P R8, 1(R0)
	ADD    $1, R2
	B      u1char

u1done:
	RETURN

// ASCII16 jumps to stop unless the 16 bytes in V0 are ASCII.
#define ASCII16(stop) \
	UMAXV(0, 1); \
	VMOV V1.B[0], R8; \
	TBNZ $7, R8, stop

// WIDENL and WIDENB store the 64 ASCII bytes in V0-V3 as 64 UTF-16LE
// (UTF-16BE) units, interleaving them with the zeros of V31.
#define WIDENL \
	VZIP1 V31.B16, V0.B16, V4.B16; \
	VZIP2 V31.B16, V0.B16, V5.B16; \
	VZIP1 V31.B16, V1.B16, V6.B16; \
	VZIP2 V31.B16, V1.B16, V7.B16; \
	VZIP1 V31.B16, V2.B16, V8.B16; \
	VZIP2 V31.B16, V2.B16, V9.B16; \
	VZIP1 V31.B16, V3.B16, V10.B16; \
	VZIP2 V31.B16, V3.B16, V11.B16; \
	VST1.P [V4.B16, V5.B16, V6.B16, V7.B16], 64(R0); \
	VST1.P [V8.B16, V9.B16, V10.B16, V11.B16], 64(R0)

#define WIDENB \
	VZIP1 V0.B16, V31.B16, V4.B16; \
	VZIP2 V0.B16, V31.B16, V5.B16; \
	VZIP1 V1.B16, V31.B16, V6.B16; \
	VZIP2 V1.B16, V31.B16, V7.B16; \
	VZIP1 V2.B16, V31.B16, V8.B16; \
	VZIP2 V2.B16, V31.B16, V9.B16; \
	VZIP1 V3.B16, V31.B16, V10.B16; \
	VZIP2 V3.B16, V31.B16, V11.B16; \
	VST1.P [V4.B16, V5.B16, V6.B16, V7.B16], 64(R0); \
	VST1.P [V8.B16, V9.B16, V10.B16, V11.B16], 64(R0)

// Bytes C0, 80, E0, FE; a mask of byte 15; per 16-bit lane 0x001F, 0x003F
// and each lane's bit for the keep mask.
DATA u8two<>+0(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA u8two<>+8(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA u8two<>+16(SB)/8, $0x8080808080808080
DATA u8two<>+24(SB)/8, $0x8080808080808080
DATA u8two<>+32(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA u8two<>+40(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA u8two<>+48(SB)/8, $0xFEFEFEFEFEFEFEFE
DATA u8two<>+56(SB)/8, $0xFEFEFEFEFEFEFEFE
DATA u8two<>+64(SB)/8, $0x0000000000000000
DATA u8two<>+72(SB)/8, $0xFF00000000000000
DATA u8two<>+80(SB)/8, $0x001F001F001F001F
DATA u8two<>+88(SB)/8, $0x001F001F001F001F
DATA u8two<>+96(SB)/8, $0x003F003F003F003F
DATA u8two<>+104(SB)/8, $0x003F003F003F003F
DATA u8two<>+112(SB)/8, $0x0008000400020001
DATA u8two<>+120(SB)/8, $0x0080004000200010
GLOBL u8two<>(SB), RODATA|NOPTR, $128

#define U8TWOCONSTS \
	MOVD $u8two<>(SB), R8; \
	VLD1.P 64(R8), [V16.B16, V17.B16, V18.B16, V19.B16]; \
	VLD1 (R8), [V20.B16, V21.B16, V22.B16, V23.B16]; \
	MOVD $·unitsShuf(SB), R12; \
	MOVD $·unitsLen(SB), R13

// U8TWO converts the 16 bytes at R2 if they hold only ASCII and well-formed
// 2-byte characters (a lead in byte 15 is left for the next step) and jumps
// to stop otherwise. Every byte position becomes a candidate unit in 16-bit
// lanes (the byte itself, or the character a lead starts with the byte
// after it); TBL with entries of unitsShuf, indexed by the positions that
// start a character, packs each half together. rev swaps each unit's bytes
// for UTF-16BE. R9 and R10 are left holding the two halves' masks.
#define U8TWO(stop, rev) \
	VLD1  (R2), [V0.B16]; \
	VAND  V16.B16, V0.B16, V1.B16; \
	VCMEQ V17.B16, V1.B16, V2.B16; \
	VCMEQ V16.B16, V1.B16, V3.B16; \
	VEXT  $15, V3.B16, V31.B16, V4.B16; \
	VEOR  V4.B16, V2.B16, V5.B16; \
	VAND  V18.B16, V0.B16, V6.B16; \
	VCMEQ V18.B16, V6.B16, V6.B16; \
	VAND  V19.B16, V0.B16, V7.B16; \
	VCMEQ V16.B16, V7.B16, V7.B16; \
	VORR  V6.B16, V5.B16, V5.B16; \
	VORR  V7.B16, V5.B16, V5.B16; \
	UMAXV(5, 5); \
	VMOV  V5.B[0], R8; \
	CBNZ  R8, stop; \
	VEXT  $1, V31.B16, V0.B16, V8.B16; \
	VUXTL V0.B8, V10.H8; \
	VUXTL2 V0.B16, V11.H8; \
	VUXTL V8.B8, V12.H8; \
	VUXTL2 V8.B16, V13.H8; \
	VAND  V21.B16, V10.B16, V14.B16; \
	VSHL  $6, V14.H8, V14.H8; \
	VAND  V22.B16, V12.B16, V15.B16; \
	VORR  V15.B16, V14.B16, V14.B16; \
	VAND  V21.B16, V11.B16, V24.B16; \
	VSHL  $6, V24.H8, V24.H8; \
	VAND  V22.B16, V13.B16, V25.B16; \
	VORR  V25.B16, V24.B16, V24.B16; \
	VORR  V2.B16, V3.B16, V6.B16; \
	VZIP1 V6.B16, V6.B16, V7.B16; \
	VZIP2 V6.B16, V6.B16, V9.B16; \
	VBSL  V10.B16, V14.B16, V7.B16; \
	VBSL  V11.B16, V24.B16, V9.B16; \
	rev; \
	VAND  V20.B16, V3.B16, V4.B16; \
	VORR  V2.B16, V4.B16, V4.B16; \
	VCMEQ V31.B16, V4.B16, V4.B16; \
	VZIP1 V4.B16, V4.B16, V5.B16; \
	VZIP2 V4.B16, V4.B16, V6.B16; \
	VAND  V23.B16, V5.B16, V5.B16; \
	VAND  V23.B16, V6.B16, V6.B16; \
	VADDV V5.H8, V5; \
	VADDV V6.H8, V6; \
	VMOV  V5.H[0], R9; \
	VMOV  V6.H[0], R10; \
	ADD   R9<<4, R12, R14; \
	VLD1  (R14), [V26.B16]; \
	VTBL  V26.B16, [V7.B16], V27.B16; \
	VST1  [V27.B16], (R0); \
	MOVBU (R13)(R9), R15; \
	ADD   R15, R0; \
	ADD   R10<<4, R12, R14; \
	VLD1  (R14), [V26.B16]; \
	VTBL  V26.B16, [V9.B16], V27.B16; \
	VST1  [V27.B16], (R0); \
	MOVBU (R13)(R10), R15; \
	ADD   R15, R0; \
	VMOV  V3.B[15], R8; \
	AND   $1, R8; \
	MOVD  $16, R15; \
	SUB   R8, R15; \
	ADD   R15, R2

#define NOREV NOP
#define REV16 \
	VREV16 V7.B16, V7.B16; \
	VREV16 V9.B16, V9.B16

// func utf8ToUTF16LENEON(dst, src []byte) (nDst, nSrc int)
TEXT ·utf8ToUTF16LENEON(SB), NOSPLIT, $0-64
	ARGS
	VEOR V31.B16, V31.B16, V31.B16
	U8TWOCONSTS

u16lwide:
	ROOM(64, 128, u16lloop)
	ASCII64(u16lloop)
	WIDENL
	ADD   $64, R2
	B     u16lwide

u16lloop:
	ROOM(16, 32, u16ldone)
	VLD1  (R2), [V0.B16]
	ASCII16(u16ltwo)
	VZIP1 V31.B16, V0.B16, V1.B16
	VZIP2 V31.B16, V0.B16, V2.B16
	VST1  [V1.B16, V2.B16], (R0)
	ADD   $32, R0
	ADD   $16, R2
	B     u16lwide

u16ltwo:
	// 16 bytes of 1- and 2-byte characters at a time, back to the ASCII
	// loops after 16 ASCII bytes.
	ROOM(16, 32, u16ldone)
	U8TWO(u16ldone, NOREV)
	AND   R9, R10
	CMP   $255, R10
	BEQ   u16lwide
	B     u16ltwo

u16ldone:
	RETURN

// func utf8ToUTF16BENEON(dst, src []byte) (nDst, nSrc int)
TEXT ·utf8ToUTF16BENEON(SB), NOSPLIT, $0-64
	ARGS
	VEOR V31.B16, V31.B16, V31.B16
	U8TWOCONSTS

u16bwide:
	ROOM(64, 128, u16bloop)
	ASCII64(u16bloop)
	WIDENB
	ADD   $64, R2
	B     u16bwide

u16bloop:
	ROOM(16, 32, u16bdone)
	VLD1  (R2), [V0.B16]
	ASCII16(u16btwo)
	VZIP1 V0.B16, V31.B16, V1.B16
	VZIP2 V0.B16, V31.B16, V2.B16
	VST1  [V1.B16, V2.B16], (R0)
	ADD   $32, R0
	ADD   $16, R2
	B     u16bwide

u16btwo:
	// 16 bytes of 1- and 2-byte characters at a time, back to the ASCII
	// loops after 16 ASCII bytes.
	ROOM(16, 32, u16bdone)
	U8TWO(u16bdone, REV16)
	AND   R9, R10
	CMP   $255, R10
	BEQ   u16bwide
	B     u16btwo

u16bdone:
	RETURN

// Per unit, the bits that must be clear for it to be ASCII: all of the high
// byte and bit 7 of the low one, in little- and big-endian byte order.
DATA units<>+0(SB)/8, $0xFF80FF80FF80FF80
DATA units<>+8(SB)/8, $0xFF80FF80FF80FF80
DATA units<>+16(SB)/8, $0x80FF80FF80FF80FF
DATA units<>+24(SB)/8, $0x80FF80FF80FF80FF
GLOBL units<>(SB), RODATA|NOPTR, $32

// UNITS16 jumps to stop unless the 16 units in V0, V1 are ASCII (V20 the
// mask of bits that must be clear).
#define UNITS16(stop) \
	VORR V0.B16, V1.B16, V2.B16; \
	VAND V20.B16, V2.B16, V2.B16; \
	UMAXV(2, 2); \
	VMOV V2.B[0], R8; \
	CBNZ R8, stop

// Per 16-bit lane: 0xF800 (a unit from U+0800 up has one of these bits),
// 0x003F, 0x0080, 0x00C0, 0xFF80 (an ASCII unit has none), and each lane's
// bit for the ASCII mask.
DATA twobyte<>+0(SB)/8, $0xF800F800F800F800
DATA twobyte<>+8(SB)/8, $0xF800F800F800F800
DATA twobyte<>+16(SB)/8, $0x003F003F003F003F
DATA twobyte<>+24(SB)/8, $0x003F003F003F003F
DATA twobyte<>+32(SB)/8, $0x0080008000800080
DATA twobyte<>+40(SB)/8, $0x0080008000800080
DATA twobyte<>+48(SB)/8, $0x00C000C000C000C0
DATA twobyte<>+56(SB)/8, $0x00C000C000C000C0
DATA twobyte<>+64(SB)/8, $0xFF80FF80FF80FF80
DATA twobyte<>+72(SB)/8, $0xFF80FF80FF80FF80
DATA twobyte<>+80(SB)/8, $0x0008000400020001
DATA twobyte<>+88(SB)/8, $0x0080004000200010
GLOBL twobyte<>(SB), RODATA|NOPTR, $96

// TWOBYTE converts the 8 units in V0 (little-endian lanes), all below
// U+0800, to 8-16 bytes of UTF-8: each lane becomes its UTF-8 bytes in
// order (one for ASCII), and TBL with the entry of utf16To8Shuf for the
// lanes' ASCII mask packs them together; utf16To8Len says how many bytes
// that is. It jumps to stop if a unit is U+0800 or above. Constants:
// V21-V26 from twobyte, V31 zero, R12 and R13 the two tables.
#define TWOBYTE(stop) \
	VAND  V21.B16, V0.B16, V2.B16; \
	UMAXV(2, 2); \
	VMOV  V2.B[0], R8; \
	CBNZ  R8, stop; \
	VUSHR $6, V0.H8, V3.H8; \
	VORR  V24.B16, V3.B16, V3.B16; \
	VAND  V22.B16, V0.B16, V4.B16; \
	VORR  V23.B16, V4.B16, V4.B16; \
	VSHL  $8, V4.H8, V4.H8; \
	VORR  V4.B16, V3.B16, V3.B16; \
	VAND  V25.B16, V0.B16, V5.B16; \
	VCMEQ V31.H8, V5.H8, V5.H8; \
	VAND  V26.B16, V5.B16, V7.B16; \
	VBSL  V3.B16, V0.B16, V5.B16; \
	VADDV V7.H8, V7; \
	VMOV  V7.H[0], R9; \
	ADD   R9<<4, R12, R10; \
	VLD1  (R10), [V8.B16]; \
	VTBL  V8.B16, [V5.B16], V9.B16; \
	VST1  [V9.B16], (R0); \
	MOVBU (R13)(R9), R11; \
	ADD   R11, R0; \
	ADD   $16, R2

#define TWOBYTECONSTS \
	MOVD $twobyte<>(SB), R8; \
	VLD1.P 64(R8), [V21.B16, V22.B16, V23.B16, V24.B16]; \
	VLD1 (R8), [V25.B16, V26.B16]; \
	VEOR V31.B16, V31.B16, V31.B16; \
	MOVD $·utf16To8Shuf(SB), R12; \
	MOVD $·utf16To8Len(SB), R13

// func utf16LEToUTF8NEON(dst, src []byte) (nDst, nSrc int)
TEXT ·utf16LEToUTF8NEON(SB), NOSPLIT, $0-64
	ARGS
	MOVD $units<>+0(SB), R8
	VLD1 (R8), [V20.B16]
	TWOBYTECONSTS

u8lwide:
	ROOM(64, 32, u8lloop)
	VLD1  (R2), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR  V0.B16, V1.B16, V4.B16
	VORR  V2.B16, V3.B16, V5.B16
	VORR  V4.B16, V5.B16, V4.B16
	VAND  V20.B16, V4.B16, V4.B16
	UMAXV(4, 4)
	VMOV  V4.B[0], R8
	CBNZ  R8, u8lloop
	VUZP1 V1.B16, V0.B16, V6.B16
	VUZP1 V3.B16, V2.B16, V7.B16
	VST1.P [V6.B16, V7.B16], 32(R0)
	ADD   $64, R2
	B     u8lwide

u8lloop:
	ROOM(32, 16, u8ltwo)
	VLD1  (R2), [V0.B16, V1.B16]
	UNITS16(u8ltwo)
	VUZP1 V1.B16, V0.B16, V3.B16
	VST1  [V3.B16], (R0)
	ADD   $16, R0
	ADD   $32, R2
	B     u8lwide

u8ltwo:
	// Eight units below U+0800 at a time, until a unit from U+0800 up;
	// back to the ASCII loops after eight ASCII units.
	ROOM(16, 16, u8ldone)
	VLD1  (R2), [V0.B16]
	TWOBYTE(u8ldone)
	CMP   $255, R9
	BEQ   u8lwide
	B     u8ltwo

u8ldone:
	RETURN

// func utf16BEToUTF8NEON(dst, src []byte) (nDst, nSrc int)
TEXT ·utf16BEToUTF8NEON(SB), NOSPLIT, $0-64
	ARGS
	MOVD $units<>+16(SB), R8
	VLD1 (R8), [V20.B16]
	TWOBYTECONSTS

u8bwide:
	ROOM(64, 32, u8bloop)
	VLD1  (R2), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR  V0.B16, V1.B16, V4.B16
	VORR  V2.B16, V3.B16, V5.B16
	VORR  V4.B16, V5.B16, V4.B16
	VAND  V20.B16, V4.B16, V4.B16
	UMAXV(4, 4)
	VMOV  V4.B[0], R8
	CBNZ  R8, u8bloop
	VUZP2 V1.B16, V0.B16, V6.B16
	VUZP2 V3.B16, V2.B16, V7.B16
	VST1.P [V6.B16, V7.B16], 32(R0)
	ADD   $64, R2
	B     u8bwide

u8bloop:
	ROOM(32, 16, u8btwo)
	VLD1  (R2), [V0.B16, V1.B16]
	UNITS16(u8btwo)
	VUZP2 V1.B16, V0.B16, V3.B16
	VST1  [V3.B16], (R0)
	ADD   $16, R0
	ADD   $32, R2
	B     u8bwide

u8btwo:
	// Eight units below U+0800 at a time, until a unit from U+0800 up;
	// back to the ASCII loops after eight ASCII units.
	ROOM(16, 16, u8bdone)
	VLD1  (R2), [V0.B16]
	VREV16 V0.B16, V0.B16
	TWOBYTE(u8bdone)
	CMP   $255, R9
	BEQ   u8bwide
	B     u8btwo

u8bdone:
	RETURN
