package schema

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/graftjson/graft"
)

// Validate validates the value r of d against the plan. It returns nil when
// the value is valid, an *Error wrapping ErrInvalid whose Causes list the
// failures (at most Options.MaxErrors), or an *Error wrapping ErrLimit when
// validation needed more than Options.MaxSteps steps.
//
// Validate only reads d, so several goroutines may validate one Doc at once.
// It walks the value once when it is valid (subschemas of anyOf, oneOf,
// not, if and contains are tried against the same values): a first pass
// asks only whether the value is valid, and an invalid value is walked a
// second time to report its failures. It keeps no reference to d after it
// returns, and allocates nothing for a valid value once the plan's pooled
// scratch memory has grown, except for uniqueItems on arrays of more than 8
// items (a table of item hashes) and multipleOf on numbers of more than 19
// significant digits (math/big).
func (p *Plan) Validate(d *graft.Doc, r graft.Ref) error {
	v, _ := p.pool.Get().(*vm)
	if v == nil {
		v = &vm{}
	}
	v.p, v.d = p, d
	if p.check {
		v.quiet, v.maxSteps = 1, p.maxSteps
		if v.valid(p.root, r) {
			v.reset()
			p.pool.Put(v)
			return nil
		}
		v.reset()
		v.p, v.d = p, d
	}
	ok := v.eval(p.root, r, nil)
	var err error
	switch {
	case v.limited:
		err = &Error{Err: ErrLimit, InstanceLocation: v.limitAt, Message: "validation took more than " + strconv.Itoa(p.maxSteps) + " steps or nested too deep"}
	case !ok:
		e := &Error{Err: ErrInvalid, Causes: v.errs}
		if len(e.Causes) == 0 { // cannot happen: every failure reports
			e.Causes = []*Error{{Err: ErrInvalid, Message: "invalid"}}
		}
		err = e
	}
	v.reset()
	p.pool.Put(v)
	return err
}

// maxEvalDepth bounds the recursion of one validation: graft nests values at
// most 1000 deep, and Compile bounds in-place chains, but $dynamicRef
// chooses its target at run time.
const maxEvalDepth = 1 << 14

// vm is the scratch state of one validation, pooled by its Plan.
type vm struct {
	p       *Plan
	d       *graft.Doc
	path    []pathStep
	scopes  []*resource
	slab    []uint64 // bit sets of evaluated members and items
	anns    []*annot // the annot values of those sets, a stack to annTop
	annTop  int
	scratch []byte
	errs    []*Error
	quiet   int // > 0: failures are not reported (inside anyOf, not, …)
	stop    bool
	limited bool
	limitAt string
	steps   int
	depth   int
	// maxSteps is Plan.maxSteps, read here by the valid-only pass.
	maxSteps int
}

// pathStep is one step of the instance location: a member name or an index.
type pathStep struct {
	name  graft.Ref // a member name, or 0 for an index
	index int
}

// annot is the set of members or items of one value that subschemas have
// evaluated, for unevaluatedProperties and unevaluatedItems. Its bits live
// in vm.slab from off, which is used as a stack.
type annot struct {
	all    bool
	off, n int
}

func (v *vm) reset() {
	v.p, v.d = nil, nil
	v.path, v.scopes, v.slab, v.scratch = v.path[:0], v.scopes[:0], v.slab[:0], v.scratch[:0]
	v.annTop = 0
	v.errs = nil
	v.quiet, v.stop, v.limited, v.limitAt, v.steps, v.depth = 0, false, false, "", 0, 0
}

// newAnnot takes a zeroed set for count members or items. The annot
// values are pooled in the vm (so that pointers to them cost nothing) and
// released with their bits by release.
func (v *vm) newAnnot(count int) *annot {
	if v.annTop == len(v.anns) {
		v.anns = append(v.anns, new(annot))
	}
	a := v.anns[v.annTop]
	v.annTop++
	*a = annot{off: len(v.slab), n: (count + 63) >> 6}
	for i := 0; i < a.n; i++ {
		v.slab = append(v.slab, 0)
	}
	return a
}

// stackMark is a point to release the sets taken after it.
type stackMark struct{ slab, anns int }

func (v *vm) stackMark() stackMark { return stackMark{len(v.slab), v.annTop} }

func (v *vm) release(m stackMark) { v.slab, v.annTop = v.slab[:m.slab], m.anns }

func (v *vm) mark(a *annot, i int) {
	if a != nil && !a.all {
		v.slab[a.off+i>>6] |= 1 << (i & 63)
	}
}

func (v *vm) marked(a *annot, i int) bool {
	return a.all || v.slab[a.off+i>>6]&(1<<(i&63)) != 0
}

func (v *vm) merge(dst, src *annot) {
	if dst == nil {
		return
	}
	if src.all {
		dst.all = true
		return
	}
	for i := 0; i < src.n; i++ {
		v.slab[dst.off+i] |= v.slab[src.off+i]
	}
}

// short reports whether evaluation stops at the first failure.
func (v *vm) short() bool { return v.quiet > 0 || v.stop }

// fail reports a failure of keyword kw of n at the current instance
// location.
func (v *vm) fail(n *node, kw, msg string) {
	if v.short() {
		return
	}
	v.errs = append(v.errs, &Error{Err: ErrInvalid, InstanceLocation: v.pointer(), KeywordLocation: n.loc + kw, Message: msg})
	if len(v.errs) >= v.p.maxErrors {
		v.stop = true
	}
}

// pointer builds the JSON Pointer of the current instance location.
func (v *vm) pointer() string {
	var b []byte
	for _, s := range v.path {
		b = append(b, '/')
		if s.name == 0 {
			b = strconv.AppendInt(b, int64(s.index), 10)
			continue
		}
		start := len(b)
		b, _ = v.d.AppendString(b, s.name)
		if bytes.ContainsAny(b[start:], "~/") {
			tok := string(b[start:])
			b = b[:start]
			for i := 0; i < len(tok); i++ {
				switch tok[i] {
				case '~':
					b = append(b, "~0"...)
				case '/':
					b = append(b, "~1"...)
				default:
					b = append(b, tok[i])
				}
			}
		}
	}
	return string(b)
}

func (v *vm) overLimit() {
	if !v.limited {
		v.limited, v.limitAt = true, v.pointer()
	}
	v.stop = true
}

// eval applies n to the value r. a, when not nil, collects the members or
// items of r that n evaluates (for an enclosing unevaluated… keyword).
func (v *vm) eval(n *node, r graft.Ref, a *annot) bool {
	if n.bool != 0 {
		if n.bool < 0 {
			v.fail(n, "", "no value is allowed here (the schema is false)")
			return false
		}
		return true
	}
	v.steps++
	if v.steps > v.p.maxSteps || v.depth >= maxEvalDepth {
		v.overLimit()
		return false
	}
	pushed := len(v.scopes) == 0 || v.scopes[len(v.scopes)-1] != n.res
	if pushed {
		v.scopes = append(v.scopes, n.res)
	}
	v.depth++
	ok := v.keywords(n, r, a)
	v.depth--
	if pushed {
		v.scopes = v.scopes[:len(v.scopes)-1]
	}
	return ok
}

func (v *vm) keywords(n *node, r graft.Ref, ann *annot) bool {
	d := v.d
	kind, raw, esc := d.Scalar(r) // the text of a scalar, read once
	ok := true
	if n.types != 0 && !typeOK(n.types, kind, raw) {
		if v.short() {
			return false
		}
		ok = false
		v.fail(n, "/type", "expected "+typeList(n.types)+", got "+kindName(kind))
	}
	if n.hasConst && !equal(d, r, v.p.sd, n.constv, &v.scratch) {
		if v.short() {
			return false
		}
		ok = false
		v.fail(n, "/const", "must be "+string(v.p.sd.AppendJSON(nil, n.constv)))
	}
	if n.enum != nil && !v.inEnum(n, r, kind, raw, esc) {
		if v.short() {
			return false
		}
		ok = false
		v.fail(n, "/enum", "must be one of the enum values")
	}
	switch kind {
	case graft.Number:
		if n.numKw && !v.number(n, raw, nil) {
			if v.short() {
				return false
			}
			ok = false
		}
	case graft.String:
		if n.strKw && !v.string(n, r, raw, esc) {
			if v.short() {
				return false
			}
			ok = false
		}
	}

	if n.leaf {
		return ok
	}

	// The evaluated members or items of r: the caller's set, or a set of
	// this subschema's own when it has unevaluated… for this kind.
	a := ann
	mark := v.stackMark()
	uneval := kind == graft.Object && n.unevalProps != nil || kind == graft.Array && n.unevalItems != nil
	if uneval {
		a = v.newAnnot(d.Len(r))
	}
	if kind == graft.Object && n.objKw || kind == graft.Array && n.arrKw {
		var good bool
		if kind == graft.Object {
			good = v.object(n, r, a)
		} else {
			good = v.array(n, r, a)
		}
		if !good {
			if v.short() {
				v.release(mark)
				return false
			}
			ok = false
		}
	}
	if n.inPlaceKw && !v.inPlace(n, r, a) {
		if v.short() {
			v.release(mark)
			return false
		}
		ok = false
	}
	if uneval {
		if !v.unevaluated(n, r, kind, a) {
			ok = false
		}
		v.release(mark)
		if ann != nil {
			ann.all = true
		}
	}
	return ok
}

// inPlace applies the subschemas that apply to r itself.
func (v *vm) inPlace(n *node, r graft.Ref, a *annot) bool {
	ok := true
	if n.ref != nil && !v.eval(n.ref, r, a) {
		if v.short() {
			return false
		}
		ok = false
	}
	if n.dynRef != nil && !v.eval(v.dynamic(n.dynRef), r, a) {
		if v.short() {
			return false
		}
		ok = false
	}
	for _, s := range n.allOf {
		if !v.eval(s, r, a) {
			if v.short() {
				return false
			}
			ok = false
		}
	}
	if n.anyOf != nil {
		matched := false
		v.quiet++
		for _, s := range n.anyOf {
			if a == nil {
				if v.eval(s, r, nil) {
					matched = true
					break
				}
				continue
			}
			mark := v.stackMark()
			t := v.newAnnot(a.n << 6)
			if v.eval(s, r, t) {
				matched = true
				v.merge(a, t)
			}
			v.release(mark)
		}
		v.quiet--
		if !matched {
			if v.short() {
				return false
			}
			ok = false
			v.fail(n, "/anyOf", "matches none of the anyOf subschemas")
		}
	}
	if n.oneOf != nil {
		count, first, second := 0, -1, -1
		v.quiet++
		for i, s := range n.oneOf {
			mark := v.stackMark()
			var tp *annot
			if a != nil {
				tp = v.newAnnot(a.n << 6)
			}
			if v.eval(s, r, tp) {
				count++
				if count == 1 {
					first = i
					if tp != nil {
						v.merge(a, tp)
					}
				} else {
					second = i
				}
			}
			v.release(mark)
			if count > 1 {
				break
			}
		}
		v.quiet--
		if count != 1 {
			if v.short() {
				return false
			}
			ok = false
			if count == 0 {
				v.fail(n, "/oneOf", "matches none of the oneOf subschemas")
			} else {
				v.fail(n, "/oneOf", "matches oneOf subschemas "+strconv.Itoa(first)+" and "+strconv.Itoa(second)+", not exactly one")
			}
		}
	}
	if n.not != nil {
		v.quiet++
		matched := v.eval(n.not, r, nil)
		v.quiet--
		if matched {
			if v.short() {
				return false
			}
			ok = false
			v.fail(n, "/not", "must not match the subschema of not")
		}
	}
	if n.ifs != nil {
		mark := v.stackMark()
		var tp *annot
		if a != nil {
			tp = v.newAnnot(a.n << 6)
		}
		v.quiet++
		cond := v.eval(n.ifs, r, tp)
		v.quiet--
		if cond && tp != nil {
			v.merge(a, tp)
		}
		v.release(mark)
		branch := n.els
		if cond {
			branch = n.then
		}
		if branch != nil && !v.eval(branch, r, a) {
			if v.short() {
				return false
			}
			ok = false
		}
	}
	return ok
}

// dynamic returns the target of a $dynamicRef in the current dynamic scope.
func (v *vm) dynamic(dr *dynRef) *node {
	if dr.name != "" {
		for _, res := range v.scopes {
			if t := res.dynamic[dr.name]; t != nil {
				return t
			}
		}
	}
	return dr.static
}

func typeOK(t uint8, kind graft.Kind, raw []byte) bool {
	switch kind {
	case graft.Null:
		return t&tNull != 0
	case graft.Bool:
		return t&tBool != 0
	case graft.Number:
		if t&tNumber != 0 {
			return true
		}
		if t&tInteger != 0 {
			if _, ok := smallInt(raw); ok {
				return true
			}
			dec := parseDecimal(raw)
			return dec.isInt()
		}
		return false
	case graft.String:
		return t&tString != 0
	case graft.Object:
		return t&tObject != 0
	case graft.Array:
		return t&tArray != 0
	}
	return false
}

// inEnum reports whether r (of kind, text raw, escaped or not) is one of
// the enum values.
func (v *vm) inEnum(n *node, r graft.Ref, kind graft.Kind, raw []byte, esc bool) bool {
	if n.enumStr != nil || n.enumList != nil {
		if kind != graft.String {
			return false
		}
		s := v.text(r, raw, esc)
		if n.enumStr != nil {
			return n.enumStr[string(s)]
		}
		for _, e := range n.enumList {
			if e == string(s) {
				return true
			}
		}
		return false
	}
	for _, e := range n.enum {
		if equal(v.d, r, v.p.sd, e, &v.scratch) {
			return true
		}
	}
	return false
}

// multipleOf reports whether the number text raw is a multiple of m.
func multipleOf(raw []byte, m *bound) bool {
	x := parseDecimal(raw)
	return isMultiple(&x, &m.dec, raw, m.text)
}

// text returns the decoded contents of the string r, whose text is raw:
// borrowed from the Doc when it has no escapes, else from v.scratch (valid
// until its next use).
func (v *vm) text(r graft.Ref, raw []byte, esc bool) []byte {
	if len(raw) < 2 {
		return nil
	}
	if !esc {
		return raw[1 : len(raw)-1]
	}
	v.scratch, _ = v.d.AppendString(v.scratch[:0], r)
	return v.scratch
}

// number applies the numeric keywords of n to the number text raw; x, when
// not nil, is its reading already made.
func (v *vm) number(n *node, raw []byte, x *reading) bool {
	if x == nil {
		rd := readNumber(raw)
		x = &rd
	}
	ok := true
	if b := n.minimum; b != nil && x.cmp(raw, b) < 0 {
		ok = false
		if !v.short() {
			v.fail(n, "/minimum", "must be ≥ "+string(b.text))
		}
	}
	if b := n.maximum; b != nil && x.cmp(raw, b) > 0 {
		ok = false
		if !v.short() {
			v.fail(n, "/maximum", "must be ≤ "+string(b.text))
		}
	}
	if b := n.exclMin; b != nil && x.cmp(raw, b) <= 0 {
		ok = false
		if !v.short() {
			v.fail(n, "/exclusiveMinimum", "must be > "+string(b.text))
		}
	}
	if b := n.exclMax; b != nil && x.cmp(raw, b) >= 0 {
		ok = false
		if !v.short() {
			v.fail(n, "/exclusiveMaximum", "must be < "+string(b.text))
		}
	}
	if m := n.multipleOf; m != nil && !multipleOf(raw, m) {
		ok = false
		if !v.short() {
			v.fail(n, "/multipleOf", "must be a multiple of "+string(m.text))
		}
	}
	return ok
}

func (v *vm) string(n *node, r graft.Ref, raw []byte, esc bool) bool {
	in := raw[1 : len(raw)-1]
	// Decoding never lengthens a string, and a character takes at most 4
	// bytes, or 12 as escapes: the lengths are often decided without
	// decoding or counting.
	if n.pattern == nil && n.formatCheck == nil &&
		n.minLength <= len(in)/12 && (n.maxLength < 0 || len(in) <= n.maxLength) {
		return true
	}
	s := v.text(r, raw, esc)
	ok := true
	if n.minLength > len(s)/4 || n.maxLength >= 0 && n.maxLength < len(s) {
		l := utf8.RuneCount(s)
		if n.minLength >= 0 && l < n.minLength {
			ok = false
			if !v.short() {
				v.fail(n, "/minLength", "must be at least "+strconv.Itoa(n.minLength)+" characters long")
			}
		}
		if n.maxLength >= 0 && l > n.maxLength {
			ok = false
			if !v.short() {
				v.fail(n, "/maxLength", "must be at most "+strconv.Itoa(n.maxLength)+" characters long")
			}
		}
	}
	if n.pattern != nil && !n.pattern.Match(s) {
		ok = false
		if !v.short() {
			v.fail(n, "/pattern", "must match the pattern "+strconv.Quote(n.pattern.String()))
		}
	}
	if n.formatCheck != nil && !n.formatCheck(s) {
		ok = false
		if !v.short() {
			v.fail(n, "/format", "must be a valid "+n.format)
		}
	}
	return ok
}

// object applies the object keywords of n to r in one walk of its members.
func (v *vm) object(n *node, r graft.Ref, a *annot) bool {
	d := v.d
	ok := true
	// The slots seen: a word, or a bit set on the slab for many slots.
	mark := v.stackMark()
	var seen slotSet
	if len(n.slots) > 64 {
		seen.big = v.newAnnot(len(n.slots))
	}
	count, next := 0, 0
	for k, val := range d.Members(r) {
		i := count
		count++
		evaluated := false
		if n.names != nil || n.patternProps != nil {
			si, found := v.slotOf(n, k, next)
			if found {
				next = int(si) + 1
				v.see(&seen, int(si))
				if s := n.slots[si].schema; s != nil {
					evaluated = true
					if !v.child(s, val, k, 0) {
						ok = false
						if v.short() {
							break
						}
					}
				}
			}
			for _, pp := range n.patternProps {
				_, name, esc := d.Scalar(k)
				if pp.re.Match(v.text(k, name, esc)) {
					evaluated = true
					if !v.child(pp.schema, val, k, 0) {
						ok = false
						if v.short() {
							break
						}
					}
				}
			}
			if !ok && v.short() {
				break
			}
		}
		if !evaluated && n.additional != nil {
			evaluated = true
			if !v.child(n.additional, val, k, 0) {
				ok = false
				if v.short() {
					break
				}
			}
		}
		if n.propNames != nil && !v.child(n.propNames, k, 0, -1) {
			ok = false
			if v.short() {
				break
			}
		}
		if evaluated {
			v.mark(a, i)
		}
	}
	if !ok && v.short() {
		v.release(mark)
		return false
	}
	for _, si := range n.required {
		if !v.seen(&seen, int(si)) {
			ok = false
			if v.short() {
				break
			}
			v.fail(n, "/required", "missing required property "+strconv.Quote(n.slots[si].name))
		}
	}
	if n.hasDepReq || n.hasDepSchema {
		for si := range n.slots {
			s := &n.slots[si]
			if !v.seen(&seen, si) {
				continue
			}
			for _, dj := range s.depReq {
				if !v.seen(&seen, int(dj)) {
					ok = false
					if !v.short() {
						v.fail(n, "/dependentRequired/"+escapeToken(s.name), "property "+strconv.Quote(n.slots[dj].name)+" is required when "+strconv.Quote(s.name)+" is present")
					}
				}
			}
			if s.depSchema != nil && !v.eval(s.depSchema, r, a) {
				ok = false
			}
			if !ok && v.short() {
				break
			}
		}
	}
	v.release(mark)
	if n.minProps >= 0 && count < n.minProps {
		ok = false
		if !v.short() {
			v.fail(n, "/minProperties", "must have at least "+strconv.Itoa(n.minProps)+" properties")
		}
	}
	if n.maxProps >= 0 && count > n.maxProps {
		ok = false
		if !v.short() {
			v.fail(n, "/maxProperties", "must have at most "+strconv.Itoa(n.maxProps)+" properties")
		}
	}
	return ok
}

// slotSet is the set of slots an object's members named.
type slotSet struct {
	bits uint64 // up to 64 slots
	big  *annot // more
}

func (v *vm) see(s *slotSet, i int) {
	if s.big == nil {
		s.bits |= 1 << i
	} else {
		v.mark(s.big, i)
	}
}

func (v *vm) seen(s *slotSet, i int) bool {
	if s.big == nil {
		return s.bits&(1<<i) != 0
	}
	return v.marked(s.big, i)
}

// slotOf finds the slot of member name k. Members usually come in the order
// the schema declares them, so the slot after the last one found (next)
// and a few more are tried before hashing. A name without escapes is
// compared as received.
func (v *vm) slotOf(n *node, k graft.Ref, next int) (int32, bool) {
	if n.names == nil {
		return 0, false
	}
	_, raw, esc := v.d.Scalar(k)
	in := v.text(k, raw, esc)
	// Optional members are often left out: look a few slots ahead.
	for i := next; i < len(n.slots) && i < next+4; i++ {
		if n.slots[i].name == string(in) {
			return int32(i), true
		}
	}
	si := n.table.lookup(in)
	return int32(si), si >= 0
}

// child applies s to a child value of the current one: the member named
// name (a member name Ref) or the item at index. A negative index applies s
// to a member name itself (propertyNames), at the object's location.
func (v *vm) child(s *node, val, name graft.Ref, index int) bool {
	if index < 0 {
		return v.eval(s, val, nil)
	}
	if s.leaf {
		// A subschema of scalar keywords only: checked quietly first, so
		// that the location is pushed only to report a failure.
		v.steps++
		v.quiet++
		ok := v.keywords(s, val, nil)
		v.quiet--
		if ok || v.short() {
			return ok
		}
	}
	v.path = append(v.path, pathStep{name: name, index: index})
	ok := v.eval(s, val, nil)
	v.path = v.path[:len(v.path)-1]
	return ok
}

// array applies the array keywords of n to r in one walk of its items.
func (v *vm) array(n *node, r graft.Ref, a *annot) bool {
	ok := true
	count, matches := 0, 0
	for i, it := range v.d.Items(r) {
		count++
		var s *node
		if i < len(n.prefix) {
			s = n.prefix[i]
		} else {
			s = n.items
		}
		if s != nil {
			if !v.child(s, it, 0, i) {
				ok = false
				if v.short() {
					break
				}
			}
			v.mark(a, i)
		}
		if n.contains != nil {
			v.quiet++
			v.path = append(v.path, pathStep{index: i})
			m := v.eval(n.contains, it, nil)
			v.path = v.path[:len(v.path)-1]
			v.quiet--
			if m {
				matches++
				v.mark(a, i)
			}
		}
	}
	if !ok && v.short() {
		return false
	}
	if n.minItems >= 0 && count < n.minItems {
		ok = false
		if !v.short() {
			v.fail(n, "/minItems", "must have at least "+strconv.Itoa(n.minItems)+" items")
		}
	}
	if n.maxItems >= 0 && count > n.maxItems {
		ok = false
		if !v.short() {
			v.fail(n, "/maxItems", "must have at most "+strconv.Itoa(n.maxItems)+" items")
		}
	}
	if n.contains != nil {
		least := 1
		if n.minContains >= 0 {
			least = n.minContains
		}
		if matches < least {
			ok = false
			if !v.short() {
				v.fail(n, "/contains", "must contain at least "+strconv.Itoa(least)+" matching items, has "+strconv.Itoa(matches))
			}
		}
		if n.maxContains >= 0 && matches > n.maxContains {
			ok = false
			if !v.short() {
				v.fail(n, "/maxContains", "must contain at most "+strconv.Itoa(n.maxContains)+" matching items, has "+strconv.Itoa(matches))
			}
		}
	}
	if n.unique && count > 1 {
		if i, j, dup := v.duplicate(r, count); dup {
			ok = false
			if !v.short() {
				v.fail(n, "/uniqueItems", "items "+strconv.Itoa(i)+" and "+strconv.Itoa(j)+" are equal")
			}
		}
	}
	return ok
}

// unevaluated applies unevaluatedProperties or unevaluatedItems to the
// members or items of r that a does not hold.
func (v *vm) unevaluated(n *node, r graft.Ref, kind graft.Kind, a *annot) bool {
	ok := true
	if a.all {
		return true
	}
	if kind == graft.Object {
		i := 0
		for k, val := range v.d.Members(r) {
			if !v.marked(a, i) && !v.child(n.unevalProps, val, k, 0) {
				ok = false
				if v.short() {
					break
				}
			}
			i++
		}
		return ok
	}
	for i, it := range v.d.Items(r) {
		if !v.marked(a, i) && !v.child(n.unevalItems, it, 0, i) {
			ok = false
			if v.short() {
				break
			}
		}
	}
	return ok
}

func typeList(t uint8) string {
	var b []byte
	if t&tNumber != 0 {
		t &^= tInteger
	}
	for i, name := range typeNames {
		if t&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, " or "...)
			}
			b = append(b, name...)
		}
	}
	return string(b)
}

func kindName(k graft.Kind) string {
	if k == graft.Bool {
		return "boolean"
	}
	return k.String()
}
