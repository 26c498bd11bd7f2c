package federation

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/graftjson/graft/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// Options configure a Supergraph. The zero value is ready to use.
type Options struct {
	// MaxDepth is the most levels a client operation may nest (see
	// graphql.Options.MaxDepth); zero means graphql.DefaultMaxDepth.
	MaxDepth int
	// MaxFields bounds the fields the planner plans for one operation,
	// with fragments expanded where they are spread (at an abstract
	// position, once for each possible type): upstream operations are
	// sent with fragments inlined, so this bounds their size. Fields of
	// one response name on one object type are merged, as the planner
	// plans them, and count once however many fragments select them
	// (a Relay-style document spreads many that select "id"). The
	// selections read to collect them, repeats included, are bounded by
	// 32 × MaxFields, which bounds the planning time. Zero means
	// DefaultMaxFields.
	MaxFields int
	// MaxFetches bounds the fetches of one plan. Zero means
	// DefaultMaxFetches.
	MaxFetches int
}

// Defaults of Options.
const (
	DefaultMaxFields  = 1 << 16
	DefaultMaxFetches = 1000
)

// Subgraph is one service of the supergraph, from its join__Graph value.
type Subgraph struct {
	Name string // the subgraph's name, as composed (join__graph(name:))
	URL  string // where it is served (join__graph(url:)); may be empty
}

// Supergraph is a parsed supergraph: its subgraphs, what each of them
// resolves, and the API schema clients see. It is immutable and safe for
// concurrent use.
type Supergraph struct {
	graphs []Subgraph
	enum   map[string]int // join__Graph value -> index in graphs
	types  map[string]*typeInfo
	api    *ast.Schema
	apiSDL string
	schema *graphql.Schema // the API schema, compiling response plans
	opts   Options         // with the defaults filled in
}

// typeInfo is what the join directives say of one type.
type typeInfo struct {
	name   string
	kind   ast.DefinitionKind
	joined bool   // has a join__type: in only the graphs of in
	in     []bool // per graph: the type is defined there
	owner  int    // join v0.1's join__owner; -1 when none
	keys   []key
	// ifaceObject per graph: the graph has this interface as an
	// @interfaceObject (an object type of the interface's name).
	ifaceObject []bool
	fields      map[string]*fieldInfo
	// implements per graph, when the type has join__implements.
	implJoined bool
	implements [][]string
	// union members per graph, when the union has join__unionMember.
	memberJoined bool
	members      [][]string
}

// key is one @key of a type in one graph.
type key struct {
	graph      int
	fields     ast.SelectionSet
	resolvable bool
}

// fieldInfo is what join__field says of one field.
type fieldInfo struct {
	// def is the field in the API schema and named its type there; nil for
	// a field the API schema leaves out.
	def   *ast.FieldDefinition
	named *ast.Definition
	joins []fieldJoin
	// bare: a join__field with no graph, as composition writes on fields
	// that an @interfaceObject adds to the implementations.
	bare bool
	// differs: a subgraph's type of the field (join__field(type:)) has
	// another shape than the API schema's (nullability, list wrapping, or
	// leaf type): where objects of several types share an upstream
	// selection, the planner fetches it under a private alias.
	differs bool
}

type fieldJoin struct {
	graph          int
	requires       ast.SelectionSet
	provides       ast.SelectionSet
	external       bool
	usedOverridden bool
	context        bool   // takes contextArguments (@fromContext): not supported
	typ            string // join__field(type:): the field's type in the graph; "" when not written
}

// Parse reads a supergraph SDL as composition tools write it (@link v1.0 or
// @core with the join spec v0.1 to v0.5) and derives its API schema. A
// supergraph that does not parse, or whose join directives do not make
// sense, is an *Error with the line and column of the problem.
func Parse(sdl []byte, opts Options) (*Supergraph, error) {
	src := &ast.Source{Name: "supergraph", Input: string(sdl)}
	doc, err := parser.ParseSchema(src)
	if err != nil {
		return nil, fromGQL(err)
	}
	if opts.MaxFields <= 0 {
		opts.MaxFields = DefaultMaxFields
	}
	if opts.MaxFetches <= 0 {
		opts.MaxFetches = DefaultMaxFetches
	}
	r := reader{s: &Supergraph{enum: map[string]int{}, types: map[string]*typeInfo{}, opts: opts}}
	if err := r.read(doc); err != nil {
		return nil, err
	}
	if err := r.apiSchema(doc, opts); err != nil {
		return nil, err
	}
	return r.s, nil
}

// Subgraphs returns the subgraphs in the order of the join__Graph enum.
// The slice is the caller's.
func (s *Supergraph) Subgraphs() []Subgraph { return append([]Subgraph(nil), s.graphs...) }

// APISchema returns the schema clients see: no join machinery, no
// @inaccessible elements. It is shared and must not be modified.
func (s *Supergraph) APISchema() *ast.Schema { return s.api }

// APISchemaSDL returns the API schema as SDL text.
func (s *Supergraph) APISchemaSDL() string { return s.apiSDL }

// Schema returns the API schema as the planner compiles operations against
// it: one parse of APISchemaSDL, whose Definition is APISchema. A gateway
// normalizes requests with it (graphql.Normalize reads only its limits,
// MaxDepth among them) before it plans them, so that it parses the API
// schema no second time. Its Compile leaves argument literals in place and
// reads data by response names (graphql.Options.KeepLiterals and
// KeyByResponseName), as the planner needs. It is shared and safe for
// concurrent use.
func (s *Supergraph) Schema() *graphql.Schema { return s.schema }

// Error reports a supergraph that cannot be used.
type Error struct {
	Line, Column int // where, counted from 1; 0 if unknown
	Message      string
}

// Error returns LINE:COLUMN: message, or the message alone.
func (e *Error) Error() string {
	if e.Line > 0 {
		return strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": " + e.Message
	}
	return e.Message
}

func errorAt(p *ast.Position, msg string) *Error {
	e := &Error{Message: msg}
	if p != nil {
		e.Line, e.Column = p.Line, p.Column
	}
	return e
}

func fromGQL(err error) *Error {
	var ge *gqlerror.Error
	var list gqlerror.List
	if errors.As(err, &list) && len(list) > 0 {
		ge = list[0]
	}
	if ge != nil || errors.As(err, &ge) {
		e := &Error{Message: ge.Message}
		if len(ge.Locations) > 0 {
			e.Line, e.Column = ge.Locations[0].Line, ge.Locations[0].Column
		}
		return e
	}
	return &Error{Message: err.Error()}
}

// reader reads the join directives of a supergraph document.
type reader struct {
	s        *Supergraph
	features map[string]bool // local names of linked features ("join", "link", "tag", ...)
	join     string          // the join spec's local name
	joinV    int             // its minor version (v0.N)
	inacc    string          // the inaccessible spec's local name; "" when not linked
}

// read finds the linked features, the graphs and the join directives.
func (r *reader) read(doc *ast.SchemaDocument) error {
	r.features = map[string]bool{}
	for _, sd := range append(append(ast.SchemaDefinitionList{}, doc.Schema...), doc.SchemaExtension...) {
		for _, d := range sd.Directives {
			var url string
			switch d.Name {
			case "link":
				url = argString(d, "url")
			case "core":
				url = argString(d, "feature")
			default:
				continue
			}
			name, version := featureName(url)
			if as := argString(d, "as"); as != "" {
				name = as
			}
			if name == "" {
				return errorAt(d.Position, "cannot read the feature URL "+strconv.Quote(url))
			}
			r.features[name] = true
			switch {
			case strings.Contains(url, "specs.apollo.dev/join/"):
				r.join = name
				if !strings.HasPrefix(version, "v0.") {
					return errorAt(d.Position, "unsupported join spec version "+version+" (v0.1 to v0.5 are read)")
				}
				n, err := strconv.Atoi(version[3:])
				if err != nil || n < 1 || n > 5 {
					return errorAt(d.Position, "unsupported join spec version "+version+" (v0.1 to v0.5 are read)")
				}
				r.joinV = n
			case strings.Contains(url, "specs.apollo.dev/inaccessible/"):
				r.inacc = name
			}
		}
	}
	if r.join == "" {
		return &Error{Line: 1, Column: 1, Message: "not a supergraph: the schema links no join spec (https://specs.apollo.dev/join/v0.x)"}
	}
	graphEnum := doc.Definitions.ForName(r.join + "__Graph")
	if graphEnum == nil || graphEnum.Kind != ast.Enum {
		return &Error{Line: 1, Column: 1, Message: "not a supergraph: no enum " + r.join + "__Graph"}
	}
	for _, v := range graphEnum.EnumValues {
		d := v.Directives.ForName(r.join + "__graph")
		if d == nil {
			return errorAt(v.Position, "the graph "+v.Name+" has no @"+r.join+"__graph")
		}
		name := argString(d, "name")
		if name == "" {
			return errorAt(d.Position, "@"+r.join+"__graph needs a name")
		}
		r.s.enum[v.Name] = len(r.s.graphs)
		r.s.graphs = append(r.s.graphs, Subgraph{Name: name, URL: argString(d, "url")})
	}
	if len(r.s.graphs) == 0 {
		return errorAt(graphEnum.Position, "the supergraph has no subgraphs")
	}
	for _, def := range doc.Definitions {
		if r.isFeature(def.Name) {
			continue
		}
		if err := r.readType(def); err != nil {
			return err
		}
	}
	for _, def := range doc.Extensions {
		if r.isFeature(def.Name) {
			continue
		}
		if t := r.s.types[def.Name]; t != nil {
			if err := r.readDirectives(t, def); err != nil {
				return err
			}
			if err := r.readFields(t, def); err != nil {
				return err
			}
		}
	}
	return nil
}

// featureName returns the name and version of a spec URL such as
// https://specs.apollo.dev/join/v0.3.
func featureName(url string) (name, version string) {
	url = strings.TrimSuffix(url, "/")
	i := strings.LastIndexByte(url, '/')
	if i < 0 {
		return "", ""
	}
	version = url[i+1:]
	url = url[:i]
	j := strings.LastIndexByte(url, '/')
	return url[j+1:], version
}

// isFeature reports whether a type or directive name belongs to a linked
// feature: "join__type", "link", "inaccessible".
func (r *reader) isFeature(name string) bool {
	if r.features[name] {
		return true
	}
	if i := strings.Index(name, "__"); i > 0 {
		return r.features[name[:i]]
	}
	return false
}

func (r *reader) newSet() []bool { return make([]bool, len(r.s.graphs)) }

func (r *reader) readType(def *ast.Definition) error {
	t := &typeInfo{name: def.Name, kind: def.Kind, owner: -1, in: r.newSet(), fields: map[string]*fieldInfo{}}
	r.s.types[def.Name] = t
	if err := r.readDirectives(t, def); err != nil {
		return err
	}
	return r.readFields(t, def)
}

func (r *reader) graph(d *ast.Directive, arg string) (int, error) {
	a := d.Arguments.ForName(arg)
	if a == nil || a.Value == nil {
		return -1, errorAt(d.Position, "@"+d.Name+" needs the argument "+arg)
	}
	g, ok := r.s.enum[a.Value.Raw]
	if !ok {
		return -1, errorAt(a.Value.Position, "unknown graph "+a.Value.Raw+" (not a value of "+r.join+"__Graph)")
	}
	return g, nil
}

func (r *reader) readDirectives(t *typeInfo, def *ast.Definition) error {
	for _, d := range def.Directives {
		switch strings.TrimPrefix(d.Name, r.join+"__") {
		case "type":
			if d.Name != r.join+"__type" {
				continue
			}
			g, err := r.graph(d, "graph")
			if err != nil {
				return err
			}
			t.joined, t.in[g] = true, true
			if argBool(d, "isInterfaceObject", false) {
				if t.ifaceObject == nil {
					t.ifaceObject = r.newSet()
				}
				t.ifaceObject[g] = true
			}
			if k := argString(d, "key"); k != "" {
				set, err := selectionOf(k, d)
				if err != nil {
					return err
				}
				t.keys = append(t.keys, key{graph: g, fields: set, resolvable: argBool(d, "resolvable", true)})
			}
		case "owner":
			if d.Name != r.join+"__owner" {
				continue
			}
			g, err := r.graph(d, "graph")
			if err != nil {
				return err
			}
			t.owner = g
		case "implements":
			if d.Name != r.join+"__implements" {
				continue
			}
			g, err := r.graph(d, "graph")
			if err != nil {
				return err
			}
			if !t.implJoined {
				t.implJoined, t.implements = true, make([][]string, len(r.s.graphs))
			}
			t.implements[g] = append(t.implements[g], argString(d, "interface"))
		case "unionMember":
			if d.Name != r.join+"__unionMember" {
				continue
			}
			g, err := r.graph(d, "graph")
			if err != nil {
				return err
			}
			if !t.memberJoined {
				t.memberJoined, t.members = true, make([][]string, len(r.s.graphs))
			}
			t.members[g] = append(t.members[g], argString(d, "member"))
		}
	}
	return nil
}

func (r *reader) readFields(t *typeInfo, def *ast.Definition) error {
	for _, f := range def.Fields {
		fi := t.fields[f.Name]
		if fi == nil {
			fi = &fieldInfo{}
			t.fields[f.Name] = fi
		}
		for _, d := range f.Directives {
			if d.Name != r.join+"__field" {
				continue
			}
			if a := d.Arguments.ForName("graph"); a == nil || a.Value == nil || a.Value.Kind == ast.NullValue {
				fi.bare = true
				continue
			}
			g, err := r.graph(d, "graph")
			if err != nil {
				return err
			}
			j := fieldJoin{graph: g, external: argBool(d, "external", false), usedOverridden: argBool(d, "usedOverridden", false), typ: argString(d, "type")}
			if a := d.Arguments.ForName("contextArguments"); a != nil && a.Value != nil && a.Value.Kind != ast.NullValue {
				j.context = true
			}
			if s := argString(d, "requires"); s != "" {
				if j.requires, err = selectionOf(s, d); err != nil {
					return err
				}
			}
			if s := argString(d, "provides"); s != "" {
				if j.provides, err = selectionOf(s, d); err != nil {
					return err
				}
			}
			fi.joins = append(fi.joins, j)
		}
	}
	return nil
}

// sameShape reports whether the type written typ has the shape of the
// type t, whose named type is named, in the sense of the specification's
// SameResponseShape: the same list wrapping and nullability, and the same
// named type when it is a leaf (a composite type may be a subtype: an
// object for an interface). A type written otherwise than composition
// writes it (with spaces) differs: aliasing a field is always safe.
func sameShape(typ string, t *ast.Type, named *ast.Definition) bool {
	want := t.String()
	if named != nil && (named.Kind == ast.Scalar || named.Kind == ast.Enum) {
		return typ == want
	}
	return wrappers(typ) == wrappers(want)
}

// wrappers returns the brackets and exclamation marks of a type.
func wrappers(typ string) string {
	return strings.Map(func(r rune) rune {
		if r == '[' || r == ']' || r == '!' {
			return r
		}
		return -1
	}, typ)
}

// selectionOf parses a field set ("id organization { id }").
func selectionOf(fields string, d *ast.Directive) (ast.SelectionSet, error) {
	doc, err := parser.ParseQuery(&ast.Source{Name: "fields", Input: "{" + fields + "}"})
	if err != nil || len(doc.Operations) != 1 {
		return nil, errorAt(d.Position, "@"+d.Name+": cannot parse the field set "+strconv.Quote(fields))
	}
	return doc.Operations[0].SelectionSet, nil
}

func argString(d *ast.Directive, name string) string {
	if a := d.Arguments.ForName(name); a != nil && a.Value != nil && a.Value.Kind != ast.NullValue {
		return a.Value.Raw
	}
	return ""
}

func argBool(d *ast.Directive, name string, def bool) bool {
	if a := d.Arguments.ForName(name); a != nil && a.Value != nil && a.Value.Kind == ast.BooleanValue {
		return a.Value.Raw == "true"
	}
	return def
}

// apiSchema derives the API schema: the definitions that are not part of a
// linked feature, without the feature directives and without the
// @inaccessible elements.
func (r *reader) apiSchema(doc *ast.SchemaDocument, opts Options) error {
	inacc := func(ds ast.DirectiveList) bool {
		return r.inacc != "" && ds.ForName(r.inacc) != nil
	}
	out := &ast.SchemaDocument{}
	hidden := map[string]bool{}
	// inaccessible names the @inaccessible types and enum values
	// ("Enum.VALUE"): subgraphs may still return them, and response plans
	// render them as null.
	var inaccessible map[string]bool
	hide := func(name string) {
		if inaccessible == nil {
			inaccessible = map[string]bool{}
		}
		inaccessible[name] = true
	}
	for _, def := range doc.Definitions {
		switch {
		case r.isFeature(def.Name):
			hidden[def.Name] = true
		case inacc(def.Directives):
			hidden[def.Name] = true
			hide(def.Name)
		}
	}
	keep := func(ds ast.DirectiveList) ast.DirectiveList {
		var out ast.DirectiveList
		for _, d := range ds {
			if !r.isFeature(d.Name) {
				out = append(out, d)
			}
		}
		return out
	}
	for _, sd := range doc.Schema {
		c := *sd
		c.Directives = keep(sd.Directives)
		out.Schema = append(out.Schema, &c)
	}
	for _, d := range doc.Directives {
		if !r.isFeature(d.Name) {
			out.Directives = append(out.Directives, d)
		}
	}
	for _, def := range doc.Definitions {
		if hidden[def.Name] {
			continue
		}
		c := *def
		c.Directives = keep(def.Directives)
		c.Fields = nil
		for _, f := range def.Fields {
			if inacc(f.Directives) || hidden[f.Type.Name()] {
				continue
			}
			fc := *f
			fc.Directives = keep(f.Directives)
			fc.Arguments = nil
			for _, a := range f.Arguments {
				if inacc(a.Directives) {
					continue
				}
				ac := *a
				ac.Directives = keep(a.Directives)
				fc.Arguments = append(fc.Arguments, &ac)
			}
			c.Fields = append(c.Fields, &fc)
		}
		c.EnumValues = nil
		for _, v := range def.EnumValues {
			if inacc(v.Directives) {
				hide(def.Name + "." + v.Name)
				continue
			}
			vc := *v
			vc.Directives = keep(v.Directives)
			c.EnumValues = append(c.EnumValues, &vc)
		}
		c.Interfaces = nil
		for _, i := range def.Interfaces {
			if !hidden[i] {
				c.Interfaces = append(c.Interfaces, i)
			}
		}
		c.Types = nil
		for _, m := range def.Types {
			if !hidden[m] {
				c.Types = append(c.Types, m)
			}
		}
		out.Definitions = append(out.Definitions, &c)
	}
	var b bytes.Buffer
	formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatSchemaDocument(out)
	r.s.apiSDL = b.String()
	// One parse serves the planner (the syntax tree), Compile and
	// Normalize (see Supergraph.Schema).
	// The compiler reads field nodes up to the planner's bound on them
	// (see Plan), so that an operation past it costs no more to refuse.
	var nodes int
	if opts.MaxFields <= math.MaxInt/maxNodesPerField {
		nodes = maxNodesPerField * opts.MaxFields
	}
	s, err := graphql.ParseSchema(r.s.apiSDL, graphql.Options{MaxDepth: opts.MaxDepth, MaxFields: nodes, KeyByResponseName: true, KeepLiterals: true, Hidden: inaccessible})
	if err != nil {
		msg := err.Error()
		var se *graphql.SchemaError
		if errors.As(err, &se) {
			msg = se.Message // positions in the derived text mean nothing to the user
		}
		return &Error{Message: "the API schema derived from the supergraph is not valid: " + msg}
	}
	r.s.schema = s
	api := s.Definition()
	r.s.api = api
	for name, t := range r.s.types {
		if def := api.Types[name]; def != nil {
			for _, f := range def.Fields {
				if fi := t.fields[f.Name]; fi != nil {
					fi.def, fi.named = f, api.Types[f.Type.Name()]
					for _, j := range fi.joins {
						fi.differs = fi.differs || j.typ != "" && !sameShape(j.typ, f.Type, fi.named)
					}
				}
			}
		}
	}
	return nil
}
