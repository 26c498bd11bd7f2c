package shape

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// Renderer holds the scratch memory of rendering: the error list, the
// current path and buffers for messages. Reusing one Renderer for request
// after request makes warm rendering allocate nothing. A Renderer is not
// safe for concurrent use (give each goroutine its own, or pool them); it
// keeps no reference to a Doc, a Plan or an output buffer after Render
// returns.
type Renderer struct {
	d    *graft.Doc
	p    *Plan
	vars []bool
	out  []byte

	errs  []byte // the errors so far: JSON objects separated by commas
	nerr  int
	path  []step
	slots []graft.Ref // member values of the objects being rendered
	msg   []byte      // the message being built
	tmp   []byte      // decoded strings and names
	tmp2  []byte      // a second one, for values inspected inside messages

	reported []graft.Ref // sorted: values whose failure Prior reported
}

// Prior is what the stages before rendering (fetching, merging) already
// reported about a response, for RenderPrior.
type Prior struct {
	// Errors holds Count GraphQL error objects, serialized and separated
	// by commas; they come first in the response's "errors".
	Errors []byte
	Count  int
	// Reported lists values of the Doc whose failure an error of Errors
	// already reports: a null among them in a non-null position, and a
	// missing member of a non-null field of an object among them, make
	// the position null (and bubble) without an error of its own.
	Reported []graft.Ref
}

// step is one element of the current response path: a field (index < 0)
// or a list item.
type step struct {
	obj   *object
	fi    int32 // the field's index in obj.fields
	index int32 // list index, or -1 for a field
}

// Render appends to dst the GraphQL response for the data rooted at data
// (an object keyed by schema field names, in d) shaped by p, and returns
// the extended buffer: {"errors":[…],"data":…}, with "errors" left out
// when there are none. vars holds the values of p.Variables(), in order;
// it must be at least that long.
//
// Rendering reads d and never changes it, walks p and d together once and
// writes each byte of the response once, except that a null bubbling up
// truncates back to the start of the nullable position it replaces, and
// that errors, when there are any, are moved in front of data at the end.
func (r *Renderer) Render(dst []byte, p *Plan, d *graft.Doc, data graft.Ref, vars []bool) []byte {
	return r.RenderPrior(dst, p, d, data, vars, Prior{})
}

// RenderPrior is Render for data that earlier stages of the request
// already found faults in: prior's errors are listed first, and the
// positions it reports as failed add no error of their own (see Prior).
// Prior's slices are read during the call and not kept.
func (r *Renderer) RenderPrior(dst []byte, p *Plan, d *graft.Doc, data graft.Ref, vars []bool, prior Prior) []byte {
	if len(vars) < len(p.vars) {
		panic("shape: Render needs a value for each of Plan.Variables")
	}
	r.d, r.p, r.vars = d, p, vars
	r.errs, r.nerr, r.path, r.slots = append(r.errs[:0], prior.Errors...), prior.Count, r.path[:0], r.slots[:0]
	r.reported = append(r.reported[:0], prior.Reported...)
	if len(r.reported) > 1 {
		slices.Sort(r.reported)
	}
	base := len(dst)
	r.out = append(dst, `{"data":`...)
	mark := len(r.out)
	if !r.object(p.root, data) {
		r.out = append(r.out[:mark], "null"...)
	}
	r.out = append(r.out, '}')
	if r.nerr > 0 {
		const head, tail = `"errors":[`, `],`
		n := len(head) + len(r.errs) + len(tail)
		end := len(r.out)
		r.out = append(r.out, make([]byte, n)...)
		at := base + 1
		copy(r.out[at+n:], r.out[at:end])
		at += copy(r.out[at:], head)
		at += copy(r.out[at:], r.errs)
		copy(r.out[at:], tail)
	}
	out := r.out
	r.d, r.p, r.vars, r.out = nil, nil, nil, nil
	return out
}

// isReported reports whether v is one of Prior.Reported.
func (r *Renderer) isReported(v graft.Ref) bool {
	_, ok := slices.BinarySearch(r.reported, v)
	return ok
}

// Errors returns the number of errors in the response of the last Render.
func (r *Renderer) Errors() int { return r.nerr }

// holds reports whether the condition holds under the current variables.
func (r *Renderer) holds(cond [][]test) bool {
	if len(cond) == 0 {
		return true
	}
	for _, cl := range cond {
		ok := true
		for _, t := range cl {
			if r.vars[t.v] != t.value {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// anyHolds reports whether the condition of any of the fields idx of o
// holds.
func (r *Renderer) anyHolds(o *object, idx []int32) bool {
	for _, j := range idx {
		if r.holds(o.fields[j].cond) {
			return true
		}
	}
	return false
}

// included reports whether field i of o is rendered: its condition holds
// and no earlier field of the same response name is rendered.
func (r *Renderer) included(o *object, i int) bool {
	f := &o.fields[i]
	if !r.holds(f.cond) {
		return false
	}
	return f.links == nil || !r.anyHolds(o, f.links.dups)
}

// object writes the selection o of the object v. It returns false if a
// non-null field failed: the object must be null, and what it wrote is to
// be discarded by the caller.
func (r *Renderer) object(o *object, v graft.Ref) bool {
	base := len(r.slots)
	r.members(o, v)
	quiet := len(r.reported) > 0 && r.isReported(v)
	r.out = append(r.out, '{')
	n := 0
	ok := true
	for i := range o.fields {
		f := &o.fields[i]
		if !f.plain && !r.included(o, i) {
			continue
		}
		prefix := f.prefix
		if n == 0 {
			prefix = prefix[1:]
		}
		n++
		r.out = append(r.out, prefix...)
		if f.slot < 0 {
			r.out = append(r.out, o.quoted...)
			continue
		}
		fv := r.slots[base+int(f.slot)]
		if quiet && fv == 0 && f.typ.nonNull {
			ok = false // the failure that left it out is reported
			break
		}
		r.path = append(r.path, step{obj: o, fi: int32(i), index: -1})
		ok = r.complete(f.typ, fv)
		r.path = r.path[:len(r.path)-1]
		if !ok {
			break
		}
	}
	r.slots = r.slots[:base]
	if ok {
		r.out = append(r.out, '}')
	}
	return ok
}

// members pushes onto r.slots the value of each of o's keys in the object
// v (the last member of that name), or the zero Ref: one walk of v's
// members, whatever the number of fields. Upstreams usually answer with
// members in the order they were asked for, so each member is first
// compared with the key after the last one found, and looked up only when
// it is not that key.
func (r *Renderer) members(o *object, v graft.Ref) {
	keys := &o.keys
	base := len(r.slots)
	r.slots = append(r.slots, make([]graft.Ref, len(keys.names))...)
	if len(keys.names) == 0 {
		return
	}
	next := 0
	for name, value := range r.d.Members(v) {
		raw := r.d.Raw(name)
		inner := raw[1 : len(raw)-1]
		k := -1
		if next < len(keys.names) && keys.names[next] == string(inner) && !keys.slash[next] {
			k = next
		} else if k = keys.find(inner, true); k < 0 {
			if bytes.IndexByte(inner, '\\') < 0 {
				continue
			}
			r.tmp, _ = r.d.AppendString(r.tmp[:0], name)
			if k = keys.find(r.tmp, false); k < 0 {
				continue
			}
		}
		r.slots[base+k] = value
		next = k + 1
	}
}

// complete writes the value v at a position of type t. It returns false
// if the position failed and is non-null, so that the null propagates to
// the parent; a failed nullable position is written as null. Every failure
// records exactly one error, where it arises.
func (r *Renderer) complete(t *typ, v graft.Ref) bool {
	k := r.d.Kind(v)
	// The commonest leaves, written as received: a string for String or
	// ID, a boolean for Boolean (the leaf functions below handle the rest).
	if (k == graft.String && (t.kind == String || t.kind == ID)) || (k == graft.Bool && t.kind == Boolean) {
		r.out = append(r.out, r.d.Raw(v)...)
		return true
	}
	if k == graft.Null || k == graft.Invalid {
		if t.nonNull {
			if len(r.reported) == 0 || !r.isReported(v) {
				r.nonNullError()
			}
			return false
		}
		r.out = append(r.out, "null"...)
		return true
	}
	start := len(r.out)
	var ok bool
	switch t.kind {
	case List:
		ok = r.list(t, v, k)
	case Object:
		if k == graft.Object {
			ok = r.object(t.obj, v)
		} else {
			r.msg = append(r.msg[:0], `Expected value of type "`...)
			r.msg = append(r.msg, t.name...)
			r.msg = append(r.msg, `" but got: `...)
			r.msg = r.inspect(r.msg, v)
			r.msg = append(r.msg, '.')
			r.fieldError()
		}
	case Abstract:
		ok = r.abstract(t, v, k)
	default:
		ok = r.leaf(t, v, k)
	}
	if ok {
		return true
	}
	r.out = r.out[:start]
	if t.nonNull {
		return false
	}
	r.out = append(r.out, "null"...)
	return true
}

// list writes the array v of items of type t.elem.
func (r *Renderer) list(t *typ, v graft.Ref, k graft.Kind) bool {
	if k != graft.Array {
		r.msg = append(r.msg[:0], `Expected Iterable, but did not find one for field "`...)
		r.msg = r.appendFieldName(r.msg)
		r.msg = append(r.msg, `".`...)
		r.fieldError()
		return false
	}
	r.out = append(r.out, '[')
	top := len(r.path)
	r.path = append(r.path, step{index: 0})
	ok := true
	for i, item := range r.d.Items(v) {
		if i > 0 {
			r.out = append(r.out, ',')
		}
		r.path[top].index = int32(i)
		if !r.complete(t.elem, item) {
			ok = false
			break
		}
	}
	r.path = r.path[:top]
	r.out = append(r.out, ']')
	return ok
}

// abstract dispatches on the "__typename" of v.
func (r *Renderer) abstract(t *typ, v graft.Ref, k graft.Kind) bool {
	var tn graft.Ref
	if k == graft.Object {
		tn = r.d.Member(v, "__typename")
	}
	if r.d.Kind(tn) != graft.String {
		r.msg = append(r.msg[:0], `Abstract type "`...)
		r.msg = append(r.msg, t.name...)
		r.msg = append(r.msg, `" must resolve to an Object type at runtime for field "`...)
		r.msg = r.appendFieldName(r.msg)
		r.msg = append(r.msg, `".`...)
		r.fieldError()
		return false
	}
	raw := r.d.Raw(tn)
	if i := t.cases.find(raw[1:len(raw)-1], true); i >= 0 {
		return r.object(t.objs[i], v)
	}
	r.tmp, _ = r.d.AppendString(r.tmp[:0], tn)
	if i := t.cases.find(r.tmp, false); i >= 0 {
		return r.object(t.objs[i], v)
	}
	// A name with a dot is no type's (Hidden also holds "Enum.VALUE").
	if bytes.IndexByte(r.tmp, '.') < 0 && r.hiddenNull(t, r.tmp) {
		return true
	}
	object, known := r.p.types[string(r.tmp)]
	switch {
	case !known:
		r.msg = append(r.msg[:0], `Abstract type "`...)
		r.msg = append(r.msg, t.name...)
		r.msg = append(r.msg, `" was resolved to a type "`...)
		r.msg = append(r.msg, r.tmp...)
		r.msg = append(r.msg, `" that does not exist inside the schema.`...)
	case !object:
		r.msg = append(r.msg[:0], `Abstract type "`...)
		r.msg = append(r.msg, t.name...)
		r.msg = append(r.msg, `" was resolved to a non-object type "`...)
		r.msg = append(r.msg, r.tmp...)
		r.msg = append(r.msg, `".`...)
	default:
		r.msg = append(r.msg[:0], `Runtime Object type "`...)
		r.msg = append(r.msg, r.tmp...)
		r.msg = append(r.msg, `" is not a possible type for "`...)
		r.msg = append(r.msg, t.name...)
		r.msg = append(r.msg, `".`...)
	}
	r.fieldError()
	return false
}

// hiddenNull writes null for a value named name (a type, or an enum's
// "Type.VALUE") that the schema hides (Options.Hidden) at the nullable
// position of type t, and reports whether it did.
func (r *Renderer) hiddenNull(t *typ, name []byte) bool {
	if t.nonNull || !r.p.hidden[string(name)] {
		return false
	}
	r.out = append(r.out, "null"...)
	return true
}

// current returns the innermost field step of the path.
func (r *Renderer) current() *step {
	for i := len(r.path) - 1; i >= 0; i-- {
		if r.path[i].index < 0 {
			return &r.path[i]
		}
	}
	return nil
}

// appendFieldName appends ParentType.fieldName of the current field.
func (r *Renderer) appendFieldName(b []byte) []byte {
	if s := r.current(); s != nil {
		b = append(b, s.obj.name...)
		b = append(b, '.')
		b = append(b, s.obj.fields[s.fi].schema...)
	}
	return b
}

// nonNullError records the error of a null in a non-null position.
func (r *Renderer) nonNullError() {
	r.msg = append(r.msg[:0], "Cannot return null for non-nullable field "...)
	r.msg = r.appendFieldName(r.msg)
	r.msg = append(r.msg, '.')
	r.fieldError()
}

// fieldError records the error whose message is r.msg at the current path,
// with the locations of the current field.
func (r *Renderer) fieldError() {
	if r.nerr > 0 {
		r.errs = append(r.errs, ',')
	}
	r.nerr++
	r.errs = append(r.errs, `{"message":`...)
	r.errs = wire.AppendQuote(r.errs, r.msg)
	if s := r.current(); s != nil {
		// The locations of every included occurrence of the field, each
		// once; a field without a location (Line 0) adds none.
		mark := len(r.errs)
		r.errs = append(r.errs, `,"locations":[`...)
		n := 0
		f := &s.obj.fields[s.fi]
		r.errs, n = appendLocation(r.errs, f.loc, n)
		if f.links != nil {
			for _, j := range f.links.later {
				if g := &s.obj.fields[j]; r.holds(g.cond) && (g.links == nil || !r.anyHolds(s.obj, g.links.same)) {
					r.errs, n = appendLocation(r.errs, g.loc, n)
				}
			}
		}
		if n == 0 {
			r.errs = r.errs[:mark]
		} else {
			r.errs = append(r.errs, ']')
		}
	}
	r.errs = append(r.errs, `,"path":[`...)
	for i, s := range r.path {
		if i > 0 {
			r.errs = append(r.errs, ',')
		}
		if s.index >= 0 {
			r.errs = strconv.AppendInt(r.errs, int64(s.index), 10)
		} else {
			r.errs = append(r.errs, s.obj.fields[s.fi].quoted()...)
		}
	}
	r.errs = append(r.errs, "]}"...)
}

// appendLocation appends l as the n-th location of a list, unless it is
// unknown, and returns the new count.
func appendLocation(b []byte, l Location, n int) ([]byte, int) {
	if l.Line <= 0 {
		return b, n
	}
	if n > 0 {
		b = append(b, ',')
	}
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(l.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(l.Column), 10)
	return append(b, '}'), n + 1
}
