package graphql

import (
	"errors"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// MaxPlanFields is the most fields one compiled operation may select, with
// every fragment expanded where it is spread (an abstract position counts
// its largest case, as one case is rendered per object), and the most
// fields Compile builds for it (selections that come out the same are
// built once and shared): a bound on the memory and time a small document
// with nested fragments can cost, and on the response one object of data
// can produce.
const MaxPlanFields = 1 << 20

// MaxRepeats is the most field nodes of one response name that one
// selection may collect with its fragments expanded. A fragment spread
// twice under different @skip/@include conditions is expanded twice, so
// a few hundred bytes of fragments that spread the next one twice collect
// 2^levels nodes of one field into one selection; the plan relates each
// node to the others of its name (the first whose condition holds is
// rendered). Unconditional repeats of a fragment are collected once, and
// documents that spread many fragments selecting "id" stay far below.
const MaxRepeats = 256

// DefaultMaxDepth is the nesting limit of an operation when
// Options.MaxDepth is zero.
const DefaultMaxDepth = 1000

// Options configure a Schema. The zero value is ready to use. Normalize
// reads only the limits (MaxDepth, MaxTokens, MaxBytes); the other options
// shape what Compile builds, so a Schema parsed for a planner
// (KeepLiterals, KeyByResponseName) normalizes the requests it plans too.
type Options struct {
	// MaxDepth is the most levels an operation may nest: the braces and
	// brackets of its document, and its fields with fragments expanded
	// (a root field is at level 1). A deeper operation is a request error,
	// "The operation exceeds the maximum depth of N.", located at the
	// brace or bracket, or at a field of the selection, that passes the
	// limit. Zero means DefaultMaxDepth (1000, the default
	// nesting limit of a graft.Doc, so a deeper field could never hold
	// data); a negative value means no limit.
	MaxDepth int
	// MaxTokens is the most tokens an operation may hold (zero means
	// DefaultMaxTokens; negative, no limit), and MaxBytes its largest
	// size in bytes (zero means DefaultMaxBytes; negative, no limit).
	// Either passed is a request error.
	MaxTokens, MaxBytes int
	// MaxFields is the most field nodes Compile collects for an
	// operation, with its fragments expanded where they are spread and
	// repeats included, and the most @skip/@include conditions the nodes
	// carry (each spread under a condition adds one to each of the nodes
	// it expands to); more is a request error, "The operation is too
	// large: …". Zero, or a larger value, means MaxPlanFields. A gateway
	// that bounds the fields it plans sets it to what it allows, so that
	// a small document of fragments spread under @skip/@include at every
	// level (each spread expanded: 2^levels nodes) is refused at that
	// cost and not at MaxPlanFields'.
	MaxFields int
	// KeyByResponseName compiles plans that read each field from the data
	// member named by its response name (the alias, or the field name)
	// instead of its schema field name: the data a federation gateway
	// merges from upstream operations that kept the client's aliases.
	// Error messages still name the schema field. The root fields __schema
	// and __type are then copied from the data as they are (the gateway
	// answers introspection itself) instead of being a request error.
	KeyByResponseName bool
	// KeepLiterals makes Compile leave field argument literals in the
	// operation (Definition) instead of making variables of them, for a
	// planner that writes upstream operations from the tree. They are
	// then parsed and validated by gqlparser (its messages, with their
	// suggestions), so a huge literal costs what gqlparser costs: a
	// gateway normalizes a request (Normalize) before it compiles it.
	KeepLiterals bool
	// Hidden names the types and enum values ("Color.MAUVE") that the
	// schema leaves out but upstream data may hold (a federation gateway's
	// @inaccessible elements): response plans render such a value as null
	// at a nullable position, without an error (see shape.Options.Hidden).
	// The Schema keeps the map: it must not be modified afterwards.
	Hidden map[string]bool
}

// Schema is a parsed and validated GraphQL schema. It is immutable and safe
// for concurrent use.
type Schema struct {
	s      *ast.Schema
	types  map[string]bool // type name -> is an object type
	depth  int             // the nesting limit of operations; < 0: none
	byName bool            // Options.KeyByResponseName
	keep   bool            // Options.KeepLiterals
	hidden map[string]bool // Options.Hidden

	maxTokens, maxBytes int                                        // limits of operations; < 0: none
	maxFields           int                                        // Options.MaxFields, at most MaxPlanFields
	fields              map[string]map[string]*ast.FieldDefinition // of object and interface types
	inputs              map[string]*inputType
	enums               map[string]map[string]bool
	argTypes            map[*ast.Type]*inType     // of every field argument
	leaves              map[string]*[2]shape.Type // scalar and enum types: nullable, non-null
	sdlSum              uint64                    // a hash of the SDL: schemas of one text check literals alike
}

// sdlSeed seeds Schema.sdlSum.
var sdlSeed = maphash.MakeSeed()

// ParseSchema parses and validates the SDL text of a schema, with the
// options of the operations compiled against it. It returns a
// *SchemaError with the position of the first problem.
func ParseSchema(sdl string, opts Options) (*Schema, error) {
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "schema", Input: sdl})
	if err != nil {
		se := &SchemaError{Message: err.Error()}
		var ge *gqlerror.Error
		if errors.As(err, &ge) {
			se.Message = ge.Message
			if len(ge.Locations) > 0 {
				se.Line, se.Column = ge.Locations[0].Line, ge.Locations[0].Column
			}
		}
		return nil, se
	}
	if s.Query == nil { // GraphQL requires the query root type
		msg := "the schema defines no query type (type Query, or schema { query: … })"
		if strings.TrimSpace(sdl) == "" {
			msg = "the schema is empty"
		}
		return nil, &SchemaError{Message: msg}
	}
	types := make(map[string]bool, len(s.Types))
	for name, def := range s.Types {
		types[name] = def.Kind == ast.Object
	}
	depth := opts.MaxDepth
	if depth == 0 {
		depth = DefaultMaxDepth
	}
	sc := &Schema{s: s, types: types, depth: depth, byName: opts.KeyByResponseName, keep: opts.KeepLiterals, hidden: opts.Hidden, maxTokens: opts.MaxTokens, maxBytes: opts.MaxBytes}
	if sc.maxTokens == 0 {
		sc.maxTokens = DefaultMaxTokens
	}
	if sc.maxBytes == 0 {
		sc.maxBytes = DefaultMaxBytes
	}
	sc.maxFields = MaxPlanFields
	if opts.MaxFields > 0 {
		sc.maxFields = min(opts.MaxFields, MaxPlanFields)
	}
	sc.indexTypes()
	sc.sdlSum = maphash.String(sdlSeed, sdl)
	return sc, nil
}

// Operation is one compiled operation of a document: its response Plan and
// what coercing its variables needs. It is immutable and safe for
// concurrent use.
type Operation struct {
	schema *Schema
	op     *ast.OperationDefinition
	plan   *shape.Plan

	literals     graft.Doc // the values of the variables made of literals,
	literalsRoot graft.Ref // members of this object (0: none)

	// The operation's own variable definitions, in order, where they are
	// in the source, and their indexes by name.
	vars     []*ast.VariableDefinition
	varTypes []*inType
	varLocs  []shape.Location
	varIndex map[string]int

	ifVars []string // variables of @skip/@include that CollectFields reads
}

// Plan returns the response plan of the operation.
func (o *Operation) Plan() *shape.Plan { return o.plan }

// Compile normalizes the GraphQL document query (see Normalize: the
// operation named operationName is selected — the name may be empty when
// the document holds one operation — and its argument literals are
// checked and moved into variables in one pass), parses and validates the
// small normalized operation against s, and compiles its response plan.
// Problems with the request are a *RequestError, whose response has no
// "data"; their locations are in query.
func Compile(s *Schema, query, operationName string) (*Operation, error) {
	var n normalizer
	n.init(s, query)
	defer n.free()
	n.keep = s.keep
	n.unique = true
	if !n.document() {
		return nil, n.requestError()
	}
	norm, err := n.write(operationName, true)
	if err != nil {
		return nil, err
	}
	defer release(n.vals)
	doc, err := parser.ParseQuery(&ast.Source{Name: "query", Input: norm.text})
	if err != nil {
		return nil, norm.requestError(err)
	}
	if errs := validate(s.s, doc, norm.hidden, n.unique); len(errs) > 0 {
		return nil, norm.requestError(errs)
	}
	op := doc.Operations[0] // the normalized document holds the selected operation only
	var root *ast.Definition
	switch op.Operation {
	case ast.Mutation:
		root = s.s.Mutation
	case ast.Subscription:
		root = s.s.Subscription
	default:
		root = s.s.Query
	}
	if root == nil {
		return nil, &RequestError{Problems: []Problem{problem("Schema is not configured to execute "+string(op.Operation)+" operation.", norm.loc(op.Position))}}
	}
	c := compiler{schema: s.s, leaves: s.leaves, maxDepth: s.depth, maxFields: s.maxFields, byName: s.byName, memo: map[string]selected{}, pos: &norm}
	c.stacks, _ = stacksPool.Get().(*stacks)
	if c.stacks == nil {
		c.stacks = new(stacks)
	}
	defer c.free()
	fields, _, _ := c.selection(root, []occurrence{{set: op.SelectionSet}})
	if c.err != nil {
		return nil, &RequestError{Problems: []Problem{*c.err}}
	}
	plan, err := shape.New(&shape.Type{Kind: shape.Object, Name: root.Name, Fields: fields}, shape.Options{Types: s.types, Hidden: s.hidden})
	if err != nil {
		return nil, err
	}
	o := &Operation{schema: s, op: op, plan: plan, ifVars: c.ifVars}
	o.variables(&n, &norm, op)
	if len(norm.used) > 0 {
		if o.literalsRoot, err = o.literals.Parse(n.appendLiterals([]byte{'{'}, 0, norm.used)); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// requestError converts gqlparser's errors about the normalized text into
// a *RequestError located in the source.
func (nz *normalized) requestError(err error) *RequestError {
	re := requestError(err)
	for i := range re.Problems {
		for j, l := range re.Problems[i].Locations {
			re.Problems[i].Locations[j] = nz.pos.location(nz.pos.textLines.offset(nz.text, l.Line, l.Column))
		}
	}
	return re
}

// loc returns the source location of a position in the normalized text.
func (nz *normalized) loc(p *ast.Position) shape.Location {
	if p == nil {
		return shape.Location{}
	}
	return nz.pos.location(p.Start)
}

func requestError(err error) *RequestError {
	var list gqlerror.List
	var one *gqlerror.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = gqlerror.List{one}
	default:
		return &RequestError{Problems: []Problem{problem(err.Error())}}
	}
	re := &RequestError{}
	for _, e := range list {
		p := Problem{Message: e.Message}
		for _, l := range e.Locations {
			p.Locations = append(p.Locations, shape.Location{Line: l.Line, Column: l.Column})
		}
		re.Problems = append(re.Problems, p)
	}
	return re
}

// occurrence is a selection set to collect under a condition: the
// sub-selection of one field node of a merged field.
type occurrence struct {
	set  ast.SelectionSet
	cond shape.Cond
}

// collected is one field node found by CollectFields, with the condition
// under which it is included and whether a fragment spread reached it.
type collected struct {
	field  *ast.Field
	cond   shape.Cond
	spread bool
}

type compiler struct {
	schema    *ast.Schema
	leaves    map[string]*[2]shape.Type
	maxDepth  int  // < 0: no limit
	maxFields int  // Options.MaxFields: the field nodes read may not pass it
	byName    bool // Options.KeyByResponseName
	depth     int  // the level of the fields being compiled
	fields    int  // plan fields built
	read      int  // field nodes collected (maxFields bounds them)
	tests     int  // condition tests copied as they were collected (maxFields bounds them)
	err       *Problem

	// Selections are shared: two positions whose collected field nodes
	// (with their conditions and schema types) are the same get one
	// []shape.Field, so the plan is a DAG. A type with many
	// implementations costs one selection per distinct shape, not one per
	// possible type at every level. Only a selection that can be met
	// again is looked up and kept: one under a fragment spread or an
	// abstract type (shared > 0 while one of those is compiled); the
	// others, whose field nodes have one path from the root, are not.
	memo   map[string]selected
	key    []byte
	shared int

	typeBlock  []shape.Type  // see newType
	fieldBlock []shape.Field // see newFields

	*stacks

	pos    *normalized // locations in the source
	ifVars []string    // variables of the @skip/@include directives evaluated
}

func (c *compiler) loc(p *ast.Position) shape.Location { return c.pos.loc(p) }

// stacks is the scratch of selection, used as stacks (a call truncates
// them back to where they were when it returns), so that compiling a
// selection allocates its results only. It is kept between calls in
// stacksPool, as a normalizer's scratch is (see scratch).
type stacks struct {
	nodes []collected
	ints  []int
	names []string
	occs  []occurrence
	index map[string]int
}

var stacksPool sync.Pool

// free empties c's stacks into stacksPool.
func (c *compiler) free() {
	st := c.stacks
	c.stacks = nil
	st.nodes = emptied(st.nodes)
	st.ints = emptied(st.ints)
	st.names = emptied(st.names)
	st.occs = emptied(st.occs)
	st.index = emptiedMap(st.index)
	stacksPool.Put(st)
}

// newType returns a zero plan type, from a block of them: the plan types
// live until shape.New has read them, all alike.
func (c *compiler) newType() *shape.Type {
	if len(c.typeBlock) == 0 {
		c.typeBlock = make([]shape.Type, 64)
	}
	t := &c.typeBlock[0]
	c.typeBlock = c.typeBlock[1:]
	return t
}

// newFields returns an empty slice of plan fields with room for n, from a
// block of them (see newType).
func (c *compiler) newFields(n int) []shape.Field {
	if n > 64 {
		return make([]shape.Field, 0, n)
	}
	if len(c.fieldBlock) < n {
		c.fieldBlock = make([]shape.Field, 256)
	}
	f := c.fieldBlock[:0:n]
	c.fieldBlock = c.fieldBlock[n:]
	return f
}

// selected is a compiled selection: its fields, how many fields it
// selects (expanded; an abstract position counts its largest case) and
// how many levels it nests.
type selected struct {
	fields []shape.Field
	size   int
	height int
}

// selection returns the plan fields of the object type obj for the
// sub-selections occs of one (possibly merged) field: CollectFields over
// every occurrence, in document order, one plan field per field node, each
// with the merged sub-selection of its response name. It also returns the
// number of fields the selection holds, expanded, and its levels.
func (c *compiler) selection(obj *ast.Definition, occs []occurrence) (fields []shape.Field, size, height int) {
	same := true
	for _, o := range occs[1:] {
		if !equalCond(o.cond, occs[0].cond) {
			same = false
		}
	}
	nodeBase, intBase, nameBase := len(c.nodes), len(c.ints), len(c.names)
	defer func() {
		clear(c.nodes[nodeBase:])
		clear(c.names[nameBase:])
		c.nodes, c.ints, c.names = c.nodes[:nodeBase], c.ints[:intBase], c.names[:nameBase]
	}()
	// One set of visited fragments for all the occurrences, as
	// graphql-js's CollectSubfields keeps.
	visited := map[string]bool{}
	for _, o := range occs {
		// When every occurrence has the same condition, the rendered
		// occurrence implies it and its sub-fields need not repeat it.
		cond := o.cond
		if same {
			cond = nil
		}
		c.nodes = c.collect(obj, o.set, cond, c.nodes, visited, false)
	}
	nodes := c.nodes[nodeBase:]
	memo := c.shared > 0
	for i := 0; i < len(nodes) && !memo; i++ {
		memo = nodes[i].spread
	}
	var key string
	if memo {
		c.key = c.keyOf(c.key[:0], obj, nodes)
		if sel, ok := c.memo[string(c.key)]; ok {
			if c.maxDepth >= 0 && c.depth+sel.height > c.maxDepth {
				c.tooDeep(nodes) // reached at a deeper level than it was built
			}
			return sel.fields, sel.size, sel.height
		}
		key = string(c.key) // c.key is reused below
	}
	// The nodes by response name: group[i] is node i's, in the order the
	// names first appear; members lists each group's nodes, from
	// start[g] to start[g+1].
	c.ints = slices.Grow(c.ints, len(nodes))[:intBase+len(nodes)]
	group := c.ints[intBase:]
	many := false // names are found through c.index
	for i, n := range nodes {
		name := responseName(n.field)
		names := c.names[nameBase:]
		g := -1
		if many {
			if j, ok := c.index[name]; ok {
				g = j
			}
		} else {
			g = slices.Index(names, name)
		}
		if g < 0 {
			g = len(names)
			c.names = append(c.names, name)
			if many {
				c.index[name] = g
			} else if len(names) >= 16 {
				many = true
				if c.index == nil {
					c.index = make(map[string]int, len(nodes))
				}
				clear(c.index)
				for j, n := range c.names[nameBase:] {
					c.index[n] = j
				}
			}
		}
		group[i] = g
	}
	names := c.names[nameBase:]
	mark := len(c.ints)
	c.ints = slices.Grow(c.ints, len(names)+1+len(nodes)+len(names))[:mark+len(names)+1+len(nodes)+len(names)]
	ints := c.ints[mark:]
	clear(ints)
	start, members, next := ints[:len(names)+1], ints[len(names)+1:len(names)+1+len(nodes)], ints[len(names)+1+len(nodes):]
	for _, g := range group {
		start[g+1]++
	}
	for g := range names {
		start[g+1] += start[g]
	}
	copy(next, start)
	for i, g := range group {
		members[next[g]] = i
		next[g]++
	}
	for g, name := range names {
		if n := start[g+1] - start[g]; n > MaxRepeats && c.err == nil {
			c.err = &Problem{Message: "The operation is too large: with its fragments expanded where they are spread, one selection has more than " + itoa(MaxRepeats) + ` fields "` + name + `".`, Locations: []shape.Location{c.loc(nodes[members[start[g]]].field.Position)}}
		}
	}
	types := make([]*shape.Type, len(names))
	if len(nodes) > 0 {
		c.depth++
		if c.maxDepth >= 0 && c.depth > c.maxDepth {
			c.tooDeep(nodes)
		}
		if memo {
			c.shared++ // what is under a selection met again is met again
		}
		for g := range names {
			t, n, h := c.fieldType(obj, nodes, members[start[g]:start[g+1]])
			types[g] = t
			size += 1 + n
			height = max(height, h)
		}
		if memo {
			c.shared--
		}
		c.depth--
		height++
	}
	out := c.newFields(len(nodes))
	for i, n := range nodes {
		name := names[group[i]]
		f := shape.Field{Name: name, Key: n.field.Name, Type: types[group[i]], Loc: c.loc(n.field.Position), If: n.cond}
		if c.byName {
			f.Key, f.Schema = name, n.field.Name
		}
		out = append(out, f)
	}
	c.fields += len(out)
	if (c.fields > MaxPlanFields || size > MaxPlanFields) && c.err == nil {
		c.err = &Problem{Message: "The operation is too large: with its fragments expanded where they are spread, it selects more than " + itoa(MaxPlanFields) + " fields."}
	}
	if memo {
		c.memo[key] = selected{fields: out, size: size, height: height}
	}
	return out, size, height
}

// keyOf appends to k the memo key of the collected field nodes of a
// selection on obj: each node's identity (its offset in the document),
// its condition and its schema type on obj, which are all that the
// compiled fields depend on.
func (c *compiler) keyOf(k []byte, obj *ast.Definition, nodes []collected) []byte {
	for _, n := range nodes {
		k = strconv.AppendInt(k, int64(n.field.Position.Start), 10)
		for _, cl := range n.cond {
			k = append(k, '|')
			for _, t := range cl {
				if t.Value {
					k = append(k, '+')
				} else {
					k = append(k, '-')
				}
				k = append(k, t.Var...)
			}
		}
		k = append(k, ':')
		if def := obj.Fields.ForName(n.field.Name); def != nil {
			k = append(k, def.Type.String()...)
		}
		k = append(k, ';')
	}
	return k
}

// tooDeep records the depth error at the first of nodes.
func (c *compiler) tooDeep(nodes []collected) {
	if c.err == nil {
		p := tooDeep(c.maxDepth, c.loc(nodes[0].field.Position))
		c.err = &p
	}
}

func tooDeep(limit int, l shape.Location) Problem {
	return Problem{Message: "The operation exceeds the maximum depth of " + itoa(limit) + ".", Locations: []shape.Location{l}}
}

func responseName(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}

// fieldType returns the plan type of the field nodes idx of nodes, which
// share a response name, on the object type obj.
func (c *compiler) fieldType(obj *ast.Definition, nodes []collected, idx []int) (t *shape.Type, size, height int) {
	first := nodes[idx[0]].field
	if first.Name == "__typename" {
		return typenameType, 0, 0
	}
	if c.err != nil {
		return &shape.Type{Kind: shape.Custom}, 0, 0
	}
	if c.byName && (first.Name == "__schema" || first.Name == "__type") {
		return &shape.Type{Kind: shape.Custom, NonNull: first.Name == "__schema", Name: first.Name}, 0, 0
	}
	def := obj.Fields.ForName(first.Name)
	if def == nil || first.Name == "__schema" || first.Name == "__type" {
		c.err = &Problem{Message: `Introspection field "` + first.Name + `" is not supported when shaping data.`, Locations: []shape.Location{c.loc(first.Position)}}
		return &shape.Type{Kind: shape.Custom}, 0, 0
	}
	base := len(c.occs)
	for _, i := range idx {
		c.occs = append(c.occs, occurrence{set: nodes[i].field.SelectionSet, cond: nodes[i].cond})
	}
	t, size, height = c.outputType(def.Type, c.occs[base:])
	clear(c.occs[base:])
	c.occs = c.occs[:base]
	return t, size, height
}

// typenameType is the plan type of every __typename field (shared, never
// changed).
var typenameType = &shape.Type{Kind: shape.Typename}

// outputType returns the plan type of a field of schema type t whose
// sub-selections are occs, with the number of fields and levels its
// selection holds.
func (c *compiler) outputType(t *ast.Type, occs []occurrence) (st *shape.Type, size, height int) {
	if t.Elem != nil {
		of, size, height := c.outputType(t.Elem, occs)
		st := c.newType()
		*st = shape.Type{Kind: shape.List, NonNull: t.NonNull, Of: of}
		return st, size, height
	}
	if l := c.leaves[t.NamedType]; l != nil {
		if t.NonNull {
			return &l[1], 0, 0
		}
		return &l[0], 0, 0
	}
	def := c.schema.Types[t.NamedType]
	st = c.newType()
	*st = shape.Type{NonNull: t.NonNull, Name: t.NamedType}
	switch def.Kind {
	case ast.Object:
		st.Kind = shape.Object
		st.Fields, size, height = c.selection(def, occs)
	default: // Interface, Union
		st.Kind = shape.Abstract
		c.shared++ // every case collects the same field nodes
		defer func() { c.shared-- }()
		for _, pt := range c.schema.GetPossibleTypes(def) {
			if pt.Kind != ast.Object {
				// gqlparser lists an interface's implementing interfaces
				// among its possible types; a runtime type is an object
				// type, so data naming an interface gets the error an
				// unknown type gets.
				continue
			}
			fields, n, h := c.selection(pt, occs)
			st.Cases = append(st.Cases, shape.Case{Type: pt.Name, Fields: fields})
			size, height = max(size, n), max(height, h)
		}
	}
	return st, size, height
}

// collect appends the field nodes of set that apply to the object type
// obj (CollectFields of the specification), each with its condition: cond
// and the @skip/@include directives on the way. Fields excluded by literal
// directives are left out; visited holds the fragments spread
// unconditionally so far; spread tells that a fragment spread led to set.
func (c *compiler) collect(obj *ast.Definition, set ast.SelectionSet, cond shape.Cond, nodes []collected, visited map[string]bool, spread bool) []collected {
	for _, sel := range set {
		if c.read > c.maxFields || c.tests > c.maxFields {
			// Conditional spreads are expanded each time: the nodes of
			// one selection, and their conditions, may grow exponentially
			// with the document.
			if c.err == nil {
				what := " field selections"
				if c.tests > c.maxFields {
					what = " @skip and @include conditions"
				}
				c.err = &Problem{Message: "The operation is too large: with its fragments expanded where they are spread, it has more than " + itoa(c.maxFields) + what + ", repeated ones included.", Locations: []shape.Location{c.loc(sel.GetPosition())}}
			}
			return nodes
		}
		switch s := sel.(type) {
		case *ast.Field:
			fc, ok := c.directives(s.Directives, cond)
			if ok {
				c.read++
				nodes = append(nodes, collected{field: s, cond: fc, spread: spread})
			}
		case *ast.InlineFragment:
			fc, ok := c.directives(s.Directives, cond)
			if ok && c.applies(s.TypeCondition, obj) {
				nodes = c.collect(obj, s.SelectionSet, fc, nodes, visited, spread)
			}
		case *ast.FragmentSpread:
			fc, ok := c.directives(s.Directives, cond)
			if !ok || s.Definition == nil || visited[s.Name] || !c.applies(s.Definition.TypeCondition, obj) {
				continue
			}
			if len(fc) == 0 {
				visited[s.Name] = true
			}
			nodes = c.collect(obj, s.Definition.SelectionSet, fc, nodes, visited, true)
		}
	}
	return nodes
}

// incremental records a request error for @defer or @stream: a shaped
// response is one payload, and delivering the deferred part inline would
// hide from the client that its request was not honoured.
func (c *compiler) incremental(ds ast.DirectiveList) {
	for _, d := range ds {
		if (d.Name == "defer" || d.Name == "stream") && c.err == nil {
			c.err = &Problem{Message: `The @` + d.Name + ` directive is not supported when shaping data: the response is delivered in one payload.`, Locations: []shape.Location{c.loc(d.Position)}}
		}
	}
}

// applies is DoesFragmentTypeApply of the specification.
func (c *compiler) applies(typeCond string, obj *ast.Definition) bool {
	if typeCond == "" || typeCond == obj.Name {
		return true
	}
	def := c.schema.Types[typeCond]
	if def == nil || (def.Kind != ast.Interface && def.Kind != ast.Union) {
		return false
	}
	for _, pt := range c.schema.GetPossibleTypes(def) {
		if pt.Name == obj.Name {
			return true
		}
	}
	return false
}

// directives conjoins cond with the @skip and @include directives of a
// selection. It reports false if a literal argument excludes the
// selection.
func (c *compiler) directives(ds ast.DirectiveList, cond shape.Cond) (shape.Cond, bool) {
	c.incremental(ds)
	for _, d := range ds {
		if d.Name != "skip" && d.Name != "include" {
			continue
		}
		arg := d.Arguments.ForName("if")
		if arg == nil || arg.Value == nil {
			continue
		}
		want := d.Name == "include" // the value that keeps the selection
		switch arg.Value.Kind {
		case ast.BooleanValue:
			if (arg.Value.Raw == "true") != want {
				return nil, false
			}
		case ast.Variable:
			cond = and(cond, shape.Test{Var: arg.Value.Raw, Value: want})
			for _, cl := range cond { // what and copied
				c.tests += len(cl)
			}
			if indexOf(c.ifVars, arg.Value.Raw) < 0 {
				c.ifVars = append(c.ifVars, arg.Value.Raw)
			}
		}
	}
	return cond, true
}

// and returns cond with t added to every clause (a new Cond).
func and(cond shape.Cond, t shape.Test) shape.Cond {
	if len(cond) == 0 {
		return shape.Cond{{t}}
	}
	out := make(shape.Cond, len(cond))
	for i, cl := range cond {
		out[i] = append(append(shape.Clause(nil), cl...), t)
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func equalCond(a, b shape.Cond) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

// variables records the operation's own variable definitions: gqlparser's,
// or, for those the text for gqlparser left out, the normalizer's; and
// gives op all its definitions back.
func (o *Operation) variables(n *normalizer, norm *normalized, op *ast.OperationDefinition) {
	vds := n.varDefs[n.defs[norm.op].varDefs[0]:n.defs[norm.op].varDefs[1]]
	parsed := make(map[string]*ast.VariableDefinition, len(op.VariableDefinitions))
	for _, vd := range op.VariableDefinitions {
		if _, dup := parsed[vd.Variable]; !dup {
			parsed[vd.Variable] = vd
		}
	}
	o.varIndex = make(map[string]int, len(vds))
	o.vars = make([]*ast.VariableDefinition, 0, len(vds))
	o.varTypes = make([]*inType, 0, len(vds))
	o.varLocs = make([]shape.Location, 0, len(vds))
	// The definitions made here, and their positions, in two blocks; a
	// type is resolved once however many variables have it.
	var made []ast.VariableDefinition
	var positions []ast.Position
	resolved := map[*ast.Type]*inType{}
	for i, vd := range vds {
		def := parsed[vd.name]
		if norm.hiddenDefs[i] || def == nil {
			if made == nil {
				made = make([]ast.VariableDefinition, 0, len(vds)-i)
			}
			made = append(made, ast.VariableDefinition{Variable: vd.name, Type: vd.typ})
			def = &made[len(made)-1]
		}
		if _, dup := o.varIndex[vd.name]; !dup {
			o.varIndex[vd.name] = len(o.vars)
		}
		l := norm.pos.lines.location(n.src, vd.at)
		if def.Position == nil {
			if positions == nil {
				positions = make([]ast.Position, 0, len(vds)-i)
			}
			positions = append(positions, ast.Position{Line: l.Line, Column: l.Column, Src: op.Position.Src})
			def.Position = &positions[len(positions)-1]
		}
		t := resolved[def.Type]
		if t == nil {
			t = o.schema.resolve(def.Type)
			resolved[def.Type] = t
		}
		o.vars = append(o.vars, def)
		o.varTypes = append(o.varTypes, t)
		o.varLocs = append(o.varLocs, l)
	}
	// The tree reads as the normalized document: the operation's own
	// definitions, then those of the variables made of literals.
	defs := make(ast.VariableDefinitionList, 0, len(o.vars)+len(norm.used))
	defs = append(defs, o.vars...)
	lits := make([]ast.VariableDefinition, len(norm.used))
	for i, v := range norm.used {
		lits[i] = ast.VariableDefinition{Variable: n.vars[v].name, Type: n.vars[v].typ, Used: true, Position: op.Position}
		defs = append(defs, &lits[i])
	}
	op.VariableDefinitions = defs
}
