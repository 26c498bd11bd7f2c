package graft

import (
	"bytes"
	"slices"

	"github.com/graftjson/graft/internal/wire"
)

// Matching the members of two large objects. A merge (or merge patch)
// looks up each member of src among dst's members. For the objects
// gateways usually merge a walk of dst per member is fastest, but it is
// quadratic: two objects of 30,000 members each took seconds, and so did a
// patch of 30,000 new members, as dst grows with each one appended. Past
// minSortedMatch compares, the names of both objects are sorted once
// instead. The scratch space is used as a stack, so that merges nested
// inside keep what the merge around them sorted.

// matchScratch is the scratch space of the matches by sorting, each
// used as a stack.
type matchScratch struct {
	names   []nameEntry // sorted member names of large merges
	text    []byte      // their decoded text
	matches []uint32    // per member of a large merge, what it merges into
	marks   []uint32    // members a large merge patch removes
}

// sortedMatch reports whether merging src's m members into dst's n should
// sort names: the walks would cost about (n+m)·m compares.
func sortedMatch(n, m int) bool { return (n+m)*m >= minSortedMatch }

// nameEntry is a member name in the sort: its node, the start and end of
// its decoded text in d.matching.text, and its position (dst's members first,
// then src's, in chain order).
type nameEntry struct{ node, start, end, pos uint32 }

// sortNames pushes onto d.matching.names an entry for each member of object di
// and then of the chain of name nodes from first on, sorted by decoded
// name; among equal names, dst's members come first, each side in chain
// order. It returns where its entries and their text start (for popNames)
// and how many members di has.
func (d *Doc) sortNames(di, first uint32) (base, textBase int, nd uint32) {
	base, textBase = len(d.matching.names), len(d.matching.text)
	pos := uint32(0)
	for i, k := range [2]uint32{d.nodes[di].child, first} {
		for ; k != 0; k = d.nodes[k].next {
			n := &d.nodes[k]
			start := len(d.matching.text)
			d.matching.text = wire.AppendUnquote(d.matching.text, d.buf[n.off:n.off+n.textLen()])
			d.matching.names = append(d.matching.names, nameEntry{k, uint32(start), uint32(len(d.matching.text)), pos})
			pos++
		}
		if i == 0 {
			nd = pos
		}
	}
	text := d.matching.text
	slices.SortStableFunc(d.matching.names[base:], func(a, b nameEntry) int {
		return bytes.Compare(text[a.start:a.end], text[b.start:b.end])
	})
	return base, textBase, nd
}

// sameEntryName reports whether entries i and j of d.matching.names have one
// name.
func (d *Doc) sameEntryName(i, j int) bool {
	a, b := d.matching.names[i], d.matching.names[j]
	return bytes.Equal(d.matching.text[a.start:a.end], d.matching.text[b.start:b.end])
}

// popNames drops what sortNames pushed.
func (d *Doc) popNames(base, textBase int) {
	d.matching.names, d.matching.text = d.matching.names[:base], d.matching.text[:textBase]
}

// mergeMatched is mergeObjects for large objects: each member of si merges
// into the last member of di of its name, else into the first earlier
// member of si of that name (appended before it), else is appended, in
// src order, exactly as the walk per member would.
func (d *Doc) mergeMatched(di, si uint32) error {
	base, textBase, nd := d.sortNames(di, d.nodes[si].child)
	ns := len(d.matching.names) - base - int(nd)
	mBase := len(d.matching.matches)
	d.matching.matches = slices.Grow(d.matching.matches, ns)[:mBase+ns]
	for i := base; i < len(d.matching.names); {
		var inDst, first uint32
		j := i
		for ; j < len(d.matching.names) && d.sameEntryName(i, j); j++ {
			e := d.matching.names[j]
			switch {
			case e.pos < nd:
				inDst = e.node
			case inDst != 0:
				d.matching.matches[mBase+int(e.pos-nd)] = inDst
			default:
				d.matching.matches[mBase+int(e.pos-nd)] = first // 0 for the first
				if first == 0 {
					first = e.node
				}
			}
		}
		i = j
	}
	d.popNames(base, textBase)
	defer func() { d.matching.matches = d.matching.matches[:mBase] }()
	last := d.tail(di)
	i := mBase
	for k := d.nodes[si].child; k != 0; i++ {
		next := d.nodes[k].next
		m := d.matching.matches[i]
		if err := d.mergeMember(di, m, k, last); err != nil {
			return err
		}
		if m == 0 {
			last = k
		}
		k = next
	}
	return nil
}

// patchMatched is patchMembers for large objects. Each name is a group:
// the members of t of that name (the sort puts them first) and the
// patch's. A group's state, its last live member in t, follows the patch
// members of its name in order, as a walk per member would find it: a null
// removes every member of the name (marked here and unlinked in one walk
// of t at the end, which leaves the order of the rest as it was), a value
// is set on the last live member or appended.
func (d *Doc) patchMatched(t, first uint32) error {
	base, textBase, nd := d.sortNames(t, first)
	np := len(d.matching.names) - base - int(nd)
	// Per patch member i, four words from gBase+4i: its group's leader
	// (the group's first patch member), and for a leader the group's last
	// live member and the range of t's members in d.matching.names not yet
	// removed.
	gBase := len(d.matching.matches)
	d.matching.matches = slices.Grow(d.matching.matches, 4*np)[:gBase+4*np]
	g := d.matching.matches[gBase:]
	for i := base; i < len(d.matching.names); {
		j, lo := i, i
		for ; j < len(d.matching.names) && d.sameEntryName(i, j) && d.matching.names[j].pos < nd; j++ {
		}
		hi, last := j, uint32(0)
		if hi > lo {
			last = d.matching.names[hi-1].node
		}
		leader := -1
		for ; j < len(d.matching.names) && d.sameEntryName(i, j); j++ {
			p := int(d.matching.names[j].pos - nd)
			if leader < 0 {
				leader = p
				g[4*p+1], g[4*p+2], g[4*p+3] = last, uint32(lo), uint32(hi)
			}
			g[4*p] = uint32(leader)
		}
		i = j
	}
	mBase := len(d.matching.marks)
	defer func() {
		d.popNames(base, textBase)
		d.matching.matches, d.matching.marks = d.matching.matches[:gBase], d.matching.marks[:mBase]
	}()
	tail := d.tail(t)
	i := 0
	for k := first; k != 0; i++ {
		next := d.nodes[k].next // linking k below takes its next
		v := d.nodes[k].child
		l := gBase + 4*int(d.matching.matches[gBase+4*i])
		m := d.matching.matches[l+1]
		switch {
		case d.Kind(Ref(v)) == Null:
			// While t's members of the name live, m is the last of them;
			// once they are removed, m can only be one appended since.
			lo, hi := d.matching.matches[l+2], d.matching.matches[l+3]
			for e := lo; e < hi; e++ {
				d.matching.marks = append(d.matching.marks, d.matching.names[e].node)
			}
			if lo == hi && m != 0 {
				d.matching.marks = append(d.matching.marks, m)
			}
			d.matching.matches[l+1], d.matching.matches[l+2] = 0, hi
		case m != 0 && d.Kind(Ref(v)) == Object && d.Kind(Ref(d.nodes[m].child)) == Object:
			if err := d.patchNested(stepMergePatch, d.nodes[m].child, v); err != nil {
				return err
			}
		default:
			if err := d.setMember(t, m, k, tail); err != nil {
				return err
			}
			if m == 0 {
				tail = k
				d.matching.matches[l+1] = k
			}
		}
		k = next
	}
	if marks := d.matching.marks[mBase:]; len(marks) > 0 {
		slices.Sort(marks)
		var prev uint32
		for k := d.nodes[t].child; k != 0; {
			next := d.nodes[k].next
			if _, found := slices.BinarySearch(marks, k); found {
				d.unlink(t, prev, k)
			} else {
				prev = k
			}
			k = next
		}
	}
	return nil
}
