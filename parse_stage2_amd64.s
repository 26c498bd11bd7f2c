//go:build !noasm

#include "go_asm.h"
#include "textflag.h"

// buildNodes: stage two of the vectorized parse (parse_stage2.go, which
// holds its Go twin, buildNodesGo, and says which benchmark justifies this
// file). It walks the compact text of one input and writes its nodes,
// container entries and the member links, checking the grammar as it goes.
// The layouts of buildState, node, aux and buildFrame and the meta bits
// come from go_asm.h; parse_stage2.go checks the sizes the address
// arithmetic below assumes (a node and a frame 16 bytes, an entry 8).
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

// meta values: kind | flagParsed | flags
#define META_STRING (const_String|const_flagParsed)
#define META_NAME (const_String|const_flagParsed|const_flagName)
#define META_OBJECT (const_Object|const_flagParsed|const_flagSpan)
#define META_ARRAY (const_Array|const_flagParsed|const_flagSpan)
#define META_NUMBER (const_Number|const_flagParsed)
#define META_TRUE (const_Bool|const_flagParsed|const_flagTrue)
#define META_FALSE (const_Bool|const_flagParsed)
#define META_NULL (const_Null|const_flagParsed)

// NODE(r, x): r = address of node x.
#define NODE(x, r) MOVQ x, r; SHLQ $4, r; ADDQ DI, r

// HEAD(meta, t): the first half of node AX, meta (an immediate, or a
// register whose upper half is zero) and the arena offset of text[i], in
// one store; t is scratch. Writing a node in two eight-byte stores rather
// than four keeps the walk off the store ports' limit.
#define HEAD(meta, t) MOVL R12, t; ADDL buildState_delta(R9), t; SHLQ $32, t; ORQ meta, t; MOVQ t, node_meta(AX)

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
// AX = const_flagEscaped if the entry is flagged, else 0.
#define CLOSING \
	CMPQ R8, buildState_endsEnd(R9); \
	JAE fail; \
	MOVL (R8), AX; \
	ADDQ $4, R8; \
	MOVL AX, CX; \
	ANDL $0x7fffffff, CX; \
	CMPQ CX, R12; \
	JBE fail; \
	CMPQ CX, buildState_textLen(R9); \
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
	MOVQ DX, node_child(AX); \
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
	MOVQ buildState_text(R9), SI
	MOVQ buildState_nodes(R9), DI
	MOVQ buildState_i(R9), R12
	MOVL buildState_idx(R9), BX
	// R8 and R10 from the indexes, and the ends of ends and of the
	// frames (the input's limit and the frames there are) as addresses.
	MOVQ buildState_ends(R9), R8
	MOVQ buildState_nends(R9), AX
	LEAQ (R8)(AX*4), AX
	MOVQ AX, buildState_endsEnd(R9)
	MOVQ buildState_endAt(R9), AX
	LEAQ (R8)(AX*4), R8
	MOVQ buildState_frames(R9), R10
	MOVQ buildState_maxDepth(R9), AX
	SHLQ $4, AX
	ADDQ R10, AX
	MOVQ AX, buildState_depthEnd(R9)
	MOVQ buildState_nframes(R9), AX
	SHLQ $4, AX
	ADDQ R10, AX
	MOVQ AX, buildState_capEnd(R9)
	MOVL buildState_depth(R9), AX
	SHLQ $4, AX
	ADDQ AX, R10
	MOVL buildState_curNode(R9), R11
	MOVL buildState_curLast(R9), R13
	MOVL buildState_curKind(R9), R14
	CMPL buildState_resume(R9), $0
	JNE next

	// The top-level value.
	CMPL BX, buildState_ncap(R9)
	JAE fail
	MOVL BX, buildState_root(R9)
	MOVL BX, R15
	INCL BX

read: // the value at text[i] into node R15, which is in place
	CMPQ R12, buildState_textLen(R9)
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
	MOVQ DX, node_child(AX) // child: the length; next: 0
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
	MOVQ CX, node_child(AX)
	ADDQ CX, R12
	JMP next

robject:
	MOVL $META_OBJECT, DX
	JMP open
rarray:
	MOVL $META_ARRAY, DX
open:
	CMPQ R10, buildState_depthEnd(R9)
	JAE fail
	CMPQ R10, buildState_capEnd(R9)
	JAE needstack
	MOVL buildState_alen(R9), CX
	CMPL CX, buildState_acap(R9)
	JAE fail
	INCL buildState_alen(R9)
	SHLL $const_payloadShift, CX
	ORL DX, CX
	NODE(R15, AX)
	MOVL CX, node_meta(AX)
	MOVL R12, CX
	ADDL buildState_delta(R9), CX
	MOVL CX, node_off(AX)
	MOVQ $0, node_child(AX)
	// Push cur; the new container becomes cur.
	MOVL R11, buildFrame_node(R10)
	MOVL R13, buildFrame_last(R10)
	MOVL R14, buildFrame_kind(R10)
	ADDQ $buildFrame__size, R10
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
	CMPL BX, buildState_stopAt(R9)
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
	MOVL node_meta(AX), CX
	SHRL $const_payloadShift, CX
	SHLQ $3, CX
	ADDQ buildState_aux(R9), CX
	MOVL R12, DX
	ADDL buildState_delta(R9), DX
	SUBL node_off(AX), DX
	MOVL DX, aux_span(CX)
	LEAL -1(BX), DX
	MOVL DX, aux_last(CX)
	SUBQ $buildFrame__size, R10
	MOVL buildFrame_node(R10), R11
	MOVL buildFrame_last(R10), R13
	MOVL buildFrame_kind(R10), R14
	JMP next

item: // an array item: a new node linked after the last
	CMPL BX, buildState_ncap(R9)
	JAE fail
	MOVL BX, R15
	INCL BX
	TESTL R13, R13
	JNZ item1
	NODE(R11, AX)
	MOVL R15, node_child(AX)
	MOVL R15, R13
	JMP read
item1:
	NODE(R13, AX)
	MOVL R15, node_next(AX)
	MOVL R15, R13
	JMP read

member: // a member name and ':', then its value
	CMPB (SI)(R12*1), $0x22
	JNE fail
	LEAL 2(BX), AX
	CMPL AX, buildState_ncap(R9)
	JA fail
	CLOSING
	LEAQ 1(CX), DX
	SUBQ R12, DX
	CMPQ DX, $const_maxNameLen
	JA fail
	SHLL $const_payloadShift, DX
	ORL $META_NAME, DX
	ORL AX, DX
	NODE(BX, AX)
	HEAD(DX, R15)
	LEAL 1(BX), DX
	MOVQ DX, node_child(AX) // child: the value's node; next: 0
	TESTL R13, R13
	JNZ member2
	NODE(R11, AX)
	MOVL BX, node_child(AX)
	JMP member3
member2:
	NODE(R13, AX)
	MOVL BX, node_next(AX)
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
	CMPL BX, buildState_stopAt(R9)
	JAE suspend
	MOVBLZX (SI)(R12*1), AX
	INCQ R12
	CMPB AL, $0x2c
	JEQ member
	CMPB AL, $0x7d
	JEQ close
	JMP fail

done:
	CMPQ R12, buildState_textLen(R9)
	JNE fail
	CMPQ R8, buildState_endsEnd(R9)
	JNE fail
	MOVL $const_buildOK, buildState_status(R9)
	MOVL BX, buildState_idx(R9)
	RET

fail:
	MOVL $const_buildFail, buildState_status(R9)
	RET

needstack:
	MOVL $const_buildStack, buildState_status(R9)
	RET

suspend:
	MOVL $const_buildSuspend, buildState_status(R9)
	MOVL $1, buildState_resume(R9)
	MOVQ R12, buildState_i(R9)
	SUBQ buildState_ends(R9), R8
	SHRQ $2, R8
	MOVQ R8, buildState_endAt(R9)
	MOVL BX, buildState_idx(R9)
	SUBQ buildState_frames(R9), R10
	SHRQ $4, R10
	MOVL R10, buildState_depth(R9)
	MOVL R11, buildState_curNode(R9)
	MOVL R13, buildState_curLast(R9)
	MOVL R14, buildState_curKind(R9)
	RET
