//go:build !noasm

#include "textflag.h"

// func markBlocksAVX512(src *byte, blocks int, marks *[64]uint64)
//
// For each of the blocks 64-byte blocks at src it writes four masks, one bit
// per byte: quotes, backslashes, '[' or '{', ']' or '}' (Balance.Blocks).
TEXT ·markBlocksAVX512(SB), NOSPLIT, $0-24
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

// MARKS32(off, h): the four masks of the 32 bytes at off(SI), as half h (0
// or 4) of each.
#define MARKS32(off, h) \
	VMOVDQU off(SI), Y0; \
	VPCMPEQB Y15, Y0, Y1; \
	VPMOVMSKB Y1, AX; \
	MOVL AX, (0+h)(DI); \
	VPCMPEQB Y14, Y0, Y1; \
	VPMOVMSKB Y1, AX; \
	MOVL AX, (8+h)(DI); \
	VPOR Y13, Y0, Y0; \
	VPCMPEQB Y12, Y0, Y1; \
	VPMOVMSKB Y1, AX; \
	MOVL AX, (16+h)(DI); \
	VPCMPEQB Y11, Y0, Y1; \
	VPMOVMSKB Y1, AX; \
	MOVL AX, (24+h)(DI)

// func markBlocksAVX2(src *byte, blocks int, marks *[64]uint64)
//
// markBlocksAVX512 for machines with AVX2 alone.
TEXT ·markBlocksAVX2(SB), NOSPLIT, $0-24
	MOVQ src+0(FP), SI
	MOVQ blocks+8(FP), CX
	MOVQ marks+16(FP), DI
	MOVL $0x22222222, AX
	VMOVD AX, X15
	VPBROADCASTD X15, Y15 // '"'
	MOVL $0x5c5c5c5c, AX
	VMOVD AX, X14
	VPBROADCASTD X14, Y14 // '\\'
	MOVL $0x20202020, AX
	VMOVD AX, X13
	VPBROADCASTD X13, Y13 // 0x20
	MOVL $0x7b7b7b7b, AX
	VMOVD AX, X12
	VPBROADCASTD X12, Y12 // '{'
	MOVL $0x7d7d7d7d, AX
	VMOVD AX, X11
	VPBROADCASTD X11, Y11 // '}'

loop:
	MARKS32(0, 0)
	MARKS32(32, 4)
	ADDQ $64, SI
	ADDQ $32, DI
	DECQ CX
	JNZ loop
	VZEROUPPER
	RET
