//go:build !noasm

#include "textflag.h"

// The stage-one kernel of Compact (compact.go) for machines with AVX2 but
// no AVX-512, with BMI1, POPCNT and CLMUL. It keeps the contract of
// compactBlocksAVX512 and its bit arithmetic; what AVX-512 does in one
// instruction it does thus:
//
//   - the masks of a block are built 32 bytes at a time (VPMOVMSKB) and
//     kept in the frame, as there are no mask registers;
//   - the bytes to keep are compacted 8 at a time by VPSHUFB with a shuffle
//     from compactShuffle (compact_amd64.go), indexed by the lane's 8 bits
//     of the keep mask; a block that keeps every byte is copied whole;
//   - no PEXT (microcoded and slow on AMD before Zen 3): the check that two
//     scalars are not glued together follows runs of dropped whitespace
//     with an addition, and each closing quote's compact offset is the
//     count of kept bytes before it (POPCNT), one quote at a time.

#include "compact_amd64.h"

#define SPLAT(name, v) \
	DATA name+0(SB)/8, v; \
	DATA name+8(SB)/8, v; \
	DATA name+16(SB)/8, v; \
	DATA name+24(SB)/8, v; \
	GLOBL name(SB), RODATA|NOPTR, $32

SPLAT(avxQuote<>, $0x2222222222222222)
SPLAT(avxBackslash<>, $0x5c5c5c5c5c5c5c5c)
SPLAT(avx20<>, $0x2020202020202020)
SPLAT(avxOpen<>, $0x7b7b7b7b7b7b7b7b)
SPLAT(avx1f<>, $0x1f1f1f1f1f1f1f1f)
SPLAT(avx0f<>, $0x0f0f0f0f0f0f0f0f)
SPLAT(avx60<>, $0x6060606060606060)
SPLAT(avx70<>, $0x7070707070707070)
SPLAT(avx80<>, $0x8080808080808080)

// Frame slots: the masks of the block (0-48), the escape classes (56-96),
// blocks left (104), the scalar bytes (112) and the closing quotes (120).
#define M_QUOTES 0
#define M_BS 8
#define M_WS 16
#define M_STRUCT 24
#define M_OPEN 32
#define M_CTRL 40
#define M_HIGH 48
#define M_ALLOWED 56
#define M_HEX 64
#define M_DD 72
#define M_89AB 80
#define M_CF 88
#define M_U 96
#define F_LEFT 104
#define F_SCALAR 112
#define F_ENDS 120

// MASK64(lo, hi, m): the top bits of the bytes of lo and hi, as one 64-bit
// mask stored at m (at once: two 32-bit stores read back as one would
// defeat store forwarding).
#define MASK64(lo, hi, m) \
	VPMOVMSKB lo, AX; \
	VPMOVMSKB hi, DX; \
	SHLQ $32, DX; \
	ORQ DX, AX; \
	MOVQ AX, m(SP)

// MASKS: the masks of the block in Y0 and Y1.
#define MASKS \
	VPCMPEQB avxQuote<>(SB), Y0, Y2; \
	VPCMPEQB avxQuote<>(SB), Y1, Y3; \
	MASK64(Y2, Y3, M_QUOTES); \
	VPCMPEQB avxBackslash<>(SB), Y0, Y2; \
	VPCMPEQB avxBackslash<>(SB), Y1, Y3; \
	MASK64(Y2, Y3, M_BS); \
	VPSHUFB Y0, Y13, Y2; \
	VPCMPEQB Y2, Y0, Y2; \
	VPSHUFB Y1, Y13, Y3; \
	VPCMPEQB Y3, Y1, Y3; \
	MASK64(Y2, Y3, M_WS); \
	VPOR avx20<>(SB), Y0, Y4; \
	VPOR avx20<>(SB), Y1, Y5; \
	VPSHUFB Y4, Y12, Y2; \
	VPCMPEQB Y2, Y4, Y2; \
	VPSHUFB Y5, Y12, Y3; \
	VPCMPEQB Y3, Y5, Y3; \
	MASK64(Y2, Y3, M_STRUCT); \
	VPCMPEQB avxOpen<>(SB), Y4, Y2; \
	VPCMPEQB avxOpen<>(SB), Y5, Y3; \
	MASK64(Y2, Y3, M_OPEN); \
	VPMINUB avx1f<>(SB), Y0, Y2; \
	VPCMPEQB Y2, Y0, Y2; \
	VPMINUB avx1f<>(SB), Y1, Y3; \
	VPCMPEQB Y3, Y1, Y3; \
	MASK64(Y2, Y3, M_CTRL); \
	MASK64(Y0, Y1, M_HIGH)

// CLASSROW(y, r, out): or into out the escape classes of the bytes of y
// whose high nibble is r (Y4 holds the high nibbles).
#define CLASSROW(y, r, out) \
	VPBROADCASTB byteIndex<>+r(SB), Y5; \
	VPCMPEQB Y5, Y4, Y5; \
	VBROADCASTI128 escClass<>+(16*r)(SB), Y3; \
	VPSHUFB y, Y3, Y3; \
	VPAND Y5, Y3, Y3; \
	VPOR Y3, out, out

// CLASSES(y, out): the escape classes (escClass) of the 32 bytes in y.
// Bytes >= 0x80 and those below 0x20 have no class.
#define CLASSES(y, out) \
	VPSRLW $4, y, Y4; \
	VPAND avx0f<>(SB), Y4, Y4; \
	VPXOR out, out, out; \
	CLASSROW(y, 2, out); \
	CLASSROW(y, 3, out); \
	CLASSROW(y, 4, out); \
	CLASSROW(y, 5, out); \
	CLASSROW(y, 6, out); \
	CLASSROW(y, 7, out)

// CLASSBIT(shift, m): class bit 7-shift of the bytes of the block (classes
// in Y9 and Y10), as the mask at m.
#define CLASSBIT(shift, m) \
	VPSLLW $shift, Y9, Y2; \
	VPSLLW $shift, Y10, Y3; \
	MASK64(Y2, Y3, m)

// UTF8(cur, prev, err): or into err the UTF-8 errors of the 32 bytes in
// cur, whose 32 predecessors are in prev.
#define UTF8(cur, prev, err) \
	VPERM2I128 $0x21, cur, prev, Y2; \
	VPALIGNR $15, Y2, cur, Y3; \
	VPALIGNR $14, Y2, cur, Y4; \
	VPALIGNR $13, Y2, cur, Y2; \
	VPSUBUSB avx60<>(SB), Y4, Y4; \
	VPSUBUSB avx70<>(SB), Y2, Y2; \
	VPOR Y4, Y2, Y2; \
	VPAND avx80<>(SB), Y2, Y2; \
	VPSRLW $4, Y3, Y4; \
	VPAND avx0f<>(SB), Y4, Y4; \
	VBROADCASTI128 utf8Prev1High<>(SB), Y5; \
	VPSHUFB Y4, Y5, Y4; \
	VPAND avx0f<>(SB), Y3, Y3; \
	VBROADCASTI128 utf8Prev1Low<>(SB), Y5; \
	VPSHUFB Y3, Y5, Y3; \
	VPAND Y3, Y4, Y4; \
	VPSRLW $4, cur, Y3; \
	VPAND avx0f<>(SB), Y3, Y3; \
	VBROADCASTI128 utf8CurHigh<>(SB), Y5; \
	VPSHUFB Y3, Y5, Y3; \
	VPAND Y3, Y4, Y4; \
	VPXOR Y2, Y4, Y4; \
	VPOR Y4, err, err

// LANE(k): compact the 8 bytes of lane k of the block by the lane's keep
// bits (the low byte of DX), write them at DI (all 8: the next lane's
// bytes overwrite the excess) and advance DI past those kept.
#define LANE(k) \
	MOVBQZX DX, AX; \
	SHRQ $8, DX; \
	VMOVQ (8*k)(SI), X2; \
	VMOVQ (BX)(AX*8), X3; \
	VPSHUFB X3, X2, X2; \
	VMOVQ X2, (DI); \
	POPCNTL AX, AX; \
	ADDQ AX, DI

// func compactBlocksAVX2(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int)
//
// Registers: SI src, DI dst write position, R8 ends write position, R9
// state, R10 pos-dst (so that DI+R10 is the compact offset of DI), R11
// in-string carry (all ones or zero), R12 escaped-next carry, R13
// scalar-byte carry; Y6 the second half of the previous block, Y7 and Y8
// the UTF-8 errors of each half, Y9 and Y10 the escape classes (X10 also
// the CLMUL operand), X11 all ones, Y12 and Y13 the structural
// and whitespace tables.
TEXT ·compactBlocksAVX2(SB), NOSPLIT, $128-96
	MOVQ st+0(FP), R9
	MOVQ src+8(FP), SI
	MOVQ blocks+16(FP), CX
	MOVQ CX, F_LEFT(SP)
	MOVQ dst_base+24(FP), DI
	MOVQ ends_base+48(FP), R8
	MOVL pos+72(FP), R10
	SUBQ DI, R10

	MOVQ ST_INSTRING(R9), R11
	MOVQ ST_ESCNEXT(R9), R12
	MOVQ ST_PREVTOK(R9), R13

	VBROADCASTI128 wsTable<>(SB), Y13
	VBROADCASTI128 opTable<>(SB), Y12
	MOVQ $-1, AX
	VMOVQ AX, X11
	VMOVDQU ST_PREV+32(R9), Y6
	VPXOR Y7, Y7, Y7
	VPXOR Y8, Y8, Y8

loop:
	CMPQ F_LEFT(SP), $0
	JEQ done
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	MASKS

	MOVQ M_BS(SP), BX
	ESCAPED

	NOESCAPES

escapes:
	CLASSES(Y0, Y9)
	CLASSES(Y1, Y10)
	MASK64(Y9, Y10, M_ALLOWED)
	CLASSBIT(1, M_HEX)
	CLASSBIT(2, M_DD)
	CLASSBIT(3, M_89AB)
	CLASSBIT(4, M_CF)
	CLASSBIT(5, M_U)
	MOVQ M_ALLOWED(SP), AX
	ANDNQ R15, AX, AX
	ORQ AX, ST_BAD(R9)    // escaped bytes that no escape allows

	MOVQ M_U(SP), AX
	ANDQ R15, AX          // AX = the 'u' of each \u escape

	HEXDIGITS
	MOVQ M_HEX(SP), BX
	ANDNQ DX, BX, DX
	ORQ DX, ST_BAD(R9)    // missing hex digits

	CMPQ ST_LONEOK(R9), $0
	JNE lone
	// Surrogate pairs, as in compactBlocksAVX512.
	MOVQ AX, DX
	MOVQ ST_UPREV(R9), R14
	SHLQ $2, R14, DX
	MOVQ M_DD(SP), BX
	MOVQ ST_DPREV(R9), R14
	MOVQ BX, ST_DPREV(R9)
	SHLQ $1, R14, BX
	ANDQ BX, DX
	MOVQ M_89AB(SP), BX
	ANDQ DX, BX           // BX = high surrogate marks
	MOVQ M_CF(SP), R14
	ANDQ R14, DX          // DX = low surrogate marks
	MOVQ ST_HIPREV(R9), R14
	MOVQ BX, ST_HIPREV(R9)
	SHLQ $6, R14, BX
	XORQ BX, DX
	ORQ DX, ST_BAD(R9)    // unpaired halves

lone:
	MOVQ AX, ST_UPREV(R9)

quotes:
	MOVQ M_QUOTES(SP), AX
	ANDNQ AX, R15, AX         // AX = unescaped quotes

	INSIDE(X10, X11)

	// Control bytes inside strings.
	MOVQ M_CTRL(SP), BX
	ANDQ DX, BX
	ORQ BX, ST_BAD(R9)

	// '{' and '[' outside strings.
	MOVQ M_OPEN(SP), BX
	ANDNQ BX, DX, BX
	POPCNTQ BX, BX
	ADDQ BX, ST_VALUES(R9)
	ADDQ BX, ST_OPENS(R9)

	// R14 = whitespace outside strings: the bytes to drop.
	MOVQ M_WS(SP), R14
	ANDNQ R14, DX, R14

	MOVQ M_STRUCT(SP), R15
	SCALARS
	MOVQ R15, F_SCALAR(SP)
	POPCNTQ BX, CX
	ADDQ CX, ST_VALUES(R9)

	// A scalar glued to the previous one: its first byte's nearest kept
	// byte before it is a scalar byte (or, at the start of the block,
	// prevTokC says the last compact byte was). R15 = bytes that follow a
	// scalar byte; a run of dropped bytes starting at one of them carries,
	// in the sum CX, into the byte after the run.
	SHLQ $1, R15
	ORQ ST_PREVTOKC(R9), R15
	MOVQ R15, CX
	ANDQ R14, CX
	ADDQ R14, CX
	ANDNQ CX, R14, CX
	ORQ R15, CX
	ANDQ BX, CX
	ORQ CX, ST_BAD(R9)

	MOVQ M_BS(SP), BX
	CLOSING
	NOTQ R14                  // R14 = bytes to keep

	// One entry per closing quote, lowest first: the compact offset of
	// the block's first kept byte (DX+1) plus the count of kept bytes up
	// to the quote. Then EscapedEnd into the entries of the flagged
	// quotes, found by their rank among the quotes.
	TESTQ AX, AX
	JZ compact
	LEAQ -1(DI)(R10*1), DX
	MOVQ R8, CX               // the block's first entry
	MOVQ AX, F_ENDS(SP)

ends:
	BLSMSKQ AX, R15
	ANDQ R14, R15
	POPCNTQ R15, R15
	ADDL DX, R15
	MOVL R15, (R8)
	ADDQ $4, R8
	BLSRQ AX, AX
	JNZ ends
	TESTQ BX, BX
	JZ compact
	MOVQ F_ENDS(SP), AX

flags:
	BLSMSKQ BX, R15
	ANDQ AX, R15
	POPCNTQ R15, R15
	ORL $0x80000000, -4(CX)(R15*4)
	BLSRQ BX, BX
	JNZ flags

compact:
	// The kept bytes, a block that keeps them all at once.
	CMPQ R14, $-1
	JNE lanes
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ $64, DI
	JMP tokc

lanes:
	LEAQ ·compactShuffle(SB), BX
	MOVQ R14, DX
	LANE(0)
	LANE(1)
	LANE(2)
	LANE(3)
	LANE(4)
	LANE(5)
	LANE(6)
	LANE(7)

tokc:
	// Scalar carry in compact positions: whether the last kept byte is a
	// scalar byte, or the old carry if the block kept nothing.
	TESTQ R14, R14
	JZ utf8
	BSRQ R14, CX
	MOVQ F_SCALAR(SP), R15
	SHRQ CX, R15
	ANDQ $1, R15
	MOVQ R15, ST_PREVTOKC(R9)

utf8:
	CMPQ ST_NOUTF8(R9), $0
	JNE next
	MOVQ M_HIGH(SP), AX
	MOVQ ST_PREVHIGH(R9), BX
	MOVQ AX, ST_PREVHIGH(R9)
	ORQ AX, BX
	JZ next
	UTF8(Y0, Y6, Y7)
	UTF8(Y1, Y0, Y8)

next:
	VMOVDQA Y1, Y6
	ADDQ $64, SI
	DECQ F_LEFT(SP)
	JMP loop

done:
	CMPQ blocks+16(FP), $0
	JEQ errors
	VMOVDQU Y0, ST_PREV(R9)
	VMOVDQU Y1, ST_PREV+32(R9)

errors:
	// The bytes with a UTF-8 error, as one mask.
	VPXOR Y2, Y2, Y2
	VPCMPEQB Y2, Y7, Y3
	VPMOVMSKB Y3, AX
	VPCMPEQB Y2, Y8, Y3
	VPMOVMSKB Y3, BX
	SHLQ $32, BX
	ORQ BX, AX
	NOTQ AX
	ORQ AX, ST_BAD(R9)
	RETURN
