package graft

import (
	"bytes"
	"slices"

	"github.com/graftjson/graft/internal/wire"
)

// Matching the members of two large objects. A merge looks up each member
// of src among dst's members. For the objects gateways usually merge a
// walk of dst per member is fastest, but it is quadratic: two objects of
// 30,000 members each took seconds. Past minSortedMatch compares, the
// names of both objects are sorted once instead.

// minSortedMatch is the number of name compares (members of dst times
// members of src) from which a merge matches names by sorting them. Tests
// set it to 0 to run every merge of objects through matchMembers.
var minSortedMatch = 1 << 12

// matchMembers appends to d.matches, for each member of object si in
// order, the member it merges into: the last member of object di of the
// same name, else the first earlier member of si of that name (which the
// merge appends to di before it), else 0 (the member is appended). It
// costs O((n+m) log(n+m)) for n and m members, and no allocation once the
// Doc's scratch space has grown.
func (d *Doc) matchMembers(di, si uint32) {
	// Each entry: name node, start and end of its decoded name in buf,
	// and its position: dst's members first, then src's, in chain order.
	names, buf := d.matchScratch[:0], d.scratch[:0]
	pos := uint32(0)
	for _, c := range [2]uint32{di, si} {
		for k := d.nodes[c].child; k != 0; k = d.nodes[k].next {
			n := &d.nodes[k]
			start := len(buf)
			buf = wire.AppendUnquote(buf, d.buf[n.off:n.off+n.textLen()])
			names = append(names, [4]uint32{k, uint32(start), uint32(len(buf)), pos})
			pos++
		}
	}
	nd := uint32(d.Len(Ref(di)))
	base := len(d.matches)
	d.matches = slices.Grow(d.matches, int(pos-nd))[:base+int(pos-nd)]
	name := func(e [4]uint32) []byte { return buf[e[1]:e[2]] }
	// Stable: within a name, dst's members stay before src's, each side in
	// chain order.
	slices.SortStableFunc(names, func(a, b [4]uint32) int { return bytes.Compare(name(a), name(b)) })
	for i := 0; i < len(names); {
		var inDst, first uint32
		j := i
		for ; j < len(names) && bytes.Equal(name(names[j]), name(names[i])); j++ {
			e := names[j]
			switch {
			case e[3] < nd:
				inDst = e[0]
			case inDst != 0:
				d.matches[base+int(e[3]-nd)] = inDst
			default:
				d.matches[base+int(e[3]-nd)] = first // 0 for the first
				if first == 0 {
					first = e[0]
				}
			}
		}
		i = j
	}
	d.matchScratch, d.scratch = names[:0], buf[:0]
}

// mergeMatched is mergeObjects for large objects: the members are matched
// by matchMembers first, then merged or appended in src order, exactly as
// the walk per member would.
func (d *Doc) mergeMatched(di, si uint32) error {
	base := len(d.matches)
	d.matchMembers(di, si)
	defer func() { d.matches = d.matches[:base] }()
	last := d.tail(di)
	i := base
	for k := d.nodes[si].child; k != 0; i++ {
		next := d.nodes[k].next
		if m := d.matches[i]; m == 0 {
			d.moved = true
			d.linkAfter(di, last, k)
			last = k
		} else {
			d.path = append(d.path, pathElem{name: k})
			if err := d.merge(d.nodes[m].child, d.nodes[k].child); err != nil {
				return err
			}
			d.path = d.path[:len(d.path)-1]
		}
		k = next
	}
	return nil
}
