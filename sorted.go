package graft

import (
	"slices"
	"sync"

	"github.com/graftjson/graft/internal/wire"
)

// Sorted members. Canonical printing (RFC 8785) orders the members of each
// object by their decoded names, and comparing two objects as JSON values
// (the "test" operation of a JSON Patch) pairs members by name. Both sort
// the members of the objects they visit on one stack, so that nested
// objects reuse the memory of the ones around them and a warm stack
// allocates nothing.

// sortEntry is one member on the stack.
type sortEntry struct {
	key         uint64 // the first eight bytes of the name, ranked (see sortKey)
	name, value uint32 // the member's name node and value
	off, end    uint32 // the decoded name: d.buf[off:end], or names[off:end] if own
	own         bool
}

// memberSort is the stack. Entries pushed for an object stay at their
// index until popped, while nested objects push and pop above them.
type memberSort struct {
	ents  []sortEntry
	names []byte      // names that had to be decoded
	pairs [][2]uint32 // values still to compare (see comparer)
}

// sortMark is the height of the stack before a push.
type sortMark struct{ ents, names int }

var sortPool = sync.Pool{New: func() any { return new(memberSort) }}

// getSort returns a memberSort from the pool; putSort returns it, unless
// one huge object made it grow too far to keep.
func getSort() *memberSort { return sortPool.Get().(*memberSort) }

func putSort(s *memberSort) {
	if cap(s.ents) > 1<<16 || cap(s.names) > 1<<20 || cap(s.pairs) > 1<<16 {
		return
	}
	s.ents, s.names, s.pairs = s.ents[:0], s.names[:0], s.pairs[:0]
	sortPool.Put(s)
}

// push puts the members of object obj on the stack, sorted by decoded name
// in the order of their UTF-16 code units (RFC 8785, section 3.2.3);
// members of the same name keep their order. The members are
// s.ents[m.ents:] until the matching pop.
func (s *memberSort) push(d *Doc, obj uint32) sortMark {
	m := sortMark{len(s.ents), len(s.names)}
	for k := d.nodes[obj].child; k != 0; k = d.nodes[k].next {
		n := &d.nodes[k]
		e := sortEntry{name: k, value: n.child, off: n.off + 1, end: n.off + n.textLen() - 1}
		if n.meta&flagEscaped != 0 {
			e.own, e.off = true, uint32(len(s.names))
			s.names = wire.AppendUnquote(s.names, d.text(k))
			e.end = uint32(len(s.names))
		}
		e.key = sortKey(s.name(d, &e))
		s.ents = append(s.ents, e)
	}
	s.sort(d, s.ents[m.ents:])
	return m
}

// sort sorts the entries by name, stably. Most comparisons are settled by
// the keys alone; insertion sort is the fastest for objects of the usual
// sizes.
func (s *memberSort) sort(d *Doc, ents []sortEntry) {
	if len(ents) > 32 {
		slices.SortStableFunc(ents, func(a, b sortEntry) int {
			if a.key != b.key {
				return cmpKey(a.key, b.key)
			}
			return compareUTF16(s.name(d, &a), s.name(d, &b))
		})
		return
	}
	for i := 1; i < len(ents); i++ {
		e := ents[i]
		j := i
		for ; j > 0 && s.less(d, &e, &ents[j-1]); j-- {
			ents[j] = ents[j-1]
		}
		ents[j] = e
	}
}

func (s *memberSort) less(d *Doc, a, b *sortEntry) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	return compareUTF16(s.name(d, a), s.name(d, b)) < 0
}

func cmpKey(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// sortKey packs the first eight bytes of a name, each replaced by its
// utf16Rank, into an integer, big end first and zeros after a short name:
// where two keys differ they order the names as compareUTF16 does (a name
// that is a prefix of the other comes first), and equal keys leave it to
// compareUTF16.
func sortKey(name []byte) uint64 {
	var k uint64
	for i := 0; i < 8; i++ {
		k <<= 8
		if i < len(name) {
			k |= uint64(utf16Rank[name[i]])
		}
	}
	return k
}

// pop removes what the push that returned m added.
func (s *memberSort) pop(m sortMark) {
	s.ents, s.names = s.ents[:m.ents], s.names[:m.names]
}

// name returns the decoded name of e.
func (s *memberSort) name(d *Doc, e *sortEntry) []byte {
	if e.own {
		return s.names[e.off:e.end]
	}
	return d.buf[e.off:e.end]
}

// compareUTF16 compares two UTF-8 texts by the UTF-16 code units of their
// characters. That is the order of their bytes except between a character
// beyond U+FFFF (a lead byte from 0xF0, a surrogate pair from 0xD800 in
// UTF-16) and one from U+E000 to U+FFFF (lead byte 0xEE or 0xEF), which
// UTF-16 puts after it. Where the texts first differ both bytes are lead
// bytes or both continue the same character, so ranking single bytes is
// enough.
func compareUTF16(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return int(utf16Rank[a[i]]) - int(utf16Rank[b[i]])
		}
	}
	return len(a) - len(b)
}

// utf16Rank orders bytes as compareUTF16 needs: 0xF0-0xFF before 0xEE and
// 0xEF, every other byte in place.
var utf16Rank = func() (r [256]byte) {
	for c := range r {
		r[c] = byte(c)
	}
	for c := 0xF0; c <= 0xFF; c++ {
		r[c] = byte(c - 2)
	}
	r[0xEE], r[0xEF] = 0xFE, 0xFF
	return r
}()
