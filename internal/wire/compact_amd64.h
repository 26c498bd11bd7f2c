// Shared by the stage-one kernels (compact_amd64.s, compact_avx2_amd64.s):
// the compactState layout and the lookup tables.

// compactState offsets (compact.go).
#define ST_PREV 0
#define ST_INSTRING 64
#define ST_ESCNEXT 72
#define ST_PREVTOK 80
#define ST_PREVTOKC 88
#define ST_ESCCARRY 96
#define ST_BAD 104
#define ST_PREVHIGH 112
#define ST_VALUES 120
#define ST_NOUTF8 128
#define ST_OPENS 136
#define ST_LONEOK 144
#define ST_UPREV 152
#define ST_DPREV 160
#define ST_HIPREV 168
#define ST_HEXNEXT 176

// Classes of the bytes below 0x80 for the escape checks, one bit each:
// 0x80 may follow a backslash ("/\bfnrtu), 0x40 hex digit, 0x20 'd' or
// 'D', 0x10 one of 89abAB, 0x08 one of c-f or C-F, 0x04 'u'.
DATA escClass<>+0(SB)/8, $0x0000000000000000
DATA escClass<>+8(SB)/8, $0x0000000000000000
DATA escClass<>+16(SB)/8, $0x0000000000000000
DATA escClass<>+24(SB)/8, $0x0000000000000000
DATA escClass<>+32(SB)/8, $0x0000000000800000
DATA escClass<>+40(SB)/8, $0x8000000000000000
DATA escClass<>+48(SB)/8, $0x4040404040404040
DATA escClass<>+56(SB)/8, $0x0000000000005050
DATA escClass<>+64(SB)/8, $0x0048486848505000
DATA escClass<>+72(SB)/8, $0x0000000000000000
DATA escClass<>+80(SB)/8, $0x0000000000000000
DATA escClass<>+88(SB)/8, $0x0000008000000000
DATA escClass<>+96(SB)/8, $0x00c8486848d05000
DATA escClass<>+104(SB)/8, $0x0080000000000000
DATA escClass<>+112(SB)/8, $0x0000848000800000
DATA escClass<>+120(SB)/8, $0x0000000000000000
GLOBL escClass<>(SB), RODATA|NOPTR, $128

// Whitespace by low nibble: ' ' (0x20), '\t', '\n', '\r'; 0x80 never
// matches (a byte with its high bit set shuffles to zero).
DATA wsTable<>+0(SB)/8, $0x8080808080808020
DATA wsTable<>+8(SB)/8, $0x80800d80800a0980
GLOBL wsTable<>(SB), RODATA|NOPTR, $16

// Structural characters of x|0x20 by low nibble: ':' (0x3a), '{' (0x7b,
// also '['), ',' (0x2c), '}' (0x7d, also ']').
DATA opTable<>+0(SB)/8, $0x8080808080808080
DATA opTable<>+8(SB)/8, $0x80807d2c7b3a8080
GLOBL opTable<>(SB), RODATA|NOPTR, $16

// UTF-8 validation by three nibble lookups (Keiser and Lemire, "Validating
// UTF-8 in less than one instruction per byte", 2021). Error bits:
// 0x01 too short, 0x02 too long, 0x04 overlong 3, 0x08 too large,
// 0x10 surrogate, 0x20 overlong 2, 0x40 too large 1000 / overlong 4,
// 0x80 two continuations.
// By the high nibble of the previous byte.
DATA utf8Prev1High<>+0(SB)/8, $0x0202020202020202
DATA utf8Prev1High<>+8(SB)/8, $0x4915012180808080
GLOBL utf8Prev1High<>(SB), RODATA|NOPTR, $16

// By the low nibble of the previous byte.
DATA utf8Prev1Low<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Prev1Low<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL utf8Prev1Low<>(SB), RODATA|NOPTR, $16

// By the high nibble of the byte.
DATA utf8CurHigh<>+0(SB)/8, $0x0101010101010101
DATA utf8CurHigh<>+8(SB)/8, $0x01010101babaaee6
GLOBL utf8CurHigh<>(SB), RODATA|NOPTR, $16

// The byte indices of a block, for compressing positions out of a mask.
DATA byteIndex<>+0(SB)/8, $0x0706050403020100
DATA byteIndex<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA byteIndex<>+16(SB)/8, $0x1716151413121110
DATA byteIndex<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA byteIndex<>+32(SB)/8, $0x2726252423222120
DATA byteIndex<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA byteIndex<>+48(SB)/8, $0x3736353433323130
DATA byteIndex<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL byteIndex<>(SB), RODATA|NOPTR, $64

// ESCAPED: R15 = the escaped bytes of the block, from its backslashes in
// BX: a byte is escaped when an odd-length run of backslashes precedes it.
// BX becomes the backslashes that start or continue a run (the first byte
// is not one if it is escaped itself); R12 carries whether the next block
// starts escaped. Clobbers DX and R14.
#define ESCAPED \
	ANDNQ BX, R12, BX; \
	LEAQ (BX)(BX*1), DX; \
	ORQ R12, DX; \
	MOVQ $0x5555555555555555, R14; \
	MOVQ BX, R15; \
	ANDNQ R15, R14, R15; \
	ANDNQ R15, DX, R15; \
	XORQ R12, R12; \
	ADDQ BX, R15; \
	ADCQ $0, R12; \
	SHLQ $1, R15; \
	XORQ R14, R15; \
	ANDQ DX, R15

// NOESCAPES: unless the block holds escaped bytes (R15) or the previous
// one left hex digits or a high surrogate escape to check, clear the
// escape state the block would set and go on at quotes; else go on at
// escapes.
#define NOESCAPES \
	MOVQ ST_HEXNEXT(R9), AX; \
	ORQ R15, AX; \
	MOVQ ST_HIPREV(R9), DX; \
	SHRQ $58, DX; \
	ORQ DX, AX; \
	JNZ escapes; \
	MOVQ AX, ST_UPREV(R9); \
	MOVQ AX, ST_HIPREV(R9); \
	JMP quotes

// HEXDIGITS: DX = the bytes that must be hex digits (the four after each
// 'u' of a \u escape, in AX, and those the previous block left), and
// ST_HEXNEXT those of them in the next block. Clobbers BX and R14.
#define HEXDIGITS \
	MOVQ AX, DX; \
	SHLQ $1, DX; \
	MOVQ AX, BX; \
	SHRQ $63, BX; \
	MOVQ AX, R14; \
	SHLQ $2, R14; \
	ORQ R14, DX; \
	MOVQ AX, R14; \
	SHRQ $62, R14; \
	ORQ R14, BX; \
	MOVQ AX, R14; \
	SHLQ $3, R14; \
	ORQ R14, DX; \
	MOVQ AX, R14; \
	SHRQ $61, R14; \
	ORQ R14, BX; \
	MOVQ AX, R14; \
	SHLQ $4, R14; \
	ORQ R14, DX; \
	MOVQ AX, R14; \
	SHRQ $60, R14; \
	ORQ R14, BX; \
	ORQ ST_HEXNEXT(R9), DX; \
	MOVQ BX, ST_HEXNEXT(R9)

// SCALARS: R15 = the scalar bytes (outside strings, not whitespace,
// structural or a quote), from the structural bytes in R15, the dropped
// whitespace in R14, the unescaped quotes in AX and the bytes inside
// strings in DX; BX = the first byte of each scalar. R13 carries whether
// the block's last byte is a scalar byte.
#define SCALARS \
	ORQ R14, R15; \
	ORQ AX, R15; \
	ORQ DX, R15; \
	NOTQ R15; \
	LEAQ (R15)(R15*1), BX; \
	ORQ R13, BX; \
	ANDNQ R15, BX, BX; \
	MOVQ R15, R13; \
	SHRQ $63, R13

// CLOSING: AX = the closing quotes (the unescaped quotes in AX outside
// the strings in DX), BX = those of strings that held a backslash, from
// the backslashes in BX: adding the backslashes of a string to its run of
// bits in DX carries into the bit of its closing quote. Clobbers R15.
#define CLOSING \
	ANDQ DX, BX; \
	ADDQ DX, BX; \
	MOVQ $0, R15; \
	ADCQ $0, R15; \
	ADDQ ST_ESCCARRY(R9), BX; \
	ADCQ $0, R15; \
	MOVQ R15, ST_ESCCARRY(R9); \
	ANDNQ BX, DX, BX; \
	ANDNQ AX, DX, AX

// RETURN: store the carries in the state and return the bytes written
// (DI past dst) and the ends written (R8 past ends).
#define RETURN \
	MOVQ R11, ST_INSTRING(R9); \
	MOVQ R12, ST_ESCNEXT(R9); \
	MOVQ R13, ST_PREVTOK(R9); \
	VZEROUPPER; \
	MOVQ dst_base+24(FP), AX; \
	SUBQ AX, DI; \
	MOVQ DI, written+80(FP); \
	MOVQ ends_base+48(FP), AX; \
	SUBQ AX, R8; \
	SHRQ $2, R8; \
	MOVQ R8, nends+88(FP); \
	RET

// INSIDE(x, ones): DX = the bytes inside strings, from an opening quote
// (included) to the closing quote (excluded), by the prefix XOR (a
// carry-less product with all ones, in ones) of the unescaped quotes in
// AX; R11 carries whether the block ends inside a string. Clobbers x.
#define INSIDE(x, ones) \
	VMOVQ AX, x; \
	VPCLMULQDQ $0, ones, x, x; \
	VMOVQ x, DX; \
	XORQ R11, DX; \
	MOVQ DX, R11; \
	SARQ $63, R11
