package resolve

import (
	"strconv"
	"strings"

	"github.com/graftjson/graft/internal/wire"
	"github.com/graftjson/graft/shape"
)

// Plan is a compiled fetch tree, ready to run: NewPlan checked the
// description and precomputed what every request needs (request prefixes,
// quoted names, pointers). A Plan is immutable and keeps no reference to
// the description, so one Plan may serve any number of requests at once
// and the description may be changed or dropped afterwards.
type Plan struct {
	nodes    []cnode  // the tree; nodes[0] is the root
	fetches  []cfetch // every fetch, in the order of the tree
	response *shape.Plan
	maxDepth int // the deepest path, in steps
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
}

// step is one element of a fetch's path.
type step struct {
	name   string
	quoted []byte // the name as a JSON string, for error paths
	flat   bool   // "@": every item of a list
}

// centity is a compiled Entity.
type centity struct {
	typ    string
	name   string // the "__typename" of the representation
	quoted []byte // the Type as a JSON string, compared with "__typename"'s text
	head   []byte // `{"__typename":"T"`
	fields []cfield
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
	c := compiler{p: &Plan{response: response}, seen: map[Node]bool{}}
	if _, err := c.node(root, -1, "root"); err != nil {
		return nil, err
	}
	return c.p, nil
}

type compiler struct {
	p    *Plan
	seen map[Node]bool
}

func planError(where, reason string) error {
	return &Error{Where: where, Reason: reason, Err: ErrPlan}
}

func (c *compiler) node(n Node, parent int32, where string) (int32, error) {
	if isNil(n) {
		return 0, planError(where, "nil node")
	}
	if c.seen[n] {
		return 0, planError(where, "node used twice (a cycle, or one node in two places)")
	}
	c.seen[n] = true
	id := int32(len(c.p.nodes))
	c.p.nodes = append(c.p.nodes, cnode{parent: parent})
	var kids []Node
	switch n := n.(type) {
	case *Sequence:
		c.p.nodes[id].kind = kindSequence
		kids, where = n.Nodes, where+".Nodes"
	case *Parallel:
		c.p.nodes[id].kind = kindParallel
		kids, where = n.Nodes, where+".Nodes"
	case *Fetch:
		c.p.nodes[id].kind = kindFetch
		c.p.nodes[id].fetch = int32(len(c.p.fetches))
		f, err := compileFetch(n, where)
		if err != nil {
			return 0, err
		}
		f.node = id
		c.p.fetches = append(c.p.fetches, f)
		c.p.maxDepth = max(c.p.maxDepth, len(f.path))
		return id, nil
	default:
		return 0, planError(where, "unknown node type")
	}
	children := make([]int32, 0, len(kids))
	for i, k := range kids {
		kid, err := c.node(k, id, where+"["+strconv.Itoa(i)+"]")
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

func compileFetch(f *Fetch, where string) (cfetch, error) {
	where += "(" + quote(f.Upstream) + ")"
	c := cfetch{upstream: f.Upstream, operation: f.Operation, opName: f.OperationName}
	if f.Upstream == "" {
		return c, planError(where, "no upstream")
	}
	if strings.TrimSpace(f.Operation) == "" {
		return c, planError(where, "no operation")
	}
	entity := len(f.Entities) > 0
	var ptr []byte
	for i, s := range f.Path {
		w := where + ".Path[" + strconv.Itoa(i) + "]"
		switch {
		case s == "":
			return c, planError(w, "empty key")
		case s == "@" && i == 0:
			return c, planError(w, `"@" first: the data root is an object`)
		case s == "@" && !entity:
			return c, planError(w, `"@" in the path of a fetch that is not an entity fetch`)
		case s == "@":
			c.flats++
			c.path = append(c.path, step{flat: true})
		default:
			c.path = append(c.path, step{name: s, quoted: appendQuote(nil, s)})
			ptr = append(ptr, '/')
			ptr = append(ptr, strings.NewReplacer("~", "~0", "/", "~1").Replace(s)...)
		}
	}
	c.pointer = string(ptr)
	if entity && len(f.Path) == 0 {
		return c, planError(where+".Path", "an entity fetch needs a path to its objects")
	}
	seen := map[string]bool{}
	for i, v := range f.Variables {
		w := where + ".Variables[" + strconv.Itoa(i) + "]"
		switch {
		case v == "":
			return c, planError(w, "empty name")
		case seen[v]:
			return c, planError(w, "variable "+quote(v)+" listed twice")
		case entity && v == "representations":
			return c, planError(w, `"representations" is the entity fetch's own variable`)
		}
		seen[v] = true
		c.vars = append(c.vars, v)
		k := appendQuote(nil, v)
		c.varKeys = append(c.varKeys, append(k, ':'))
	}
	types := map[string]bool{}
	for i, e := range f.Entities {
		w := where + ".Entities[" + strconv.Itoa(i) + "]"
		if e.Type == "" {
			return c, planError(w, "no type")
		}
		if types[e.Type] {
			return c, planError(w, "type "+quote(e.Type)+" listed twice")
		}
		types[e.Type] = true
		if len(e.Fields) == 0 {
			return c, planError(w, "no fields: a representation needs its key")
		}
		name := e.Typename
		if name == "" {
			name = e.Type
		}
		ce := centity{typ: e.Type, name: name, quoted: appendQuote(nil, e.Type)}
		ce.head = appendQuote([]byte(`{"__typename":`), name)
		fields, err := compileFields(e.Fields, w+".Fields")
		if err != nil {
			return c, err
		}
		ce.fields = fields
		c.entities = append(c.entities, ce)
	}
	c.multiType = len(c.entities) > 1

	b := appendQuote([]byte(`{"query":`), f.Operation)
	if f.OperationName != "" {
		b = appendQuote(append(b, `,"operationName":`...), f.OperationName)
	}
	b = append(b, `,"variables":{`...)
	if entity {
		b = append(b, `"representations":[`...)
	}
	c.prefix = b
	return c, nil
}

func compileFields(fs []Field, where string) ([]cfield, error) {
	out := make([]cfield, 0, len(fs))
	for i, f := range fs {
		w := where + "[" + strconv.Itoa(i) + "]"
		if f.Name == "" {
			return nil, planError(w, "no name")
		}
		cf := cfield{name: f.Name, key: f.Key}
		if cf.key == "" {
			cf.key = f.Name
		}
		cf.head = append(appendQuote([]byte{','}, f.Name), ':')
		if len(f.Fields) > 0 {
			sub, err := compileFields(f.Fields, w+".Fields")
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
