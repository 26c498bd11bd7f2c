package graft

import (
	"hash/maphash"
)

// A member index makes building a large object with Set linear. Set must
// find an existing member of the name before it appends one, and a walk
// of the members per call makes n calls cost n²/2 compares (10,000 members
// took 136 ms). Once Set has walked an object of indexMin members or more,
// the Doc indexes that one object: a hash table from decoded member names
// to the last member of each name, kept up to date by the appends of every
// edit and merge, and dropped by anything else that changes the object's
// members (forgetTail), by Reset and by a rollback. One object is indexed
// at a time; the table is reused, so a warm Doc does not allocate for it.

// memberIndex is the index of object obj (0: none). Each slot of table is
// 0 or a member name node in its low 32 bits and the name's hash in the
// high 32; last is the object's last member. Edits (edit.go) read last
// and drop the index, and so does a rollback (journal.go).
type memberIndex struct {
	obj, last uint32
	n         int // slots in use
	table     []uint64
	spare     []uint64 // the table before the last growth, for the next
	seed      maphash.Seed
}

// drop forgets the index.
func (x *memberIndex) drop() { x.obj = 0 }

// indexed reports whether obj is the indexed object.
func (d *Doc) indexed(obj uint32) bool { return obj != 0 && d.index.obj == obj }

// buildIndex indexes object obj, whose n members end with last.
func (d *Doc) buildIndex(obj, last uint32, n int) {
	x := &d.index
	if x.seed == (maphash.Seed{}) {
		x.seed = maphash.MakeSeed()
	}
	size := 64
	for size < 2*n {
		size *= 2
	}
	if cap(x.table) < size {
		x.table = make([]uint64, size)
	}
	x.table = x.table[:size]
	clear(x.table)
	x.obj, x.n = obj, 0
	for k := d.nodes[obj].child; k != 0; k = d.nodes[k].next {
		d.indexMember(k)
	}
	x.last = last
}

// indexMember adds member name node k, the object's last member now, to
// the index, in place of a member of the same name.
func (d *Doc) indexMember(k uint32) {
	x := &d.index
	if 2*(x.n+1) > len(x.table) {
		d.growIndex()
	}
	h := d.nameHash(k)
	mask := uint64(len(x.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := x.table[i]
		if e == 0 {
			x.table[i] = h<<32 | uint64(k)
			x.n++
			break
		}
		if e>>32 == h && d.namesEqual(uint32(e), k) {
			x.table[i] = h<<32 | uint64(k)
			break
		}
	}
	x.last = k
}

// growIndex doubles the table, placing the entries again by their hashes.
// The two tables take turns, so a warm Doc does not allocate.
func (d *Doc) growIndex() {
	x := &d.index
	old := x.table
	if size := 2 * len(old); cap(x.spare) >= size {
		x.table = x.spare[:size]
		clear(x.table)
	} else {
		x.table = make([]uint64, size)
	}
	x.spare = old
	mask := uint64(len(x.table) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := e >> 32 & mask
		for x.table[i] != 0 {
			i = (i + 1) & mask
		}
		x.table[i] = e
	}
}

// lookupIndex returns the last member of the indexed object named name, or
// 0.
func (d *Doc) lookupIndex(name string) uint32 {
	x := &d.index
	h := maphash.String(x.seed, name) >> 32
	mask := uint64(len(x.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := x.table[i]
		if e == 0 {
			return 0
		}
		if e>>32 == h && d.nameEquals(uint32(e), name) {
			return uint32(e)
		}
	}
}

// nameHash returns the high 32 bits of the hash of member name node k's
// decoded text.
func (d *Doc) nameHash(k uint32) uint64 {
	return maphash.Bytes(d.index.seed, d.decodedName(k)) >> 32
}
