package graft

import (
	"runtime"
	"slices"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// The vectorized parse: wire.Compact (stage one) writes the compact text of
// the input to the arena 64 bytes at a time, checks its UTF-8 and strings,
// and lists where every string ends; parseCompact (stage two) then walks
// the compact text once, checking the grammar and building the nodes. It
// never scans a string or skips whitespace, which is where the scalar
// parser spends its time. Where either stage finds the input is not JSON,
// Append parses it again with the scalar parser, which finds the error and
// reports it exactly; so both paths accept the same inputs and fail with
// the same errors.

// minFastInput is the smallest input worth the vectorized parse: below it
// the fixed cost of stage one exceeds what it saves. Tests lower it to run
// every input through both parsers.
var minFastInput = 128

// useFast: the machine has the stage-one kernel. Tests turn it off to run
// the scalar parser alone.
var useFast = wire.HasCompact()

// appendFast is Append's vectorized path. It reports false when the input
// is not JSON or exceeds a limit, leaving the arena as it was; the caller
// then runs the scalar parser.
func (d *Doc) appendFast(src []byte) (uint32, bool) {
	base, nodeBase, auxBase := len(d.buf), len(d.nodes), len(d.aux)
	buf, ends, res := wire.Compact(d.buf, d.ends[:0], src, d.opts.mode())
	d.buf, d.ends = buf, ends
	if res.OK {
		if root, ok := d.parseCompact(base, res.Values, res.Opens); ok {
			return root, true
		}
	}
	d.buf = d.buf[:base]
	d.nodes = d.nodes[:nodeBase]
	d.aux = d.aux[:auxBase]
	return 0, false
}

// parseCompact builds the nodes of the compact text d.buf[base:], whose
// string ends are d.ends and which holds at most values values, opens of
// them objects and arrays. The walk itself is buildNodes (assembly); what
// it leaves to Go is growing its stack of open containers, and the check
// of duplicate names where Options reject them.
func (d *Doc) parseCompact(base, values, opens int) (uint32, bool) {
	if len(d.nodes)+values > d.opts.MaxNodes+1 || len(d.aux)+opens > maxAux || len(d.buf) == base {
		return 0, false
	}
	d.nodes = reserve(d.nodes, values)
	d.aux = reserve(d.aux, opens)
	// Zero bytes after the text: no token holds one, so the walk reads a
	// few bytes past a token without checking for the end.
	d.buf = slices.Grow(d.buf, textPad)
	clear(d.buf[len(d.buf) : len(d.buf)+textPad])
	if cap(d.frames) == 0 {
		d.frames = make([]buildFrame, min(d.opts.MaxDepth, 64)+1)
	}

	text := d.buf[base:]
	start, alen := len(d.nodes), len(d.aux)
	var st buildState
	begin := func() {
		st = buildState{
			text:    uintptr(unsafe.Pointer(unsafe.SliceData(text))),
			textLen: len(text),
			delta:   uint32(base),
			ends:    uintptr(unsafe.Pointer(unsafe.SliceData(d.ends))),
			nodes:   uintptr(unsafe.Pointer(unsafe.SliceData(d.nodes))),
			idx:     uint32(start),
			ncap:    uint32(cap(d.nodes)),
			aux:     uintptr(unsafe.Pointer(unsafe.SliceData(d.aux))),
			alen:    uint32(alen),
			acap:    uint32(cap(d.aux)),
			top:     uintptr(unsafe.Pointer(unsafe.SliceData(d.frames))),
			stopAt:  uint32(start) + buildBudget,
		}
		st.endsEnd = st.ends + uintptr(len(d.ends))*4
		st.depthEnd = st.top + uintptr(d.opts.MaxDepth)*buildFrameSize
		st.capEnd = st.top + uintptr(len(d.frames))*buildFrameSize
	}
	begin()
	for {
		buildNodes(&st)
		switch st.status {
		case buildSuspend:
			// Let the scheduler in between slices of work: the walk
			// cannot be preempted, and nothing in this loop is a
			// preemption point of its own.
			runtime.Gosched()
			st.stopAt = st.idx + buildBudget
			continue
		case buildStack:
			d.frames = make([]buildFrame, min(2*len(d.frames), d.opts.MaxDepth+1))
			begin()
			continue
		}
		break
	}
	runtime.KeepAlive(text)
	if st.status != buildOK {
		return 0, false
	}
	nodes := d.nodes[:st.idx]
	if d.opts.RejectDuplicateNames {
		for k := start; k < len(nodes); k++ {
			if nodes[k].kind() == Object && d.duplicateName(nodes, d.buf, uint32(k)) != 0 {
				return 0, false
			}
		}
	}
	d.nodes, d.aux = nodes, d.aux[:st.alen]
	return st.root, true
}

// textPad is the number of zero bytes buildNodes needs after the text.
const textPad = 16

// buildBudget is the number of nodes buildNodes builds per call.
const buildBudget = 1 << 16

// buildState is what buildNodes reads and writes: its input, and its
// position when it stops before the end. Offsets are fixed by
// build_amd64.s (TestBuildLayout). Addresses are uintptr: the Doc's slices
// keep the memory alive and the walk may step one past an end.
type buildState struct {
	text     uintptr // compact text of the input
	textLen  int
	delta    uint32 // arena offset of text[0]
	_        uint32
	endsEnd  uintptr
	nodes    uintptr
	ncap     uint32
	_        uint32
	aux      uintptr
	alen     uint32
	acap     uint32
	depthEnd uintptr // frames + MaxDepth
	capEnd   uintptr // frames + their number
	stopAt   uint32  // suspend once idx reaches it
	status   uint32
	root     uint32
	resume   uint32
	i        int
	ends     uintptr // the next entry of ends
	idx      uint32  // the next free node
	curNode  uint32
	curLast  uint32
	curKind  uint32
	top      uintptr // the next free frame
}

// buildFrame is an open container outside the current one.
type buildFrame struct {
	node, last, kind, _ uint32
}

const buildFrameSize = 16

// buildNodes statuses
const (
	buildOK = iota
	buildFail
	buildStack
	buildSuspend
)

// reserve returns s with room for n more elements, growing it by at least
// a quarter.
func reserve[T any](s []T, n int) []T {
	if need := len(s) + n; need > cap(s) {
		ns := make([]T, len(s), max(need, cap(s)+cap(s)/4))
		copy(ns, s)
		s = ns
	}
	return s
}
