package federation

import (
	"slices"
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
	// data by response names (and fields fetched under private aliases
	// by those aliases).
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
	a := &arena{}
	p := planner{s: s, op: op.Definition(), c: collector{api: s.api, a: a}, a: a, entity: map[entityKey]*fetch{}}
	root, err := p.plan()
	if err != nil {
		return nil, err
	}
	op = op.Rekey(p.keys)
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
	a       *arena
	fetches []*fetch
	// touched collects the fetches that planSet adds fields to, while the
	// fields a representation needs are being planned.
	touched *[]*fetch
	hops    int // nesting of key and @requires planning
	// gathered counts the field nodes mergeable read, bounded as the
	// collector's nodes are.
	gathered int
	entity   map[entityKey]*fetch
	// body and text are scratch buffers for the upstream operations' text.
	body, text []byte
	// keys are the client fields fetched under private aliases, for the
	// response shape.
	keys []shape.KeyAt
	// bound holds the private aliases taken so far, by path and alias.
	bound map[boundAt]binding
	// within holds the types of the objects on the way to the position
	// being planned, one per field from the root's, the position's own
	// last: a case's type where the field is abstract, "" where every
	// object there has one type (or, at an @interfaceObject, one
	// selection). onTheWay gives them as resolve.Entity.Within and
	// shape.KeyAt.Within read them.
	within []string
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
	// concrete marks the fetch that learns the concrete types of the
	// objects of an @interfaceObject.
	concrete bool
}

// entityCase is the part of an entity fetch for one type of the data,
// reached through objects of the types within (resolve.Entity.Within).
type entityCase struct {
	typ      string // __typename in the data
	within   []string
	typename string // __typename in the representation, and the fragment's type
	fields   []resolve.Field
	sel      *usel // shared by the cases of one typename
}

// arena hands out the many small values of one planning from chunks, one
// allocation per chunk rather than one per value. It is dropped with the
// planner; a nil arena allocates each value on its own.
type arena struct {
	ufields chunks[ufield]
	usels   chunks[usel]
	cfields chunks[cfield]
}

// chunks hands out values of T from a chunk twice the size of the last
// one (up to 32 values) when it is used up.
type chunks[T any] struct {
	free []T
	last int
}

func (c *chunks[T]) take() *T {
	if len(c.free) == 0 {
		c.last = min(max(2*c.last, 8), 32)
		c.free = make([]T, c.last)
	}
	v := &c.free[0]
	c.free = c.free[1:]
	return v
}

func (a *arena) ufield() *ufield {
	if a == nil {
		return new(ufield)
	}
	return a.ufields.take()
}

func (a *arena) usel() *usel {
	if a == nil {
		return new(usel)
	}
	u := a.usels.take()
	u.a = a
	return u
}

func (a *arena) cfield() *cfield {
	if a == nil {
		return new(cfield)
	}
	return a.cfields.take()
}

// usel is a selection set of an upstream operation.
type usel struct {
	a      *arena // where its sub-selections come from
	fields []*ufield
	byResp map[string]*ufield // the fields by response name, once there are many
	cases  []*ucase           // inline fragments on object types
	// mixed: objects of several types may share the selection's response
	// names (it is below an abstract position, or in an entity fetch), so
	// a field whose type differs between subgraphs is fetched under a
	// private alias.
	mixed bool
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
	f := u.a.ufield()
	*f = ufield{resp: resp, name: name, args: args, conds: conds}
	if composite {
		f.sub = u.a.usel()
		f.sub.mixed = u.mixed
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

// taken reports whether u holds another field than name with args, or
// the field with other arguments, under the response name resp.
func (u *usel) taken(resp, name string, args ast.ArgumentList) bool {
	f := u.find(resp)
	return f != nil && (f.name != name || !sameArgs(f.args, args))
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

// private returns the private alias to fetch the field name (with args)
// of the objects of type typ under, in u at path: base, or base with the
// first suffix "_2", "_3", … that no client field of the position (all)
// has as its response name, that no other field of u holds, and that no
// other field (or arguments, or type) took at path in any selection of the
// plan. So a client's aliases never meet the planner's, and one private
// alias at one path is one field: sibling cases of a selection can ask for
// different fields under one response name (... on User { friend { a: id
// } } ... on Admin { friend { a: name } }), whose private aliases then
// differ, in one upstream selection or in merged data. typ is "" for the
// planner's own fields, which have the same shape in every type. The
// choice depends only on the operation: one operation gets one plan.
func (p *planner) private(u *usel, path []string, typ, base, name string, args ast.ArgumentList, all *clientNames) string {
	at := strings.Join(path, "\x00")
	alias := base
	for n := 2; ; n++ {
		if !all.has(alias) {
			if f := u.find(alias); f == nil || f.name == name && sameArgs(f.args, args) {
				b, ok := p.bound[boundAt{at, alias}]
				if !ok {
					if p.bound == nil {
						p.bound = map[boundAt]binding{}
					}
					p.bound[boundAt{at, alias}] = binding{typ, name, args}
					return alias
				}
				if b.typ == typ && b.name == name && sameArgs(b.args, args) {
					return alias
				}
			}
		}
		alias = base + "_" + strconv.Itoa(n)
	}
}

// clientNames answers which response names the client fields of a
// position (all) have, for private: the index is built on the first
// question, so that a position with many private aliases is planned in
// time linear in its fields.
type clientNames struct {
	all []*cfield
	idx map[string]bool
}

func (c *clientNames) has(resp string) bool {
	if c.idx == nil {
		c.idx = make(map[string]bool, len(c.all))
		for _, f := range c.all {
			c.idx[f.resp] = true
		}
	}
	return c.idx[resp]
}

// boundAt is a private alias at a path (its segments joined by NULs).
type boundAt struct{ path, alias string }

// binding is what a private alias fetches at a path: the field name with
// args of the objects of type typ ("" for the planner's own fields).
type binding struct {
	typ, name string
	args      ast.ArgumentList
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
	c := &ucase{typ: typ, sel: u.a.usel()}
	c.sel.mixed = true
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
				intro.root, intro.sel = true, p.a.usel()
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
			f.root, f.sel = true, p.a.usel()
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
	defer func(fields, nodes int) { p.c.fields, p.c.nodes = fields, nodes }(p.c.fields, p.c.nodes) // counted when planned
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
	t := p.s.types[typ]
	var fi *fieldInfo
	if t != nil {
		fi = t.fields[name]
	}
	return p.localIn(g, t, fi, typ, name, provided)
}

// localIn is local for the field name of typ, whose type and field
// information (nil when unknown) the caller has looked up.
func (p *planner) localIn(g int, t *typeInfo, fi *fieldInfo, typ, name string, provided ast.SelectionSet) bool {
	if providedField(provided, typ, name) != nil {
		return true
	}
	if t == nil {
		return false
	}
	if t.joined && !t.in[g] && (t.ifaceObject == nil || !t.ifaceObject[g]) {
		return false
	}
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

// requires reports whether typ.name @requires fields in g.
func (p *planner) requires(g int, typ, name string) bool {
	j := p.join(g, typ, name)
	return j != nil && j.requires != nil
}

// join returns the join__field of typ.name in g, or nil.
func (p *planner) join(g int, typ, name string) *fieldJoin {
	if t := p.s.types[typ]; t != nil {
		return t.fields[name].join(g)
	}
	return nil
}

// join returns the join__field of the field in g, or nil.
func (fi *fieldInfo) join(g int) *fieldJoin {
	if fi != nil {
		for i := range fi.joins {
			if fi.joins[i].graph == g && !fi.joins[i].external {
				return &fi.joins[i]
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
	if p.c.fields > p.s.opts.MaxFields {
		return planError("The operation is too large to plan: with its fragments expanded, it selects more than "+strconv.Itoa(p.s.opts.MaxFields)+" fields.", p.op.Position)
	}
	if n := maxNodes(p.s.opts.MaxFields); p.c.nodes > n {
		return planError("The operation is too large to plan: with its fragments expanded, it has more than "+strconv.Itoa(n)+" field selections, repeated ones included.", p.op.Position)
	}
	if len(p.fetches) > p.s.opts.MaxFetches {
		return planError("The operation is too large to plan: it needs more than "+strconv.Itoa(p.s.opts.MaxFetches)+" fetches.", p.op.Position)
	}
	if p.touched != nil {
		*p.touched = append(*p.touched, f)
	}
	var jumps []*cfield
	var clash map[string]bool // of all, once needed
	names := clientNames{all: all}
	pos.fields = slices.Grow(pos.fields, len(fields))
	t := p.s.types[typ]
	for _, cf := range fields {
		if cf.name == "__typename" {
			continue // the response shape answers it
		}
		var fi *fieldInfo
		if t != nil {
			fi = t.fields[cf.name]
		}
		j := fi.join(f.graph)
		if !p.localIn(f.graph, t, fi, typ, cf.name, provided) || j != nil && j.requires != nil && (f.root || len(path) != len(f.path)) {
			// A field that @requires others is resolved only at the top of
			// an entity fetch, which entityJump gave them.
			jumps = append(jumps, cf)
			continue
		}
		var def *ast.FieldDefinition
		var named *ast.Definition
		if fi != nil {
			def, named = fi.def, fi.named
		}
		if def == nil {
			return planError(`The field "`+typ+"."+cf.name+`" is not in the schema.`, cf.field.Position)
		}
		if j != nil && j.context {
			return planError(`The field "`+typ+"."+cf.name+`" takes arguments from a @context, which the gateway does not support yet.`, cf.field.Position)
		}
		composite := named != nil && (named.Kind == ast.Object || named.Kind == ast.Interface || named.Kind == ast.Union)
		cf.key = cf.resp
		switch {
		case pos.mixed && fi.differs:
			// Another type's field of this response name in the selection
			// may have another shape in this subgraph.
			cf.key = p.private(pos, path, typ, "graft__"+typ+"__"+cf.resp, cf.name, cf.field.Arguments, &names)
			if !cf.private {
				p.alias(path, cf.parent, cf)
			}
		case typ != cf.parent && !cf.private && (p.clashing(&clash, all)[cf.resp] || pos.taken(cf.resp, cf.name, cf.field.Arguments)):
			// A field of a possible type, fetched from an @interfaceObject:
			// the selection is the one of every possible type, and another
			// type's field of this response name is another field, has
			// other arguments or a sub-selection that is not one selection
			// with this one's; or the selection is shared with the objects
			// reached through other types (an entity fetch's), whose cases
			// gave the response name to another field or arguments (... on
			// Book { related { s: score(scale: 2) } } ... on Movie {
			// related { s: score(scale: 3) } }), and the response shape
			// reads each back by the types on the way.
			cf.key = p.private(pos, path, cf.parent, "graft__"+cf.parent+"__"+cf.resp, cf.name, cf.field.Arguments, &names)
			p.alias(path, cf.parent, cf)
		}
		uf, ok := pos.field(cf.key, cf.name, cf.field.Arguments, cf.conds, composite)
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
		} else if j != nil {
			subProvided = j.provides
		}
		if err := p.planChild(f, uf, childPath(path, cf.key, def.Type), named, cf, subProvided); err != nil {
			return err
		}
	}
	if len(jumps) > 0 {
		return p.jump(f, pos, path, typ, jumps, all, provided)
	}
	return nil
}

// clashing returns the response names that the fields in all (those of
// one position, one per type and name) give to different fields, to one
// field with different arguments, or to one composite field whose
// sub-selections are not one selection (mergeable: ... on Book { critic
// { q: name } } ... on Movie { critic { q: quote } }), computed into *m
// on the first call.
func (p *planner) clashing(m *map[string]bool, all []*cfield) map[string]bool {
	if *m != nil {
		return *m
	}
	*m = map[string]bool{}
	var order []string // in the order of all, so that the bound of mergeable is met alike
	byResp := make(map[string][]*cfield, len(all))
	for _, o := range all {
		if byResp[o.resp] == nil {
			order = append(order, o.resp)
		}
		byResp[o.resp] = append(byResp[o.resp], o)
	}
	for _, resp := range order {
		same := byResp[resp]
		sets, ok := oneField(same)
		if ok && len(sets) > 1 {
			def := p.fieldDef(same[0].parent, same[0].name)
			ok = def != nil && p.mergeable(p.s.api.Types[def.Type.Name()], sets)
		}
		(*m)[resp] = !ok
	}
	return *m
}

// alias records that the client field cf, at path in objects of type typ,
// is fetched under the private alias cf.key.
func (p *planner) alias(path []string, typ string, cf *cfield) {
	p.keys = append(p.keys, shape.KeyAt{Path: path, Type: typ, Name: cf.resp, Field: cf.name, Within: slices.Clone(p.onTheWay()), Key: cf.key})
}

// onTheWay returns the types of the objects on the way to the position
// being planned, without its own, as resolve.Entity.Within and
// shape.KeyAt.Within name them: nil when every object on the way is of
// the one type its field returns. The slice is the planner's own, valid
// until it plans another position: an entity case or a KeyAt that keeps
// it clones it.
func (p *planner) onTheWay() []string {
	w := p.within[:max(len(p.within)-1, 0)]
	for _, t := range w {
		if t != "" {
			return w
		}
	}
	return nil
}

// childPath returns path extended with the segments of a field: its
// response name, then "@" for each list level of its type t.
func childPath(path []string, resp string, t *ast.Type) []string {
	n := len(path) + 1
	for e := t.Elem; e != nil; e = e.Elem {
		n++
	}
	out := make([]string, 0, n)
	out = append(append(out, path...), resp)
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
	top := len(p.within)
	p.within = append(p.within, "")
	defer func() { p.within = p.within[:top] }()
	if named.Kind == ast.Object {
		fields := p.c.collect(named, cf.sets)
		return p.planSet(f, uf.sub, path, named.Name, fields, fields, provided)
	}
	uf.sub.mixed = true
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
		p.within[top] = pt.Name
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
