//go:build !purego

// The NEON single-byte decoder, written by hand like convkernel_arm64.s
// (avo generates amd64 only), whose macros it shares through the header
// below. There is no NEON encoder: SingleByte's portable code encodes.

#include "textflag.h"

#define UMAXV(n, d) WORD $(0x6E30A800 | ((n)<<5) | (d))

#define ARGS \
	MOVD dst_base+0(FP), R0; \
	MOVD dst_len+8(FP), R1; \
	MOVD src_base+24(FP), R2; \
	MOVD src_len+32(FP), R3; \
	MOVD R0, R4; \
	MOVD R2, R5; \
	ADD  R0, R1; \
	ADD  R2, R3

#define ASCII64(other) \
	VLD1 (R2), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	VORR V0.B16, V1.B16, V4.B16; \
	VORR V2.B16, V3.B16, V5.B16; \
	VORR V4.B16, V5.B16, V4.B16; \
	UMAXV(4, 4); \
	VMOV V4.B[0], R8; \
	TBNZ $7, R8, other

#define COPY64 \
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R0); \
	ADD $64, R2

#define RETURN \
	SUB  R4, R0; \
	SUB  R5, R2; \
	MOVD R0, nDst+56(FP); \
	MOVD R2, nSrc+64(FP); \
	RET

#define ROOM(sn, dn, done) \
	SUB R2, R3, R8; \
	CMP $(sn), R8; \
	BLT done; \
	SUB R0, R1, R8; \
	CMP $(dn), R8; \
	BLT done

// Each lane's bit, for the masks of 8 lanes.
DATA sbbits<>+0(SB)/8, $0x8040201008040201
DATA sbbits<>+8(SB)/8, $0x8040201008040201
GLOBL sbbits<>(SB), RODATA|NOPTR, $16

// PACK8(pairs, bits) stores the 8 characters whose [lead, second] pairs are
// in pairs, ASCII ones (bits: the high lanes' bits in a GP register's 8
// bytes) as their lead alone, by TBL with utf16To8Shuf (R12) and advances
// R0 by utf16To8Len (R13).
#define PACK8(pairs, bits) \
	ORR  bits>>32, bits, bits; \
	ORR  bits>>16, bits, bits; \
	ORR  bits>>8, bits, bits; \
	AND  $0xFF, bits; \
	EOR  $0xFF, bits; \
	ADD  bits<<4, R12, R10; \
	VLD1 (R10), [V15.B16]; \
	VTBL V15.B16, [pairs.B16], V15.B16; \
	VST1 [V15.B16], (R0); \
	MOVBU (R13)(bits), R11; \
	ADD  R11, R0

// func sbDecodeNEON(dst, src []byte, tab *byte) (nDst, nSrc int)
//
// 16 bytes a step: the lead and second bytes of each high byte by TBL over
// the first 64 entries of a plane and TBX over the other 64, ASCII put
// back, the pairs zipped and packed 8 characters at a time. It stops at 16
// bytes holding a byte that is undefined or not two bytes of UTF-8.
TEXT ·sbDecodeNEON(SB), NOSPLIT, $0-72
	ARGS
	MOVD   tab+48(FP), R6
	VLD1.P 64(R6), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD1.P 64(R6), [V20.B16, V21.B16, V22.B16, V23.B16]
	VLD1.P 64(R6), [V24.B16, V25.B16, V26.B16, V27.B16]
	VLD1   (R6), [V28.B16, V29.B16, V30.B16, V31.B16]
	VMOVI  $0x80, V9.B16
	VMOVI  $0x7F, V10.B16
	VMOVI  $0x40, V11.B16
	VMOVI  $0xE0, V12.B16
	VMOVI  $0xC0, V13.B16
	MOVD   $sbbits<>(SB), R8
	VLD1   (R8), [V14.B16]
	MOVD   $·utf16To8Shuf(SB), R12
	MOVD   $·utf16To8Len(SB), R13

sbdascii:
	ROOM(64, 64, sbdloop)
	ASCII64(sbdloop)
	COPY64
	B sbdascii

sbdloop:
	ROOM(16, 32, sbddone)
	VLD1 (R2), [V0.B16]
	UMAXV(0, 1)
	VMOV V1.B[0], R8
	TBNZ $7, R8, sbdwide
	VST1 [V0.B16], (R0)
	ADD  $16, R0
	ADD  $16, R2
	B    sbdascii

sbdwide:
	VAND  V10.B16, V0.B16, V1.B16
	VSUB  V11.B16, V1.B16, V2.B16
	VTBL  V1.B16, [V16.B16, V17.B16, V18.B16, V19.B16], V3.B16
	VTBX  V2.B16, [V20.B16, V21.B16, V22.B16, V23.B16], V3.B16
	VTBL  V1.B16, [V24.B16, V25.B16, V26.B16, V27.B16], V4.B16
	VTBX  V2.B16, [V28.B16, V29.B16, V30.B16, V31.B16], V4.B16
	VCMTST V9.B16, V0.B16, V5.B16

	// Every high byte must have a lead of two bytes: not undefined (FF),
	// not three bytes (E0..EF), not ASCII.
	VAND  V12.B16, V3.B16, V6.B16
	VCMEQ V13.B16, V6.B16, V6.B16
	VEOR  V6.B16, V5.B16, V7.B16
	VAND  V5.B16, V7.B16, V7.B16
	UMAXV(7, 7)
	VMOV  V7.B[0], R8
	CBNZ  R8, sbddone

	// The ASCII bytes are their own leads.
	VEOR  V0.B16, V3.B16, V6.B16
	VAND  V5.B16, V6.B16, V6.B16
	VEOR  V0.B16, V6.B16, V3.B16
	VZIP1 V4.B16, V3.B16, V6.B16
	VZIP2 V4.B16, V3.B16, V7.B16
	VAND  V14.B16, V5.B16, V8.B16
	VMOV  V8.D[0], R8
	VMOV  V8.D[1], R9
	PACK8(V6, R8)
	PACK8(V7, R9)
	ADD   $16, R2
	B     sbdloop

sbddone:
	RETURN

// Lanes 0 to 14: the block without its last byte.
DATA sbfirst15<>+0(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA sbfirst15<>+8(SB)/8, $0x00FFFFFFFFFFFFFF
GLOBL sbfirst15<>(SB), RODATA|NOPTR, $16

// KEEP8(bits, table) stores the lanes of V13 whose bits (a GP register with
// one bit per lane in its 8 bytes, as PACK8 takes them) are set, in order,
// by TBL with an entry of table (sbKeep, R12), 8 bytes, and advances R0 by
// their number (sbKeepLen, R13).
#define KEEP8(bits, off) \
	ORR  bits>>32, bits, bits; \
	ORR  bits>>16, bits, bits; \
	ORR  bits>>8, bits, bits; \
	AND  $0xFF, bits; \
	ADD  bits<<3, R12, R10; \
	ADD  $(off), R10; \
	VLD1 (R10), [V15.B8]; \
	VTBL V15.B8, [V13.B16], V15.B8; \
	VST1 [V15.B8], (R0); \
	MOVBU (R13)(bits), R11; \
	ADD  R11, R0

// func sbEncodeNEON(dst, src []byte, tab *byte) (nDst, nSrc int)
//
// 16 bytes a step, of ASCII and characters of two bytes (a lead in the last
// byte waits for the next step): the structure checked with masks, each
// character's page by TBL over page2 (its lead's low six bits), its byte by
// TBL over each of the table's pages in turn (the lanes of that page kept),
// and the bytes that end characters packed 8 lanes at a time. It stops at
// 16 bytes holding anything else, or a character outside the pages.
TEXT ·sbEncodeNEON(SB), NOSPLIT, $0-72
	ARGS
	MOVD   tab+48(FP), R6
	VLD1   (R6), [V16.B16, V17.B16, V18.B16, V19.B16]
	MOVBU  194(R6), R7
	LSL    $1, R7
	ADD    $256, R6
	VMOVI  $0xE0, V20.B16
	VMOVI  $0xC0, V21.B16
	VMOVI  $0x80, V22.B16
	MOVD   $sbfirst15<>(SB), R8
	VLD1   (R8), [V23.B16]
	VMOVI  $0x3F, V24.B16
	VMOVI  $1, V30.B16
	VEOR   V31.B16, V31.B16, V31.B16
	MOVD   $sbbits<>(SB), R8
	VLD1   (R8), [V11.B16]
	VMOVI  $0xFF, V12.B16
	MOVD   $·sbKeep(SB), R12
	MOVD   $·sbKeepLen(SB), R13

sbeascii:
	ROOM(64, 64, sbeloop)
	ASCII64(sbeloop)
	COPY64
	B sbeascii

sbeloop:
	ROOM(16, 16, sbedone)
	VLD1 (R2), [V0.B16]
	UMAXV(0, 1)
	VMOV V1.B[0], R8
	TBNZ $7, R8, sbewide
	VST1 [V0.B16], (R0)
	ADD  $16, R0
	ADD  $16, R2
	B    sbeascii

sbewide:
	VAND  V20.B16, V0.B16, V1.B16
	VCMEQ V21.B16, V1.B16, V2.B16    // leads of two bytes
	VCMEQ V20.B16, V1.B16, V10.B16   // E0..FF: not handled here
	VAND  V21.B16, V0.B16, V3.B16
	VCMEQ V22.B16, V3.B16, V3.B16    // continuation bytes
	VORR  V2.B16, V2.B16, V14.B16    // the leads, the last lane's too
	MOVD  $16, R9
	VMOV  V2.B[15], R8
	CBZ   R8, sbewhole
	MOVD  $15, R9
	VAND  V23.B16, V2.B16, V2.B16
	VAND  V23.B16, V10.B16, V10.B16

sbewhole:
	// A continuation byte exactly after each lead, and nothing of three
	// or four bytes.
	VEXT  $15, V2.B16, V31.B16, V4.B16
	VEOR  V4.B16, V3.B16, V5.B16
	VORR  V10.B16, V5.B16, V5.B16
	UMAXV(5, 5)
	VMOV  V5.B[0], R8
	CBNZ  R8, sbedone

	// Each continuation lane's page from the byte before, then its byte.
	VEXT  $15, V0.B16, V31.B16, V6.B16
	VAND  V24.B16, V6.B16, V6.B16
	VTBL  V6.B16, [V16.B16, V17.B16, V18.B16, V19.B16], V6.B16
	VAND  V24.B16, V0.B16, V7.B16
	VEOR  V8.B16, V8.B16, V8.B16
	VEOR  V29.B16, V29.B16, V29.B16
	MOVD  R6, R10
	MOVD  R7, R11
	CBZ   R11, sbelooked

sbepage:
	VLD1.P 64(R10), [V25.B16, V26.B16, V27.B16, V28.B16]
	VTBL  V7.B16, [V25.B16, V26.B16, V27.B16, V28.B16], V9.B16
	VCMEQ V29.B16, V6.B16, V1.B16
	VAND  V1.B16, V9.B16, V9.B16
	VORR  V9.B16, V8.B16, V8.B16
	VADD  V30.B16, V29.B16, V29.B16
	SUB   $1, R11
	CBNZ  R11, sbepage

sbelooked:
	// Every continuation lane needs a byte >= 0x80.
	VCMTST V22.B16, V8.B16, V1.B16
	VAND  V3.B16, V1.B16, V1.B16
	VEOR  V3.B16, V1.B16, V1.B16
	UMAXV(1, 1)
	VMOV  V1.B[0], R8
	CBNZ  R8, sbedone

	// ASCII lanes keep their byte, continuation lanes take the one found,
	// lead lanes go.
	VORR  V3.B16, V3.B16, V13.B16
	VBSL  V0.B16, V8.B16, V13.B16
	VEOR  V12.B16, V14.B16, V2.B16
	VAND  V11.B16, V2.B16, V2.B16
	VMOV  V2.D[0], R14
	VMOV  V2.D[1], R15
	KEEP8(R14, 0)
	KEEP8(R15, 2048)
	ADD   R9, R2
	B     sbeloop

sbedone:
	RETURN
