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
	budget := len(d.nodes)
	if found, done := d.walkFor(v, target, &budget); done {
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
	if !d.moved && n.meta&(flagSpan|flagGrown) == flagSpan {
		if a := &d.aux[n.payload()]; a.last != 0 && d.clean(n.off, n.off+a.span, nil) {
			return a.last
		}
	}
	return 0
}

// walkFor searches v for target within budget visits; done is false when
// the budget ran out.
func (d *Doc) walkFor(v, target uint32, budget *int) (found, done bool) {
	if *budget--; *budget < 0 {
		return false, false
	}
	if v == target {
		return true, true
	}
	n := &d.nodes[v]
	if k := n.kind(); k != Object && k != Array {
		return false, true
	}
	for k := n.child; k != 0; k = d.nodes[k].next {
		if found, done = d.walkFor(d.valueOf(v, k), target, budget); found || !done {
			return found, done
		}
	}
	return false, true
}

// walkSeen searches v for target, visiting each value once.
func (d *Doc) walkSeen(v, target uint32, seen []uint64) bool {
	if v == target {
		return true
	}
	if seen[v/64]&(1<<(v%64)) != 0 {
		return false
	}
	seen[v/64] |= 1 << (v % 64)
	n := &d.nodes[v]
	if k := n.kind(); k != Object && k != Array {
		return false
	}
	for k := n.child; k != 0; k = d.nodes[k].next {
		if d.walkSeen(d.valueOf(v, k), target, seen) {
			return true
		}
	}
	return false
}

// valueOf is the value of chain node k of container c: a member's value,
// or an array item (through its link, if it has one).
func (d *Doc) valueOf(c, k uint32) uint32 {
	if d.nodes[c].kind() == Object {
		return d.nodes[k].child
	}
	return d.resolve(k)
}
