package federation

import (
	"strconv"
	"strings"

	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// IntrospectionUpstream is the Upstream of the root fetch that holds the
// client's introspection root fields (__schema, __type): the gateway
// answers that operation itself, against the API schema.
const IntrospectionUpstream = "#introspection"

// QueryPlan is the plan of one client operation. It is immutable and safe
// for concurrent use.
type QueryPlan struct {
	// Operation is the client operation compiled against the API schema:
	// variable coercion and the response shape, which reads the merged
	// data by response names.
	Operation *graphql.Operation
	// Root is the fetch tree; nil when the operation needs no fetch (it
	// selects only __typename).
	Root resolve.Node
	// Exec is Root compiled with the Operation's response plan, ready for
	// resolve.Engine.Execute (an empty Sequence when Root is nil).
	Exec *resolve.Plan
}

// Plan validates the operation named operationName (empty when the
// document holds one) of the GraphQL document query against the API
// schema and plans its fetches. A request that cannot run is a
// *graphql.RequestError with locations; so is an operation the planner
// cannot plan (a subscription, or a field no subgraph can reach).
func (s *Supergraph) Plan(query, operationName string) (*QueryPlan, error) {
	op, err := graphql.Compile(s.schema, query, operationName)
	if err != nil {
		return nil, err
	}
	p := planner{s: s, op: op.Definition(), c: collector{api: s.api}, entity: map[entityKey]*fetch{}}
	root, err := p.plan()
	if err != nil {
		return nil, err
	}
	tree := root
	if tree == nil {
		tree = &resolve.Sequence{}
	}
	exec, err := resolve.NewPlan(tree, op.Plan())
	if err != nil {
		return nil, err // a planner bug: the description breaks the plan model
	}
	return &QueryPlan{Operation: op, Root: root, Exec: exec}, nil
}

// planError is a request error at the position of a field.
func planError(msg string, pos *ast.Position) error {
	p := graphql.Problem{Message: msg}
	if pos != nil {
		p.Locations = []shape.Location{{Line: pos.Line, Column: pos.Column}}
	}
	return &graphql.RequestError{Problems: []graphql.Problem{p}}
}

// planner plans one operation.
type planner struct {
	s       *Supergraph
	op      *ast.OperationDefinition
	c       collector
	fetches []*fetch
	// touched collects the fetches that planSet adds fields to, while the
	// fields a representation needs are being planned.
	touched *[]*fetch
	hops    int // nesting of key and @requires planning
	entity  map[entityKey]*fetch
}

// entityKey names the entity fetch that jumps from a fetch to a subgraph
// at a path.
type entityKey struct {
	parent *fetch
	graph  int
	path   string
}

// fetch is one upstream request being built.
type fetch struct {
	id     int
	graph  int
	root   bool // a root fetch: sel is the root selection
	path   []string
	sel    *usel // root fetch: the root selection
	cases  []*entityCase
	deps   []*fetch
	parent *fetch    // the fetch this entity fetch jumped from
	intro  []*cfield // the introspection fetch's fields (graph -1)
}

// entityCase is the part of an entity fetch for one type of the data.
type entityCase struct {
	typ      string // __typename in the data
	typename string // __typename in the representation, and the fragment's type
	fields   []resolve.Field
	sel      *usel // shared by the cases of one typename
}

// usel is a selection set of an upstream operation.
type usel struct {
	fields []*ufield
	byResp map[string]*ufield // the fields by response name, once there are many
	cases  []*ucase           // inline fragments on object types
}

type ufield struct {
	resp  string
	name  string
	args  ast.ArgumentList
	conds ast.DirectiveList
	sub   *usel // nil for a leaf
}

type ucase struct {
	typ string
	sel *usel
}

// field returns the field of response name resp in u, adding it when it is
// not there. It reports false when resp is taken by a different field.
func (u *usel) field(resp, name string, args ast.ArgumentList, conds ast.DirectiveList, composite bool) (*ufield, bool) {
	if f := u.find(resp); f != nil {
		if f.name != name || !sameArgs(f.args, args) {
			return nil, false
		}
		if !sameConds(f.conds, conds) {
			f.conds = nil
		}
		return f, true
	}
	f := &ufield{resp: resp, name: name, args: args, conds: conds}
	if composite {
		f.sub = &usel{}
	}
	u.fields = append(u.fields, f)
	switch {
	case u.byResp != nil:
		u.byResp[resp] = f
	case len(u.fields) > 16:
		u.byResp = make(map[string]*ufield, 2*len(u.fields))
		for _, f := range u.fields {
			u.byResp[f.resp] = f
		}
	}
	return f, true
}

func (u *usel) find(resp string) *ufield {
	if u.byResp != nil {
		return u.byResp[resp]
	}
	for _, f := range u.fields {
		if f.resp == resp {
			return f
		}
	}
	return nil
}

func (u *usel) typename() { u.field("__typename", "__typename", nil, nil, false) }

func (u *usel) findCase(typ string) *ucase {
	for _, c := range u.cases {
		if c.typ == typ {
			return c
		}
	}
	return nil
}

// onType returns the selection of the inline fragment on typ, adding it.
func (u *usel) onType(typ string) *usel {
	if c := u.findCase(typ); c != nil {
		return c.sel
	}
	c := &ucase{typ: typ, sel: &usel{}}
	u.cases = append(u.cases, c)
	return c.sel
}

func sameArgs(a, b ast.ArgumentList) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || valueText(nil, a[i].Value) != valueText(nil, b[i].Value) {
			return false
		}
	}
	return true
}

func (p *planner) newFetch(graph int) *fetch {
	f := &fetch{id: len(p.fetches), graph: graph}
	p.fetches = append(p.fetches, f)
	return f
}

// plan plans the operation: root fetches grouped by subgraph (mutation
// fields in order), then the tree of fetches under them.
func (p *planner) plan() (resolve.Node, error) {
	var root *ast.Definition
	switch p.op.Operation {
	case ast.Mutation:
		root = p.s.api.Mutation
	case ast.Subscription:
		return nil, planError("Subscriptions are not supported by the gateway.", p.op.Position)
	default:
		root = p.s.api.Query
	}
	fields := p.c.collect(root, []ast.SelectionSet{p.op.SelectionSet})
	var groups []*fetch
	var intro *fetch
	for _, cf := range fields {
		switch cf.name {
		case "__typename":
			continue // the response shape answers it
		case "__schema", "__type":
			if intro == nil {
				intro = p.newFetch(-1)
				intro.root, intro.sel = true, &usel{}
				groups = append(groups, intro)
			}
			intro.intro = append(intro.intro, cf)
			continue
		}
		// The subgraph that resolves most of the field's selection itself;
		// on a tie, one already fetched from (for a mutation, only the
		// last one, as its fields run in order).
		var candidates []int
		for h := range p.s.graphs {
			if p.local(h, root.Name, cf.name, nil) {
				candidates = append(candidates, h)
			}
		}
		g, best := -1, -1
		for _, h := range candidates {
			score := 0
			if len(candidates) > 1 {
				score = 2 * p.localCount(h, root.Name, cf)
			}
			if n := len(groups); n > 0 && groups[n-1].graph == h || p.op.Operation != ast.Mutation && hasGroup(groups, h) {
				score++
			}
			if score > best {
				g, best = h, score
			}
		}
		if g < 0 {
			return nil, planError(`No subgraph resolves the field "`+root.Name+"."+cf.name+`".`, cf.field.Position)
		}
		var f *fetch
		if n := len(groups); n > 0 && groups[n-1].graph == g || p.op.Operation != ast.Mutation {
			for i := len(groups) - 1; i >= 0; i-- {
				if groups[i].graph == g {
					f = groups[i]
					break
				}
			}
		}
		if f == nil {
			f = p.newFetch(g)
			f.root, f.sel = true, &usel{}
			groups = append(groups, f)
		}
		if err := p.planSet(f, f.sel, nil, root.Name, []*cfield{cf}, fields, nil); err != nil {
			return nil, err
		}
	}
	return p.tree(groups)
}

func hasGroup(groups []*fetch, g int) bool {
	for _, f := range groups {
		if f.graph == g {
			return true
		}
	}
	return false
}

// localCount returns how many fields of the selection of cf (a field of
// typ) the subgraph g resolves itself, one level down.
func (p *planner) localCount(g int, typ string, cf *cfield) int {
	def := p.fieldDef(typ, cf.name)
	if def == nil || len(cf.sets) == 0 {
		return 0
	}
	named := p.s.api.Types[def.Type.Name()]
	if named == nil || named.Kind != ast.Object {
		return 0
	}
	var provides ast.SelectionSet
	if j := p.join(g, typ, cf.name); j != nil {
		provides = j.provides
	}
	n := 0
	defer func(nodes int) { p.c.nodes = nodes }(p.c.nodes) // counted when planned
	for _, sub := range p.c.collect(named, cf.sets) {
		if sub.name != "__typename" && p.local(g, named.Name, sub.name, provides) {
			n++
		}
	}
	return n
}

// local reports whether the subgraph g resolves the field name of the type
// typ without a jump: it defines the field and it is not @external there
// (or the enclosing field @provides it), or it is one of the type's key
// fields in g.
func (p *planner) local(g int, typ, name string, provided ast.SelectionSet) bool {
	if name == "__typename" {
		return true
	}
	if providedField(provided, typ, name) != nil {
		return true
	}
	t := p.s.types[typ]
	if t == nil {
		return false
	}
	if t.joined && !t.in[g] && (t.ifaceObject == nil || !t.ifaceObject[g]) {
		return false
	}
	fi := t.fields[name]
	if fi == nil {
		return false
	}
	if len(fi.joins) > 0 {
		for _, j := range fi.joins {
			if j.graph == g && !j.external && !j.usedOverridden {
				return true
			}
		}
		return p.keyField(t, g, name)
	}
	if fi.bare {
		return false
	}
	if t.owner >= 0 {
		return t.owner == g || p.keyField(t, g, name)
	}
	return true
}

// keyField reports whether name is a top-level field of a key of t in g:
// a subgraph can always return the keys of the entities it knows.
func (p *planner) keyField(t *typeInfo, g int, name string) bool {
	for _, k := range t.keys {
		if k.graph != g {
			continue
		}
		for _, s := range k.fields {
			if f, ok := s.(*ast.Field); ok && f.Name == name {
				return true
			}
		}
	}
	return false
}

// providedField returns the field name of a @provides selection that
// applies to the type typ, or nil.
func providedField(provided ast.SelectionSet, typ, name string) *ast.Field {
	for _, s := range provided {
		switch s := s.(type) {
		case *ast.Field:
			if s.Name == name {
				return s
			}
		case *ast.InlineFragment:
			if s.TypeCondition == "" || s.TypeCondition == typ {
				if f := providedField(s.SelectionSet, typ, name); f != nil {
					return f
				}
			}
		}
	}
	return nil
}

// join returns the join__field of typ.name in g, or nil.
func (p *planner) join(g int, typ, name string) *fieldJoin {
	if t := p.s.types[typ]; t != nil {
		if fi := t.fields[name]; fi != nil {
			for i := range fi.joins {
				if fi.joins[i].graph == g && !fi.joins[i].external {
					return &fi.joins[i]
				}
			}
		}
	}
	return nil
}

// planSet plans the client fields fields of the object type typ at the
// position pos of the fetch f (at path in the response): the fields its
// subgraph resolves go into pos, the others into entity fetches that jump
// from f. all holds every client field of the position (the names a
// private field must not take); provided is the @provides selection that
// applies here.
func (p *planner) planSet(f *fetch, pos *usel, path []string, typ string, fields, all []*cfield, provided ast.SelectionSet) error {
	if p.c.nodes > p.s.opts.MaxFields {
		return planError("The operation is too large to plan: with its fragments expanded, it selects more than "+strconv.Itoa(p.s.opts.MaxFields)+" fields.", p.op.Position)
	}
	if len(p.fetches) > p.s.opts.MaxFetches {
		return planError("The operation is too large to plan: it needs more than "+strconv.Itoa(p.s.opts.MaxFetches)+" fetches.", p.op.Position)
	}
	if p.touched != nil {
		*p.touched = append(*p.touched, f)
	}
	var jumps []*cfield
	for _, cf := range fields {
		if cf.name == "__typename" {
			continue // the response shape answers it
		}
		if !p.local(f.graph, typ, cf.name, provided) {
			jumps = append(jumps, cf)
			continue
		}
		def := p.fieldDef(typ, cf.name)
		if def == nil {
			return planError(`The field "`+typ+"."+cf.name+`" is not in the schema.`, cf.field.Position)
		}
		if j := p.join(f.graph, typ, cf.name); j != nil && j.context {
			return planError(`The field "`+typ+"."+cf.name+`" takes arguments from a @context, which the gateway does not support yet.`, cf.field.Position)
		}
		named := p.s.api.Types[def.Type.Name()]
		composite := named != nil && (named.Kind == ast.Object || named.Kind == ast.Interface || named.Kind == ast.Union)
		uf, ok := pos.field(cf.resp, cf.name, cf.field.Arguments, cf.conds, composite)
		if !ok {
			return planError(`The response name "`+cf.resp+`" is used for two different fields.`, cf.field.Position)
		}
		if !composite {
			continue
		}
		sub := providedField(provided, typ, cf.name)
		var subProvided ast.SelectionSet
		if sub != nil {
			subProvided = sub.SelectionSet
		} else if j := p.join(f.graph, typ, cf.name); j != nil {
			subProvided = j.provides
		}
		if err := p.planChild(f, uf, append(path[:len(path):len(path)], listPath(cf.resp, def.Type)...), named, cf, subProvided); err != nil {
			return err
		}
	}
	if len(jumps) > 0 {
		return p.jump(f, pos, path, typ, jumps, all, provided)
	}
	return nil
}

// listPath returns the path segments of a field: its response name, then
// "@" for each list level of its type.
func listPath(resp string, t *ast.Type) []string {
	out := []string{resp}
	for ; t.Elem != nil; t = t.Elem {
		out = append(out, "@")
	}
	return out
}

func (p *planner) fieldDef(typ, name string) *ast.FieldDefinition {
	if def := p.s.api.Types[typ]; def != nil {
		return def.Fields.ForName(name)
	}
	return nil
}

// planChild plans the sub-selection of the composite field cf, added to
// the fetch f as uf.
func (p *planner) planChild(f *fetch, uf *ufield, path []string, named *ast.Definition, cf *cfield, provided ast.SelectionSet) error {
	if named.Kind == ast.Object {
		fields := p.c.collect(named, cf.sets)
		return p.planSet(f, uf.sub, path, named.Name, fields, fields, provided)
	}
	uf.sub.typename()
	if t := p.s.types[named.Name]; t != nil && t.ifaceObject != nil && t.ifaceObject[f.graph] {
		return p.interfaceObject(f, uf.sub, path, named, cf)
	}
	// Each possible type the subgraph knows gets an inline fragment. Their
	// fields share one upstream selection, so the planner's own fields
	// must avoid the response names of them all.
	var types []*ast.Definition
	var byType [][]*cfield
	var all []*cfield
	for _, pt := range p.s.api.GetPossibleTypes(named) {
		if !p.possibleIn(f.graph, named.Name, pt.Name) {
			continue
		}
		fields := p.c.collect(pt, cf.sets)
		if len(fields) == 0 {
			continue
		}
		types, byType, all = append(types, pt), append(byType, fields), append(all, fields...)
	}
	for i, pt := range types {
		if err := p.planSet(f, uf.sub.onType(pt.Name), path, pt.Name, byType[i], all, provided); err != nil {
			return err
		}
	}
	return nil
}

// possibleIn reports whether the subgraph g may return an object of type
// obj where its schema has the abstract type abstract.
func (p *planner) possibleIn(g int, abstract, obj string) bool {
	o := p.s.types[obj]
	if o == nil || (o.joined && !o.in[g]) {
		return false
	}
	a := p.s.types[abstract]
	if a == nil {
		return true
	}
	if a.kind == ast.Union {
		if !a.memberJoined {
			return !a.joined || a.in[g]
		}
		for _, m := range a.members[g] {
			if m == obj {
				return true
			}
		}
		return false
	}
	if !o.implJoined {
		return !a.joined || a.in[g]
	}
	for _, i := range o.implements[g] {
		if i == abstract {
			return true
		}
	}
	return false
}

// jump plans the fields of typ at pos that the subgraph of f does not
// resolve: each goes to a subgraph that does and that can resolve typ as
// an entity, in one entity fetch per subgraph at path, whose
// representations carry a key (and the @requires fields) fetched first.
func (p *planner) jump(f *fetch, pos *usel, path []string, typ string, fields, all []*cfield, provided ast.SelectionSet) error {
	type group struct {
		t      target
		fields []*cfield
	}
	var groups []*group
next:
	for _, cf := range fields {
		for _, g := range groups {
			if p.resolves(g.t, typ, cf.name) {
				g.fields = append(g.fields, cf)
				continue next
			}
		}
		ts := p.targets(typ, cf.name, f.graph)
		if len(ts) == 0 {
			return planError(`Cannot plan the field "`+typ+"."+cf.name+`": no subgraph that resolves it can be reached from subgraph "`+p.s.graphName(f.graph)+`".`, cf.field.Position)
		}
		best, bestN := ts[0], -1
		for _, t := range ts {
			n := 0
			for _, other := range fields {
				if p.resolves(t, typ, other.name) {
					n++
				}
			}
			if p.existing(f, t.graph, path) != nil {
				n += len(fields) // join a fetch already planned
			}
			if p.directKey(t, f.graph, typ, provided) {
				n += 2 * len(fields) // no jump needed to fetch the key
			}
			if n > bestN {
				best, bestN = t, n
			}
		}
		groups = append(groups, &group{t: best, fields: []*cfield{cf}})
	}
	pos.typename()
	for _, g := range groups {
		if err := p.entityJump(f, pos, path, typ, g.t, g.fields, all, provided); err != nil {
			return err
		}
	}
	return nil
}

// target is a subgraph that resolves a field of a type as an entity: under
// the type's own name, or under an @interfaceObject's name.
type target struct {
	graph    int
	typename string
}

// resolves reports whether the target resolves typ.name.
func (p *planner) resolves(t target, typ, name string) bool {
	return p.local(t.graph, t.typename, name, nil) && (t.typename == typ || p.fieldDef(t.typename, name) != nil)
}

// targets lists the subgraphs other than from that resolve typ.name and
// have a resolvable key of typ (or of an interface of typ that they hold
// as an @interfaceObject).
func (p *planner) targets(typ, name string, from int) []target {
	var out []target
	t := p.s.types[typ]
	if t == nil {
		return nil
	}
	for g := range p.s.graphs {
		if g != from && p.local(g, typ, name, nil) && p.hasKey(t, g) {
			out = append(out, target{graph: g, typename: typ})
		}
	}
	if def := p.s.api.Types[typ]; def != nil {
		for _, iname := range def.Interfaces {
			it := p.s.types[iname]
			if it == nil || it.ifaceObject == nil {
				continue
			}
			for g := range p.s.graphs {
				if g != from && it.ifaceObject[g] && p.local(g, iname, name, nil) && p.hasKey(it, g) {
					out = append(out, target{graph: g, typename: iname})
				}
			}
		}
	}
	return out
}

func (p *planner) hasKey(t *typeInfo, g int) bool {
	for _, k := range t.keys {
		if k.graph == g && k.resolvable {
			return true
		}
	}
	return false
}

// existing returns the entity fetch that jumps from f to the subgraph g at
// path, or nil.
func (p *planner) existing(f *fetch, g int, path []string) *fetch {
	return p.entity[entityKey{f, g, strings.Join(path, "\x00")}]
}

// maxHops bounds how deep planning the fields of a representation may
// recurse (a key or @requires field that needs its own jump).
const maxHops = 16

// entityJump plans fields of typ at pos into the entity fetch from f to the
// target t at path.
func (p *planner) entityJump(f *fetch, pos *usel, path []string, typ string, t target, fields, all []*cfield, provided ast.SelectionSet) error {
	if p.hops >= maxHops {
		return planError(`Cannot plan the field "`+typ+"."+fields[0].name+`": too many jumps between subgraphs.`, fields[0].field.Position)
	}
	p.hops++
	defer func() { p.hops-- }()
	k := p.pickKey(t, f.graph, typ, provided)
	var deps []*fetch
	saved := p.touched
	p.touched = &deps
	repr, err := p.planPrivate(f, pos, path, typ, k.fields, all, provided)
	if err != nil {
		return err
	}
	for _, cf := range fields {
		j := p.join(t.graph, t.typename, cf.name)
		if j == nil || j.requires == nil {
			continue
		}
		req, err := p.planPrivate(f, pos, path, typ, j.requires, all, provided)
		if err != nil {
			return err
		}
		repr = mergeRepr(repr, req)
	}
	p.touched = saved
	e := p.existing(f, t.graph, path)
	if e == nil {
		e = p.newFetch(t.graph)
		e.parent, e.path = f, path
		p.entity[entityKey{f, t.graph, strings.Join(path, "\x00")}] = e
	}
	for _, d := range deps {
		e.addDep(d)
	}
	var c *entityCase
	for _, ec := range e.cases {
		if ec.typ == typ {
			c = ec
		}
	}
	if c == nil {
		c = &entityCase{typ: typ, typename: t.typename}
		for _, ec := range e.cases {
			if ec.typename == t.typename {
				c.sel = ec.sel
			}
		}
		if c.sel == nil {
			c.sel = &usel{}
		}
		e.cases = append(e.cases, c)
	}
	c.fields = mergeRepr(c.fields, repr)
	return p.planSet(e, c.sel, path, t.typename, fields, all, nil)
}

func (f *fetch) addDep(d *fetch) {
	if d == f {
		return
	}
	for _, x := range f.deps {
		if x == d {
			return
		}
	}
	f.deps = append(f.deps, d)
}

// pickKey returns the key of the target to represent typ with: preferably
// one whose fields the subgraph from resolves itself.
func (p *planner) pickKey(t target, from int, typ string, provided ast.SelectionSet) key {
	ti := p.s.types[t.typename]
	var first *key
	for i := range ti.keys {
		k := &ti.keys[i]
		if k.graph != t.graph || !k.resolvable {
			continue
		}
		if first == nil {
			first = k
		}
		if p.allLocal(from, typ, k.fields, provided) {
			return *k
		}
	}
	return *first // targets only lists subgraphs with a resolvable key
}

// directKey reports whether the target has a resolvable key whose fields
// the subgraph from resolves itself.
func (p *planner) directKey(t target, from int, typ string, provided ast.SelectionSet) bool {
	for _, k := range p.s.types[t.typename].keys {
		if k.graph == t.graph && k.resolvable && p.allLocal(from, typ, k.fields, provided) {
			return true
		}
	}
	return false
}

// allLocal reports whether the subgraph g resolves every field of the
// selection on typ without a jump.
func (p *planner) allLocal(g int, typ string, set ast.SelectionSet, provided ast.SelectionSet) bool {
	for _, s := range set {
		f, ok := s.(*ast.Field)
		if !ok || !p.local(g, typ, f.Name, provided) {
			return false
		}
		if len(f.SelectionSet) > 0 {
			def := p.fieldDef(typ, f.Name)
			if def == nil {
				return false
			}
			var sub ast.SelectionSet
			if pf := providedField(provided, typ, f.Name); pf != nil {
				sub = pf.SelectionSet
			}
			if !p.allLocal(g, def.Type.Name(), f.SelectionSet, sub) {
				return false
			}
		}
	}
	return true
}

// planPrivate plans the fields of a key or @requires selection on typ at
// pos of f, under their own names unless the client uses a name for
// something else, and returns the representation fields that read them.
func (p *planner) planPrivate(f *fetch, pos *usel, path []string, typ string, set ast.SelectionSet, all []*cfield, provided ast.SelectionSet) ([]resolve.Field, error) {
	var cfs []*cfield
	var repr []resolve.Field
	for _, s := range set {
		sf, ok := s.(*ast.Field)
		if !ok {
			continue // type conditions in @requires are not supported
		}
		resp := sf.Name
		for _, c := range all {
			if c.resp == resp && p.conflicts(c, typ, sf.Name) {
				resp = "graft__" + sf.Name
				break
			}
		}
		cf := &cfield{resp: resp, name: sf.Name, field: sf, private: true}
		if len(sf.SelectionSet) > 0 {
			cf.sets = []ast.SelectionSet{sf.SelectionSet}
		}
		cfs = append(cfs, cf)
		rf := resolve.Field{Name: sf.Name, Fields: reprFields(sf.SelectionSet)}
		if resp != sf.Name {
			rf.Key = resp
		}
		repr = append(repr, rf)
	}
	return repr, p.planSet(f, pos, path, typ, cfs, all, provided)
}

// conflicts reports whether the client field c keeps the planner from
// fetching the field name of typ under c's response name: c is another
// field, or has arguments, or is the same field of another type with
// another type of value (fragments on different types of one selection
// must agree on the shape of a response name).
func (p *planner) conflicts(c *cfield, typ, name string) bool {
	if c.name != name || len(c.field.Arguments) > 0 {
		return true
	}
	if c.parent == typ {
		return false
	}
	a, b := p.fieldDef(c.parent, name), p.fieldDef(typ, name)
	return a == nil || b == nil || a.Type.String() != b.Type.String()
}

func reprFields(set ast.SelectionSet) []resolve.Field {
	var out []resolve.Field
	for _, s := range set {
		if f, ok := s.(*ast.Field); ok {
			out = append(out, resolve.Field{Name: f.Name, Fields: reprFields(f.SelectionSet)})
		}
	}
	return out
}

// mergeRepr adds to a the fields of b it lacks.
func mergeRepr(a, b []resolve.Field) []resolve.Field {
next:
	for _, f := range b {
		for i := range a {
			if a[i].Name == f.Name {
				a[i].Fields = mergeRepr(a[i].Fields, f.Fields)
				continue next
			}
		}
		a = append(a, f)
	}
	return a
}

func (s *Supergraph) graphName(g int) string {
	if g < 0 {
		return IntrospectionUpstream
	}
	return s.graphs[g].Name
}

// interfaceObject plans the selection of an abstract field whose type the
// subgraph of f holds as an @interfaceObject: its objects come back with
// the interface's name as __typename. The interface's fields that the
// subgraph resolves are fetched there; the rest (and the concrete type)
// come from a subgraph that holds the interface as an entity interface.
func (p *planner) interfaceObject(f *fetch, pos *usel, path []string, iface *ast.Definition, cf *cfield) error {
	possible := p.s.api.GetPossibleTypes(iface)
	byType := make([][]*cfield, len(possible))
	var all []*cfield                 // every client field of the position
	node := map[string][]*ast.Field{} // response name -> its node for each type
	for i, pt := range possible {
		byType[i] = p.c.collect(pt, cf.sets)
		all = append(all, byType[i]...)
		for _, fc := range byType[i] {
			node[fc.resp] = append(node[fc.resp], fc.field)
		}
	}
	// Fetched here: the interface's fields this subgraph resolves that the
	// client selected for every possible type (on the interface itself).
	var here []*cfield
	inHere := map[string]bool{}
	for _, fc := range all {
		if inHere[fc.resp] || fc.name == "__typename" || iface.Fields.ForName(fc.name) == nil || !p.local(f.graph, iface.Name, fc.name, nil) {
			continue
		}
		nodes := node[fc.resp]
		everywhere := len(nodes) == len(possible)
		for _, n := range nodes {
			everywhere = everywhere && n == fc.field
		}
		if everywhere {
			here = append(here, fc)
			inHere[fc.resp] = true
		}
	}
	if err := p.planSet(f, pos, path, iface.Name, here, all, nil); err != nil {
		return err
	}
	// The response shape needs the concrete type of every object, which
	// only a subgraph holding the interface as an entity interface knows:
	// the jump is needed even when this subgraph resolves every field.
	it := p.s.types[iface.Name]
	var t *target
	for g := range p.s.graphs {
		if g != f.graph && it.in[g] && !it.ifaceObject[g] && p.hasKey(it, g) {
			t = &target{graph: g, typename: iface.Name}
			break
		}
	}
	if t == nil {
		return planError(`Cannot plan the field "`+cf.name+`": no subgraph resolves the concrete types of the interface "`+iface.Name+`".`, cf.field.Position)
	}
	k := p.pickKey(*t, f.graph, iface.Name, nil)
	repr, err := p.planPrivate(f, pos, path, iface.Name, k.fields, all, nil)
	if err != nil {
		return err
	}
	e := p.newFetch(t.graph)
	e.parent, e.path = f, path
	c := &entityCase{typ: iface.Name, typename: iface.Name, fields: repr, sel: &usel{}}
	e.cases = append(e.cases, c)
	c.sel.typename()
	for i, pt := range possible {
		var fields []*cfield
		for _, fc := range byType[i] {
			if !inHere[fc.resp] {
				fields = append(fields, fc)
			}
		}
		if len(fields) == 0 || !p.possibleIn(t.graph, iface.Name, pt.Name) {
			continue
		}
		if err := p.planSet(e, c.sel.onType(pt.Name), path, pt.Name, fields, all, nil); err != nil {
			return err
		}
	}
	return nil
}

// variables returns the names of the client variables a selection uses, in
// the order the operation defines them.
func (p *planner) variables(u *usel) []string {
	used := map[string]bool{}
	var walk func(u *usel)
	walk = func(u *usel) {
		for _, f := range u.fields {
			for _, a := range f.args {
				valueVars(a.Value, used)
			}
			for _, d := range f.conds {
				for _, a := range d.Arguments {
					valueVars(a.Value, used)
				}
			}
			if f.sub != nil {
				walk(f.sub)
			}
		}
		for _, c := range u.cases {
			walk(c.sel)
		}
	}
	walk(u)
	var out []string
	for _, v := range p.op.VariableDefinitions {
		if used[v.Variable] {
			out = append(out, v.Variable)
		}
	}
	return out
}

func valueVars(v *ast.Value, used map[string]bool) {
	if v == nil {
		return
	}
	if v.Kind == ast.Variable {
		used[v.Raw] = true
	}
	for _, c := range v.Children {
		valueVars(c.Value, used)
	}
}

// operationName returns the name of the i-th upstream operation, derived
// from the client's operation name; empty for an anonymous operation.
func (p *planner) operationName(f *fetch) string {
	if p.op.Name == "" {
		return ""
	}
	name := p.s.graphName(f.graph)
	var b strings.Builder
	b.WriteString(p.op.Name + "__")
	for _, r := range name {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	b.WriteString("__" + strconv.Itoa(f.id))
	return b.String()
}
