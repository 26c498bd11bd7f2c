package schema

import (
	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// view is what shaping needs of a subschema, merged over its in-place
// applicators ($ref, $dynamicRef's static target, allOf, anyOf, oneOf,
// then, else): the member names it declares and the subschemas of members
// and items.
type view struct {
	closed     bool           // additionalProperties or unevaluatedProperties is false
	names      map[string]int // declared members (properties) → index in order
	table      nameTable      // the same, for lookups while shaping
	order      []string       // declared member names, in the schema's order
	schemas    []*node        // their subschemas
	escNames   bool           // a declared name holds a backslash
	pass       bool           // nothing below is dropped or converted: copy values whole
	patterns   []patternProp
	additional *node // additionalProperties, when a schema
	prefix     []*node
	items      *node
	types      uint8 // the first "type" found
}

// shapeView returns the view of n, built on first use. Compile builds every
// view the plan can reach, so a Plan is never written after Compile.
func (c *compiler) shapeView(n *node) *view {
	if n == nil || n.bool != 0 {
		return nil
	}
	if n.view != nil {
		return n.view
	}
	w := &view{}
	n.view = w // in-place cycles are compile errors; this guards the rest
	type visit struct {
		m   *node
		own bool
	}
	seen := map[visit]bool{} // each subschema merged once, however many paths lead to it
	var merge func(m *node, own bool, depth int)
	merge = func(m *node, own bool, depth int) {
		if m == nil || m.bool != 0 || depth > c.opts.MaxDepth || seen[visit{m, own}] {
			return
		}
		seen[visit{m, own}] = true
		if own {
			if m.additional != nil && m.additional.bool < 0 || m.unevalProps != nil && m.unevalProps.bool < 0 {
				w.closed = true
			}
		}
		for _, s := range m.slots {
			if s.schema != nil {
				if w.names == nil {
					w.names = map[string]int{}
				}
				if _, dup := w.names[s.name]; !dup {
					w.names[s.name] = len(w.order)
					w.order = append(w.order, s.name)
					w.schemas = append(w.schemas, s.schema)
					w.escNames = w.escNames || hasBackslash([]byte(s.name))
				}
			}
		}
		w.patterns = append(w.patterns, m.patternProps...)
		if w.additional == nil && m.additional != nil && m.additional.bool >= 0 {
			w.additional = m.additional
		}
		if w.prefix == nil {
			w.prefix = m.prefix
		}
		if w.items == nil {
			w.items = m.items
		}
		if w.types == 0 {
			w.types = m.types
		}
		// $ref and allOf must all hold, so their closed objects close this
		// one; a branch of anyOf or oneOf does not.
		merge(m.ref, own, depth+1)
		if m.dynRef != nil {
			merge(m.dynRef.static, own, depth+1)
		}
		for _, s := range m.allOf {
			merge(s, own, depth+1)
		}
		for _, list := range [][]*node{m.anyOf, m.oneOf, {m.then, m.els}} {
			for _, s := range list {
				merge(s, false, depth+1)
			}
		}
	}
	merge(n, true, 0)
	w.table = newNameTable(w.order)
	c.views = append(c.views, w)
	for _, s := range w.schemas {
		c.shapeView(s)
	}
	for _, pp := range w.patterns {
		c.shapeView(pp.schema)
	}
	for _, s := range w.prefix {
		c.shapeView(s)
	}
	c.shapeView(w.additional)
	c.shapeView(w.items)
	return w
}

// markPassThrough finds the views under which shaping changes nothing, so
// that AppendShape copies those values whole: a fixed point, since
// recursive schemas make views depend on each other.
func (c *compiler) markPassThrough() {
	own := func(w *view) bool {
		return !w.closed && !(c.opts.DeclaredOnly && (w.names != nil || w.patterns != nil)) && !(c.opts.Coerce && w.types != 0)
	}
	for _, w := range c.views {
		w.pass = own(w)
	}
	passes := func(n *node) bool { return n == nil || n.view == nil || n.view.pass }
	for changed := true; changed; {
		changed = false
		for _, w := range c.views {
			if !w.pass {
				continue
			}
			ok := passes(w.additional) && passes(w.items)
			for _, s := range w.schemas {
				ok = ok && passes(s)
			}
			for _, s := range w.prefix {
				ok = ok && passes(s)
			}
			for _, pp := range w.patterns {
				ok = ok && passes(pp.schema)
			}
			if !ok {
				w.pass, changed = false, true
			}
		}
	}
}

// AppendShape appends the value r of d to dst as the plan shapes it, and
// returns the extended slice. It walks the value once and copies strings
// and numbers as received, in the input's member order. A member is
// dropped where its object's subschema closes the object
// (additionalProperties or unevaluatedProperties false, also through $ref
// and allOf) and the member is neither declared in properties nor matched
// by patternProperties; with Options.DeclaredOnly, members that are not
// declared are dropped from every object whose subschema declares
// properties or patternProperties. Values are never converted unless
// Options.Coerce is set.
//
// AppendShape does not validate: validate first when the output must
// conform. It returns an *Error wrapping ErrShape (and dst as it was) only
// for a coercion that does not apply. It allocates nothing but dst's growth
// (and a copy of each member name written with escapes). A Plan may shape
// for many goroutines at once.
func (p *Plan) AppendShape(dst []byte, d *graft.Doc, r graft.Ref) ([]byte, error) {
	start := len(dst)
	s := shaper{p: p, d: d}
	out, err := s.value(dst, p.root, r, 0)
	if err != nil {
		return dst[:start], err
	}
	return out, nil
}

type shaper struct {
	p *Plan
	d *graft.Doc
}

// maxShapeDepth bounds recursion on values built by code, which graft lets
// nest deeper than its parser does.
const maxShapeDepth = 10000

func (s *shaper) value(dst []byte, n *node, r graft.Ref, depth int) ([]byte, error) {
	d := s.d
	var w *view
	if n != nil {
		w = n.view
	}
	if w == nil || w.pass || depth > maxShapeDepth {
		if raw := d.Raw(r); raw != nil { // a scalar: its text
			return append(dst, raw...), nil
		}
		return d.AppendJSON(dst, r), nil
	}
	switch d.Kind(r) {
	case graft.Object:
		dst = append(dst, '{')
		first := true
		filter := w.closed || s.p.declaredOnly && (w.names != nil || w.patterns != nil)
		next := 0
		for k, val := range d.Members(r) {
			child, keep := s.member(w, k, filter, &next)
			if !keep {
				continue
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = append(dst, d.Raw(k)...)
			dst = append(dst, ':')
			var err error
			if dst, err = s.value(dst, child, val, depth+1); err != nil {
				return dst, err
			}
		}
		return append(dst, '}'), nil
	case graft.Array:
		dst = append(dst, '[')
		for i, it := range d.Items(r) {
			if i > 0 {
				dst = append(dst, ',')
			}
			child := w.items
			if i < len(w.prefix) {
				child = w.prefix[i]
			}
			var err error
			if dst, err = s.value(dst, child, it, depth+1); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	}
	if s.p.coerce && w.types != 0 {
		return s.coerce(dst, n, w.types, r)
	}
	return append(dst, d.Raw(r)...), nil
}

// member returns the subschema of member k and whether it is kept. As in
// validation, the declared name after the last one found is tried first,
// and names are compared as received unless they hold escapes.
func (s *shaper) member(w *view, k graft.Ref, filter bool, next *int) (*node, bool) {
	raw := s.d.Raw(k)
	in := raw[1 : len(raw)-1]
	if !w.escNames {
		if i := *next; i < len(w.order) && w.order[i] == string(in) {
			*next = i + 1
			return w.schemas[i], true
		}
		if i := w.table.lookup(in); i >= 0 {
			*next = i + 1
			return w.schemas[i], true
		}
		if w.patterns == nil && !hasBackslash(in) {
			if filter {
				return nil, false
			}
			return w.additional, true
		}
	}
	name := s.name(k)
	if i := w.table.lookup(name); i >= 0 {
		*next = i + 1
		return w.schemas[i], true
	}
	for _, pp := range w.patterns {
		if pp.re.Match(name) {
			return pp.schema, true
		}
	}
	if filter {
		return nil, false
	}
	return w.additional, true
}

// name returns the decoded member name, borrowed from the Doc when it has
// no escapes; a name with escapes is decoded into a new slice.
func (s *shaper) name(k graft.Ref) []byte {
	raw := s.d.Raw(k)
	in := raw[1 : len(raw)-1]
	if !hasBackslash(in) {
		return in
	}
	b, _ := s.d.AppendString(nil, k)
	return b
}

// coerce writes a scalar as the subschema's type wants it, converting only
// between the forms that stand for the same value: a string holding a
// JSON number to a number, a number or boolean to a string, the strings
// "true" and "false" to booleans.
func (s *shaper) coerce(dst []byte, n *node, t uint8, r graft.Ref) ([]byte, error) {
	d := s.d
	raw := d.Raw(r)
	kind := d.Kind(r)
	if kind != graft.Null && scalarHasType(t, kind, raw) {
		return append(dst, raw...), nil
	}
	switch {
	case kind == graft.String && t&(tNumber|tInteger) != 0:
		text := raw[1 : len(raw)-1]
		if len(text) == 0 {
			break // ScanNumber wants at least one byte
		}
		if end, code := wire.ScanNumber(text, 0); code == wire.OK && end == len(text) {
			if t&tNumber != 0 || parseDecimalIsInt(text) {
				return append(dst, text...), nil
			}
		}
	case kind == graft.String && t&tBool != 0:
		if string(raw) == `"true"` || string(raw) == `"false"` {
			return append(dst, raw[1:len(raw)-1]...), nil
		}
	case (kind == graft.Number || kind == graft.Bool) && t&tString != 0:
		dst = append(dst, '"')
		dst = append(dst, raw...)
		return append(dst, '"'), nil
	case kind == graft.Null:
		return append(dst, raw...), nil
	}
	return dst, &Error{Err: ErrShape, KeywordLocation: n.loc + "/type", Message: "cannot coerce " + string(raw) + " to " + typeList(t)}
}

// scalarHasType reports whether a scalar already has one of the types t.
func scalarHasType(t uint8, kind graft.Kind, raw []byte) bool {
	switch kind {
	case graft.Bool:
		return t&tBool != 0
	case graft.Number:
		return t&tNumber != 0 || t&tInteger != 0 && parseDecimalIsInt(raw)
	case graft.String:
		return t&tString != 0
	}
	return false
}

func parseDecimalIsInt(b []byte) bool {
	dec := parseDecimal(b)
	return dec.isInt()
}
