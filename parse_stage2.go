package graft

import (
	"encoding/binary"
	"unsafe"
)

// Stage two of the vectorized parse: buildNodes walks the compact text that
// stage one wrote (parse_vector.go) once, checks the grammar and writes the
// nodes, container entries and member links. On amd64 it is assembly
// (parse_stage2_amd64.s); buildNodesGo below is the same walk in Go, step
// for step: the assembly's reference, held to it in lockstep by
// TestStage2Lockstep and FuzzStage2Lockstep (every call's state, nodes,
// entries and frames equal), and the walk of builds without assembly. The
// assembly earns its place in BenchmarkStage2 (parse_stage2_test.go), its
// walk against this one on S3's files: the Go walk took 1.8×, 1.7× and
// 1.25× its time on twitter, citm_catalog and canada (medians of six runs
// on a shared 2-core machine), which shows in S2 and S3 (bench/).

// textPad is the number of zero bytes buildNodes needs after the text.
const textPad = 16

// buildBudget is the number of nodes buildNodes builds per call.
const buildBudget = 1 << 16

// buildState is what buildNodes reads and writes: its input, the arena,
// and its position when it stops before the end. The assembly takes its
// offsets from go_asm.h.
type buildState struct {
	// The input, set before the first call: the compact text (textLen
	// bytes, then textPad zero bytes), stage one's string ends, and the
	// stack of open containers.
	text     *byte
	textLen  int
	ends     *uint32
	nends    int
	frames   *buildFrame
	nframes  int // the frames there are
	maxDepth int // the frames the input may open (Options.MaxDepth)
	delta    uint32

	// The arena, set by room before each call. alen grows as the walk
	// adds entries.
	ncap   uint32
	nodes  *node
	aux    *aux
	alen   uint32
	acap   uint32
	stopAt uint32 // suspend once idx reaches it

	// The result, and the walk's position when it suspends.
	status  uint32
	root    uint32
	resume  uint32
	idx     uint32 // the next free node
	depth   uint32 // the frames in use
	curNode uint32 // the open container, its last child, its kind (0 at the top)
	curLast uint32
	curKind uint32
	i       int // position in text
	endAt   int // the next entry of ends

	// The assembly's own: the addresses of the ends of ends and frames.
	endsEnd, depthEnd, capEnd uintptr
}

// buildFrame is an open container outside the current one.
type buildFrame struct {
	node, last, kind, _ uint32
}

const buildFrameSize = 16

// The assembly finds node i at i<<4, entry j at j<<3 and frame k at k<<4.
var (
	_ [nodeSize - 16]struct{}
	_ [16 - nodeSize]struct{}
	_ [auxSize - 8]struct{}
	_ [8 - auxSize]struct{}
	_ [unsafe.Sizeof(buildFrame{}) - 16]struct{}
	_ [16 - unsafe.Sizeof(buildFrame{})]struct{}
)

// buildNodes statuses
const (
	buildOK      = iota
	buildFail    // not JSON, or a limit: the scalar parser says which
	buildStack   // out of frames: grow them and start again
	buildSuspend // stopped at stopAt: room, then call again
)

// The meta words stage two writes.
const (
	metaString = uint32(String) | flagParsed
	metaName   = uint32(String) | flagParsed | flagName
	metaObject = uint32(Object) | flagParsed | flagSpan
	metaArray  = uint32(Array) | flagParsed | flagSpan
	metaNumber = uint32(Number) | flagParsed
	metaTrue   = uint32(Bool) | flagParsed | flagTrue
	metaFalse  = uint32(Bool) | flagParsed
	metaNull   = uint32(Null) | flagParsed
)

// buildNodesGo is buildNodes in Go (see the top of the file).
func buildNodesGo(st *buildState) {
	text := unsafe.Slice(st.text, st.textLen+textPad)
	ends := unsafe.Slice(st.ends, st.nends)
	frames := unsafe.Slice(st.frames, st.nframes)
	nodes := unsafe.Slice(st.nodes, st.ncap)
	auxs := unsafe.Slice(st.aux, st.acap)
	i, endAt, idx, depth := st.i, st.endAt, st.idx, int(st.depth)
	cur, last, kind := st.curNode, st.curLast, st.curKind
	var v uint32 // the node of the value being read

	fail := func() { st.status = buildFail }
	// closing: the string at text[i] ends at the next entry of ends; its
	// closing quote and flagEscaped if the entry is flagged.
	closing := func() (int, uint32, bool) {
		if endAt >= len(ends) {
			return 0, 0, false
		}
		e := ends[endAt]
		endAt++
		c := int(e & 0x7fffffff)
		if c <= i || c >= st.textLen {
			return 0, 0, false
		}
		return c, e >> 31 << 4, true
	}
	head := func(k uint32, meta uint32) {
		nodes[k].meta, nodes[k].off = meta, uint32(i)+st.delta
	}
	digits := func(c int) int {
		for text[c]-'0' < 10 {
			c++
		}
		return c
	}
	link := func(k uint32) {
		if last == 0 {
			nodes[cur].child = k
		} else {
			nodes[last].next = k
		}
		last = k
	}

	if st.resume == 0 {
		if idx >= st.ncap {
			fail()
			return
		}
		st.root, v = idx, idx
		idx++
		goto read
	}
	goto next

read: // the value at text[i] into node v
	if i >= st.textLen {
		fail()
		return
	}
	switch text[i] {
	case '"':
		c, esc, ok := closing()
		if !ok {
			fail()
			return
		}
		head(v, metaString+esc)
		nodes[v].child, nodes[v].next = uint32(c+1-i), 0
		i = c + 1
		goto next
	case '{', '[':
		meta := metaArray
		if text[i] == '{' {
			meta = metaObject
		}
		if depth >= st.maxDepth {
			fail()
			return
		}
		if depth >= len(frames) {
			st.status = buildStack
			return
		}
		if st.alen >= st.acap {
			fail()
			return
		}
		a := st.alen
		st.alen++
		nodes[v] = node{meta: a<<payloadShift | meta, off: uint32(i) + st.delta}
		f := &frames[depth]
		f.node, f.last, f.kind = cur, last, kind
		depth++
		cur, last, kind = v, 0, meta&kindMask
		i++
		if kind == uint32(Object) {
			if text[i] == '}' {
				i++
				goto close
			}
			goto member
		}
		if text[i] == ']' {
			i++
			goto close
		}
		goto item
	case 't', 'f', 'n':
		var meta uint32
		var n int
		switch {
		case text[i] == 't' && binary.LittleEndian.Uint32(text[i:]) == 0x65757274: // true
			meta, n = metaTrue, 4
		case text[i] == 'f' && binary.LittleEndian.Uint32(text[i+1:]) == 0x65736c61: // alse
			meta, n = metaFalse, 5
		case text[i] == 'n' && binary.LittleEndian.Uint32(text[i:]) == 0x6c6c756e: // null
			meta, n = metaNull, 4
		default:
			fail()
			return
		}
		head(v, meta)
		nodes[v].child, nodes[v].next = uint32(n), 0
		i += n
		goto next
	}
	{
		// A number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
		c := i
		if text[c] == '-' {
			c++
		}
		switch {
		case text[c] == '0':
			c++
		case text[c]-'1' < 9:
			c = digits(c + 1)
		default:
			fail()
			return
		}
		if text[c] == '.' {
			if c++; text[c]-'0' >= 10 {
				fail()
				return
			}
			c = digits(c + 1)
		}
		if text[c]|0x20 == 'e' {
			if c++; text[c] == '+' || text[c] == '-' {
				c++
			}
			if text[c]-'0' >= 10 {
				fail()
				return
			}
			c = digits(c + 1)
		}
		head(v, metaNumber)
		nodes[v].child, nodes[v].next = uint32(c-i), 0
		i = c
	}

next: // after a value: a comma or the closer of cur; at the top, the end
	if idx >= st.stopAt {
		goto suspend
	}
	switch c := text[i]; {
	case c == ',':
		i++
		switch {
		case kind == uint32(Object):
			goto member
		case kind > uint32(Object):
			goto item
		}
		fail()
		return
	case kind < uint32(Object):
		if i != st.textLen || endAt != len(ends) {
			fail()
			return
		}
		st.status, st.idx = buildOK, idx
		return
	case kind == uint32(Object) && c == '}', kind == uint32(Array) && c == ']':
		i++
		goto close
	}
	fail()
	return

close: // cur ends just before text[i]: its entry gets span and last, then pop
	{
		n := &nodes[cur]
		a := &auxs[n.meta>>payloadShift]
		a.span = uint32(i) + st.delta - n.off
		a.last = idx - 1
		depth--
		f := &frames[depth]
		cur, last, kind = f.node, f.last, f.kind
	}
	goto next

item: // an array item: a new node linked after the last
	if idx >= st.ncap {
		fail()
		return
	}
	v = idx
	idx++
	link(v)
	goto read

member: // a member name and ':', then its value
	{
		if text[i] != '"' || idx+2 > st.ncap {
			fail()
			return
		}
		c, esc, ok := closing()
		if !ok || c+1-i > maxNameLen {
			fail()
			return
		}
		k := idx
		head(k, uint32(c+1-i)<<payloadShift|metaName|esc)
		nodes[k].child, nodes[k].next = k+1, 0
		link(k)
		v = k + 1
		idx += 2
		i = c + 1
		if text[i] != ':' {
			fail()
			return
		}
		if i++; text[i] != '"' {
			goto read
		}
		// A string value, the common case, and what follows it in an
		// object: the next member or the end.
		c, esc, ok = closing()
		if !ok {
			fail()
			return
		}
		head(v, metaString+esc)
		nodes[v].child, nodes[v].next = uint32(c+1-i), 0
		i = c + 1
		if idx >= st.stopAt {
			goto suspend
		}
		c0 := text[i]
		i++
		switch c0 {
		case ',':
			goto member
		case '}':
			goto close
		}
		fail()
		return
	}

suspend:
	st.status, st.resume = buildSuspend, 1
	st.i, st.endAt, st.idx, st.depth = i, endAt, idx, uint32(depth)
	st.curNode, st.curLast, st.curKind = cur, last, kind
}
