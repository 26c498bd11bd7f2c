package graft

import (
	"bytes"
	"encoding/binary"
	"iter"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/graftjson/graft/internal/wire"
)

// mergeScratch is the state of the merge running.
type mergeScratch struct {
	path  []pathElem  // merge position, for conflict errors
	nest  int         // merge patch level (see patchNested)
	links [][3]uint32 // linkEach: per item, its target's last member and the chain it appends

	targets []Ref // MergeEachSeq: the targets gathered
}

// pathElem is one step of the merge position: a member (its name node in
// src) or an array index.
type pathElem struct {
	name  uint32
	index int
}

// Merge merges src into dst in place: the gateway merge. It moves src's
// nodes rather than copying them, so a merge costs a walk of src plus the
// member lookups in dst, never a copy of text. Src must be a value of the
// same Doc (Append each upstream response to the Doc that holds the
// destination) and is consumed: after a successful merge its parts belong
// to dst, and src itself, if an object or array, is left empty, so that a
// src still in a document prints as {} or [] (Copy it first to keep it
// there). The objects and arrays inside src whose members or items were
// merged into dst's, or moved there, are consumed with it and left empty
// too (a Ref kept to one, or the same value attached somewhere else too,
// shows {} or []); a value that becomes dst's whole (a new member's value,
// an item) is the same value in dst. Copy src first to use it after the
// merge: merging a consumed src again (until something is added to it) is
// an error wrapping ErrStale, not a merge of {}.
//
//	dst \ src | object          | array              | scalar       | null
//	object    | member-wise     | conflict           | conflict     | dst kept
//	array     | conflict        | item-wise (*)      | conflict     | dst kept
//	scalar    | conflict        | conflict           | src replaces | dst kept
//	null      | src             | src                | src          | null
//
// (*) Arrays of equal length merge item by item; if one side is empty the
// result is the other; arrays of different non-zero lengths conflict.
// Objects merge member by member, recursively: a member only in src is
// appended (in src order), a member in both is merged, and where a name
// occurs more than once the last occurrence is the one merged into.
// Scalars whose text is identical are left alone; numbers are never
// compared through float64.
//
// A conflict is resolved by Options.Conflict. Under ConflictError (the
// default) the merge returns an *Error wrapping ErrConflict whose Pointer
// names the position. Whenever a merge returns an error, dst, src and the
// whole Doc are left exactly as they were before the call.
//
// Merge returns ErrCycle, changing nothing, if src contains dst (merging
// would make a value contain itself); MergeAt and MergeEach check the same
// for each position they merge into. Values shared by attaching them in
// several places can still meet deeper inside a merge: Copy one side
// first. It returns ErrKind if dst or src is not a value, or dst is a
// member name (see Members).
func (d *Doc) Merge(dst, src Ref) error {
	if d.target(dst) == nil || d.at(src) == nil {
		return d.refsError(dst, wantTarget, src)
	}
	if err := d.consumed(src); err != nil {
		return err
	}
	if src != dst && d.contains(uint32(src), uint32(dst)) {
		return errCycle
	}
	full := d.nodes[uint32(src)].child != 0
	d.start()
	return d.markConsumed(src, full, d.finish(d.mergeAll(uint32(dst), uint32(src)), ""))
}

// mergeAll merges src into dst and then consumes src.
func (d *Doc) mergeAll(di, si uint32) error {
	if err := d.merge(di, si); err != nil {
		return err
	}
	if si != di {
		d.consume(si)
	}
	return nil
}

// consume empties container si, whose members or items a merge has moved
// or merged into another container: a chain of members belongs to one
// object, and an edit through dst must not show in src.
func (d *Doc) consume(si uint32) {
	n := &d.nodes[si]
	if k := n.kind(); (k == Object || k == Array) && (n.meta != uint32(k) || n.child != 0) {
		d.overwrite(si, node{meta: uint32(k)})
	}
}

// consumedOff, as the text offset of an empty container with no span,
// marks a merge source that a merge emptied, until something is added to
// it: merging it again is an error, not a merge of {}.
const consumedOff = ^uint32(0)

// markConsumed marks src, which held something before a merge (full), if
// the merge succeeded and left it empty; it returns the merge's err.
func (d *Doc) markConsumed(src Ref, full bool, err error) error {
	if err == nil && full {
		if n := &d.nodes[uint32(src)]; n.child == 0 && (n.meta == uint32(Object) || n.meta == uint32(Array)) {
			n.off = consumedOff
		}
	}
	return err
}

// consumed returns the error for src if it is a merge source emptied by
// an earlier merge.
func (d *Doc) consumed(src Ref) error {
	if n := d.at(src); n != nil && n.isConsumed() {
		return errConsumed
	}
	return nil
}

// isConsumed reports whether n is a merge source emptied by an earlier
// merge.
func (n *node) isConsumed() bool {
	return n.off == consumedOff && n.child == 0 && (n.meta == uint32(Object) || n.meta == uint32(Array))
}

// unspan empties container i, whose members or items a merge has moved
// into or merged with another container's: its chain, or the part of it
// that moved, is dst's now, and two containers sharing one chain would let
// an edit through one make the other contain itself. No edit needs
// recording: every container that holds i's text is the consumed source,
// which records one (see changed), or inside it and consumed too; and
// appendGrown still reads i's text and entry to print the members that
// moved, where they and their values are as parsed.
func (d *Doc) unspan(i uint32) {
	n := &d.nodes[i]
	if n.meta&(flagSpan|flagGrown) != 0 {
		d.saveField(i, fieldMeta)
		n.meta &^= flagSpan | flagGrown
	}
	if n.child != 0 {
		d.saveField(i, fieldChild)
		n.child = 0
	}
	d.forgetTail(i)
}

// MergeAt merges src into the value at JSON Pointer p under dst, as Merge
// does (and consuming src as Merge does, except where src is attached as a
// new member: then it is that member's value). Missing members along the
// way are created as empty objects and a missing last member is added
// with src as its value; a null on the way becomes an empty object, and a
// scalar on the way is a conflict. A pointer that would create more than
// Options.MaxDepth members is refused (ErrLimit), as an input nested
// deeper would be. Array items on the way must exist ("-" and indices past
// the end are errors wrapping ErrPointer). Conflict errors name the full
// pointer from dst.
func (d *Doc) MergeAt(dst Ref, p string, src Ref) error {
	sn := d.at(src)
	if d.target(dst) == nil || sn == nil {
		return d.refsError(dst, wantTarget, src)
	}
	if sn.isConsumed() {
		return errConsumed
	}
	// Walk what exists of the path first, without changing anything, so
	// that a path that cannot be merged at fails with the Doc untouched.
	// The usual pointer is checked as it is followed (see reachShort).
	cur, at, missing := d.reachShort(uint32(dst), p)
	if at != "" {
		escaped, err := scanPointer(p, len(p)-len(at))
		if err != nil {
			return err
		}
		if !missing {
			if cur, at, err = d.reach(cur, p, at, escaped); err != nil {
				return err
			}
		}
		if at != "" {
			return d.mergeNew(cur, p, at, escaped, src)
		}
	}
	if k := sn.kind(); (k == Object || k == Array) && uint32(src) != cur && d.contains(uint32(src), cur) {
		return errCycle // (a scalar contains only itself)
	}
	full := sn.child != 0
	d.start()
	return d.markConsumed(src, full, d.finish(d.mergeAll(cur, uint32(src)), p))
}

// mergeNew is MergeAt where pointer p names nothing yet from node cur on:
// at, the rest of p, holds the names to create, the last with src as its
// value. Escaped says whether p holds an escape.
func (d *Doc) mergeNew(cur uint32, p, at string, escaped bool, src Ref) error {
	if d.contains(uint32(src), cur) {
		return errCycle
	}
	if k := d.nodes[cur].kind(); k != Object && k != Null {
		switch d.options().Conflict {
		case ConflictKeep:
			return nil
		case ConflictError:
			return &Error{Offset: -1, Pointer: p[:len(p)-len(at)], Reason: "cannot merge at a path through " + article(k), Err: ErrConflict}
		}
	}
	// Names to create: refuse what newName would, and more new levels than
	// an input may nest (the pointer is the caller's text; printers and
	// merges recurse once per level). A short rest without escapes has
	// neither: no more levels than bytes, no name longer than it.
	if escaped || len(at) > min(d.options().MaxDepth, (maxNameLen-2)/6) {
		levels := 0
		for rest := at; rest != ""; levels++ {
			var raw string
			raw, rest = nextToken(rest)
			if len(raw) > (maxNameLen-2)/6 && len(wire.AppendQuote(nil, unescapeToken(raw))) > maxNameLen {
				return &Error{Offset: -1, Pointer: p, Reason: "member name longer than " + itoa(maxNameLen) + " bytes", Err: ErrLimit}
			}
			if levels == d.options().MaxDepth {
				return &Error{Offset: -1, Pointer: p, Reason: "pointer would create more than " + itoa(d.options().MaxDepth) + " nested objects", Err: ErrLimit}
			}
		}
	}
	d.start()
	if d.nodes[cur].kind() != Object {
		d.overwrite(cur, node{meta: uint32(Object)})
	}
	for {
		raw, rest := nextToken(at)
		v := uint32(src)
		if rest != "" {
			v = uint32(d.NewObject())
		}
		if escaped {
			raw = unescapeToken(raw)
		}
		k, err := d.newName(raw, v)
		if err != nil {
			return d.finish(err, p)
		}
		d.linkLast(cur, k)
		if rest == "" {
			return d.finish(nil, p)
		}
		cur, at = v, rest
	}
}

// reach follows at, the rest of the valid pointer p, from cur as far as
// the document goes. It returns the last node reached and the rest of p:
// empty if all of p exists, or starting with the first token that names
// nothing yet (a missing member, or a step into a null or scalar). An
// array step to an item that does not exist is an error. Escaped says
// whether at holds an escape (see scanPointer).
func (d *Doc) reach(cur uint32, p, at string, escaped bool) (uint32, string, error) {
	for at != "" {
		raw, rest := nextToken(at)
		switch d.nodes[cur].kind() {
		case Array:
			i, err := d.reachItem(cur, raw, p[:len(p)-len(rest)])
			if err != nil {
				return 0, "", err
			}
			cur = i
		case Object:
			if escaped {
				raw = unescapeToken(raw)
			}
			k := d.lastMember(cur, raw)
			if k == 0 {
				return cur, at, nil
			}
			cur = d.nodes[k].child
		default:
			return cur, at, nil
		}
		at = rest
	}
	return cur, "", nil
}

// reachShort is reach's walk of the usual pointer, unchecked: as far as
// its tokens are ASCII without escapes and at most 8 bytes long, and the
// values reached objects without an index. It follows p from cur and
// returns the node reached and the rest of p, for a check (scanPointer)
// and reach to go on from, or, if missing, the node whose member the
// rest's first token names is missing. It is lastMember's scan
// (scanMembers) with the token's word built as the pointer is split and
// checked, in one loop without calls.
func (d *Doc) reachShort(cur uint32, p string) (_ uint32, _ string, missing bool) {
	nodes, buf, indexed := d.nodes, d.buf, d.index.obj
	for len(p) > 1 && p[0] == '/' && p[1] != '/' { // the empty name: reach
		n := &nodes[cur]
		if n.kind() != Object || cur == indexed {
			break
		}
		var word uint64
		j := 1
		for ; j < len(p); j++ {
			c := p[j]
			if c == '/' {
				break
			}
			if c == '~' || c >= utf8.RuneSelf || j > 8 {
				return cur, p, false
			}
			word |= uint64(c) << (8 * (j - 1) & 63)
		}
		want := uint32(String) | flagName | uint32(j+1)<<payloadShift
		mask := ^uint64(0) >> ((72 - 8*j) & 63) // j-1 bytes, 1 to 8
		found, k := uint32(0), n.child
		for ; k != 0; k = nodes[k].next {
			m := &nodes[k]
			if meta := m.meta & nameMeta; meta == want {
				start := int(m.off) + 1
				if start+8 > len(buf) {
					break
				}
				if binary.LittleEndian.Uint64(buf[start:start+8])&mask == word {
					found = k
				}
			} else if meta&flagEscaped != 0 {
				break
			}
		}
		if k != 0 {
			break // reach looks again
		}
		if found == 0 {
			return cur, p, true
		}
		cur, p = nodes[found].child, p[j:]
	}
	return cur, p, false
}

// reachItem is reach's step into array arr by raw token raw, the last of
// pointer p: the item's node, or an error if there is none.
func (d *Doc) reachItem(arr uint32, raw, p string) (uint32, error) {
	_, k, _ := d.itemAt(d.ref(arr), wire.ArrayIndex(raw))
	if k == 0 {
		reason := "no item " + raw + " in an array of length " + itoa(d.Len(d.ref(arr)))
		if wire.ArrayIndex(raw) < 0 {
			reason = strconv.Quote(raw) + " is not the index of an item (an array of length " + itoa(d.Len(d.ref(arr))) + ")"
		}
		return 0, &Error{Offset: -1, Pointer: p, Reason: reason, Err: ErrPointer}
	}
	return d.resolve(k), nil
}

// MergeEachSeq is MergeEach with the targets as a sequence, such as the
// values a loop over Items or Members finds, so that callers need not
// collect them: the Doc gathers them in scratch memory it keeps.
func (d *Doc) MergeEachSeq(targets iter.Seq[Ref], src Ref) error {
	t := d.merging.targets[:0]
	for r := range targets {
		t = append(t, r)
	}
	d.merging.targets = t[:0]
	return d.MergeEach(t, src)
}

// OnConflict returns the merges of d under conflict policy c, for calls
// that need another policy than Options.Conflict:
//
//	err := d.OnConflict(graft.ConflictKeep).Merge(dst, src)
//
// A Merger is a small value that holds d; it needs d's single owner, as
// every merge does.
func (d *Doc) OnConflict(c Conflict) Merger { return Merger{d: d, c: c} }

// Merger runs Doc's merges under a conflict policy of its own: see
// Doc.OnConflict.
type Merger struct {
	d *Doc
	c Conflict
}

// with runs merge under m's policy and restores the Doc's.
func (m Merger) with(merge func() error) error {
	o := m.d.options()
	old := o.Conflict
	o.Conflict = m.c
	err := merge()
	o.Conflict = old
	return err
}

// Merge is Doc.Merge under m's policy.
func (m Merger) Merge(dst, src Ref) error {
	return m.with(func() error { return m.d.Merge(dst, src) })
}

// MergeAt is Doc.MergeAt under m's policy.
func (m Merger) MergeAt(dst Ref, p string, src Ref) error {
	return m.with(func() error { return m.d.MergeAt(dst, p, src) })
}

// MergeEach is Doc.MergeEach under m's policy.
func (m Merger) MergeEach(targets []Ref, src Ref) error {
	return m.with(func() error { return m.d.MergeEach(targets, src) })
}

// MergeEach merges item i of the array src into targets[i], for every i, as
// Merge does: the batch splice of entity fetches, where one upstream
// response answers for N places in the document. The lengths must match.
// Under ConflictError the whole batch is one operation: a conflict in any
// item leaves every target unchanged; its Pointer is relative to src
// ("/7/price" for item 7). Src and its items are consumed as Merge
// consumes src.
func (d *Doc) MergeEach(targets []Ref, src Ref) error {
	full := d.container(src, Array) != nil && d.nodes[uint32(src)].child != 0
	return d.markConsumed(src, full, d.mergeEach(targets, src))
}

func (d *Doc) mergeEach(targets []Ref, src Ref) error {
	if d.container(src, Array) == nil {
		return d.refError(src, Array)
	}
	if err := d.consumed(src); err != nil {
		return err
	}
	// No item may contain its target. Where src is as parsed, a target
	// outside it is outside every item.
	last := d.asParsed(uint32(src))
	if last != 0 && d.linkEach(targets, uint32(src), last) {
		return nil
	}
	i, k := 0, d.nodes[uint32(src)].child
	for ; k != 0 && i < len(targets); k, i = d.nodes[k].next, i+1 {
		t, v := targets[i], d.resolve(k)
		if d.target(t) == nil {
			return d.refError(t, wantTarget)
		}
		outside := last != 0 && (uint32(t) < uint32(src) || uint32(t) > last)
		if !outside && uint32(t) != v && d.contains(v, uint32(t)) {
			return errCycle
		}
	}
	if k != 0 || i != len(targets) {
		return &Error{Offset: -1, Reason: "batch merge of " + itoa(d.Len(src)) + " items into " + itoa(len(targets)) + " targets", Err: ErrConflict}
	}
	d.start()
	i = 0
	var err error
	for k := d.nodes[uint32(src)].child; k != 0 && err == nil; i++ {
		next := d.nodes[k].next
		d.merging.path = append(d.merging.path[:0], pathElem{index: i})
		err = d.merge(uint32(targets[i]), d.resolve(k))
		k = next
	}
	if err == nil && !slices.Contains(targets, src) {
		d.consume(uint32(src))
	}
	return d.finish(err, "")
}

// linkEach is mergeEach for the usual entity fetch, which it reports
// whether it was, changing nothing if not: src is as parsed, last being
// the last node parsed inside it (see asParsed), so a target outside it is
// outside every item and no chain of members is shared (nothing has been
// moved); the targets are distinct objects outside src in ascending order,
// as many as the items; and every item is an object whose members are all
// new to its target but for leading keys equal to the target's (see
// disjoint). No item can then conflict or contain its target, and the
// merges are the links disjoint prepares, made without a journal.
func (d *Doc) linkEach(targets []Ref, src, last uint32) bool {
	nodes, tag := d.nodes, d.tag
	links := slices.Grow(d.merging.links[:0], len(targets))[:len(targets)]
	d.merging.links = links[:0]
	prev := Ref(0)
	for _, t := range targets {
		ti := uint32(t)
		if t <= prev || uint32(t>>32) != tag || ti >= uint32(len(nodes)) || (ti >= src && ti <= last) {
			return false
		}
		prev = t
	}
	k := nodes[src].child
	for i, t := range targets {
		if k == 0 {
			return false
		}
		ti, v := uint32(t), d.resolve(k)
		tn, vn := &nodes[ti], &nodes[v]
		if tn.kind() != Object || vn.kind() != Object {
			return false
		}
		// disjoint's first walk, inlined (a call would spill this loop's
		// state): where no name has an escape and no two names' lengths
		// mod 64 meet, the names differ and no more is needed.
		var tl, first, end, metas uint32
		var lens uint64
		n := 0
		for m := tn.child; m != 0; m = nodes[m].next {
			meta := nodes[m].meta
			lens |= 1 << (meta >> payloadShift & 63)
			metas |= meta
			n, tl = n+1, m
		}
		for m := vn.child; m != 0 && n <= maxDisjoint; m = nodes[m].next {
			meta := nodes[m].meta
			b := uint64(1) << (meta >> payloadShift & 63)
			if lens&b != 0 {
				n = maxDisjoint + 1
				break
			}
			if first == 0 {
				first = m
			}
			lens, metas = lens|b, metas|meta
			n, end = n+1, m
		}
		if n > maxDisjoint || metas&flagEscaped != 0 {
			var ok bool
			if tl, first, end, ok = d.disjoint(ti, v); !ok {
				return false
			}
		}
		links[i] = [3]uint32{tl, first, end}
		k = nodes[k].next
	}
	if k != 0 {
		return false
	}
	// What appendMembers and unspan do, inlined, with no journal open:
	// nothing to save.
	for i, k := 0, nodes[src].child; k != 0; i, k = i+1, nodes[k].next {
		c, l := uint32(targets[i]), links[i]
		if l[1] != 0 {
			d.spans.moved = true
			// grown, inlined for the usual target: a parsed object not
			// grown yet, after every edit recorded so far (the targets
			// come in ascending order), with no journal open.
			if n, e := &nodes[c], d.spans.edits; n.meta&(flagSpan|flagGrown) == flagSpan && len(d.aux) < maxAux && (len(e) == 0 || e[len(e)-1] < n.off) {
				a := d.aux[n.payload()]
				a.last = l[0]
				d.aux = append(d.aux, a)
				n.meta = n.meta&(1<<payloadShift-1) | flagGrown | uint32(len(d.aux)-1)<<payloadShift
				d.spans.edits = append(e, n.off)
			} else {
				d.grown(c, l[0])
			}
			if l[0] == 0 {
				nodes[c].child = l[1]
			} else {
				nodes[l[0]].next = l[1]
			}
			d.appending.c, d.appending.k = c, l[2]
			if d.indexed(c) {
				d.indexChain(l[1], l[2])
			}
		}
		v := d.resolve(k)
		nodes[v].meta &^= flagSpan | flagGrown
		nodes[v].child = 0
		d.forgetTail(v)
	}
	d.consume(src)
	return true
}

// start prepares a merge. Only a merge under ConflictError can fail once it
// has begun changing the Doc, so only such a merge keeps a journal.
// (Normalizing Options leaves Conflict as it is.)
func (d *Doc) start() {
	d.merging.path = d.merging.path[:0]
	if d.opts.Conflict == ConflictError {
		d.begin()
	}
}

// finish commits or rolls back, and completes a conflict error's pointer.
// Without a journal it returns err: a call small enough to inline.
func (d *Doc) finish(err error, prefix string) error {
	if !d.journal.open {
		return err
	}
	return d.settle(err, prefix)
}

// settle is finish with the journal open.
func (d *Doc) settle(err error, prefix string) error {
	if err == nil {
		d.commit()
		return nil
	}
	if e, ok := err.(*Error); ok && e.Err == ErrConflict && e.Pointer == "" {
		e.Pointer = prefix + d.pointer()
	}
	d.rollback()
	return err
}

func (d *Doc) merge(di, si uint32) error {
	dk, sk := d.nodes[di].kind(), d.nodes[si].kind()
	switch {
	case sk == Null:
		return nil
	case dk == Null:
		d.replace(di, si)
		return nil
	case dk == Object && sk == Object, dk == Array && sk == Array:
		var err error
		if dk == Object {
			err = d.mergeObjects(di, si)
		} else {
			err = d.mergeArrays(di, si)
		}
		if err == nil && si != di {
			d.unspan(si)
		}
		return err
	case dk != Object && dk != Array && sk != Object && sk != Array:
		if !bytes.Equal(d.text(di), d.text(si)) {
			d.replace(di, si)
		}
		return nil
	}
	return d.conflict(di, si)
}

func (d *Doc) mergeObjects(di, si uint32) error {
	if last, first, end, ok := d.disjoint(di, si); ok {
		d.appendMembers(di, last, first, end)
		return nil
	}
	n, m := d.Len(d.ref(di)), d.Len(d.ref(si))
	if sortedMatch(n, m) {
		return d.mergeMatched(di, si)
	}
	if n+m <= maxDisjoint {
		return d.mergeSmall(di, si)
	}
	for k := d.nodes[si].child; k != 0; {
		next := d.nodes[k].next
		m, last := d.findName(di, k)
		if err := d.mergeMember(di, m, k, last); err != nil {
			return err
		}
		k = next
	}
	return nil
}

// mergeSmall merges object si into object di, which have at most
// maxDisjoint members together: each member of si is looked up in a list
// of di's members on the stack, which holds what two equal names without
// escapes share of their meta (see findName), instead of in a walk of di.
// A member appended is added to the list: a later one of the same name
// merges into it, as the walk would find it.
func (d *Doc) mergeSmall(di, si uint32) error {
	var names [maxDisjoint]memberMeta
	n, last := 0, uint32(0)
	for m := d.nodes[di].child; m != 0; m = d.nodes[m].next {
		names[n].m, names[n].meta = m, d.nodes[m].meta&nameMeta
		n, last = n+1, m
	}
	for k := d.nodes[si].child; k != 0; {
		next := d.nodes[k].next
		meta := d.nodes[k].meta & nameMeta
		var found uint32
		if j := d.lastNamed(names[:n], k, meta); j >= 0 {
			found = names[j].m
		}
		if err := d.mergeMember(di, found, k, last); err != nil {
			return err
		}
		if found == 0 {
			names[n].m, names[n].meta = k, meta
			n, last = n+1, k
		}
		k = next
	}
	return nil
}

// mergeMember merges the value of member k of src into that of member m
// of object di, or, if m is 0, appends k to di after its last member last.
func (d *Doc) mergeMember(di, m, k, last uint32) error {
	if m == 0 {
		d.spans.moved = true
		d.linkAfter(di, last, k)
		return nil
	}
	d.merging.path = append(d.merging.path, pathElem{name: k})
	if err := d.mergeNested(d.nodes[m].child, d.nodes[k].child); err != nil {
		return err
	}
	d.merging.path = d.merging.path[:len(d.merging.path)-1]
	return nil
}

// appendMembers appends members first to end of a source object, all new
// to object di, whose last member is last (see disjoint): the usual entity
// merge. They keep their chain and are appended in one link.
func (d *Doc) appendMembers(di, last, first, end uint32) {
	if first != 0 {
		d.spans.moved = true
		d.linkChain(di, last, first, end)
	}
}

func (d *Doc) mergeArrays(di, si uint32) error {
	dn, sn := d.Len(d.ref(di)), d.Len(d.ref(si))
	switch {
	case sn == 0:
		return nil
	case dn == 0:
		d.replace(di, si)
		return nil
	case dn != sn:
		return d.conflict(di, si)
	}
	sk := d.nodes[si].child
	for i, dk := 0, d.nodes[di].child; dk != 0; i++ {
		d.merging.path = append(d.merging.path, pathElem{index: i})
		if err := d.mergeNested(d.resolve(dk), d.resolve(sk)); err != nil {
			return err
		}
		d.merging.path = d.merging.path[:len(d.merging.path)-1]
		dk, sk = d.nodes[dk].next, d.nodes[sk].next
	}
	return nil
}

func (d *Doc) conflict(di, si uint32) error {
	switch d.opts.Conflict {
	case ConflictReplace:
		d.replace(di, si)
		return nil
	case ConflictKeep:
		return nil
	}
	reason := "cannot merge " + article(d.nodes[si].kind()) + " into " + article(d.nodes[di].kind())
	if d.nodes[di].kind() == Array && d.nodes[si].kind() == Array {
		reason = "cannot merge arrays of different lengths (" + itoa(d.Len(d.ref(di))) + " and " + itoa(d.Len(d.ref(si))) + ")"
	}
	return &Error{Offset: -1, Reason: reason, Err: ErrConflict}
}

// replace makes node di hold the value of node si. A container si is
// consumed: its children are di's now, and si is left empty (see unspan).
func (d *Doc) replace(di, si uint32) {
	d.spans.moved = true
	d.overwrite(di, asValue(d.nodes[si]))
	if k := d.nodes[si].kind(); si != di && (k == Object || k == Array) {
		d.consume(si)
	}
}

// overwrite replaces the value of node i in place, keeping its place in its
// parent's chain.
func (d *Doc) overwrite(i uint32, n node) {
	d.changed(i)
	d.saveNode(i)
	d.forgetTail(i)
	n.next = d.nodes[i].next
	d.nodes[i] = n
}

// maxDisjoint is the most members of dst and src together that disjoint
// compares.
const maxDisjoint = 16

// memberMeta is a member name node and what of its meta two equal names
// without escapes share (nameMeta): the lists disjoint and mergeSmall
// compare names in, kept on the stack.
type memberMeta struct{ m, meta uint32 }

// disjoint reports whether merging object si into object di only appends
// members of si, unchanged: the usual entity merge. Every member of si must
// be new to di and to si, except for a leading run of members whose values
// are null or the same scalar text as the value of di's last member of the
// name (the key fields and __typename an entity fetch returns besides the
// new members), which merging leaves as they are. It returns di's last
// member and the chain of si's members to append, first to end (first is 0
// if there are none). Objects with more than maxDisjoint members between
// them are not checked (ok is false).
func (d *Doc) disjoint(di, si uint32) (last, first, end uint32, ok bool) {
	// Each chain is walked once (a walk waits on every load of the next
	// node; comparing does not), keeping a bit of each name's length mod
	// 64 (lens; all bits for a name with escapes). While no member of si
	// has a length seen before, every member is new and none need be
	// compared: the usual entity merge.
	nodes := d.nodes
	var lens uint64
	n := 0
	for m := nodes[di].child; m != 0; m = nodes[m].next {
		if n == maxDisjoint {
			return 0, 0, 0, false
		}
		lens |= lengthBit(nodes[m].meta)
		n, last = n+1, m
	}
	for k := nodes[si].child; k != 0; k = nodes[k].next {
		b := lengthBit(nodes[k].meta)
		if lens&b != 0 {
			return d.disjointNames(di, si)
		}
		if n == maxDisjoint {
			return 0, 0, 0, false
		}
		if first == 0 {
			first = k
		}
		lens |= b
		n, end = n+1, k
	}
	return last, first, end, true
}

// disjointNames is disjoint where names may be equal: it keeps the members
// and what of their meta two equal names without escapes share (see
// findName), and compares names only when one of the same length mod 64
// has been seen, or where escapes make lengths say nothing.
func (d *Doc) disjointNames(di, si uint32) (last, first, end uint32, ok bool) {
	var names [maxDisjoint]memberMeta
	var lens uint64
	n := 0
	for m := d.nodes[di].child; m != 0; m = d.nodes[m].next {
		if n == len(names) {
			return 0, 0, 0, false
		}
		meta := d.nodes[m].meta & nameMeta
		names[n].m, names[n].meta = m, meta
		lens |= lengthBit(meta)
		n, last = n+1, m
	}
	for k := d.nodes[si].child; k != 0; k = d.nodes[k].next {
		if n == len(names) {
			return 0, 0, 0, false
		}
		meta := d.nodes[k].meta & nameMeta
		b := lengthBit(meta)
		if lens&b != 0 {
			if j := d.lastNamed(names[:n], k, meta); j >= 0 {
				if first != 0 || !d.mergesAsIs(d.nodes[names[j].m].child, d.nodes[k].child) {
					return 0, 0, 0, false
				}
				continue // a leading member merging leaves as it is
			}
		}
		if first == 0 {
			first = k
		}
		lens |= b
		names[n].m, names[n].meta = k, meta
		n, end = n+1, k
	}
	return last, first, end, true
}

// lastNamed returns the index of the last of names with the name of member
// k, whose nameMeta is meta, or -1.
func (d *Doc) lastNamed(names []memberMeta, k, meta uint32) int {
	for j := len(names) - 1; j >= 0; j-- {
		if e := names[j]; (e.meta == meta || (e.meta|meta)&flagEscaped != 0) && d.namesEqual(e.m, k) {
			return j
		}
	}
	return -1
}

// mergesAsIs reports whether merging value si into value di changes
// nothing: si is null, or both are scalars of the same text.
func (d *Doc) mergesAsIs(di, si uint32) bool {
	sk, dk := d.nodes[si].kind(), d.nodes[di].kind()
	if sk == Null {
		return true
	}
	return sk != Object && sk != Array && dk != Object && dk != Array && bytes.Equal(d.text(di), d.text(si))
}

// lengthBit returns the bit of a member name's text length mod 64, or all
// bits if the name has escapes.
func lengthBit(meta uint32) uint64 {
	if meta&flagEscaped != 0 {
		return ^uint64(0)
	}
	return 1 << (meta >> payloadShift & 63)
}

// pointer formats the merge position as a JSON Pointer.
func (d *Doc) pointer() string {
	var b []byte
	for _, e := range d.merging.path {
		b = append(b, '/')
		if e.name == 0 {
			b = append(b, itoa(e.index)...)
			continue
		}
		name := string(wire.AppendUnquote(nil, d.text(e.name)))
		b = appendToken(b, name)
	}
	return string(b)
}
