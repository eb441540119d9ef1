//go:build pad32

#include "textflag.h"

DATA pad32<>+0(SB)/8, $0
DATA pad32<>+8(SB)/8, $0
DATA pad32<>+16(SB)/8, $0
DATA pad32<>+24(SB)/8, $0
GLOBL pad32<>(SB), RODATA|NOPTR, $32

// func pad32Addr() uintptr
TEXT ·pad32Addr(SB), NOSPLIT, $0-8
	LEAQ pad32<>(SB), AX
	MOVQ AX, ret+0(FP)
	RET
