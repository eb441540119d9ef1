//go:build !purego

// NEON kernels for arm64, written by hand: avo generates amd64 only.
//
// The validators classify 64 bytes a step, as four 16-byte vectors, with the
// lookup-table algorithm of Keiser and Lemire ("Validating UTF-8 in less than
// one instruction per byte"): three table lookups per vector (the high and
// low nibble of the previous byte, the high nibble of the current one) whose
// AND is non-zero exactly at ill-formed pairs, plus a saturating subtraction
// that says where a continuation must follow a continuation. The tables are
// the ones internal/gen builds for amd64 (byte1High, byte1Low, byte2High).
//
// Every kernel needs len(p) >= 64: the last, partial block is read as the
// last 64 bytes of p, shifted into a zero-filled stack buffer so that the
// block is the tail followed by zeros (ASCII, which changes no count and ends
// any unfinished character with an error).
//
// Go's assembler lacks a few NEON instructions; they are emitted with WORD
// and their encodings (from the Arm ARM, checked with aarch64-linux-gnu-objdump)
// built by the macros below.

#include "textflag.h"

// UMAXV Bd, Vn.16B: the largest byte of Vn into the low byte of Vd.
#define UMAXV(n, d) WORD $(0x6E30A800 | ((n)<<5) | (d))

// UQSUB Vd.16B, Vn.16B, Vm.16B: Vd = Vn - Vm per byte, saturating at 0.
#define UQSUB(m, n, d) WORD $(0x6E202C00 | ((m)<<16) | ((n)<<5) | (d))

// byte1High, byte1Low, byte2High: the error-shape tables (see
// internal/gen/tables.go for how each entry is derived).
DATA tables<>+0(SB)/8, $0x0202020202020202
DATA tables<>+8(SB)/8, $0x4915012180808080
DATA tables<>+16(SB)/8, $0xCBCBCB8B8383A3E7
DATA tables<>+24(SB)/8, $0xCBCBDBCBCBCBCBCB
DATA tables<>+32(SB)/8, $0x0101010101010101
DATA tables<>+40(SB)/8, $0x01010101BABAAEE6

// Saturating subtraction of this vector from a block's last 16 bytes leaves
// bit 7 set where a character is left unfinished: a lead in byte 15 (C0 and
// up, minus 0x40), a 3- or 4-byte lead in byte 14 (minus 0x60), a 4-byte
// lead in byte 13 (minus 0x70). 0xFF clears the other bytes.
DATA tables<>+48(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA tables<>+56(SB)/8, $0x406070FFFFFFFFFF

// Indexed by high nibble: 1 for a continuation byte (8..B).
DATA tables<>+64(SB)/8, $0x0000000000000000
DATA tables<>+72(SB)/8, $0x0000000001010101

// Indexed by high nibble: 1 for a 4-byte lead (F).
DATA tables<>+80(SB)/8, $0x0000000000000000
DATA tables<>+88(SB)/8, $0x0100000000000000

// Indexed by high nibble: 1 + (continuation) - (4-byte lead), so that a sum
// over n bytes is n + conts - fours and the UTF-16 length 2n - that sum.
DATA tables<>+96(SB)/8, $0x0101010101010101
DATA tables<>+104(SB)/8, $0x0001010102020202
GLOBL tables<>(SB), RODATA|NOPTR, $112

// SETUP loads the validators' constants:
// V16-V18 the three shape tables, V19 0x0F, V20 0xE0-0x80, V21 0xF0-0x80,
// V22 0x80, V23 the unfinished-character thresholds, and clears V24 (the
// previous block's last 16 bytes), V25 (its unfinished-character flags) and
// R14 (the ASCII blocks in a row, see ASCIISTEP).
#define SETUP \
	MOVD ZR, R14; \
	MOVD $tables<>(SB), R8; \
	VLD1 (R8), [V16.B16, V17.B16, V18.B16, V19.B16]; \
	VMOV V19.B16, V23.B16; \
	VMOVI $0x0F, V19.B16; \
	VMOVI $0x60, V20.B16; \
	VMOVI $0x70, V21.B16; \
	VMOVI $0x80, V22.B16; \
	VEOR V24.B16, V24.B16, V24.B16; \
	VEOR V25.B16, V25.B16, V25.B16

// CHECK sets out to the error flags of the 16 bytes in cur, preceded by the
// 16 in prev: non-zero exactly where a byte ends an ill-formed pair or does
// not continue a 3- or 4-byte character. It leaves the high nibbles of cur
// in V8 for the counting kernels and clobbers V4-V7 and V9.
#define CHECK(cur, prev, out) \
	VEXT $15, cur.B16, prev.B16, V4.B16; \
	VEXT $14, cur.B16, prev.B16, V5.B16; \
	VEXT $13, cur.B16, prev.B16, V6.B16; \
	VUSHR $4, V4.B16, V7.B16; \
	VAND V19.B16, V4.B16, V4.B16; \
	VUSHR $4, cur.B16, V8.B16; \
	VTBL V7.B16, [V16.B16], V7.B16; \
	VTBL V4.B16, [V17.B16], V4.B16; \
	VTBL V8.B16, [V18.B16], V9.B16; \
	VAND V4.B16, V7.B16, V7.B16; \
	VAND V9.B16, V7.B16, V7.B16; \
	UQSUB(20, 5, 5); \
	UQSUB(21, 6, 6); \
	VORR V5.B16, V6.B16, V5.B16; \
	VAND V22.B16, V5.B16, V5.B16; \
	VEOR V5.B16, V7.B16, out.B16

// ERRORS leaves in R5 the largest error flag of the block V10-V13.
#define ERRORS \
	VORR V10.B16, V11.B16, V10.B16; \
	VORR V12.B16, V13.B16, V12.B16; \
	VORR V10.B16, V12.B16, V10.B16; \
	UMAXV(10, 10); \
	VMOV V10.B[0], R5

// ISASCII leaves bit 7 of R5 clear if the block V0-V3 is ASCII and the one
// before it left no character unfinished (V25): then it needs no checking.
#define ISASCII \
	VORR V0.B16, V1.B16, V4.B16; \
	VORR V2.B16, V3.B16, V5.B16; \
	VORR V4.B16, V5.B16, V4.B16; \
	VORR V25.B16, V4.B16, V4.B16; \
	UMAXV(4, 4); \
	VMOV V4.B[0], R5

// UNFINISHED sets V25 from the block's last vector V3.
#define UNFINISHED UQSUB(23, 3, 25)

// TAILBUF loads into V0-V3 the last R4 (1..63) bytes of the input, which ends
// at R3, followed by zeros, through the stack buffer at R6. Clobbers V4-V7, R7.
#define TAILBUF \
	VEOR V4.B16, V4.B16, V4.B16; \
	VEOR V5.B16, V5.B16, V5.B16; \
	VEOR V6.B16, V6.B16, V6.B16; \
	VEOR V7.B16, V7.B16, V7.B16; \
	ADD $64, R6, R7; \
	VST1 [V4.B16, V5.B16, V6.B16, V7.B16], (R7); \
	SUB $64, R3, R7; \
	VLD1 (R7), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	VST1 [V0.B16, V1.B16, V2.B16, V3.B16], (R6); \
	ADD $64, R6, R6; \
	SUB R4, R6, R6; \
	VLD1 (R6), [V0.B16, V1.B16, V2.B16, V3.B16]

// ASCIIRUN is entered after an ASCII block at R0 that left V25's bit 7 clear.
// It skips ASCII 128 bytes a step, then goes back to back at the first
// 128 bytes that are not all ASCII, with V24 holding ASCII: the shapes of a pair
// whose first byte is ASCII do not depend on which ASCII byte it is. With
// store, each step is also copied to R12.
#define ASCIIRUN(run, back, store) \
	VMOV V3.B16, V24.B16; \
	ADD $64, R0; \
run: \
	SUB R0, R3, R4; \
	CMP $128, R4; \
	BLT back; \
	ADD $64, R0, R7; \
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	VLD1 (R7), [V4.B16, V5.B16, V6.B16, V7.B16]; \
	VORR V0.B16, V1.B16, V8.B16; \
	VORR V2.B16, V3.B16, V9.B16; \
	VORR V4.B16, V5.B16, V10.B16; \
	VORR V6.B16, V7.B16, V11.B16; \
	VORR V8.B16, V9.B16, V8.B16; \
	VORR V10.B16, V11.B16, V10.B16; \
	VORR V8.B16, V10.B16, V8.B16; \
	UMAXV(8, 8); \
	VMOV V8.B[0], R5; \
	TBNZ $7, R5, back; \
	store; \
	ADD $128, R0; \
	B run

// ASCIISTEP is entered after an ASCII block at R0 that left V25's bit 7
// clear. Markup-heavy text (HTML) switches between short ASCII runs and
// other text every few blocks: to try ASCIIRUN after each ASCII block would
// cost, at each of those switches, a 128-byte test that fails and a branch
// that mispredicts. So an ASCII block steps over itself and goes back,
// until it is the ASCIISTEPS-th in a row (R14 counts them; the checking
// path clears R14): then ASCIIRUN takes over.
#define ASCIISTEPS 3
#define ASCIISTEP(deep, run, back, store) \
	ADD  $1, R14; \
	CMP  $ASCIISTEPS, R14; \
	BGE  deep; \
	VMOV V3.B16, V24.B16; \
	ADD  $64, R0; \
	B    back; \
deep: \
	MOVD ZR, R14; \
	ASCIIRUN(run, back, store)

#define NOSTORE NOP
#define STORE128 \
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R12); \
	VST1.P [V4.B16, V5.B16, V6.B16, V7.B16], 64(R12)

// func validNEON(p []byte) int
TEXT ·validNEON(SB), NOSPLIT, $128-32
	MOVD p_base+0(FP), R0
	MOVD p_len+8(FP), R1
	MOVD R0, R2
	ADD  R0, R1, R3
	SETUP

loop:
	SUB  R0, R3, R4
	CMP  $64, R4
	BLT  tail
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	ISASCII
	TBZ  $7, R5, ascii
	MOVD ZR, R14
	CHECK(V0, V24, V10)
	CHECK(V1, V0, V11)
	CHECK(V2, V1, V12)
	CHECK(V3, V2, V13)
	ERRORS
	CBNZ R5, fail
	UNFINISHED
	VMOV V3.B16, V24.B16
	ADD  $64, R0
	B    loop

ascii:
	ASCIISTEP(deep, run, loop, NOSTORE)

tail:
	CBZ  R4, end
	MOVD $buf-128(SP), R6
	TAILBUF
	ISASCII
	TBZ  $7, R5, valid
	CHECK(V0, V24, V10)
	CHECK(V1, V0, V11)
	CHECK(V2, V1, V12)
	CHECK(V3, V2, V13)
	ERRORS
	CBNZ R5, fail

valid:
	MOVD R1, ret+24(FP)
	RET

end:
	// A whole number of blocks: the last may end inside a character.
	UMAXV(25, 4)
	VMOV V4.B[0], R5
	TBZ  $7, R5, valid
	SUB  $1, R1
	B    valid

fail:
	SUB  R2, R0
	MOVD R0, ret+24(FP)
	RET

// COUNT1 and COUNT adds the continuation bytes and 4-byte leads of the
// vector whose high nibbles are in V8 to the block's counts in V29 and V30,
// COUNT1 starting them. V14 and V15 hold the tables.
#define COUNT1 \
	VTBL V8.B16, [V14.B16], V29.B16; \
	VTBL V8.B16, [V15.B16], V30.B16

#define COUNT \
	VTBL V8.B16, [V14.B16], V4.B16; \
	VADD V4.B16, V29.B16, V29.B16; \
	VTBL V8.B16, [V15.B16], V4.B16; \
	VADD V4.B16, V30.B16, V30.B16

// FLUSH adds the byte-wide sums V27 and V28 to R10 and R11 and clears them.
#define FLUSH \
	VUADDLV V27.B16, V4; \
	VMOV V4.H[0], R5; \
	ADD R5, R10; \
	VUADDLV V28.B16, V4; \
	VMOV V4.H[0], R5; \
	ADD R5, R11; \
	VEOR V27.B16, V27.B16, V27.B16; \
	VEOR V28.B16, V28.B16, V28.B16

// ADDBLOCK adds a checked block's counts to the running sums, flushing them
// every 63 blocks, before a byte-wide sum (at most 4 a block) can overflow.
#define ADDBLOCK(skip) \
	VADD V29.B16, V27.B16, V27.B16; \
	VADD V30.B16, V28.B16, V28.B16; \
	SUBS $1, R9; \
	BNE skip; \
	FLUSH; \
	MOVD $63, R9; \
skip:

// func validCountNEON(p []byte) (n, runes, utf16 int)
TEXT ·validCountNEON(SB), NOSPLIT, $128-48
	MOVD p_base+0(FP), R0
	MOVD p_len+8(FP), R1
	MOVD R0, R2
	ADD  R0, R1, R3
	SETUP
	MOVD $tables<>+64(SB), R8
	VLD1 (R8), [V14.B16, V15.B16]
	VEOR V27.B16, V27.B16, V27.B16
	VEOR V28.B16, V28.B16, V28.B16
	MOVD $63, R9
	MOVD ZR, R10 // continuation bytes in whole blocks before R0
	MOVD ZR, R11 // 4-byte leads

cloop:
	SUB  R0, R3, R4
	CMP  $64, R4
	BLT  ctail
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	ISASCII
	TBZ  $7, R5, cascii
	MOVD ZR, R14
	CHECK(V0, V24, V10)
	COUNT1
	CHECK(V1, V0, V11)
	COUNT
	CHECK(V2, V1, V12)
	COUNT
	CHECK(V3, V2, V13)
	COUNT
	ERRORS
	CBNZ R5, cfail
	UNFINISHED
	ADDBLOCK(cadded)
	VMOV V3.B16, V24.B16
	ADD  $64, R0
	B    cloop

cascii:
	ASCIISTEP(cdeep, crun, cloop, NOSTORE)

ctail:
	CBZ  R4, cend
	MOVD $buf-128(SP), R6
	TAILBUF
	ISASCII
	TBZ  $7, R5, cvalid
	CHECK(V0, V24, V10)
	COUNT1
	CHECK(V1, V0, V11)
	COUNT
	CHECK(V2, V1, V12)
	COUNT
	CHECK(V3, V2, V13)
	COUNT
	ERRORS
	CBNZ R5, cfail
	VADD V29.B16, V27.B16, V27.B16
	VADD V30.B16, V28.B16, V28.B16

cvalid:
	MOVD R1, R0
	ADD  R2, R0

cret:
	FLUSH
	SUB  R2, R0
	MOVD R0, n+24(FP)
	SUB  R10, R0
	MOVD R0, runes+32(FP)
	ADD  R11, R0
	MOVD R0, utf16+40(FP)
	RET

cend:
	UMAXV(25, 4)
	VMOV V4.B[0], R5
	TBZ  $7, R5, cvalid

	// The input ends inside a character: answer len(p)-1, taking the
	// last byte out of the counts.
	SUB    $1, R3, R0
	MOVBU  (R0), R5
	AND    $0xC0, R5, R6
	CMP    $0x80, R6
	BNE    clead
	SUB    $1, R10
	B      cret

clead:
	CMP    $0xF0, R5
	BLO    cret
	SUB    $1, R11
	B      cret

cfail:
	B cret

// func validCopyNEON(dst, src []byte) int
TEXT ·validCopyNEON(SB), NOSPLIT, $128-56
	MOVD dst_base+0(FP), R12
	MOVD src_base+24(FP), R0
	MOVD src_len+32(FP), R1
	MOVD R0, R2
	ADD  R0, R1, R3
	SETUP

ploop:
	SUB  R0, R3, R4
	CMP  $64, R4
	BLT  ptail
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	ISASCII
	TBZ  $7, R5, pascii
	MOVD ZR, R14
	CHECK(V0, V24, V10)
	CHECK(V1, V0, V11)
	CHECK(V2, V1, V12)
	CHECK(V3, V2, V13)
	ERRORS
	CBNZ R5, pfail
	UNFINISHED
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R12)
	VMOV   V3.B16, V24.B16
	ADD    $64, R0
	B      ploop

pascii:
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R12)
	ASCIISTEP(pdeep, prun, ploop, STORE128)

ptail:
	CBZ  R4, pend
	MOVD $buf-128(SP), R6
	TAILBUF

	// dst may take anything up to len(src), and the bytes that are
	// copied are src's: store the last 64 of them now, from V4-V7 while
	// V0-V3 hold the padded block.
	SUB  $64, R3, R7
	VLD1 (R7), [V4.B16, V5.B16, V6.B16, V7.B16]
	ADD  R4, R12
	SUB  $64, R12
	VST1 [V4.B16, V5.B16, V6.B16, V7.B16], (R12)
	ISASCII
	TBZ  $7, R5, pvalid
	CHECK(V0, V24, V10)
	CHECK(V1, V0, V11)
	CHECK(V2, V1, V12)
	CHECK(V3, V2, V13)
	ERRORS
	CBNZ R5, pfail

pvalid:
	MOVD R1, ret+48(FP)
	RET

pend:
	UMAXV(25, 4)
	VMOV V4.B[0], R5
	TBZ  $7, R5, pvalid
	SUB  $1, R1
	B    pvalid

pfail:
	SUB  R2, R0
	MOVD R0, ret+48(FP)
	RET

// func asciiNEON(p []byte) int
TEXT ·asciiNEON(SB), NOSPLIT, $0-32
	MOVD p_base+0(FP), R0
	MOVD p_len+8(FP), R1
	MOVD R0, R2
	ADD  R0, R1, R3

aloop2:
	SUB  R0, R3, R4
	CMP  $128, R4
	BLT  aloop
	ADD  $64, R0, R7
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1 (R7), [V4.B16, V5.B16, V6.B16, V7.B16]
	VORR V0.B16, V1.B16, V8.B16
	VORR V2.B16, V3.B16, V9.B16
	VORR V4.B16, V5.B16, V10.B16
	VORR V6.B16, V7.B16, V11.B16
	VORR V8.B16, V9.B16, V8.B16
	VORR V10.B16, V11.B16, V10.B16
	VORR V8.B16, V10.B16, V8.B16
	UMAXV(8, 8)
	VMOV V8.B[0], R5
	TBNZ $7, R5, aloop
	ADD  $128, R0
	B    aloop2

aloop:
	SUB  R0, R3, R4
	CMP  $64, R4
	BLT  atail
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR V0.B16, V1.B16, V4.B16
	VORR V2.B16, V3.B16, V5.B16
	VORR V4.B16, V5.B16, V4.B16
	UMAXV(4, 4)
	VMOV V4.B[0], R5
	TBNZ $7, R5, afind
	ADD  $64, R0
	B    aloop

atail:
	// The last 64 bytes, overlapping bytes already known to be ASCII.
	CBZ  R4, aall
	SUB  $64, R3, R0
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR V0.B16, V1.B16, V4.B16
	VORR V2.B16, V3.B16, V5.B16
	VORR V4.B16, V5.B16, V4.B16
	UMAXV(4, 4)
	VMOV V4.B[0], R5
	TBNZ $7, R5, afind

aall:
	MOVD R1, ret+24(FP)
	RET

afind:
	// The block at R0 holds a byte above 0x7F: find the first, a word at
	// a time.
	MOVD $0x8080808080808080, R6

aword:
	MOVD.P 8(R0), R5
	ANDS   R6, R5
	BEQ    aword
	RBIT   R5, R5
	CLZ    R5, R5
	SUB    $8, R0
	SUB    R2, R0
	ADD    R5>>3, R0
	MOVD   R0, ret+24(FP)
	RET

// COUNTVEC adds TBL(high nibble of v, V14) to V29, through V4.
#define COUNTVEC(v) \
	VUSHR $4, v.B16, V4.B16; \
	VTBL V4.B16, [V14.B16], V4.B16; \
	VADD V4.B16, V29.B16, V29.B16

// SUMTABLE runs over p (R0, R3 its end) in 64-byte blocks, adding per byte
// the entry of table V14 for the byte's high nibble, at most `max` per
// entry, into R10, including R4 bytes of zero padding after the end.
#define SUMTABLE(loop, tail, skip, done, max) \
	VEOR V29.B16, V29.B16, V29.B16; \
	MOVD $(255/(4*max)), R9; \
	MOVD ZR, R10; \
	MOVD ZR, R4; \
loop: \
	SUB R0, R3, R4; \
	CMP $64, R4; \
	BLT tail; \
	VLD1.P 64(R0), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	COUNTVEC(V0); \
	COUNTVEC(V1); \
	COUNTVEC(V2); \
	COUNTVEC(V3); \
	SUBS $1, R9; \
	BNE loop; \
	VUADDLV V29.B16, V4; \
	VMOV V4.H[0], R5; \
	ADD R5, R10; \
	VEOR V29.B16, V29.B16, V29.B16; \
	MOVD $(255/(4*max)), R9; \
	B loop; \
tail: \
	CBZ R4, done; \
	MOVD $buf-128(SP), R6; \
	TAILBUF; \
	COUNTVEC(V0); \
	COUNTVEC(V1); \
	COUNTVEC(V2); \
	COUNTVEC(V3); \
	MOVD $64, R5; \
	SUB R4, R5, R4; \
done: \
	VUADDLV V29.B16, V4; \
	VMOV V4.H[0], R5; \
	ADD R5, R10

// func countNEON(p []byte) int
TEXT ·countNEON(SB), NOSPLIT, $128-32
	MOVD p_base+0(FP), R0
	MOVD p_len+8(FP), R1
	ADD  R0, R1, R3
	MOVD $tables<>+64(SB), R8
	VLD1 (R8), [V14.B16]
	SUMTABLE(nloop, ntail, nskip, ndone, 1)

	// R10 continuation bytes; the padding holds none.
	SUB  R10, R1
	MOVD R1, ret+24(FP)
	RET

// func utf16NEON(p []byte) int
TEXT ·utf16NEON(SB), NOSPLIT, $128-32
	MOVD p_base+0(FP), R0
	MOVD p_len+8(FP), R1
	ADD  R0, R1, R3
	MOVD $tables<>+96(SB), R8
	VLD1 (R8), [V14.B16]
	SUMTABLE(uloop, utail, uskip, udone, 2)

	// R10 = n + pad + conts - fours over n input bytes and R4 bytes of
	// padding; the length is n - conts + fours.
	ADD  R1, R1, R5
	ADD  R4, R5
	SUB  R10, R5
	MOVD R5, ret+24(FP)
	RET
