//go:build !noasm

#include "textflag.h"

// The stage-one kernel of Compact (compact.go) for AVX-512 (F, BW, VBMI2)
// with BMI2 and CLMUL. Per 64-byte block it builds one bit per byte for
// quotes, backslashes, whitespace, structural characters and control bytes,
// works out which bytes lie inside strings with the odd-backslash rule and
// a carry-less prefix XOR, then compresses the bytes to keep with
// VPCOMPRESSB and carries every mask into compact positions with PEXT.

#include "compact_amd64.h"

// What of a sign-extended position byte an ends entry keeps: the position
// and, from bit 7, EscapedEnd.
DATA endBits<>+0(SB)/4, $0x8000007f
GLOBL endBits<>(SB), RODATA|NOPTR, $4

// ENDS16(x, z, off): the 16 position bytes in x as ends entries, widened
// into z (EscapedEnd from bit 7, plus the offset in Z3), stored at off(R8).
#define ENDS16(x, z, off) \
	VPMOVSXBD x, z; \
	VPANDD.BCST endBits<>(SB), z, z; \
	VPADDD Z3, z, z; \
	VMOVDQU32 z, off(R8)

// func compactBlocksAVX512(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int)
//
// Registers: SI src, CX blocks left, DI dst write position, R8 ends write
// position, R9 state, R10 pos-dst (so that DI+R10 is the compact offset of
// DI), R11 in-string carry (all ones or zero), R12 escaped-next carry,
// R13 scalar-byte carry.
TEXT ·compactBlocksAVX512(SB), NOSPLIT, $0-96
	MOVQ st+0(FP), R9
	MOVQ src+8(FP), SI
	MOVQ blocks+16(FP), CX
	MOVQ dst_base+24(FP), DI
	MOVQ ends_base+48(FP), R8
	MOVL pos+72(FP), R10
	SUBQ DI, R10

	MOVQ ST_INSTRING(R9), R11
	MOVQ ST_ESCNEXT(R9), R12
	MOVQ ST_PREVTOK(R9), R13

	MOVL $0x22222222, AX
	VPBROADCASTD AX, Z31 // '"'
	MOVL $0x5c5c5c5c, AX
	VPBROADCASTD AX, Z30 // '\\'
	VBROADCASTI32X4 wsTable<>(SB), Z29
	VBROADCASTI32X4 opTable<>(SB), Z28
	MOVL $0x20202020, AX
	VPBROADCASTD AX, Z27 // 0x20
	MOVL $0x7b7b7b7b, AX
	VPBROADCASTD AX, Z26 // '{' (and '[' once or-ed with 0x20)
	VBROADCASTI32X4 utf8Prev1High<>(SB), Z25
	VBROADCASTI32X4 utf8Prev1Low<>(SB), Z24
	VBROADCASTI32X4 utf8CurHigh<>(SB), Z23
	MOVL $0x0f0f0f0f, AX
	VPBROADCASTD AX, Z22
	MOVL $0x60606060, AX
	VPBROADCASTD AX, Z21 // 0xe0 - 0x80
	MOVL $0x70707070, AX
	VPBROADCASTD AX, Z20 // 0xf0 - 0x80
	MOVL $0x80808080, AX
	VPBROADCASTD AX, Z19
	VMOVDQU8 ST_PREV(R9), Z18 // previous block
	VPXORD Z17, Z17, Z17      // UTF-8 errors
	MOVQ $-1, AX
	VMOVQ AX, X13             // all ones, for the prefix XOR
	VMOVDQU64 escClass<>+0(SB), Z16
	VMOVDQU64 escClass<>+64(SB), Z15
	VMOVDQU64 byteIndex<>(SB), Z14

loop:
	TESTQ CX, CX
	JZ done
	VMOVDQU8 (SI), Z0
	VPCMPEQB Z31, Z0, K1 // quotes
	VPCMPEQB Z30, Z0, K2 // backslashes
	VPSHUFB Z0, Z29, Z1
	VPCMPEQB Z1, Z0, K3  // whitespace
	VPORD Z27, Z0, Z2
	VPSHUFB Z2, Z28, Z3
	VPCMPEQB Z3, Z2, K4  // structural characters
	VPCMPEQB Z26, Z2, K5 // '{' or '['
	VPCMPUB $1, Z27, Z0, K6 // control bytes
	VPMOVB2M Z0, K7      // bytes >= 0x80

	KMOVQ K2, BX
	ESCAPED

	// Escapes. R15 = escaped bytes: each must be one of "/\\bfnrtu; a
	// 'u' needs four hex digits; a \uD800-\uDBFF escape must be followed
	// by a \uDC00-\uDFFF one and that one preceded by it (unless lone
	// surrogates are allowed). A surrogate escape is marked at its second
	// hex digit, so a pair is a high mark with a low mark six bytes on.
	NOESCAPES

escapes:
	VMOVDQA64 Z0, Z1
	VPERMI2B Z15, Z16, Z1 // Z1 = classes of the bytes, by their low 7 bits
	VPMOVM2B K7, Z2
	VPANDND Z1, Z2, Z1    // no class for bytes >= 0x80
	VPMOVB2M Z1, K0
	KMOVQ K0, AX
	ANDNQ R15, AX, AX
	ORQ AX, ST_BAD(R9)    // escaped bytes that no escape allows

	VPSLLW $5, Z1, Z2
	VPMOVB2M Z2, K0
	KMOVQ K0, AX
	ANDQ R15, AX          // AX = the 'u' of each \u escape

	HEXDIGITS
	VPSLLW $1, Z1, Z2
	VPMOVB2M Z2, K0
	KMOVQ K0, BX
	ANDNQ DX, BX, DX
	ORQ DX, ST_BAD(R9)    // missing hex digits

	CMPQ ST_LONEOK(R9), $0
	JNE lone
	// DX = second hex digits of \uD escapes: 'u' two bytes back, 'd' or
	// 'D' one byte back, across the block boundary.
	MOVQ AX, DX
	MOVQ ST_UPREV(R9), R14
	SHLQ $2, R14, DX
	VPSLLW $2, Z1, Z2
	VPMOVB2M Z2, K0
	KMOVQ K0, BX
	MOVQ ST_DPREV(R9), R14
	MOVQ BX, ST_DPREV(R9)
	SHLQ $1, R14, BX
	ANDQ BX, DX
	VPSLLW $3, Z1, Z2
	VPMOVB2M Z2, K0
	KMOVQ K0, BX
	ANDQ DX, BX           // BX = high surrogate marks
	VPSLLW $4, Z1, Z2
	VPMOVB2M Z2, K0
	KMOVQ K0, R14
	ANDQ R14, DX          // DX = low surrogate marks
	MOVQ ST_HIPREV(R9), R14
	MOVQ BX, ST_HIPREV(R9)
	SHLQ $6, R14, BX
	XORQ BX, DX
	ORQ DX, ST_BAD(R9)    // unpaired halves

lone:
	MOVQ AX, ST_UPREV(R9)

quotes:
	KMOVQ K1, AX
	ANDNQ AX, R15, AX         // AX = unescaped quotes

	INSIDE(X12, X13)

	// Control bytes inside strings are errors; outside they are either
	// whitespace or bytes the grammar rejects.
	KMOVQ K6, BX
	ANDQ DX, BX
	ORQ BX, ST_BAD(R9)

	// Values other than strings (which the ends count): '{' and '['
	// outside strings and (below) the first byte of each scalar.
	KMOVQ K5, BX
	ANDNQ BX, DX, BX
	POPCNTQ BX, BX
	ADDQ BX, ST_VALUES(R9)
	ADDQ BX, ST_OPENS(R9)

	// R14 = whitespace outside strings: the bytes to drop.
	KMOVQ K3, R14
	ANDNQ R14, DX, R14

	KMOVQ K4, R15
	SCALARS

	// In compact positions, a scalar that starts right after a scalar
	// byte had only whitespace between them: two tokens glued together.
	NOTQ R14 // R14 = bytes to keep
	PEXTQ R14, R15, R15
	PEXTQ R14, BX, BX
	VMOVQ R15, X11 // scalar bytes, compact
	POPCNTQ BX, R15
	ADDQ R15, ST_VALUES(R9)
	VMOVQ X11, R15
	LEAQ (R15)(R15*1), R15
	ORQ ST_PREVTOKC(R9), R15
	ANDQ R15, BX
	ORQ BX, ST_BAD(R9)

	KMOVQ K2, BX
	CLOSING
	PEXTQ R14, AX, AX
	PEXTQ R14, BX, BX

	// Compress the block and write all 64 bytes; the next block's bytes
	// overwrite the excess.
	KMOVQ R14, K1
	VPCOMPRESSB Z0, K1, Z1
	VMOVDQU8 Z1, (DI)

	// Scalar carry in compact positions: the last kept byte's bit, or the
	// old carry if the block kept nothing.
	LEAQ (DI)(R10*1), DX // compact offset of the block's first kept byte
	POPCNTQ R14, R14
	JZ ends
	ADDQ R14, DI
	VMOVQ X11, R15
	DECQ R14
	SHRXQ R14, R15, R15
	ANDQ $1, R15
	MOVQ R15, ST_PREVTOKC(R9)

ends:
	// One entry per closing quote: its compact offset, or-ed with
	// EscapedEnd if flagged. The positions of the quotes, bit 7 set where
	// flagged, are compressed out of a vector of byte indices, widened
	// with that bit spread to the top and offset, and written 16 at a
	// time (a block holds at most 32 closing quotes); entries past the
	// count are overwritten later and lie within the room reserved for
	// the block (32 entries).
	TESTQ AX, AX
	JZ utf8
	POPCNTQ AX, R15
	KMOVQ AX, K1
	KMOVQ BX, K2
	VMOVDQA64 Z14, Z5
	VPADDB Z19, Z14, K2, Z5 // bit 7 where flagged
	VPCOMPRESSB Z5, K1, Z1
	VPBROADCASTD DX, Z3
	ENDS16(X1, Z2, 0)
	CMPQ R15, $16
	JBE counted
	VEXTRACTI32X4 $1, Z1, X4
	ENDS16(X4, Z4, 64)
counted:
	LEAQ (R8)(R15*4), R8

utf8:
	CMPQ ST_NOUTF8(R9), $0
	JNE next
	KMOVQ K7, AX
	MOVQ ST_PREVHIGH(R9), BX
	MOVQ AX, ST_PREVHIGH(R9)
	ORQ AX, BX
	JZ next

	// Bytes 1, 2 and 3 before each byte, across the block boundary.
	VALIGND $12, Z18, Z0, Z4
	VPALIGNR $15, Z4, Z0, Z5 // prev1
	VPALIGNR $14, Z4, Z0, Z6 // prev2
	VPALIGNR $13, Z4, Z0, Z7 // prev3
	VPSRLW $4, Z5, Z8
	VPANDD Z22, Z8, Z8
	VPSHUFB Z8, Z25, Z8
	VPANDD Z22, Z5, Z9
	VPSHUFB Z9, Z24, Z9
	VPSRLW $4, Z0, Z10
	VPANDD Z22, Z10, Z10
	VPSHUFB Z10, Z23, Z10
	VPTERNLOGD $0x80, Z8, Z9, Z10 // Z10 = Z8 & Z9 & Z10
	VPSUBUSB Z21, Z6, Z6
	VPSUBUSB Z20, Z7, Z7
	VPORD Z6, Z7, Z6
	VPANDD Z19, Z6, Z6
	VPXORD Z6, Z10, Z10
	VPORD Z10, Z17, Z17

next:
	VMOVDQA64 Z0, Z18
	ADDQ $64, SI
	DECQ CX
	JMP loop

done:
	VMOVDQU8 Z18, ST_PREV(R9)
	VPTESTMB Z17, Z17, K1
	KMOVQ K1, AX
	ORQ AX, ST_BAD(R9)
	RETURN

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv() uint32
TEXT ·xgetbv(SB), NOSPLIT, $0-4
	XORL CX, CX
	XGETBV
	MOVL AX, ret+0(FP)
	RET
