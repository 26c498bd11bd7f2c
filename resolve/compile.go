package resolve

import (
	"slices"
	"strconv"
	"strings"

	"github.com/graftjson/graft/internal/wire"
	"github.com/graftjson/graft/shape"
)

// pointerEscaper escapes a JSON Pointer reference token (RFC 6901).
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// Plan is a compiled fetch tree, ready to run: NewPlan checked the
// description and precomputed what every request needs (request prefixes,
// quoted names, pointers). A Plan is immutable and keeps no reference to
// the description, so one Plan may serve any number of requests at once
// and the description may be changed or dropped afterwards.
type Plan struct {
	nodes    []cnode  // the tree; nodes[0] is the root
	fetches  []cfetch // every fetch, in the order of the tree
	response *shape.Plan
	maxDepth int // the deepest path, in steps: the length of a request's types
}

const (
	kindFetch uint8 = iota
	kindSequence
	kindParallel
)

// cnode is a node of the compiled tree.
type cnode struct {
	kind     uint8
	fetch    int32   // kindFetch: index in Plan.fetches
	parent   int32   // -1 for the root
	children []int32 // kindSequence and kindParallel
}

// cfetch is a compiled Fetch.
type cfetch struct {
	node      int32
	upstream  string
	operation string
	opName    string
	prefix    []byte   // `{"query":…,"operationName":…,"variables":{` (+`"representations":[` for entities)
	vars      []string // forwarded variables
	varKeys   [][]byte // `"name":` of each
	path      []step
	pointer   string // JSON Pointer of path (root fetches)
	flats     int    // number of "@" steps
	entities  []centity
	multiType bool // more than one entity: objects need "__typename"
	levels    int  // the object levels of path between the root and the objects
}

// step is one element of a fetch's path.
type step struct {
	name   string
	quoted []byte // the name as a JSON string, for error paths
	flat   bool   // "@": every item of a list
	// level is the object level of the value a key step reads its member
	// from (Entity.Within's index), -1 for the data root.
	level int
	// typed: an entity's Within names a type for level, so the walk reads
	// the "__typename" of the objects there.
	typed bool
}

// centity is a compiled Entity.
type centity struct {
	typ     string
	name    string // the "__typename" of the representation
	quoted  []byte // the Type as a JSON string, compared with "__typename"'s text
	head    []byte // `{"__typename":"T"`
	fields  []cfield
	within  []string // Within
	quotedW [][]byte // Within's types quoted as JSON strings; nil for ""
}

// cfield is a compiled Field.
type cfield struct {
	name   string
	key    string
	head   []byte // `,"name":`
	fields []cfield
}

// NewPlan checks the fetch tree root and compiles it into a Plan. response,
// if not nil, is the shape of the client's operation: Execute renders the
// merged data through it (selection, aliases, coercion, null bubbling);
// with nil, Execute prints the merged data as it is.
//
// NewPlan reports, as an *Error wrapping ErrPlan that says where: a nil
// node, a node used twice (a cycle, or one Fetch in two places), a fetch
// without an upstream or an operation, an empty path key, a path starting
// with "@", "@" in the path of a fetch that is not an entity fetch, an entity
// fetch without a path, an Entity without a type or fields, a type listed
// twice, a Field without a name, and variables that are empty, repeated or,
// for an entity fetch, named "representations".
func NewPlan(root Node, response *shape.Plan) (*Plan, error) {
	c := compiler{p: &Plan{response: response}, seen: map[Node]bool{}, at: []place{{name: "root", index: -1}}}
	if _, err := c.node(root, -1); err != nil {
		return nil, err
	}
	return c.p, nil
}

type compiler struct {
	p    *Plan
	seen map[Node]bool
	at   []place // where in the description the compiler is, outermost first
}

// place is a step into the description as an error names it: name (quoted
// and in parentheses when quoted is set), then "[index]" unless index is
// negative. The compiler keeps a stack of them and writes its place out
// only for an error, so that a valid tree costs no strings.
type place struct {
	name   string
	index  int
	quoted bool
}

func (c *compiler) push(p place) { c.at = append(c.at, p) }
func (c *compiler) pop()         { c.at = c.at[:len(c.at)-1] }

// fail is the plan error reason at the compiler's place, followed by step
// when its name is not empty.
func (c *compiler) fail(step place, reason string) error {
	var b []byte
	for _, p := range append(c.at[:len(c.at):len(c.at)], step) {
		if p.quoted {
			b = append(appendQuote(append(b, '('), p.name), ')')
		} else {
			b = append(b, p.name...)
		}
		if p.index >= 0 {
			b = append(strconv.AppendInt(append(b, '['), int64(p.index), 10), ']')
		}
	}
	return &Error{Where: string(b), Reason: reason, Err: ErrPlan}
}

// here is the step that adds nothing to the compiler's place.
var here = place{index: -1}

func (c *compiler) node(n Node, parent int32) (int32, error) {
	if isNil(n) {
		return 0, c.fail(here, "nil node")
	}
	if c.seen[n] {
		return 0, c.fail(here, "node used twice (a cycle, or one node in two places)")
	}
	c.seen[n] = true
	id := int32(len(c.p.nodes))
	c.p.nodes = append(c.p.nodes, cnode{parent: parent})
	var kids []Node
	switch n := n.(type) {
	case *Sequence:
		c.p.nodes[id].kind = kindSequence
		kids = n.Nodes
	case *Parallel:
		c.p.nodes[id].kind = kindParallel
		kids = n.Nodes
	case *Fetch:
		c.p.nodes[id].kind = kindFetch
		c.p.nodes[id].fetch = int32(len(c.p.fetches))
		c.push(place{name: n.Upstream, index: -1, quoted: true})
		f, err := c.fetch(n)
		c.pop()
		if err != nil {
			return 0, err
		}
		f.node = id
		c.p.fetches = append(c.p.fetches, f)
		c.p.maxDepth = max(c.p.maxDepth, len(f.path))
		return id, nil
	default:
		return 0, c.fail(here, "unknown node type")
	}
	children := make([]int32, 0, len(kids))
	for i, k := range kids {
		c.push(place{name: ".Nodes", index: i})
		kid, err := c.node(k, id)
		c.pop()
		if err != nil {
			return 0, err
		}
		children = append(children, kid)
	}
	c.p.nodes[id].children = children
	return id, nil
}

func isNil(n Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *Sequence:
		return n == nil
	case *Parallel:
		return n == nil
	case *Fetch:
		return n == nil
	}
	return false
}

// fetch compiles f; the compiler's place is f's.
func (c *compiler) fetch(f *Fetch) (cfetch, error) {
	cf := cfetch{upstream: f.Upstream, operation: f.Operation, opName: f.OperationName}
	if f.Upstream == "" {
		return cf, c.fail(here, "no upstream")
	}
	if strings.TrimSpace(f.Operation) == "" {
		return cf, c.fail(here, "no operation")
	}
	entity := len(f.Entities) > 0
	var ptr []byte
	for i, s := range f.Path {
		w := place{name: ".Path", index: i}
		switch {
		case s == "":
			return cf, c.fail(w, "empty key")
		case s == "@" && i == 0:
			return cf, c.fail(w, `"@" first: the data root is an object`)
		case s == "@" && !entity:
			return cf, c.fail(w, `"@" in the path of a fetch that is not an entity fetch`)
		case s == "@":
			cf.flats++
			cf.path = append(cf.path, step{flat: true})
		default:
			cf.path = append(cf.path, step{name: s, quoted: appendQuote(nil, s), level: cf.levels - 1})
			cf.levels++
			ptr = append(ptr, '/')
			ptr = append(ptr, pointerEscaper.Replace(s)...)
		}
	}
	cf.pointer = string(ptr)
	if entity && len(f.Path) == 0 {
		return cf, c.fail(place{name: ".Path", index: -1}, "an entity fetch needs a path to its objects")
	}
	if cf.levels > 0 {
		cf.levels-- // the objects' own level
	}
	seen := map[string]bool{}
	for i, v := range f.Variables {
		w := place{name: ".Variables", index: i}
		switch {
		case v == "":
			return cf, c.fail(w, "empty name")
		case seen[v]:
			return cf, c.fail(w, "variable "+quote(v)+" listed twice")
		case entity && v == "representations":
			return cf, c.fail(w, `"representations" is the entity fetch's own variable`)
		}
		seen[v] = true
		cf.vars = append(cf.vars, v)
		k := appendQuote(nil, v)
		cf.varKeys = append(cf.varKeys, append(k, ':'))
	}
	for i, e := range f.Entities {
		w := place{name: ".Entities", index: i}
		if e.Type == "" {
			return cf, c.fail(w, "no type")
		}
		if len(e.Within) > 0 && len(e.Within) != cf.levels {
			return cf, c.fail(w, "Within names "+strconv.Itoa(len(e.Within))+" types for the "+strconv.Itoa(cf.levels)+" object levels of the path before the objects")
		}
		for _, o := range f.Entities[:i] {
			if o.Type == e.Type && slices.Equal(o.Within, e.Within) {
				return cf, c.fail(w, "type "+quote(e.Type)+" listed twice with one Within")
			}
		}
		if len(e.Fields) == 0 {
			return cf, c.fail(w, "no fields: a representation needs its key")
		}
		name := e.Typename
		if name == "" {
			name = e.Type
		}
		ce := centity{typ: e.Type, name: name, quoted: appendQuote(nil, e.Type)}
		ce.head = appendQuote([]byte(`{"__typename":`), name)
		c.push(w)
		fields, err := c.fields(e.Fields)
		c.pop()
		if err != nil {
			return cf, err
		}
		ce.fields = fields
		if len(e.Within) > 0 {
			ce.within = append([]string(nil), e.Within...)
			ce.quotedW = make([][]byte, len(e.Within))
			for k, t := range e.Within {
				if t != "" {
					ce.quotedW[k] = appendQuote(nil, t)
					for s := range cf.path {
						if cf.path[s].level == k && !cf.path[s].flat {
							cf.path[s].typed = true
						}
					}
				}
			}
		}
		cf.entities = append(cf.entities, ce)
	}
	cf.multiType = len(cf.entities) > 1

	b := make([]byte, 0, len(`{"query":,"operationName":,"variables":{"representations":[`)+len(f.Operation)+len(f.OperationName)+8)
	b = appendQuote(append(b, `{"query":`...), f.Operation)
	if f.OperationName != "" {
		b = appendQuote(append(b, `,"operationName":`...), f.OperationName)
	}
	b = append(b, `,"variables":{`...)
	if entity {
		b = append(b, `"representations":[`...)
	}
	cf.prefix = b
	return cf, nil
}

// fields compiles fs, the Fields of the element at the compiler's place.
func (c *compiler) fields(fs []Field) ([]cfield, error) {
	out := make([]cfield, 0, len(fs))
	for i, f := range fs {
		w := place{name: ".Fields", index: i}
		if f.Name == "" {
			return nil, c.fail(w, "no name")
		}
		cf := cfield{name: f.Name, key: f.Key}
		if cf.key == "" {
			cf.key = f.Name
		}
		cf.head = append(appendQuote([]byte{','}, f.Name), ':')
		if len(f.Fields) > 0 {
			c.push(w)
			sub, err := c.fields(f.Fields)
			c.pop()
			if err != nil {
				return nil, err
			}
			cf.fields = sub
		}
		out = append(out, cf)
	}
	return out, nil
}

func appendQuote(dst []byte, s string) []byte { return wire.AppendQuote(dst, s) }

// AppendText appends a readable listing of the fetch tree to dst: one line
// per Sequence and Parallel, and for each Fetch its upstream, its path, the
// types and fields of its representations and its operation text.
func (p *Plan) AppendText(dst []byte) []byte {
	return p.appendNode(dst, 0, "")
}

// String returns the listing of AppendText.
func (p *Plan) String() string { return string(p.AppendText(nil)) }

func (p *Plan) appendNode(b []byte, id int32, indent string) []byte {
	n := &p.nodes[id]
	switch n.kind {
	case kindSequence, kindParallel:
		b = append(b, indent...)
		if n.kind == kindSequence {
			b = append(b, "Sequence {\n"...)
		} else {
			b = append(b, "Parallel {\n"...)
		}
		for _, k := range n.children {
			b = p.appendNode(b, k, indent+"  ")
		}
		return append(append(b, indent...), "}\n"...)
	}
	f := &p.fetches[n.fetch]
	b = append(b, indent...)
	b = append(b, "Fetch(service: "...)
	b = appendQuote(b, f.upstream)
	b = append(b, ')')
	if len(f.path) > 0 {
		b = append(b, " at "...)
		for i, s := range f.path {
			if i > 0 {
				b = append(b, '.')
			}
			if s.flat {
				b = append(b, '@')
			} else {
				b = append(b, s.name...)
			}
		}
	}
	b = append(b, " {\n"...)
	in := indent + "  "
	for _, e := range f.entities {
		b = append(b, in...)
		b = append(b, "representations of "...)
		b = append(b, e.typ...)
		if e.name != e.typ {
			b = append(b, " as "...)
			b = append(b, e.name...)
		}
		if e.within != nil {
			b = append(b, " within ["...)
			for k, t := range e.within {
				if k > 0 {
					b = append(b, ", "...)
				}
				if t == "" {
					t = "*"
				}
				b = append(b, t...)
			}
			b = append(b, ']')
		}
		b = append(b, ": {__typename"...)
		b = appendFieldList(b, e.fields)
		b = append(b, "}\n"...)
	}
	if len(f.vars) > 0 {
		b = append(b, in...)
		b = append(b, "variables:"...)
		for _, v := range f.vars {
			b = append(b, " $"...)
			b = append(b, v...)
		}
		b = append(b, '\n')
	}
	if f.opName != "" {
		b = append(b, in...)
		b = append(b, "operation name: "...)
		b = append(b, f.opName...)
		b = append(b, '\n')
	}
	for _, line := range strings.Split(strings.TrimSpace(f.operation), "\n") {
		b = append(b, in...)
		b = append(b, strings.TrimRight(line, " \t\r")...)
		b = append(b, '\n')
	}
	return append(append(b, indent...), "}\n"...)
}

func appendFieldList(b []byte, fs []cfield) []byte {
	for _, f := range fs {
		b = append(b, ' ')
		b = append(b, f.name...)
		if f.key != f.name {
			b = append(b, " <- "...)
			b = append(b, f.key...)
		}
		if len(f.fields) > 0 {
			b = append(b, " {"...)
			b = appendFieldList(b, f.fields)
			b = append(b, " }"...)
		}
	}
	return b
}
