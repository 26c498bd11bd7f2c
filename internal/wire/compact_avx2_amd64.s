//go:build !noasm

#include "textflag.h"

// The stage-one kernel of Compact (compact.go) for machines with AVX2 but
// no AVX-512, with BMI1, POPCNT and CLMUL. It keeps the contract of
// compactBlocksAVX512 and its bit arithmetic; what AVX-512 does in one
// instruction it does thus:
//
//   - the masks of a block are built 32 bytes at a time (VPMOVMSKB), each
//     where it is used, as there are no mask registers to keep them in;
//     those of what most blocks lack (backslashes, bytes outside
//     0x20-0x7f) are tested for first and made only if present;
//   - the bytes to keep are compacted 8 at a time by VPSHUFB with a shuffle
//     from compactShuffle (compact_amd64.go), indexed by the lane's 8 bits
//     of the keep mask; a block that keeps every byte is copied whole;
//   - no PEXT (microcoded and slow on AMD before Zen 3): the check that two
//     scalars are not glued together follows runs of dropped whitespace
//     with an addition, and each closing quote's compact offset is its
//     position in a block that keeps every byte (TZCNT), else the count of
//     kept bytes before it (POPCNT), one quote at a time.

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

// Frame slots: the backslashes (0), the bytes below 0x20 or above 0x7f
// (8), the escape classes (16-56), blocks left (64), the scalar bytes (72)
// and the closing quotes (80).
#define M_BS 0
#define M_CTRLHIGH 8
#define M_ALLOWED 16
#define M_HEX 24
#define M_DD 32
#define M_89AB 40
#define M_CF 48
#define M_U 56
#define F_LEFT 64
#define F_SCALAR 72
#define F_ENDS 80

// MASK(lo, hi, r): the top bits of the bytes of lo and hi, as one 64-bit
// mask in r. Clobbers CX.
#define MASK(lo, hi, r) \
	VPMOVMSKB lo, r; \
	VPMOVMSKB hi, CX; \
	SHLQ $32, CX; \
	ORQ CX, r

// MASK64(lo, hi, m): MASK into AX, stored at m as well (at once: two
// 32-bit stores read back as one would defeat store forwarding).
#define MASK64(lo, hi, m) \
	MASK(lo, hi, AX); \
	MOVQ AX, m(SP)

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

// ENDKEPT(k): write entry k of a group of four: the compact offset of the
// lowest closing quote left in AX, in a block that keeps every byte (DX
// the offset of its first byte), and clear the quote.
#define ENDKEPT(k) \
	TZCNTQ AX, R15; \
	ADDL DX, R15; \
	MOVL R15, (4*k)(R8); \
	BLSRQ AX, AX

// ENDDROP(k): the same in a block that drops bytes: the count of kept
// bytes (R14) up to the quote, added to the offset of the block's first
// kept byte less one (DX).
#define ENDDROP(k) \
	BLSMSKQ AX, R15; \
	ANDQ R14, R15; \
	POPCNTQ R15, R15; \
	ADDL DX, R15; \
	MOVL R15, (4*k)(R8); \
	BLSRQ AX, AX

// func compactBlocksAVX2(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int)
//
// Registers: SI src, DI dst write position, R8 ends write position, R9
// state, R10 pos-dst (so that DI+R10 is the compact offset of DI), R11
// in-string carry (all ones or zero), R12 escaped-next carry, R13
// scalar-byte carry; Y6 the second half of the previous block, Y7 and Y8
// the UTF-8 errors of each half, Y9 and Y10 the escape classes (X10 also
// the CLMUL operand), X11 all ones, Y12 and Y13 the structural
// and whitespace tables; Y0 and Y1 the block, Y2-Y5 and Y14 scratch.
TEXT ·compactBlocksAVX2(SB), NOSPLIT, $88-96
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
	TESTQ CX, CX
	JZ done

loop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1

	// Without a backslash in the block or an escape carried into it, and
	// no escape state left by the previous block (which NOESCAPES would
	// check and clear), no byte is escaped.
	VPCMPEQB avxBackslash<>(SB), Y0, Y2
	VPCMPEQB avxBackslash<>(SB), Y1, Y3
	VPOR Y2, Y3, Y4
	VPTEST Y4, Y4
	JNZ backslashes
	MOVQ R12, AX
	ORQ ST_HEXNEXT(R9), AX
	ORQ ST_HIPREV(R9), AX
	ORQ ST_UPREV(R9), AX
	JNZ backslashes
	MOVQ AX, M_BS(SP)
	MOVQ AX, R15 // no escaped bytes
	JMP quotes

backslashes:
	MASK64(Y2, Y3, M_BS)
	MOVQ AX, BX
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
	VPCMPEQB avxQuote<>(SB), Y0, Y2
	VPCMPEQB avxQuote<>(SB), Y1, Y3
	MASK(Y2, Y3, AX)
	ANDNQ AX, R15, AX         // AX = unescaped quotes

	INSIDE(X10, X11)

	// Control bytes inside strings. BX = the bytes outside 0x20-0x7f (a
	// signed comparison), kept for the UTF-8 check; only if some are
	// inside strings, those >= 0x80 are told from the control bytes.
	VPCMPGTB avx1f<>(SB), Y0, Y2
	VPCMPGTB avx1f<>(SB), Y1, Y3
	MASK(Y2, Y3, BX)
	NOTQ BX
	MOVQ BX, M_CTRLHIGH(SP)
	ANDQ DX, BX
	JZ opens
	MASK(Y0, Y1, R14)
	ANDNQ BX, R14, BX
	ORQ BX, ST_BAD(R9)

opens:
	// '{' and '[' outside strings (x|0x20 is '{'; Y4 and Y5 keep x|0x20
	// for the structural bytes below).
	VPOR avx20<>(SB), Y0, Y4
	VPOR avx20<>(SB), Y1, Y5
	VPCMPEQB avxOpen<>(SB), Y4, Y2
	VPCMPEQB avxOpen<>(SB), Y5, Y3
	MASK(Y2, Y3, BX)
	ANDNQ BX, DX, BX
	POPCNTQ BX, BX
	ADDQ BX, ST_VALUES(R9)
	ADDQ BX, ST_OPENS(R9)

	// R14 = whitespace outside strings: the bytes to drop. R15 =
	// whitespace or structural bytes.
	VPSHUFB Y0, Y13, Y2
	VPCMPEQB Y2, Y0, Y2
	VPSHUFB Y1, Y13, Y3
	VPCMPEQB Y3, Y1, Y3
	MASK(Y2, Y3, R14)
	ANDNQ R14, DX, R14
	VPSHUFB Y4, Y12, Y14
	VPCMPEQB Y14, Y4, Y4
	VPOR Y2, Y4, Y4
	VPSHUFB Y5, Y12, Y14
	VPCMPEQB Y14, Y5, Y5
	VPOR Y3, Y5, Y5
	MASK(Y4, Y5, R15)
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

	// Closing quotes, and those of strings that held a backslash; with
	// no backslash in the block and no carry into it, none of the latter.
	MOVQ M_BS(SP), BX
	MOVQ BX, R15
	ORQ ST_ESCCARRY(R9), R15
	JZ closing
	CLOSING
	JMP keep

closing:
	ANDNQ AX, DX, AX

keep:
	NOTQ R14                  // R14 = bytes to keep

	// One entry per closing quote, lowest first, four at a time (a block
	// has at most 32 closing quotes and room for 32 entries: entries past
	// the last are overwritten later): the offset of the block's first
	// compact byte plus that of the quote in the block, or the count of
	// kept bytes before it if the block drops bytes. Then EscapedEnd
	// into the entries of the flagged quotes, found by their rank among
	// the quotes.
	TESTQ AX, AX
	JZ compact
	MOVQ R8, CX               // the block's first entry
	MOVQ AX, F_ENDS(SP)
	LEAQ (DI)(R10*1), DX
	CMPQ R14, $-1
	JEQ kept
	DECQ DX

dropped:
	ENDDROP(0)
	ENDDROP(1)
	ENDDROP(2)
	ENDDROP(3)
	LEAQ 16(R8), R8
	JNZ dropped
	JMP counted

kept:
	ENDKEPT(0)
	ENDKEPT(1)
	ENDKEPT(2)
	ENDKEPT(3)
	LEAQ 16(R8), R8
	JNZ kept

counted:
	MOVQ F_ENDS(SP), AX
	POPCNTQ AX, R8
	LEAQ (CX)(R8*4), R8
	TESTQ BX, BX
	JZ compact

flags:
	BLSMSKQ BX, R15
	ANDQ AX, R15
	POPCNTQ R15, R15
	ORL $0x80000000, -4(CX)(R15*4)
	BLSRQ BX, BX
	JNZ flags

compact:
	// The kept bytes, a block that keeps them all at once (its last byte
	// is the last kept: R13 says whether it is a scalar byte).
	CMPQ R14, $-1
	JNE lanes
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ $64, DI
	MOVQ R13, ST_PREVTOKC(R9)

utf8:
	// Nothing to check without bytes >= 0x80 in this block or the
	// previous one (a block without bytes outside 0x20-0x7f has none).
	CMPQ M_CTRLHIGH(SP), $0
	JNE high
	CMPQ ST_PREVHIGH(R9), $0
	JEQ next

high:
	CMPQ ST_NOUTF8(R9), $0
	JNE next
	MASK(Y0, Y1, AX)
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
	JNZ loop

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

lanes:
	// The kept bytes of a block that drops some, lane by lane.
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

	// Scalar carry in compact positions: whether the last kept byte is a
	// scalar byte, or the old carry if the block kept nothing.
	TESTQ R14, R14
	JZ utf8
	BSRQ R14, CX
	MOVQ F_SCALAR(SP), R15
	SHRQ CX, R15
	ANDQ $1, R15
	MOVQ R15, ST_PREVTOKC(R9)
	JMP utf8
