package graft

// contains reports whether value v is target or holds it at any depth,
// which is what attaching v under target must not do: the Doc would then
// hold a value that contains itself, and printing it would never end.
//
// Values attached in several places make the tree a DAG, so a plain walk
// may visit a shared value more than once; a walk that visits more nodes
// than the Doc has must be revisiting, and the check starts over with a
// visited set (one allocation, only for such shapes).
//
// A container as parsed answers at once: the nodes parsed inside it are
// the ones that follow it up to aux.last, and while no edit lies in its
// span and no merge has moved parsed nodes or copied their heads, those
// are exactly its descendants.
func (d *Doc) contains(v, target uint32) bool {
	n := &d.nodes[v]
	if k := n.kind(); k != Object && k != Array {
		return v == target
	}
	if last := d.asParsed(v); last != 0 {
		return v <= target && target <= last
	}
	if found, done := d.walkFor(v, target, len(d.nodes)); done {
		return found
	}
	seen := make([]uint64, len(d.nodes)/64+1)
	return d.walkSeen(v, target, seen)
}

// asParsed returns the last node parsed inside container v if its
// descendants are still exactly the nodes v+1 to that one (see contains),
// and 0 otherwise.
func (d *Doc) asParsed(v uint32) uint32 {
	n := &d.nodes[v]
	if !d.spans.moved && n.meta&(flagSpan|flagGrown) == flagSpan {
		if a := &d.aux[n.payload()]; a.last != 0 && d.clean(n.off, n.off+a.span, nil) {
			return a.last
		}
	}
	return 0
}

// walkFor searches v for target within budget visits; done is false when
// the budget ran out.
func (d *Doc) walkFor(v, target uint32, budget int) (found, done bool) {
	var fixed [32]uint32
	path := fixed[:0]
	for ; v != 0; path, v = d.nextValue(path, v, true) {
		if budget--; budget < 0 {
			return false, false
		}
		if v == target {
			return true, true
		}
	}
	return false, true
}

// walkSeen searches v for target, visiting each value once.
func (d *Doc) walkSeen(v, target uint32, seen []uint64) bool {
	var fixed [32]uint32
	path := fixed[:0]
	for descend := true; v != 0; path, v = d.nextValue(path, v, descend) {
		if v == target {
			return true
		}
		descend = seen[v/64]&(1<<(v%64)) == 0
		seen[v/64] |= 1 << (v % 64)
	}
	return false
}

// nextValue returns the value after v in a walk of the values under a
// container in document order, with path, the chain nodes of the path from
// the container down to v (members' names and array items; empty if v is
// the container), updated: v's first child if descend is set, else the
// value after v and its children. The value is 0, with path empty, at the
// end of the walk. Callers keep path on a stack of their own, not in a
// recursion: a value built call by call may nest millions of levels deep.
func (d *Doc) nextValue(path []uint32, v uint32, descend bool) ([]uint32, uint32) {
	if n := &d.nodes[v]; descend && (n.kind() == Object || n.kind() == Array) && n.child != 0 {
		return append(path, n.child), d.chainValue(n.child)
	}
	for len(path) > 0 {
		k := &path[len(path)-1]
		if *k = d.nodes[*k].next; *k != 0 {
			return path, d.chainValue(*k)
		}
		path = path[:len(path)-1]
	}
	return path, 0
}

// chainValue returns the value of chain node k: a member's value, or an
// array item (through its link, if it has one).
func (d *Doc) chainValue(k uint32) uint32 {
	if d.nodes[k].isName() {
		return d.nodes[k].child
	}
	return d.resolve(k)
}
