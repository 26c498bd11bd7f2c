package schema

import (
	"encoding/binary"
	"strings"

	"github.com/graftjson/graft"
)

// The valid-only pass. Validate first asks whether the value is valid and
// nothing more: no instance location is kept, no failure is built, no
// annotation is collected, and each subschema of the common kinds takes
// one direct path (the value's kind against a precomputed set, its text
// read once, member names matched against the declared ones). Only when
// that answer is no does Validate walk again to report why. Subschemas
// whose keywords need annotations (unevaluated…) or rarer object and array
// keywords go through the reporting walk, quietly, from inside the pass.

// checkable reports whether n's keywords all have a direct path in the
// valid-only pass.
func (n *node) checkable() bool {
	return n.bool == 0 && n.dynRef == nil && n.unevalProps == nil && n.unevalItems == nil &&
		n.patternProps == nil && n.propNames == nil && !n.hasDepReq && !n.hasDepSchema &&
		len(n.slots) <= 64 && n.contains == nil
}

// prepareCheck sets what the valid-only pass reads of n.
func (n *node) prepareCheck() {
	n.check = n.checkable()
	if !n.check {
		return
	}
	n.kinds = ^uint8(0)
	if n.types != 0 {
		n.kinds = 0
		for _, k := range []struct {
			kind graft.Kind
			t    uint8
		}{{graft.Null, tNull}, {graft.Bool, tBool}, {graft.Number, tNumber | tInteger},
			{graft.String, tString}, {graft.Object, tObject}, {graft.Array, tArray}} {
			if n.types&k.t != 0 {
				n.kinds |= 1 << k.kind
			}
		}
		n.intOnly = n.types&tInteger != 0 && n.types&tNumber == 0
	}
	for _, si := range n.required {
		n.requiredSet |= 1 << si
	}
	if n.slots != nil {
		n.quoted = make([]quotedName, len(n.slots))
		n.applied = make([]*node, len(n.slots))
		for i, sl := range n.slots {
			if !strings.ContainsAny(sl.name, "\\\"") {
				n.quoted[i] = newQuotedName(sl.name)
			}
			n.applied[i] = sl.schema
			if sl.schema == nil {
				n.applied[i] = n.additional
			}
		}
	}
	n.span = newSpan(n)
	n.lengthOnly = n.pattern == nil && n.formatCheck == nil
	n.patternOnly = n.pattern != nil && n.formatCheck == nil && n.minLength < 0 && n.maxLength < 0
	n.more = n.enum != nil || n.hasConst || n.inPlaceKw
	if n.more {
		n.work = ^uint8(0)
	}
	for _, k := range []struct {
		kind graft.Kind
		work bool
	}{{graft.Number, n.intOnly || n.numKw}, {graft.String, n.strKw}, {graft.Object, n.objKw}, {graft.Array, n.arrKw}} {
		if k.work {
			n.work |= 1 << k.kind
		}
	}
}

// valid reports whether r is valid against n. It runs with v.quiet set, so
// that the reporting code it shares builds no failure.
func (v *vm) valid(n *node, r graft.Ref) bool {
	if !n.check {
		return n.bool > 0 || n.bool == 0 && v.eval(n, r, nil)
	}
	v.steps++
	if v.steps > v.maxSteps {
		return false // the reporting walk reports the limit
	}
	kind, raw, esc := v.d.Scalar(r)
	bit := uint8(1) << (kind & 7)
	if n.kinds&bit == 0 {
		return false
	}
	if n.work&bit == 0 {
		return true
	}
	switch kind {
	case graft.Number:
		x := readNumber(raw)
		if n.intOnly && !x.integer(raw) {
			return false
		}
		if n.span.ok && x.short && x.frac <= 9 {
			if !n.span.holds(&x) {
				return false
			}
		} else if n.numKw && !v.number(n, raw, &x) {
			return false
		}
	case graft.String:
		// Lengths alone are often decided by the byte length (see string).
		l := len(raw) - 2
		switch {
		case !n.strKw || n.lengthOnly && n.minLength <= l/12 && (n.maxLength < 0 || l <= n.maxLength):
		case n.patternOnly && !esc:
			if !n.pattern.Match(raw[1 : len(raw)-1]) {
				return false
			}
		case !v.string(n, r, raw, esc):
			return false
		}
	case graft.Object, graft.Array:
		if v.depth >= maxEvalDepth {
			return false
		}
		v.depth++
		var ok bool
		if kind == graft.Object {
			ok = !n.objKw || v.validObject(n, r)
		} else {
			ok = !n.arrKw || v.validArray(n, r)
		}
		v.depth--
		if !ok {
			return false
		}
	}
	return !n.more ||
		(n.enum == nil || v.inEnum(n, r, kind, raw, esc)) &&
			(!n.hasConst || equal(v.d, r, v.p.sd, n.constv, &v.scratch)) &&
			(!n.inPlaceKw || v.validInPlace(n, r))
}

// validObject applies the object keywords of n to the object r: declared
// members, additionalProperties, required and the member counts.
func (v *vm) validObject(n *node, r graft.Ref) bool {
	d := v.d
	var seen uint64
	count, next := 0, 0
	for k, val := range d.Members(r) {
		count++
		s := n.additional
		if q := n.quoted; q != nil {
			// Members usually come in the declared order: the name's text
			// is compared as received with the next declared one.
			_, raw, esc := d.Scalar(k)
			si := next
			if si >= len(q) || !q[si].equal(raw) {
				si = v.findSlot(n, k, raw, esc, next)
			}
			if si >= 0 {
				next = si + 1
				seen |= 1 << (si & 63)
				s = n.applied[si]
			}
		}
		if s != nil && !v.valid(s, val) {
			return false
		}
	}
	return seen&n.requiredSet == n.requiredSet &&
		(n.minProps < 0 || count >= n.minProps) && (n.maxProps < 0 || count <= n.maxProps)
}

// findSlot finds the slot of member name k, whose text is raw: a few slots
// after next (optional members are often left out), then the table.
func (v *vm) findSlot(n *node, k graft.Ref, raw []byte, esc bool, next int) int {
	name := v.text(k, raw, esc)
	for i := next + 1; i < len(n.slots) && i < next+4; i++ {
		if n.slots[i].name == string(name) {
			return i
		}
	}
	return n.table.lookup(name)
}

// validArray applies the array keywords of n to the array r: prefixItems,
// items, the item counts and uniqueItems.
func (v *vm) validArray(n *node, r graft.Ref) bool {
	count := 0
	for i, it := range v.d.Items(r) {
		count++
		s := n.items
		if i < len(n.prefix) {
			s = n.prefix[i]
		}
		if s != nil && !v.valid(s, it) {
			return false
		}
	}
	if n.minItems >= 0 && count < n.minItems || n.maxItems >= 0 && count > n.maxItems {
		return false
	}
	if n.unique && count > 1 {
		if _, _, dup := v.duplicate(r, count); dup {
			return false
		}
	}
	return true
}

// validInPlace applies the subschemas of n that apply to r itself.
func (v *vm) validInPlace(n *node, r graft.Ref) bool {
	if n.ref != nil && !v.valid(n.ref, r) {
		return false
	}
	for _, s := range n.allOf {
		if !v.valid(s, r) {
			return false
		}
	}
	if n.anyOf != nil {
		matched := false
		for _, s := range n.anyOf {
			if v.valid(s, r) {
				matched = true
				break
			}
		}
		if !matched {
			return false
		}
	}
	if n.oneOf != nil {
		count := 0
		for _, s := range n.oneOf {
			if v.valid(s, r) {
				if count++; count > 1 {
					return false
				}
			}
		}
		if count != 1 {
			return false
		}
	}
	if n.not != nil && v.valid(n.not, r) {
		return false
	}
	if n.ifs != nil {
		branch := n.els
		if v.valid(n.ifs, r) {
			branch = n.then
		}
		if branch != nil && !v.valid(branch, r) {
			return false
		}
	}
	return true
}

// span is the range of numbers that the bounds of a subschema admit, when
// they are all integers of less than 32 bits and there is no multipleOf:
// a number of at most 9 decimal places then compares as an integer scaled
// by them, without overflow.
type span struct {
	ok           bool
	lo, hi       int64 // the bounds, when hasLo, hasHi
	hasLo, hasHi bool
	loOpen       int64 // 1: lo excluded
	hiOpen       int64 // 1: hi excluded
}

func newSpan(n *node) span {
	if n.multipleOf != nil {
		return span{}
	}
	sp := span{ok: true}
	for _, b := range []struct {
		b          *bound
		upper, exc bool
	}{{n.minimum, false, false}, {n.exclMin, false, true}, {n.maximum, true, false}, {n.exclMax, true, true}} {
		if b.b == nil {
			continue
		}
		if !b.b.isInt || b.b.i <= -1<<31 || b.b.i >= 1<<31 {
			return span{}
		}
		open := int64(0)
		if b.exc {
			open = 1
		}
		i := b.b.i
		if b.upper {
			if !sp.hasHi || i < sp.hi || i == sp.hi && open > sp.hiOpen {
				sp.hi, sp.hiOpen, sp.hasHi = i, open, true
			}
		} else if !sp.hasLo || i > sp.lo || i == sp.lo && open > sp.loOpen {
			sp.lo, sp.loOpen, sp.hasLo = i, open, true
		}
	}
	return sp
}

// holds reports whether the span holds x, short with at most 9 decimal
// places.
func (sp *span) holds(x *reading) bool {
	scale := pow10i[x.frac]
	return (!sp.hasLo || x.v >= sp.lo*scale+sp.loOpen) && (!sp.hasHi || x.v <= sp.hi*scale-sp.hiOpen)
}

// quotedName is a declared member name as JSON text, with its first and
// last bytes as words so that text of 4 to 16 bytes compares in two loads
// and no call.
type quotedName struct {
	text       string // "" for a name with a quote or backslash: never equal
	head, tail uint64
}

func newQuotedName(name string) quotedName {
	q := quotedName{text: `"` + name + `"`}
	b := []byte(q.text)
	switch n := len(b); {
	case n >= 8 && n <= 16:
		q.head, q.tail = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4 && n < 8:
		q.head, q.tail = uint64(binary.LittleEndian.Uint32(b)), uint64(binary.LittleEndian.Uint32(b[n-4:]))
	}
	return q
}

// equal reports whether raw, the text of a member name as received, is q.
func (q *quotedName) equal(raw []byte) bool {
	n := len(raw)
	switch {
	case n != len(q.text):
		return false
	case n >= 8 && n <= 16:
		return binary.LittleEndian.Uint64(raw) == q.head && binary.LittleEndian.Uint64(raw[n-8:]) == q.tail
	case n >= 4 && n < 8:
		return uint64(binary.LittleEndian.Uint32(raw)) == q.head && uint64(binary.LittleEndian.Uint32(raw[n-4:])) == q.tail
	}
	return string(raw) == q.text
}
