package graft

import (
	"sync/atomic"
	"unsafe"
)

// Ref is a handle to a value in a Doc: an index into its arena and the tag
// of the Doc's current contents. The zero Ref is no value; every read of
// it reports Invalid or an error. A Ref stays valid while the Doc grows
// (Append, building, editing) and is stale after Reset, Parse or
// LoadSnapshot, which reuse the arena. A Ref belongs to the Doc that
// returned it.
//
// A stale Ref, or one from another Doc, is detected: reads of it report
// Invalid, false or zero, as for the zero Ref, and every method that
// returns an error returns one wrapping ErrStale. (The tag has 32 bits:
// a Ref could pass for another only after some 4 billion Resets, or 16
// million Docs.)
type Ref uint64

// ref returns the Ref of node i.
func (d *Doc) ref(i uint32) Ref { return Ref(d.tag)<<32 | Ref(i) }

// Kind is the JSON type of a value.
type Kind uint8

// Kinds of values. Invalid is the kind of the zero Ref and of any Ref a
// lookup did not find.
const (
	Invalid Kind = iota
	Null
	Bool
	Number
	String
	Object
	Array
)

var kindNames = [...]string{"invalid", "null", "bool", "number", "string", "object", "array"}

// String returns the lower-case name of the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Doc is one arena holding any number of parsed or built JSON values: a byte
// buffer with the values' text and a flat slice of fixed-size nodes that
// refer to each other and to the text by index. Parse and Append scan each
// input once; strings stay escaped and numbers keep their text until a
// caller asks for a decoded form, and printing copies bytes.
//
// Reads never mutate, so any number of goroutines may read one Doc at once.
// Parsing, building, editing and merging need a single owner with no
// concurrent readers. Reset keeps the memory for reuse; see Pool.
//
// The zero Doc is ready to use with default Options.
type Doc struct {
	buf   []byte // compact text of every value, append-only until Reset
	nodes []node // nodes[0] is unused so that the zero Ref means "none"
	aux   []aux  // container side entries, indexed by node payloads
	opts  Options
	init  bool   // opts normalized
	tag   uint32 // the tag of the Refs into the current contents (see firstNode)

	// The state of each concern, its type declared in the concern's
	// file, which says what else touches it besides Reset and Cap here.
	parsing   parseScratch  // parse.go
	vector    vectorScratch // parse_vector.go
	names     nameScratch   // names.go
	spans     spanState     // span.go
	journal   journal       // journal.go
	appending appendCache   // edit.go
	index     memberIndex   // index.go
	merging   mergeScratch  // merge.go
	matching  matchScratch  // match.go
}

// node is one value or member name, 16 bytes. Its fields mean:
//
//	         scalar        member name     object/array        link
//	off      text start    text start      text start (span)   -
//	child    text length   value           first child         value
//	next     next sibling  next name       next sibling        next item
//	payload  -             text length     aux entry           -
//
// The payload is the high bits of meta. A parsed container's aux entry
// holds the length of its compact span and, once it has grown, the number
// of its original children (see span.go); entries never change once
// written, so nodes may share them. Member names are limited to
// maxNameLen bytes and a Doc to maxAux aux entries (ErrLimit beyond).
//
// A container does not store its last child: appending finds it by a walk
// of the children, which the edits that append already do (a member is
// looked up before it is added), or from a one-entry cache of the last
// container appended to, so that building an array item by item stays
// linear.
//
// Containers read from input keep the compact span of their text
// (flagSpan); an unedited one prints as one copy of it. Member names are
// nodes of kind String chained through next; their child is the value.
// Array items are chained through their own next; an item that was inserted
// by an edit may be a link node whose child is the value, so that a value
// can sit in an array without its own next being taken.
type node struct {
	meta  uint32 // kind | flags | payload
	off   uint32
	child uint32
	next  uint32
}

// meta bits. Flags of different kinds share bits; every test of one is
// guarded by the kind.
const (
	kindMask     = 0x7
	kindLink     = 0x7    // an array slot pointing at a value elsewhere
	flagParsed   = 1 << 3 // off lies in text read by Append (inside its ancestors' spans)
	flagEscaped  = 1 << 4 // String: the text holds a backslash escape
	flagSpan     = 1 << 4 // Object, Array: the aux entry's span is its compact form
	flagTrue     = 1 << 4 // Bool: true
	flagName     = 1 << 5 // String: a member name, its length in the payload
	flagGrown    = 1 << 5 // Object, Array: children appended after the span
	payloadShift = 6

	maxNameLen   = 1<<(32-payloadShift) - 1
	maxAux       = 1<<(32-payloadShift) - 1
	maxNodeIndex = min(1<<32-2, maxInt)
)

func (n *node) kind() Kind { return Kind(n.meta & kindMask) }

// payload returns the high bits of meta.
func (n *node) payload() uint32 { return n.meta >> payloadShift }

// textLen returns the length of the text of a scalar or member name.
func (n *node) textLen() uint32 {
	if n.isName() {
		return n.meta >> payloadShift
	}
	return n.child
}

// isName reports whether n is a member name. Reads take a name for the
// string it spells (Members yields names as Refs), but a name is part of
// its object's chain: nothing may merge into it or attach it as a value.
func (n *node) isName() bool { return n.meta&(kindMask|flagName) == uint32(String)|flagName }

// asValue returns head n as the head of a value: a member name becomes a
// string with the same text.
func asValue(n node) node {
	if n.isName() {
		n.child = n.textLen()
		n.meta &= kindMask | flagParsed | flagEscaped
	}
	return n
}

// target returns the node of r if r is a value that may be changed in
// place (not a member name), or nil.
func (d *Doc) target(r Ref) *node {
	if n := d.at(r); n != nil && !n.isName() {
		return n
	}
	return nil
}

// aux is the side entry of a parsed or grown container.
type aux struct {
	span uint32 // length of the compact span
	// last: the last node parsed inside the container, 0 if not known
	// (see contains); once it has grown (flagGrown), its last original
	// child instead (0 if none), which is all printing needs then.
	last uint32
}

// New returns an empty Doc with the given options.
func New(opts Options) *Doc {
	d := &Doc{opts: opts.normalized(), init: true}
	return d
}

func (d *Doc) options() *Options {
	if !d.init {
		d.opts = d.opts.normalized()
		d.init = true
	}
	return &d.opts
}

// Reset empties the Doc, keeping its memory. Every Ref into it becomes
// meaningless, and so does every slice a read returned.
func (d *Doc) Reset() {
	d.buf = d.buf[:0]
	d.nodes = d.nodes[:0]
	d.aux = d.aux[:0]
	d.spans.moved = false
	d.spans.edits, d.spans.late = d.spans.edits[:0], d.spans.late[:0]
	d.appending.c = 0
	d.index.drop()
	d.commit()
}

// Size returns the bytes the Doc's arena holds now: text, nodes and
// container entries. It is the figure to compare with the size of the
// inputs.
func (d *Doc) Size() int { return len(d.buf) + len(d.nodes)*nodeSize + len(d.aux)*auxSize }

// Cap returns the bytes the Doc has reserved: its arena, the parser's
// lists of string ends and open containers, and the table of member names
// Set keeps for a large object (see Set).
func (d *Doc) Cap() int {
	return cap(d.buf) + cap(d.nodes)*nodeSize + cap(d.aux)*auxSize +
		cap(d.vector.ends)*4 + cap(d.vector.frames)*int(unsafe.Sizeof(buildFrame{})) + cap(d.parsing.stack)*4 +
		(cap(d.index.table)+cap(d.index.spare))*8 + cap(d.merging.targets)*8
}

const (
	nodeSize = 16
	auxSize  = 8
)

// at returns the node of r, or nil if r is not a value of d.
func (d *Doc) at(r Ref) *node {
	i := uint32(r)
	if r == 0 || uint32(r>>32) != d.tag || uint64(i) >= uint64(len(d.nodes)) { // the zero Ref first: a nil Doc has no value
		return nil
	}
	return &d.nodes[i]
}

// stale reports whether r is not the zero Ref but not a Ref into d's
// current contents: a Ref from before Reset, or from another Doc.
func (d *Doc) stale(r Ref) bool {
	return r != 0 && (uint32(r>>32) != d.tag || uint64(uint32(r)) >= uint64(len(d.nodes)))
}

// tagBlocks hands out blocks of tagBlock tags of Doc contents, so that
// Refs into different Docs, or into one Doc before and after Reset, differ.
// A Doc takes a block at a time, so that Reset costs no atomic operation
// but once in tagBlock times. Tags come round again after 2^32 of them
// (some 4 billion Resets, or 16 million Docs).
var tagBlocks atomic.Uint32

const tagBlock = 256

// firstNode adds the unused node 0 to an empty Doc and tags its new
// contents. A tag is never a multiple of tagBlock, so never 0.
func (d *Doc) firstNode() {
	d.nodes = append(d.nodes, node{})
	d.retag()
}

// retag gives the Doc's contents a new tag, so that no Ref made before
// refers into them.
func (d *Doc) retag() {
	next := d.tag + 1
	if d.tag%tagBlock == 0 || next%tagBlock == 0 { // a new Doc, or its block used up
		next = tagBlocks.Add(1)*tagBlock + 1
	}
	d.tag = next
}

// Kind returns the kind of the value r, or Invalid.
func (d *Doc) Kind(r Ref) Kind {
	if n := d.at(r); n != nil {
		return n.kind()
	}
	return Invalid
}

// resolve follows a link node to the value it stands for.
func (d *Doc) resolve(i uint32) uint32 {
	if d.nodes[i].meta&kindMask == kindLink {
		return d.nodes[i].child
	}
	return i
}

// text returns the text of node i.
func (d *Doc) text(i uint32) []byte {
	n := &d.nodes[i]
	return d.buf[n.off : n.off+n.textLen()]
}

// container returns the node of r if r is a value of kind kind, else nil.
func (d *Doc) container(r Ref, kind Kind) *node {
	n := d.at(r)
	if n == nil || n.kind() != kind {
		return nil
	}
	return n
}

// reserve returns s with room for n more elements, growing it by at least
// a quarter (so that many inputs appended one by one copy each node a few
// times only) but not past most unless n needs it.
func reserve[T any](s []T, n, most int) []T {
	if need := len(s) + n; need > cap(s) {
		ns := make([]T, len(s), max(need, min(cap(s)+cap(s)/4, most)))
		copy(ns, s)
		s = ns
	}
	return s
}
