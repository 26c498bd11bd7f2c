//go:build !noasm

#include "textflag.h"

// buildNodes: stage two of the vectorized parse (parse_vector.go). It walks
// the compact text of one input and writes its nodes, container entries and
// the member links, checking the grammar as it goes. It depends on the
// layouts of node, aux, buildFrame and buildState and on the meta bits of
// document.go; TestBuildLayout holds them to the numbers used here.
//
// Registers:
//	SI   text          R12  i, the position in text
//	DI   nodes         BX   idx, the next free node
//	R8   next entry of ends
//	R9   the buildState
//	R10  next free frame
//	R11  cur.node      R13  cur.last      R14  cur.kind (5 object, 6 array, 0 top)
//	R15  v, the node of the value being read
//	AX, CX, DX  scratch

#define ST_TEXT 0
#define ST_TEXTLEN 8
#define ST_DELTA 16
#define ST_ENDSEND 24
#define ST_NODES 32
#define ST_NCAP 40
#define ST_AUX 48
#define ST_ALEN 56
#define ST_ACAP 60
#define ST_DEPTHEND 64
#define ST_CAPEND 72
#define ST_STOPAT 80
#define ST_STATUS 84
#define ST_ROOT 88
#define ST_RESUME 92
#define ST_I 96
#define ST_ENDS 104
#define ST_IDX 112
#define ST_CURNODE 116
#define ST_CURLAST 120
#define ST_CURKIND 124
#define ST_TOP 128

#define STATUS_OK 0
#define STATUS_FAIL 1
#define STATUS_STACK 2
#define STATUS_SUSPEND 3

// meta values (document.go): kind | flagParsed (8) | flags
#define META_STRING 12  // String | flagParsed
#define META_NAME 44    // String | flagParsed | flagName
#define META_ESCAPED 16 // flagEscaped
#define META_OBJECT 29  // Object | flagParsed | flagSpan
#define META_ARRAY 30   // Array | flagParsed | flagSpan
#define META_NUMBER 11  // Number | flagParsed
#define META_TRUE 26    // Bool | flagParsed | flagTrue
#define META_FALSE 10   // Bool | flagParsed
#define META_NULL 9     // Null | flagParsed
#define PAYLOAD_SHIFT 6
#define MAX_NAME_LEN 0x3ffffff

// NODE(r, x): r = address of node x.
#define NODE(x, r) MOVQ x, r; SHLQ $4, r; ADDQ DI, r

// HEAD(meta, t): the first half of node AX, meta (an immediate, or a
// register whose upper half is zero) and the arena offset of text[i], in
// one store; t is scratch. Writing a node in two eight-byte stores rather
// than four keeps the walk off the store ports' limit.
#define HEAD(meta, t) MOVL R12, t; ADDL ST_DELTA(R9), t; SHLQ $32, t; ORQ meta, t; MOVQ t, (AX)

DATA swarF0<>+0(SB)/8, $0xf0f0f0f0f0f0f0f0
GLOBL swarF0<>(SB), RODATA|NOPTR, $8
DATA swar30<>+0(SB)/8, $0x3030303030303030
GLOBL swar30<>(SB), RODATA|NOPTR, $8
DATA swar0F<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL swar0F<>(SB), RODATA|NOPTR, $8
DATA swar06<>+0(SB)/8, $0x0606060606060606
GLOBL swar06<>(SB), RODATA|NOPTR, $8
DATA swar7F<>+0(SB)/8, $0x7f7f7f7f7f7f7f7f
GLOBL swar7F<>(SB), RODATA|NOPTR, $8
DATA swar80<>+0(SB)/8, $0x8080808080808080
GLOBL swar80<>(SB), RODATA|NOPTR, $8

// CLOSING: the string at text[i] ends at the next entry of ends: CX = its
// closing quote, checked to lie after text[i] and inside the text, and
// AX = META_ESCAPED if the entry is flagged, else 0.
#define CLOSING \
	CMPQ R8, ST_ENDSEND(R9); \
	JAE fail; \
	MOVL (R8), AX; \
	ADDQ $4, R8; \
	MOVL AX, CX; \
	ANDL $0x7fffffff, CX; \
	CMPQ CX, R12; \
	JBE fail; \
	CMPQ CX, ST_TEXTLEN(R9); \
	JAE fail; \
	SHRL $31, AX; \
	SHLL $4, AX

// STRING: the string at text[i] into node R15, i past it.
#define STRING \
	CLOSING; \
	LEAL META_STRING(AX), DX; \
	NODE(R15, AX); \
	HEAD(DX, R15); \
	LEAQ 1(CX), DX; \
	SUBQ R12, DX; \
	MOVQ DX, 8(AX); \
	LEAQ 1(CX), R12

// DIGITS: advance CX over the ASCII digits at text[CX], eight at a time.
// A lane is a digit when its high nibble is 3 and its low nibble at most 9.
#define DIGITS(loop, found) \
loop: \
	MOVQ (SI)(CX*1), AX; \
	MOVQ AX, DX; \
	ANDQ swarF0<>(SB), DX; \
	XORQ swar30<>(SB), DX; \
	ANDQ swar0F<>(SB), AX; \
	ADDQ swar06<>(SB), AX; \
	ANDQ swarF0<>(SB), AX; \
	ORQ AX, DX; \
	MOVQ DX, AX; \
	ANDQ swar7F<>(SB), AX; \
	ADDQ swar7F<>(SB), AX; \
	ORQ DX, AX; \
	ANDQ swar80<>(SB), AX; \
	JNZ found; \
	ADDQ $8, CX; \
	JMP loop; \
found: \
	TZCNTQ AX, AX; \
	SHRQ $3, AX; \
	ADDQ AX, CX

// func buildNodes(st *buildState)
TEXT ·buildNodes(SB), NOSPLIT, $0-8
	MOVQ st+0(FP), R9
	MOVQ ST_TEXT(R9), SI
	MOVQ ST_NODES(R9), DI
	MOVQ ST_I(R9), R12
	MOVQ ST_ENDS(R9), R8
	MOVL ST_IDX(R9), BX
	MOVQ ST_TOP(R9), R10
	MOVL ST_CURNODE(R9), R11
	MOVL ST_CURLAST(R9), R13
	MOVL ST_CURKIND(R9), R14
	CMPL ST_RESUME(R9), $0
	JNE next

	// The top-level value.
	CMPL BX, ST_NCAP(R9)
	JAE fail
	MOVL BX, ST_ROOT(R9)
	MOVL BX, R15
	INCL BX

read: // the value at text[i] into node R15, which is in place
	CMPQ R12, ST_TEXTLEN(R9)
	JAE fail
	MOVBLZX (SI)(R12*1), AX
	CMPB AL, $0x22
	JEQ rstring
	CMPB AL, $0x7b
	JEQ robject
	CMPB AL, $0x5b
	JEQ rarray
	CMPB AL, $0x74
	JEQ rtrue
	CMPB AL, $0x66
	JEQ rfalse
	CMPB AL, $0x6e
	JEQ rnull

	// A number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
	MOVQ R12, CX
	CMPB AL, $0x2d
	JNE num1
	INCQ CX
	MOVBLZX (SI)(CX*1), AX
num1:
	CMPB AL, $0x30
	JEQ numzero
	SUBL $0x31, AX
	CMPL AX, $8
	JA fail
	INCQ CX
	DIGITS(intloop, intfound)
	JMP numfrac
numzero:
	INCQ CX
numfrac:
	MOVBLZX (SI)(CX*1), AX
	CMPB AL, $0x2e
	JNE numexp
	INCQ CX
	MOVBLZX (SI)(CX*1), AX
	SUBL $0x30, AX
	CMPL AX, $9
	JA fail
	INCQ CX
	DIGITS(fracloop, fracfound)
	MOVBLZX (SI)(CX*1), AX
numexp:
	ORL $0x20, AX
	CMPB AL, $0x65
	JNE numend
	INCQ CX
	MOVBLZX (SI)(CX*1), AX
	CMPB AL, $0x2b
	JEQ numsign
	CMPB AL, $0x2d
	JNE numexpdigit
numsign:
	INCQ CX
	MOVBLZX (SI)(CX*1), AX
numexpdigit:
	SUBL $0x30, AX
	CMPL AX, $9
	JA fail
	INCQ CX
	DIGITS(exploop, expfound)
numend:
	NODE(R15, AX)
	HEAD($META_NUMBER, DX)
	MOVL CX, DX
	SUBL R12, DX
	MOVQ DX, 8(AX) // child: the length; next: 0
	MOVQ CX, R12
	JMP next

rstring:
	STRING
	JMP next

rtrue:
	CMPL (SI)(R12*1), $0x65757274
	JNE fail
	MOVL $META_TRUE, DX
	MOVL $4, CX
	JMP literal
rfalse:
	CMPL 1(SI)(R12*1), $0x65736c61
	JNE fail
	MOVL $META_FALSE, DX
	MOVL $5, CX
	JMP literal
rnull:
	CMPL (SI)(R12*1), $0x6c6c756e
	JNE fail
	MOVL $META_NULL, DX
	MOVL $4, CX
literal:
	NODE(R15, AX)
	HEAD(DX, R15)
	MOVQ CX, 8(AX)
	ADDQ CX, R12
	JMP next

robject:
	MOVL $META_OBJECT, DX
	JMP open
rarray:
	MOVL $META_ARRAY, DX
open:
	CMPQ R10, ST_DEPTHEND(R9)
	JAE fail
	CMPQ R10, ST_CAPEND(R9)
	JAE needstack
	MOVL ST_ALEN(R9), CX
	CMPL CX, ST_ACAP(R9)
	JAE fail
	INCL ST_ALEN(R9)
	SHLL $PAYLOAD_SHIFT, CX
	ORL DX, CX
	NODE(R15, AX)
	MOVL CX, (AX)
	MOVL R12, CX
	ADDL ST_DELTA(R9), CX
	MOVL CX, 4(AX)
	MOVQ $0, 8(AX)
	// Push cur; the new container becomes cur.
	MOVL R11, 0(R10)
	MOVL R13, 4(R10)
	MOVL R14, 8(R10)
	ADDQ $16, R10
	MOVL R15, R11
	XORL R13, R13
	MOVL DX, R14
	ANDL $7, R14
	INCQ R12
	MOVBLZX (SI)(R12*1), AX
	CMPL R14, $5
	JNE openarray
	CMPB AL, $0x7d
	JNE member
	INCQ R12
	JMP close
openarray:
	CMPB AL, $0x5d
	JNE item
	INCQ R12
	JMP close

next: // after a value: a comma or the closer of cur; at the top, the end
	CMPL BX, ST_STOPAT(R9)
	JAE suspend
	MOVBLZX (SI)(R12*1), AX
	CMPB AL, $0x2c
	JNE nextclose
	INCQ R12
	CMPL R14, $5
	JEQ member
	JA item
	JMP fail
nextclose:
	CMPL R14, $5
	JB done // the top level (kind 0)
	JNE nextarray
	CMPB AL, $0x7d
	JNE fail
	INCQ R12
	JMP close
nextarray:
	CMPB AL, $0x5d
	JNE fail
	INCQ R12

close: // cur ends just before text[i]: its entry gets span and last, then pop
	NODE(R11, AX)
	MOVL (AX), CX
	SHRL $PAYLOAD_SHIFT, CX
	SHLQ $3, CX
	ADDQ ST_AUX(R9), CX
	MOVL R12, DX
	ADDL ST_DELTA(R9), DX
	SUBL 4(AX), DX
	MOVL DX, 0(CX)
	LEAL -1(BX), DX
	MOVL DX, 4(CX)
	SUBQ $16, R10
	MOVL 0(R10), R11
	MOVL 4(R10), R13
	MOVL 8(R10), R14
	JMP next

item: // an array item: a new node linked after the last
	CMPL BX, ST_NCAP(R9)
	JAE fail
	MOVL BX, R15
	INCL BX
	TESTL R13, R13
	JNZ item1
	NODE(R11, AX)
	MOVL R15, 8(AX)
	MOVL R15, R13
	JMP read
item1:
	NODE(R13, AX)
	MOVL R15, 12(AX)
	MOVL R15, R13
	JMP read

member: // a member name and ':', then its value
	CMPB (SI)(R12*1), $0x22
	JNE fail
	LEAL 2(BX), AX
	CMPL AX, ST_NCAP(R9)
	JA fail
	CLOSING
	LEAQ 1(CX), DX
	SUBQ R12, DX
	CMPQ DX, $MAX_NAME_LEN
	JA fail
	SHLL $PAYLOAD_SHIFT, DX
	ORL $META_NAME, DX
	ORL AX, DX
	NODE(BX, AX)
	HEAD(DX, R15)
	LEAL 1(BX), DX
	MOVQ DX, 8(AX) // child: the value's node; next: 0
	TESTL R13, R13
	JNZ member2
	NODE(R11, AX)
	MOVL BX, 8(AX)
	JMP member3
member2:
	NODE(R13, AX)
	MOVL BX, 12(AX)
member3:
	MOVL BX, R13
	LEAL 1(BX), R15
	ADDL $2, BX
	LEAQ 1(CX), R12
	CMPB (SI)(R12*1), $0x3a
	JNE fail
	INCQ R12
	CMPB (SI)(R12*1), $0x22
	JNE read

	// A string value, the common case, and what follows it in an object:
	// the next member or the end.
	STRING
	CMPL BX, ST_STOPAT(R9)
	JAE suspend
	MOVBLZX (SI)(R12*1), AX
	INCQ R12
	CMPB AL, $0x2c
	JEQ member
	CMPB AL, $0x7d
	JEQ close
	JMP fail

done:
	CMPQ R12, ST_TEXTLEN(R9)
	JNE fail
	CMPQ R8, ST_ENDSEND(R9)
	JNE fail
	MOVL $STATUS_OK, ST_STATUS(R9)
	MOVL BX, ST_IDX(R9)
	RET

fail:
	MOVL $STATUS_FAIL, ST_STATUS(R9)
	RET

needstack:
	MOVL $STATUS_STACK, ST_STATUS(R9)
	RET

suspend:
	MOVL $STATUS_SUSPEND, ST_STATUS(R9)
	MOVL $1, ST_RESUME(R9)
	MOVQ R12, ST_I(R9)
	MOVQ R8, ST_ENDS(R9)
	MOVL BX, ST_IDX(R9)
	MOVQ R10, ST_TOP(R9)
	MOVL R11, ST_CURNODE(R9)
	MOVL R13, ST_CURLAST(R9)
	MOVL R14, ST_CURKIND(R9)
	RET
