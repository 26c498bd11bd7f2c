package graft

// JSON Merge Patch (RFC 7396).
//
// Unlike the gateway merge (merge.go), a merge patch describes changes: a
// null removes a member, and an array or a scalar replaces what was there.
// It is applied in place, moving the patch's nodes into the target as Merge
// moves src's.

// MergePatch applies the JSON Merge Patch patch (RFC 7396) to target, in
// place:
//
//   - a patch that is not an object replaces target's value (null too);
//   - an object patch makes target an object (if it is not one) and, for
//     each of its members in order: null removes the member of that name
//     from target (every member of that name), an object is merge-patched
//     into the member's value (the last member of that name) if that is an
//     object, and anything else, or an object where target has no object,
//     becomes the member's value. An object that becomes a value is first
//     merge-patched onto {}, as the RFC's algorithm has it: its members
//     apply in order by the same rules, at any depth, so a null removes
//     a member of its name given before it and a name given twice merges
//     or replaces. Arrays are taken as they are, nulls and duplicate names
//     included.
//
// Target's members keep their order; new members are appended in the
// order of the patch. Target stays the Ref of the result, even when the
// patch replaces its value, and a parent holding target sees the change.
//
// Patch must be a value of the same Doc (Append the patch text to the Doc
// of the target) and is consumed: after MergePatch its parts belong to
// target, and patch itself, if an object or array, is left empty (Copy it
// first to apply it to several targets, or to keep it where it is). The
// objects inside patch are consumed with it, as Merge consumes the values
// inside its src.
//
// MergePatch returns ErrKind if target or patch is not a value or target
// is a member name (see Members), and ErrCycle, changing nothing, if the
// result would contain itself (patch holds target, or target and patch
// share values in a way that would make a value its own child).
func (d *Doc) MergePatch(target, patch Ref) error {
	if d.target(target) == nil || d.at(patch) == nil {
		return d.refsError(target, wantTarget, patch)
	}
	if err := d.consumed(patch); err != nil {
		return err
	}
	full := d.nodes[uint32(patch)].child != 0
	d.begin()
	if err := d.mergePatch(uint32(target), uint32(patch)); err != nil {
		d.rollback()
		return err
	}
	if patch != target {
		d.consume(uint32(patch))
	}
	d.commit()
	return d.markConsumed(patch, full && patch != target, nil)
}

func (d *Doc) mergePatch(t, p uint32) error {
	if d.Kind(d.ref(p)) != Object {
		if p != t && d.contains(p, t) {
			return errCycle
		}
		d.replace(t, p)
		return nil
	}
	if d.Kind(d.ref(t)) != Object {
		d.replace(t, uint32(d.NewObject()))
	}
	if err := d.patchMembers(t, d.nodes[p].child); err != nil {
		return err
	}
	if p != t {
		d.unspan(p)
	}
	return nil
}

// patchMembers applies the members of a patch object, the chain from name
// node first on, to object t, one after another.
func (d *Doc) patchMembers(t, first uint32) error {
	np := 0
	for k := first; k != 0; k = d.nodes[k].next {
		np++
	}
	if sortedMatch(d.Len(d.ref(t)), np) {
		return d.patchMatched(t, first)
	}
	for k := first; k != 0; {
		next := d.nodes[k].next // appending k below takes its next
		v := d.nodes[k].child
		m, last := d.findName(t, k)
		switch {
		case d.Kind(d.ref(v)) == Null:
			if m != 0 {
				d.deleteNamed(t, k)
			}
		case m != 0 && d.Kind(d.ref(v)) == Object && d.Kind(d.ref(d.nodes[m].child)) == Object:
			if err := d.patchNested(stepMergePatch, d.nodes[m].child, v); err != nil {
				return err
			}
		default:
			if err := d.setMember(t, m, k, last); err != nil {
				return err
			}
		}
		k = next
	}
	return nil
}

// setMember makes the value of patch member k, merge-patched onto {} (see
// patchOntoEmpty), the value of member m of object t, or, if m is 0,
// appends k to t after its last member tail (0: t has none, or it is
// looked up now).
func (d *Doc) setMember(t, m, k, tail uint32) error {
	v := d.nodes[k].child
	if d.contains(v, t) {
		return errCycle
	}
	if err := d.patchNested(stepPatchOntoEmpty, v, 0); err != nil {
		return err
	}
	if m != 0 {
		d.setValue(t, m, v)
		return nil
	}
	if tail == 0 {
		tail = d.tail(t)
	}
	d.linkAfter(t, tail, k)
	return nil
}

// patchOntoEmpty makes v, about to become a member's value where target
// has no object, what RFC 7396 makes of it there: the merge patch of v
// onto {}. An array or a scalar is taken as it is. An object whose member
// names are unique loses its null members and has its object values made
// the same way, in place: one with no null member at any depth is left
// untouched, and attached in one step. An object with a name given twice
// has its members applied one after another onto its emptied self, as
// patchMembers applies them to an existing object.
func (d *Doc) patchOntoEmpty(v uint32) error {
	if d.Kind(d.ref(v)) != Object {
		return nil
	}
	if !d.uniqueNames(v) {
		first := d.nodes[v].child
		d.changed(v)
		d.forgetTail(v)
		d.saveField(v, fieldChild)
		d.nodes[v].child = 0
		return d.patchMembers(v, first)
	}
	var prev uint32
	for m := d.nodes[v].child; m != 0; {
		next := d.nodes[m].next
		if c := d.nodes[m].child; d.Kind(d.ref(c)) == Null {
			d.unlink(v, prev, m)
		} else {
			if err := d.patchNested(stepPatchOntoEmpty, c, 0); err != nil {
				return err
			}
			prev = m
		}
		m = next
	}
	return nil
}

// uniqueNames reports whether no two members of object v have the same
// name. Up to 16 members are compared pair by pair where their metas say
// the names may be equal (see nameMeta); more are sorted by duplicateName.
func (d *Doc) uniqueNames(v uint32) bool {
	var names, metas [16]uint32
	n := 0
	for k := d.nodes[v].child; k != 0; k = d.nodes[k].next {
		if n == len(names) {
			return d.duplicateName(d.nodes, d.buf, v) == 0
		}
		meta := d.nodes[k].meta & nameMeta
		for j := 0; j < n; j++ {
			if (metas[j] == meta || (metas[j]|meta)&flagEscaped != 0) && d.namesEqual(names[j], k) {
				return false
			}
		}
		names[n], metas[n] = k, meta
		n++
	}
	return true
}

// deleteNamed removes every member of object obj whose name equals that of
// name node k.
func (d *Doc) deleteNamed(obj, k uint32) {
	var prev uint32
	for m := d.nodes[obj].child; m != 0; {
		next := d.nodes[m].next
		if d.namesEqual(m, k) {
			d.unlink(obj, prev, m)
		} else {
			prev = m
		}
		m = next
	}
}
