package graft

import (
	"runtime"
	"slices"
	"sync"
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

// vectorScratch is what the vectorized parse keeps between inputs.
type vectorScratch struct {
	ends   []uint32     // string ends found by stage one
	frames []buildFrame // stage two's open containers
	box    *[]uint32    // endsPool's holder of ends, while ends came from it
}

// maxKeptEnds is the most string ends a Doc keeps in its own list between
// inputs; a longer list (that of an input with more strings) goes back to
// endsPool, so that a Doc holding a large value does not also hold four
// bytes per string of it.
const maxKeptEnds = 1 << 14

// endsPool holds the long lists of string ends between parses of any Doc.
var endsPool sync.Pool

// appendFast is Append's vectorized path. It reports false when the input
// is not JSON or exceeds a limit, leaving the arena as it was; the caller
// then runs the scalar parser.
func (d *Doc) appendFast(src []byte) (uint32, bool) {
	// A string and its separator take 3 bytes at least: a shorter input
	// has no more strings than a kept list holds.
	v := &d.vector
	own := v.ends // the Doc's kept list, back in place after a long one
	if len(src) > 3*maxKeptEnds {
		if p, ok := endsPool.Get().(*[]uint32); ok {
			v.ends, v.box = *p, p // longer than a kept list
		}
	}
	root, ok := d.appendVector(src)
	if cap(v.ends) > maxKeptEnds {
		// The holder goes back with the list, so that a warm parse
		// allocates none.
		p := v.box
		if p == nil {
			p = new([]uint32)
		}
		*p = v.ends[:0]
		endsPool.Put(p)
		v.ends, v.box = own, nil
	}
	return root, ok
}

// appendVector runs both stages of appendFast.
func (d *Doc) appendVector(src []byte) (uint32, bool) {
	base, nodeBase, auxBase := len(d.buf), len(d.nodes), len(d.aux)
	buf, ends, res := wire.Compact(d.buf, d.vector.ends[:0], src, d.opts.mode())
	d.buf, d.vector.ends = buf, ends
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
// string ends are d.vector.ends and which holds at most values values,
// opens of them objects and arrays. The walk itself is buildNodes
// (parse_stage2.go); what it leaves to Go is growing the arena and its
// stack of open containers as it goes, and the check of duplicate names
// where Options reject them.
//
// The counts come from stage one, which does not check the grammar: a
// megabyte of '[' counts a million values. So the arena grows with what
// the walk has built, up to the counts (see room), and counts no JSON
// text of the size can have fail at once, so that the counts bound the
// arena as they would for JSON: every value owns a byte (a scalar its
// token, a container its closing bracket) and every value but the first
// follows a byte of its own (a comma, a colon or its container's opening
// bracket), so n compact bytes hold at most (n+1)/2 values.
func (d *Doc) parseCompact(base, values, opens int) (uint32, bool) {
	size := len(d.buf) - base
	if size == 0 || 2*values > size+1 || len(d.nodes)+values > d.opts.MaxNodes+1 || len(d.aux)+opens > maxAux {
		return 0, false
	}
	// Zero bytes after the text: no token holds one, so the walk reads a
	// few bytes past a token without checking for the end.
	d.buf = slices.Grow(d.buf, textPad)
	clear(d.buf[len(d.buf) : len(d.buf)+textPad])
	if cap(d.vector.frames) == 0 {
		d.vector.frames = make([]buildFrame, min(d.opts.MaxDepth, 64)+1)
	}

	text := d.buf[base:]
	w := walk{start: len(d.nodes), astart: len(d.aux), values: values, opens: opens}
	w.most = max(w.start+values, cap(d.nodes)+cap(d.nodes)/4)
	w.amost = max(w.astart+opens, cap(d.aux)+cap(d.aux)/4)
	var st buildState
	begin := func() {
		st = buildState{
			text:     unsafe.SliceData(text),
			textLen:  len(text),
			ends:     unsafe.SliceData(d.vector.ends),
			nends:    len(d.vector.ends),
			frames:   unsafe.SliceData(d.vector.frames),
			nframes:  len(d.vector.frames),
			maxDepth: d.opts.MaxDepth,
			delta:    uint32(base),
			idx:      uint32(w.start),
			alen:     uint32(w.astart),
		}
		w.yieldAt = st.idx + buildBudget
		d.room(&st, &w)
	}
	begin()
	for {
		buildNodes(&st)
		switch st.status {
		case buildSuspend:
			// Every buildBudget nodes, let the scheduler in: the walk
			// cannot be preempted, and nothing in this loop is a
			// preemption point of its own. Otherwise the walk stopped
			// to grow the arena.
			if st.idx >= w.yieldAt {
				runtime.Gosched()
				w.yieldAt = st.idx + buildBudget
			}
			d.room(&st, &w)
			continue
		case buildStack:
			d.vector.frames = make([]buildFrame, min(2*len(d.vector.frames), d.opts.MaxDepth+1))
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
		for k := w.start; k < len(nodes); k++ {
			if nodes[k].kind() == Object && d.duplicateName(nodes, d.buf, uint32(k)) != 0 {
				return 0, false
			}
		}
	}
	d.nodes, d.aux = nodes, d.aux[:st.alen]
	return st.root, true
}

// walk is what parseCompact knows of the input buildNodes walks: where its
// nodes and container entries start, how many stage one counted, and the
// node at which the walk next yields to the scheduler.
type walk struct {
	start, astart int
	values, opens int
	most, amost   int // the capacities room grows to at most, unless it must
	yieldAt       uint32
}

// room grows the arena for the walk st and tells it where to stop next.
// The nodes of the input, while it is walked, lie past len(d.nodes) and
// its entries past len(d.aux).
//
// The walk starts with room for buildReserve nodes. Each time it runs
// out, room projects the nodes of the whole text from the density the
// walk has seen so far, plus an eighth (or takes stage one's count once
// the projection reaches half of it: for JSON the count is exact), and
// grows to that, but never past sixteen times the room the walk had: a
// larger projection is divided by sixteen until it fits, so that the
// steps up to it are sixteen times apart and the rooms they leave behind
// add up to about a fifteenth of the last. It grows at least to twice
// what the walk has built, and never past the count. So a parse that
// fails has reserved at most sixteen times the nodes it accepted (or
// buildReserve), and one that succeeds into an empty Doc holds as many
// nodes as it built.
//
// The walk checks st.stopAt after each value only: between two checks it
// builds at most two nodes per container it opens, and it opens no more
// than it has frames for, so it stops where that many nodes are left.
// Container entries need no stop of their own: each comes with a node, so
// room for as many entries as nodes (or opens, if fewer) never runs out
// first.
func (d *Doc) room(st *buildState, w *walk) {
	built := int(st.idx) - w.start
	slack := 2*len(d.vector.frames) + 4
	want := buildReserve
	if built > 0 && st.i > 0 {
		proj := float64(built) * float64(st.textLen) / float64(st.i)
		p := int(proj * 9 / 8)
		if 2*proj >= float64(w.values) {
			p = w.values
		}
		for p > 16*(built+slack) {
			p /= 16
		}
		want = max(p, 2*built)
	}
	if want = w.start + min(w.values, want+slack); want > cap(d.nodes) {
		d.nodes = reserve(d.nodes[:st.idx], want-int(st.idx), w.most)[:w.start]
	}
	ncap := cap(d.nodes)
	if want := w.astart + min(w.opens, ncap-w.start); want > cap(d.aux) {
		d.aux = reserve(d.aux[:st.alen], want-int(st.alen), w.amost)[:w.astart]
	}
	st.nodes = unsafe.SliceData(d.nodes)
	st.ncap = uint32(min(ncap, maxNodeIndex))
	st.aux = unsafe.SliceData(d.aux)
	st.acap = uint32(min(cap(d.aux), maxAux))
	st.stopAt = w.yieldAt
	if ncap < w.start+w.values {
		st.stopAt = min(st.stopAt, uint32(ncap-slack))
	}
}
