//go:build !noasm

#include "textflag.h"

// func markBlocks(src *byte, blocks int, marks *[64]uint64)
//
// For each of the blocks 64-byte blocks at src it writes four masks, one bit
// per byte: quotes, backslashes, '[' or '{', ']' or '}' (Balance.Blocks).
TEXT ·markBlocks(SB), NOSPLIT, $0-24
	MOVQ src+0(FP), SI
	MOVQ blocks+8(FP), CX
	MOVQ marks+16(FP), DI
	MOVL $0x22222222, AX
	VPBROADCASTD AX, Z31 // '"'
	MOVL $0x5c5c5c5c, AX
	VPBROADCASTD AX, Z30 // '\\'
	MOVL $0x20202020, AX
	VPBROADCASTD AX, Z29 // 0x20: '[' | 0x20 == '{', ']' | 0x20 == '}'
	MOVL $0x7b7b7b7b, AX
	VPBROADCASTD AX, Z28 // '{'
	MOVL $0x7d7d7d7d, AX
	VPBROADCASTD AX, Z27 // '}'

loop:
	VMOVDQU8 (SI), Z0
	VPCMPEQB Z31, Z0, K1
	VPCMPEQB Z30, Z0, K2
	VPORD Z29, Z0, Z1
	VPCMPEQB Z28, Z1, K3
	VPCMPEQB Z27, Z1, K4
	KMOVQ K1, AX
	KMOVQ K2, BX
	KMOVQ K3, DX
	KMOVQ K4, R8
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	MOVQ DX, 16(DI)
	MOVQ R8, 24(DI)
	ADDQ $64, SI
	ADDQ $32, DI
	DECQ CX
	JNZ loop
	VZEROUPPER
	RET
