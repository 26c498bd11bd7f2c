package resolve

import (
	"bytes"
	"errors"
	"hash/maphash"
	"strconv"
	"strings"

	"github.com/graftjson/graft"
)

// prepare writes fetch fi's request body and reports whether there is a
// request to send: an entity fetch that found no object to represent has
// none.
func (st *state) prepare(fi int32) bool {
	f := &st.p.fetches[fi]
	r := &st.runs[fi]
	r.err, r.targets, r.at, r.nreps = nil, r.targets[:0], r.at[:0], 0
	r.body = append(r.body[:0], f.prefix...)
	comma := false
	if len(f.entities) > 0 {
		st.representations(f, r)
		if r.nreps == 0 {
			return false
		}
		r.body = append(r.body, ']')
		comma = true
	}
	d := st.doc
	for i, name := range f.vars {
		v := d.Member(st.vars, name)
		if v == 0 {
			continue
		}
		if comma {
			r.body = append(r.body, ',')
		}
		comma = true
		r.body = append(r.body, f.varKeys[i]...)
		r.body = d.AppendJSON(r.body, v)
	}
	r.body = append(r.body, "}}"...)
	r.req = UpstreamRequest{Upstream: f.upstream, Body: r.body, Header: st.req.Header}
	return true
}

// representations walks f's path from the data root and writes one
// representation for each object of an entity type, each distinct one
// once.
func (st *state) representations(f *cfetch, r *fetchRun) {
	st.cur = st.cur[:0]
	st.hashes, st.spans = st.hashes[:0], st.spans[:0]
	st.resetTable(16)
	st.walk(f, r, st.data, 0, -1, 0)
}

// walk visits the values at f.path[s:] below v (held by parent at item, or
// as the member f.path[s-1]). On its way it keeps the "__typename" of the
// objects at each typed step's level in st.types (as long as the plan's
// deepest path, and never cleared: reached reads only those levels, which
// the walk has written on its way to the object).
func (st *state) walk(f *cfetch, r *fetchRun, v, parent graft.Ref, item int32, s int) {
	d := st.doc
	for ; s < len(f.path) && !f.path[s].flat; s++ {
		if p := &f.path[s]; p.typed {
			st.types[p.level] = d.Member(v, "__typename")
		}
		parent, item = v, -1
		if v = d.Member(v, f.path[s].name); v == 0 {
			return
		}
	}
	if s == len(f.path) {
		if d.Kind(v) == graft.Object {
			st.target(f, r, v, parent, item)
		}
		return
	}
	if d.Kind(v) != graft.Array {
		return
	}
	top := len(st.cur)
	st.cur = append(st.cur, 0)
	for i, it := range d.Items(v) {
		st.cur[top] = int32(i)
		st.walk(f, r, it, v, int32(i), s+1)
	}
	st.cur = st.cur[:top]
}

// entityOf returns the Entity of f that obj, reached through the objects
// of st.types, is an object of, or nil.
func (st *state) entityOf(f *cfetch, obj graft.Ref) *centity {
	tn := st.doc.Member(obj, "__typename")
	if tn == 0 {
		if f.multiType || !st.reached(&f.entities[0]) {
			return nil
		}
		return &f.entities[0]
	}
	raw := st.doc.Raw(tn)
	for i := range f.entities {
		if bytes.Equal(raw, f.entities[i].quoted) && st.reached(&f.entities[i]) {
			return &f.entities[i]
		}
	}
	return nil
}

// reached reports whether the objects on the walk's way (st.types) are of
// the types e's Within names.
func (st *state) reached(e *centity) bool {
	for k, q := range e.quotedW {
		if q != nil && (st.types[k] == 0 || !bytes.Equal(st.doc.Raw(st.types[k]), q)) {
			return false
		}
	}
	return true
}

// target writes the representation of obj, if it is of an entity type.
func (st *state) target(f *cfetch, r *fetchRun, obj, parent graft.Ref, item int32) {
	ent := st.entityOf(f, obj)
	if ent == nil {
		return
	}
	j := len(r.targets)
	r.targets = append(r.targets, target{ref: obj, parent: parent, item: item, rep: -1})
	r.at = append(r.at, st.cur...)
	start := len(r.body)
	if r.nreps > 0 {
		r.body = append(r.body, ',')
	}
	rs := len(r.body)
	r.body = append(r.body, ent.head...)
	if !st.appendMembers(r, obj, ent.fields, false) {
		r.body = r.body[:start]
		st.fail(f, r, j, "INVALID_REPRESENTATION", "The object lacks a key field its representation for upstream ", "needs.")
		return
	}
	r.body = append(r.body, '}')
	rep := st.intern(r, rs)
	if st.spans[rep][0] != int32(rs) {
		r.body = r.body[:start] // sent already
	}
	r.targets[j].rep = rep
}

// appendMembers writes the fields of obj, the first without its comma if
// first is set. It reports false if a field is missing or of a kind that
// cannot hold the selected members.
func (st *state) appendMembers(r *fetchRun, obj graft.Ref, fields []cfield, first bool) bool {
	d := st.doc
	for i := range fields {
		fl := &fields[i]
		v := d.Member(obj, fl.key)
		if v == 0 {
			return false
		}
		head := fl.head
		if first && i == 0 {
			head = head[1:]
		}
		r.body = append(r.body, head...)
		if len(fl.fields) == 0 {
			r.body = d.AppendJSON(r.body, v)
			continue
		}
		switch d.Kind(v) {
		case graft.Null:
			r.body = append(r.body, "null"...)
		case graft.Object:
			r.body = append(r.body, '{')
			if !st.appendMembers(r, v, fl.fields, true) {
				return false
			}
			r.body = append(r.body, '}')
		case graft.Array:
			r.body = append(r.body, '[')
			for k, it := range d.Items(v) {
				if k > 0 {
					r.body = append(r.body, ',')
				}
				if d.Kind(it) != graft.Object {
					return false
				}
				r.body = append(r.body, '{')
				if !st.appendMembers(r, it, fl.fields, true) {
					return false
				}
				r.body = append(r.body, '}')
			}
			r.body = append(r.body, ']')
		default:
			return false
		}
	}
	return true
}

// resetTable empties the representation table, sized n (a power of two).
func (st *state) resetTable(n int) {
	if cap(st.table) < n {
		st.table = make([]int32, n)
	}
	st.table = st.table[:n]
	clear(st.table)
}

// intern returns the index of the representation r.body[rs:]: a new one,
// or the one sent before with the same bytes (a hash finds the candidates,
// a comparison of the bytes settles).
func (st *state) intern(r *fetchRun, rs int) int32 {
	rep := r.body[rs:]
	h := maphash.Bytes(st.e.seed, rep)
	if 2*(r.nreps+1) > len(st.table) {
		st.resetTable(2 * len(st.table))
		mask := uint64(len(st.table) - 1)
		for k, hk := range st.hashes {
			i := hk & mask
			for st.table[i] != 0 {
				i = (i + 1) & mask
			}
			st.table[i] = int32(k + 1)
		}
	}
	mask := uint64(len(st.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := st.table[i]
		if e == 0 {
			st.table[i] = int32(r.nreps + 1)
			st.hashes = append(st.hashes, h)
			st.spans = append(st.spans, [2]int32{int32(rs), int32(len(r.body))})
			r.nreps++
			return int32(r.nreps - 1)
		}
		k := e - 1
		sp := st.spans[k]
		if st.hashes[k] == h && bytes.Equal(r.body[sp[0]:sp[1]], rep) {
			return k
		}
	}
}

// testHookFinish, when set by a test, runs as each fetch's result is
// taken in.
var testHookFinish func(fi int32)

// finish parses and merges the response of fetch fi and moves the plan
// on.
func (st *state) finish(fi int32) {
	if testHookFinish != nil {
		testHookFinish(fi)
	}
	f := &st.p.fetches[fi]
	st.take(f, &st.runs[fi])
	st.complete(f.node)
}

// take parses the response of fetch f and merges its data. The messages
// of its failures are written by functions of their own (notJSON, …),
// which keep their rarely run code out of its own.
func (st *state) take(f *cfetch, r *fetchRun) {
	resp := r.resp
	r.resp = nil
	if r.err != nil {
		st.keep(resp)
		st.failFetch(f, r, reason(r.err))
		return
	}
	d := st.doc
	var root graft.Ref
	var err error
	if resp != nil {
		root, err = d.Append(resp.b)
		st.keep(resp)
	}
	if err != nil {
		st.notJSON(f, r, err)
		return
	}
	if d.Kind(root) != graft.Object {
		st.failFetch(f, r, "the response is not a JSON object")
		return
	}
	data := d.Member(root, "data")
	explained := false
	st.marked = st.marked[:0]
	// The usual response is {"data":…} alone, with no "errors" to look for.
	if data == 0 || d.Len(root) > 1 {
		if errs := d.Member(root, "errors"); d.Kind(errs) == graft.Array {
			explained = st.upstreamErrors(f, r, errs)
		}
	}
	if len(f.entities) == 0 {
		st.takeData(f, r, data, explained)
		return
	}
	ents := d.Member(data, "_entities")
	if d.Kind(ents) != graft.Array {
		if k := d.Kind(ents); explained && (k == graft.Null || k == graft.Invalid) {
			st.markFetch(f, r)
		} else {
			st.failFetch(f, r, `the response has no "data"."_entities" list`)
		}
		return
	}
	st.items = st.items[:0]
	for _, it := range d.Items(ents) {
		st.items = append(st.items, it)
	}
	if len(st.items) != r.nreps {
		st.miscounted(f, r)
		return
	}
	st.uses = append(st.uses[:0], make([]int32, r.nreps)...)
	for _, t := range r.targets {
		if t.rep >= 0 {
			st.uses[t.rep]++
		}
	}
	for j := range r.targets {
		t := &r.targets[j]
		if t.rep < 0 {
			continue
		}
		item := st.items[t.rep]
		if d.Kind(item) != graft.Object || d.Size() > st.e.opts.MaxDataBytes {
			st.noEntity(f, r, j)
			continue
		}
		st.uses[t.rep]--
		src := item
		if st.uses[t.rep] > 0 {
			src = d.Copy(item) // the representation served several objects
		}
		if err := d.Merge(t.ref, src); err != nil {
			st.misfit(f, r, j, err)
		}
	}
}

// takeData merges the data of a root fetch (one without entities).
func (st *state) takeData(f *cfetch, r *fetchRun, data graft.Ref, explained bool) {
	d := st.doc
	switch d.Kind(data) {
	case graft.Object:
		var err error
		if f.pointer == "" {
			err = d.Merge(st.data, data)
		} else {
			err = d.MergeAt(st.data, f.pointer, data)
		}
		if err != nil {
			st.failFetch(f, r, "its data does not fit the data of other upstreams ("+err.Error()+")")
		}
	case graft.Null, graft.Invalid:
		if explained {
			st.markFetch(f, r)
		} else {
			st.failFetch(f, r, `the response has no "data"`)
		}
	default:
		st.failFetch(f, r, `the response's "data" is not an object`)
	}
}

// notJSON fails fetch f, whose response did not parse.
func (st *state) notJSON(f *cfetch, r *fetchRun, err error) {
	st.failFetch(f, r, "the response is not JSON ("+err.Error()+")")
}

// miscounted fails entity fetch f, whose response has another number of
// entities than the representations it sent.
func (st *state) miscounted(f *cfetch, r *fetchRun) {
	st.failFetch(f, r, "the response has "+strconv.Itoa(len(st.items))+" entities for "+strconv.Itoa(r.nreps)+" representations")
}

// noEntity nulls target j of entity fetch f, whose entity is not an
// object, or was not merged because the data reached MaxDataBytes.
func (st *state) noEntity(f *cfetch, r *fetchRun, j int) {
	t := &r.targets[j]
	switch {
	case st.doc.Kind(st.items[t.rep]) == graft.Object:
		st.fail(f, r, j, "RESPONSE_TOO_LARGE", "The entity from upstream ", "was not merged: the response's data reached its limit of "+strconv.Itoa(st.e.opts.MaxDataBytes)+" bytes.")
	case int(t.rep) < len(st.marked) && st.marked[t.rep]:
		st.null(f, r, j) // the upstream's error says why
	default:
		st.fail(f, r, j, "INVALID_ENTITY", "Upstream ", "returned no entity for this object.")
	}
}

// misfit nulls target j of entity fetch f, whose entity does not fit the
// object's data.
func (st *state) misfit(f *cfetch, r *fetchRun, j int, err error) {
	st.fail(f, r, j, "MERGE_CONFLICT", "The entity from upstream ", "does not fit the object's data ("+err.Error()+").")
}

// failFetch reports a fetch that provided nothing: one error naming the
// upstream, and every position the fetch should have filled marked as
// reported, so that the nulls it leaves add no errors of their own.
func (st *state) failFetch(f *cfetch, r *fetchRun, reason string) {
	if b, ok := st.newError(); ok {
		b = append(b, `{"message":`...)
		b = appendQuote(b, "Failed to fetch from upstream "+quote(f.upstream)+": "+reason)
		b = append(b, `,"extensions":{"code":"UPSTREAM_FAILED","upstream":`...)
		b = appendQuote(b, f.upstream)
		st.errs = append(b, "}}"...)
	}
	st.markFetch(f, r)
}

// markFetch marks the positions fetch f should have filled as reported.
func (st *state) markFetch(f *cfetch, r *fetchRun) {
	if len(f.entities) > 0 {
		for _, t := range r.targets {
			if t.rep >= 0 {
				st.reported = append(st.reported, t.ref)
			}
		}
		return
	}
	v := st.data
	for _, s := range f.path {
		v = st.doc.Member(v, s.name)
	}
	if st.doc.Kind(v) == graft.Object {
		st.reported = append(st.reported, v)
	}
}

// fail nulls target j of an entity fetch and reports it at its path with
// the message before + the upstream's quoted name + " " + after.
func (st *state) fail(f *cfetch, r *fetchRun, j int, code, before, after string) {
	if b, ok := st.newError(); ok {
		b = append(b, `{"message":`...)
		b = appendQuote(b, before+quote(f.upstream)+" "+after)
		b = append(b, `,"path":[`...)
		b = st.appendPath(b, f, r, j)
		b = append(b, `],"extensions":{"code":"`...)
		b = append(b, code...)
		b = append(b, `","upstream":`...)
		b = appendQuote(b, f.upstream)
		st.errs = append(b, "}}"...)
	}
	st.null(f, r, j)
}

// null replaces target j with a null that counts as reported.
func (st *state) null(f *cfetch, r *fetchRun, j int) {
	d := st.doc
	t := &r.targets[j]
	n := d.NewNull()
	if t.item >= 0 {
		d.SetItem(t.parent, int(t.item), n)
	} else {
		d.Set(t.parent, f.path[len(f.path)-1].name, n)
	}
	st.reported = append(st.reported, n)
}

// newError starts a new error in st.errs, unless MaxErrors is reached.
func (st *state) newError() ([]byte, bool) {
	if st.nerr >= st.e.opts.MaxErrors {
		return nil, false
	}
	st.nerr++
	if st.nerr > 1 {
		return append(st.errs, ','), true
	}
	return st.errs, true
}

// appendPath appends the response path of target j: f's path with each
// "@" replaced by the target's index there.
func (st *state) appendPath(b []byte, f *cfetch, r *fetchRun, j int) []byte {
	at := r.at[j*f.flats:]
	k := 0
	for i, s := range f.path {
		if i > 0 {
			b = append(b, ',')
		}
		if s.flat {
			b = strconv.AppendInt(b, int64(at[k]), 10)
			k++
		} else {
			b = append(b, s.quoted...)
		}
	}
	return b
}

// upstreamErrors copies the errors an upstream returned, with their
// message and extensions (and "upstream" naming it), their paths made response paths: a root fetch's
// under its path, an entity fetch's ["_entities", i, …] under the path of
// every object representation i served. It reports whether there was one.
func (st *state) upstreamErrors(f *cfetch, r *fetchRun, errs graft.Ref) bool {
	d := st.doc
	found := false
	if len(f.entities) > 0 {
		st.marked = append(st.marked[:0], make([]bool, r.nreps)...)
	}
	for _, e := range d.Items(errs) {
		found = true
		if st.nerr >= st.e.opts.MaxErrors {
			break
		}
		if h := st.e.opts.OnUpstreamError; h != nil {
			h(st.ctx, UpstreamError{Upstream: f.upstream, Path: f.where(), Error: d.AppendJSON(nil, e)})
		}
		path := d.Member(e, "path")
		if len(f.entities) == 0 {
			st.upstreamError(f, e, path, nil, -1)
			continue
		}
		rep := -1
		if d.Equals(d.Index(path, 0), "_entities") {
			if i, err := d.Int64(d.Index(path, 1)); err == nil && i >= 0 && i < int64(r.nreps) {
				rep = int(i)
			}
		}
		if rep < 0 {
			st.upstreamError(f, e, 0, nil, -1) // a path the response cannot place
			continue
		}
		st.marked[rep] = true
		for j := range r.targets {
			if r.targets[j].rep == int32(rep) {
				st.upstreamError(f, e, path, r, j)
			}
		}
	}
	return found
}

// where is f's path as UpstreamError.Path gives it.
func (f *cfetch) where() string {
	var b strings.Builder
	for i, s := range f.path {
		if i > 0 {
			b.WriteByte('.')
		}
		if s.flat {
			b.WriteByte('@')
		} else {
			b.WriteString(s.name)
		}
	}
	return b.String()
}

// upstreamError copies one upstream error: for target j of an entity
// fetch (r set), with the target's path and the rest of path after
// ["_entities", i]; for a root fetch, with f's path and then path; with no
// path if path is not an array.
func (st *state) upstreamError(f *cfetch, e, path graft.Ref, r *fetchRun, j int) {
	d := st.doc
	b, ok := st.newError()
	if !ok {
		return
	}
	masked := st.e.opts.MaskUpstreamErrors
	b = append(b, `{"message":`...)
	switch m := d.Member(e, "message"); {
	case masked:
		b = appendQuote(b, "Upstream "+quote(f.upstream)+" returned an error.")
	case d.Kind(m) == graft.String:
		b = append(b, d.Raw(m)...)
	default:
		b = appendQuote(b, "Upstream "+quote(f.upstream)+" returned an error without a message.")
	}
	if d.Kind(path) == graft.Array {
		b = append(b, `,"path":[`...)
		n := 0
		skip := 0
		if r != nil {
			b = st.appendPath(b, f, r, j)
			n, skip = 1, 2
		} else {
			for _, s := range f.path {
				if n > 0 {
					b = append(b, ',')
				}
				b = append(b, s.quoted...)
				n++
			}
		}
		for i, p := range d.Items(path) {
			if i < skip {
				continue
			}
			if k := d.Kind(p); k != graft.String && k != graft.Number {
				continue
			}
			if n > 0 {
				b = append(b, ',')
			}
			b = d.AppendJSON(b, p)
			n++
		}
		b = append(b, ']')
	}
	// The extensions are the upstream's, with "upstream" naming it added
	// (unless the upstream set one itself), so that every error of a
	// response names the service it came from.
	b = append(b, `,"extensions":`...)
	x := d.Member(e, "extensions")
	switch {
	case masked:
		b = append(b, '{')
		if c := d.Member(x, "code"); d.Kind(c) == graft.String {
			b = append(b, `"code":`...)
			b = append(d.AppendJSON(b, c), ',')
		}
		b = append(b, `"upstream":`...)
	case d.Kind(x) != graft.Object || d.Len(x) == 0:
		b = append(b, `{"upstream":`...)
	case d.Member(x, "upstream") != 0:
		st.errs = append(d.AppendJSON(b, x), '}')
		return
	default:
		b = d.AppendJSON(b, x)
		b = append(b[:len(b)-1], `,"upstream":`...)
	}
	b = appendQuote(b, f.upstream)
	st.errs = append(b, "}}"...)
}

// reason words a transport's error for a client: an *Error without the
// name of the upstream, which the message already gives.
func reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		c := *e
		c.Upstream = ""
		return strings.TrimPrefix(c.Error(), "resolve: ")
	}
	return err.Error()
}
