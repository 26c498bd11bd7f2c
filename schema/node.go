package schema

import (
	"strconv"

	"github.com/graftjson/graft"
)

// Type bits of the "type" keyword.
const (
	tNull uint8 = 1 << iota
	tBool
	tNumber
	tInteger
	tString
	tObject
	tArray
)

var typeNames = []string{"null", "boolean", "number", "integer", "string", "object", "array"}

// node is one compiled subschema. Keywords absent from the schema have
// their zero value (or -1 for the counts whose zero is meaningful).
type node struct {
	// For the valid-only pass (check.go), set by prepareCheck.
	check       bool         // every keyword has a direct path
	intOnly     bool         // "type" admits integers but not every number
	kinds       uint8        // bit k: "type" admits graft.Kind k
	work        uint8        // bit k: a value of graft.Kind k needs more than its kind checked
	more        bool         // enum, const or in-place applicators
	span        span         // the numeric bounds as integers
	lengthOnly  bool         // the string keywords are minLength and maxLength only
	patternOnly bool         // the string keyword is pattern only
	requiredSet uint64       // the slots of "required"
	quoted      []quotedName // the slot names as JSON text
	applied     []*node      // the subschema applied to a member of each slot

	bool int8 // +1: the schema true, -1: the schema false, 0: an object

	// What kinds of instance the keywords look at, to skip work.
	numKw, strKw, objKw, arrKw bool
	inPlaceKw                  bool // $ref, $dynamicRef, allOf, anyOf, oneOf, not or if
	leaf                       bool // only keywords about the value itself (no subschemas)

	// Read by the valid-only pass too.
	minLength, maxLength int
	pattern              *pattern
	additional           *node
	minProps             int
	maxProps             int
	prefix               []*node
	items                *node
	minItems             int
	maxItems             int
	unique               bool

	loc string // keyword location of the subschema
	res *resource

	types    uint8
	constv   graft.Ref // in Plan.sd
	hasConst bool
	enum     []graft.Ref
	enumList []string        // the enum when it holds only strings, a few (decoded)
	enumStr  map[string]bool // the same, many

	minimum, maximum, exclMin, exclMax, multipleOf *bound

	format      string
	formatCheck func([]byte) bool // nil: format is an annotation

	names        map[string]int32 // member names the object keywords know → slots
	table        nameTable        // the same, for lookups while validating
	slots        []slot
	required     []int32
	patternProps []patternProp
	propNames    *node
	unevalProps  *node
	hasDepReq    bool
	hasDepSchema bool

	contains    *node
	minContains int
	maxContains int
	unevalItems *node

	allOf, anyOf, oneOf []*node
	not                 *node
	ifs, then, els      *node
	ref                 *node
	dynRef              *dynRef

	view *view // for AppendShape, built by Compile
}

// slot is a member name that object keywords know.
type slot struct {
	name      string
	schema    *node   // from properties
	depReq    []int32 // dependentRequired: slots that must be present too
	depSchema *node   // dependentSchemas
}

type patternProp struct {
	re     *pattern
	schema *node
}

// bound is a number of the schema: its text and its decimal reading.
type bound struct {
	text    []byte
	dec     decimal
	i       int64   // the value, when isInt
	isInt   bool    // a small integer written without fraction or exponent
	f       float64 // the nearest float64, when isFloat
	isFloat bool    // f is set
}

// dynRef is a compiled "$dynamicRef": the subschema it names statically,
// and the anchor name to look up in the dynamic scope when that subschema
// has a "$dynamicAnchor" of the name.
type dynRef struct {
	static *node
	name   string
}

var falseNode = &node{bool: -1}

// compile compiles the subschema at r (position p), once.
func (c *compiler) compile(r graft.Ref, p *position) *node {
	if n := c.nodes[r]; n != nil {
		return n
	}
	if c.err != nil {
		return falseNode
	}
	d := c.sd
	switch d.Kind(r) {
	case graft.Bool:
		b, _ := d.Bool(r)
		n := &node{loc: p.loc, res: p.res, bool: -1}
		if b {
			n.bool = 1
		}
		c.nodes[r] = n
		return n
	case graft.Object:
	default:
		c.fail(p.loc, "a schema must be an object or a boolean")
		return falseNode
	}
	n := &node{loc: p.loc, res: p.res, minLength: -1, maxLength: -1, minProps: -1, maxProps: -1,
		minItems: -1, maxItems: -1, minContains: -1, maxContains: -1}
	c.nodes[r] = n
	k := keywords{c: c, r: r, p: p}
	validation := !p.res.noValidation

	// Core: references.
	if s, ok := k.str("$ref"); ok {
		if t, _, tp := c.resolve(s, p, p.loc+"/$ref"); tp != nil {
			n.ref = c.compile(t, tp)
		}
	}
	if s, ok := k.str("$dynamicRef"); ok {
		if t, dynamic, tp := c.resolve(s, p, p.loc+"/$dynamicRef"); tp != nil {
			n.dynRef = &dynRef{static: c.compile(t, tp)}
			if dynamic {
				u, _ := p.base.Parse(s)
				n.dynRef.name = u.Fragment
			}
		}
	}

	// Applicators, in place.
	n.allOf = k.schemas("allOf")
	n.anyOf = k.schemas("anyOf")
	n.oneOf = k.schemas("oneOf")
	n.not = k.schema("not")
	n.ifs = k.schema("if")
	if n.ifs != nil {
		n.then = k.schema("then")
		n.els = k.schema("else")
	}

	// Validation: any instance.
	if validation {
		if v := d.Member(r, "type"); v != 0 {
			n.types = k.types(v)
		}
		if v := d.Member(r, "const"); v != 0 {
			n.constv, n.hasConst = v, true
		}
		if v := d.Member(r, "enum"); v != 0 {
			if d.Kind(v) != graft.Array {
				c.fail(p.loc+"/enum", "enum must be an array")
			}
			allStr := true
			for _, e := range d.Items(v) {
				n.enum = append(n.enum, e)
				allStr = allStr && d.Kind(e) == graft.String
			}
			if allStr {
				for _, e := range n.enum {
					s, _ := d.Text(e)
					n.enumList = append(n.enumList, s)
				}
				if len(n.enumList) > 8 {
					n.enumStr = make(map[string]bool, len(n.enumList))
					for _, s := range n.enumList {
						n.enumStr[s] = true
					}
					n.enumList = nil
				}
			}
		}
		// Numbers.
		n.minimum = k.number("minimum")
		n.maximum = k.number("maximum")
		n.exclMin = k.number("exclusiveMinimum")
		n.exclMax = k.number("exclusiveMaximum")
		n.multipleOf = k.number("multipleOf")
		if n.multipleOf != nil && (n.multipleOf.dec.n == 0 || n.multipleOf.dec.neg) {
			c.fail(p.loc+"/multipleOf", "multipleOf must be greater than 0")
		}
		n.numKw = n.minimum != nil || n.maximum != nil || n.exclMin != nil || n.exclMax != nil || n.multipleOf != nil
		// Strings.
		n.minLength = k.count("minLength")
		n.maxLength = k.count("maxLength")
		if s, ok := k.str("pattern"); ok {
			re, err := compilePattern(s)
			if err != nil {
				c.fail(p.loc+"/pattern", "pattern "+strconv.Quote(s)+" is not supported by RE2: "+err.Error())
			}
			n.pattern = re
		}
	}
	if s, ok := k.str("format"); ok {
		n.format = s
		if c.opts.AssertFormat || p.res.assertFormat {
			n.formatCheck = formats[s]
		}
	}
	n.strKw = n.minLength >= 0 || n.maxLength >= 0 || n.pattern != nil || n.formatCheck != nil

	// Objects.
	slotOf := func(name string) int32 {
		if i, ok := n.names[name]; ok {
			return i
		}
		if n.names == nil {
			n.names = map[string]int32{}
		}
		n.names[name] = int32(len(n.slots))
		n.slots = append(n.slots, slot{name: name})
		return int32(len(n.slots) - 1)
	}
	for name, s := range k.schemaMap("properties") {
		n.slots[slotOf(name)].schema = s
	}
	for name, s := range k.schemaMap("dependentSchemas") {
		n.slots[slotOf(name)].depSchema = s
		n.hasDepSchema = true
	}
	if v := d.Member(r, "patternProperties"); v != 0 {
		for name, s := range k.schemaMap("patternProperties") {
			re, err := compilePattern(name)
			if err != nil {
				c.fail(p.loc+"/patternProperties", "pattern "+strconv.Quote(name)+" is not supported by RE2: "+err.Error())
				break
			}
			n.patternProps = append(n.patternProps, patternProp{re: re, schema: s})
		}
	}
	n.additional = k.schema("additionalProperties")
	n.propNames = k.schema("propertyNames")
	n.unevalProps = k.schema("unevaluatedProperties")
	if validation {
		for _, name := range k.strings("required", p.loc+"/required") {
			n.required = append(n.required, slotOf(name))
		}
		if v := d.Member(r, "dependentRequired"); v != 0 {
			for kr, deps := range d.Members(v) {
				name, _ := d.Text(kr)
				i := slotOf(name)
				for _, dep := range k.stringsOf(deps, p.loc+"/dependentRequired/"+escapeToken(name)) {
					j := slotOf(dep)
					n.slots[i].depReq = append(n.slots[i].depReq, j)
				}
				n.hasDepReq = true
			}
		}
		n.minProps = k.count("minProperties")
		n.maxProps = k.count("maxProperties")
	}
	n.objKw = len(n.slots) > 0 || len(n.patternProps) > 0 || n.additional != nil || n.propNames != nil ||
		n.minProps >= 0 || n.maxProps >= 0 || n.unevalProps != nil

	// Arrays.
	n.prefix = k.schemas("prefixItems")
	n.items = k.schema("items")
	n.contains = k.schema("contains")
	n.unevalItems = k.schema("unevaluatedItems")
	if validation {
		n.minItems = k.count("minItems")
		n.maxItems = k.count("maxItems")
		n.minContains = k.count("minContains")
		n.maxContains = k.count("maxContains")
		if v := d.Member(r, "uniqueItems"); v != 0 {
			b, err := d.Bool(v)
			if err != nil {
				c.fail(p.loc+"/uniqueItems", "uniqueItems must be a boolean")
			}
			n.unique = b
		}
	}
	n.inPlaceKw = n.ref != nil || n.dynRef != nil || n.allOf != nil || n.anyOf != nil || n.oneOf != nil || n.not != nil || n.ifs != nil
	n.arrKw = len(n.prefix) > 0 || n.items != nil || n.contains != nil || n.unevalItems != nil ||
		n.minItems >= 0 || n.maxItems >= 0 || n.unique
	n.leaf = !n.objKw && !n.arrKw && !n.inPlaceKw
	if n.slots != nil {
		names := make([]string, len(n.slots))
		for i, s := range n.slots {
			names[i] = s.name
		}
		n.table = newNameTable(names)
	}
	return n
}

// keywords reads the keywords of one schema object.
type keywords struct {
	c *compiler
	r graft.Ref
	p *position
}

func (k keywords) str(kw string) (string, bool) {
	v := k.c.sd.Member(k.r, kw)
	if v == 0 {
		return "", false
	}
	s, err := k.c.sd.Text(v)
	if err != nil {
		k.c.fail(k.p.loc+"/"+kw, kw+" must be a string")
		return "", false
	}
	return s, true
}

func (k keywords) schema(kw string) *node {
	v := k.c.sd.Member(k.r, kw)
	if v == 0 {
		return nil
	}
	return k.sub(v, k.p.loc+"/"+kw)
}

func (k keywords) sub(v graft.Ref, loc string) *node {
	p := k.c.pos[v]
	if p == nil { // not scanned: a subschema of a schema reached through an unknown keyword
		p = &position{res: k.p.res, base: k.p.base, loc: loc}
		k.c.scan(v, p, 0)
		p = k.c.pos[v]
	}
	return k.c.compile(v, p)
}

func (k keywords) schemas(kw string) []*node {
	v := k.c.sd.Member(k.r, kw)
	if v == 0 {
		return nil
	}
	if k.c.sd.Kind(v) != graft.Array || k.c.sd.Len(v) == 0 {
		k.c.fail(k.p.loc+"/"+kw, kw+" must be a non-empty array of schemas")
		return nil
	}
	var out []*node
	for i, s := range k.c.sd.Items(v) {
		out = append(out, k.sub(s, k.p.loc+"/"+kw+"/"+strconv.Itoa(i)))
	}
	return out
}

// schemaMap yields the members of an object of schemas in order.
func (k keywords) schemaMap(kw string) func(func(string, *node) bool) {
	return func(yield func(string, *node) bool) {
		v := k.c.sd.Member(k.r, kw)
		if v == 0 {
			return
		}
		if k.c.sd.Kind(v) != graft.Object {
			k.c.fail(k.p.loc+"/"+kw, kw+" must be an object of schemas")
			return
		}
		for kr, s := range k.c.sd.Members(v) {
			name, _ := k.c.sd.Text(kr)
			if !yield(name, k.sub(s, k.p.loc+"/"+kw+"/"+escapeToken(name))) {
				return
			}
		}
	}
}

// number reads a numeric keyword.
func (k keywords) number(kw string) *bound {
	v := k.c.sd.Member(k.r, kw)
	if v == 0 {
		return nil
	}
	if k.c.sd.Kind(v) != graft.Number {
		k.c.fail(k.p.loc+"/"+kw, kw+" must be a number")
		return nil
	}
	b := &bound{text: k.c.sd.Raw(v)}
	b.dec = parseDecimal(b.text)
	b.i, b.isInt = smallInt(b.text)
	if f, err := strconv.ParseFloat(string(b.text), 64); err == nil {
		b.f, b.isFloat = f, true
	}
	return b
}

// count reads a non-negative integer keyword, -1 when absent.
func (k keywords) count(kw string) int {
	v := k.c.sd.Member(k.r, kw)
	if v == 0 {
		return -1
	}
	if k.c.sd.Kind(v) == graft.Number {
		dec := parseDecimal(k.c.sd.Raw(v))
		if dec.isInt() && !dec.neg {
			if dec.point > 18 {
				return maxInt
			}
			m, e, _ := dec.mantissa()
			for ; e > 0; e-- {
				m *= 10
			}
			return int(min(m, uint64(maxInt)))
		}
	}
	k.c.fail(k.p.loc+"/"+kw, kw+" must be a non-negative integer")
	return -1
}

const maxInt = int(^uint(0) >> 1)

func (k keywords) types(v graft.Ref) uint8 {
	var t uint8
	one := func(e graft.Ref) {
		for i, name := range typeNames {
			if k.c.sd.Equals(e, name) {
				t |= 1 << i
				return
			}
		}
		k.c.fail(k.p.loc+"/type", "type must name JSON types")
	}
	if k.c.sd.Kind(v) == graft.Array {
		for _, e := range k.c.sd.Items(v) {
			one(e)
		}
	} else {
		one(v)
	}
	if t&tNumber != 0 {
		t |= tInteger
	}
	return t
}

func (k keywords) strings(kw, loc string) []string {
	v := k.c.sd.Member(k.r, kw)
	if v == 0 {
		return nil
	}
	return k.stringsOf(v, loc)
}

func (k keywords) stringsOf(v graft.Ref, loc string) []string {
	if k.c.sd.Kind(v) != graft.Array {
		k.c.fail(loc, "must be an array of strings")
		return nil
	}
	var out []string
	for _, e := range k.c.sd.Items(v) {
		s, err := k.c.sd.Text(e)
		if err != nil {
			k.c.fail(loc, "must be an array of strings")
			return nil
		}
		out = append(out, s)
	}
	return out
}

// checkCycles rejects cycles of in-place applicators (a subschema that
// applies itself to the same instance value without ever going deeper, so
// that validation could never end) and chains of them longer than MaxDepth.
// In-place edges are walked depth first; subschemas applied to children of
// the value start walks of their own.
func (c *compiler) checkCycles(root *node) {
	const (
		active = 1
		done   = 2
	)
	state := map[*node]uint8{}
	queue := []*node{root}
	var visit func(n *node, depth int) bool
	visit = func(n *node, depth int) bool {
		if n == nil || state[n] == done {
			return true
		}
		if state[n] == active {
			c.fail(n.loc, "a cycle of references applies this subschema to the same value forever")
			return false
		}
		if depth > c.opts.MaxDepth {
			c.err = &Error{Err: ErrLimit, KeywordLocation: n.loc, Message: "in-place applicators nest deeper than " + strconv.Itoa(c.opts.MaxDepth)}
			return false
		}
		state[n] = active
		inPlace := append(append(append([]*node{n.not, n.ifs, n.then, n.els, n.ref}, n.allOf...), n.anyOf...), n.oneOf...)
		if n.dynRef != nil {
			inPlace = append(inPlace, n.dynRef.static)
		}
		for _, s := range n.slots {
			inPlace = append(inPlace, s.depSchema)
			queue = append(queue, s.schema)
		}
		for _, s := range inPlace {
			if !visit(s, depth+1) {
				return false
			}
		}
		state[n] = done
		queue = append(queue, n.prefix...)
		queue = append(queue, n.items, n.contains, n.unevalItems, n.additional, n.propNames, n.unevalProps)
		for _, pp := range n.patternProps {
			queue = append(queue, pp.schema)
		}
		return true
	}
	for len(queue) > 0 && c.err == nil {
		n := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		visit(n, 0)
	}
}

// pureRef reports whether n does nothing but apply its $ref.
func (n *node) pureRef() bool {
	return n.bool == 0 && n.ref != nil && n.dynRef == nil && n.types == 0 && !n.hasConst && n.enum == nil &&
		!n.numKw && !n.strKw && !n.objKw && !n.arrKw && n.allOf == nil && n.anyOf == nil && n.oneOf == nil &&
		n.not == nil && n.ifs == nil && n.formatCheck == nil
}

// collapseRefs points every subschema pointer that leads to a subschema
// doing nothing but "$ref" (such as {"$ref": "#/$defs/address"}) at the
// subschema the reference names, so that validation takes no step for it.
// Only references within one resource are collapsed: the dynamic scope
// stays the same. Errors name the keywords of the target either way.
func (c *compiler) collapseRefs() {
	for _, p := range c.nodes {
		through := func(s *node) *node {
			for i := 0; s != nil && i < c.opts.MaxDepth && s.pureRef() && s.res == p.res; i++ {
				s = s.ref
			}
			return s
		}
		lists := [][]*node{p.allOf, p.anyOf, p.oneOf, p.prefix}
		for _, list := range lists {
			for i := range list {
				list[i] = through(list[i])
			}
		}
		for _, f := range []**node{&p.not, &p.ifs, &p.then, &p.els, &p.ref, &p.additional, &p.propNames,
			&p.unevalProps, &p.items, &p.contains, &p.unevalItems} {
			*f = through(*f)
		}
		for i := range p.slots {
			p.slots[i].schema = through(p.slots[i].schema)
			p.slots[i].depSchema = through(p.slots[i].depSchema)
		}
		for i := range p.patternProps {
			p.patternProps[i].schema = through(p.patternProps[i].schema)
		}
	}
}
