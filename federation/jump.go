package federation

import (
	"slices"
	"strings"

	"github.com/graftjson/graft/resolve"
	"github.com/vektah/gqlparser/v2/ast"
)

// This file plans jumps between subgraphs: entity fetches, the keys and
// @requires fields their representations carry, and @interfaceObject
// positions.

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
	return p.local(t.graph, t.typename, name, nil) && (t.typename == typ || p.asInterface(typ, t.typename, name))
}

// asInterface reports whether the field typ.name is the field name of the
// interface iname, of one type: a field that typ narrows (Book.similar:
// [Book], Media.similar: [Media]) is the type's own, whose sub-selection
// an @interfaceObject's field cannot take.
func (p *planner) asInterface(typ, iname, name string) bool {
	d, id := p.fieldDef(typ, name), p.fieldDef(iname, name)
	return d != nil && id != nil && d.Type.String() == id.Type.String()
}

// targets lists the subgraphs that resolve typ.name and have a resolvable
// key of typ (or of an interface of typ that they hold as an
// @interfaceObject): others than from, and from itself when the field
// @requires fields there (it is resolved through an entity fetch, whose
// representations carry them).
func (p *planner) targets(typ, name string, from int) []target {
	var out []target
	t := p.s.types[typ]
	if t == nil {
		return nil
	}
	for g := range p.s.graphs {
		if (g != from || p.requires(g, typ, name)) && p.local(g, typ, name, nil) && p.hasKey(t, g) {
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
				if g != from && it.ifaceObject[g] && p.local(g, iname, name, nil) && p.hasKey(it, g) && p.asInterface(typ, iname, name) {
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
	// Objects of typ at path reached through other types may come from
	// selections that did not fetch the representation's fields: the case
	// takes only those of this position.
	within := p.onTheWay()
	var c *entityCase
	for _, ec := range e.cases {
		if ec.typ == typ && slices.Equal(ec.within, within) {
			c = ec
		}
	}
	if c == nil {
		c = &entityCase{typ: typ, within: slices.Clone(within), typename: t.typename}
		for _, ec := range e.cases {
			if ec.typename == t.typename {
				c.sel = ec.sel
			}
		}
		if c.sel == nil {
			c.sel = p.a.usel()
			c.sel.mixed = true
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
	names := clientNames{all: all}
	for _, s := range set {
		sf, ok := s.(*ast.Field)
		if !ok {
			continue // type conditions in @requires are not supported
		}
		resp := sf.Name
		for _, c := range all {
			if c.resp == resp && p.conflicts(c, typ, sf) {
				resp = p.private(pos, path, "", "graft__"+sf.Name, sf.Name, sf.Arguments, &names)
				break
			}
		}
		cf := p.a.cfield()
		*cf = cfield{resp: resp, name: sf.Name, field: sf, private: true}
		if len(sf.SelectionSet) > 0 {
			cf.sets = []ast.SelectionSet{sf.SelectionSet}
		}
		cfs = append(cfs, cf)
		repr = append(repr, resolve.Field{Name: sf.Name, Fields: reprFields(sf.SelectionSet)})
	}
	if err := p.planSet(f, pos, path, typ, cfs, all, provided); err != nil {
		return nil, err
	}
	for i, cf := range cfs {
		// The name planSet fetched it under, here or through a jump.
		if cf.key != "" && cf.key != cf.name {
			repr[i].Key = cf.key
		}
		if len(p.keys) > 0 && len(repr[i].Fields) > 0 {
			if def := p.fieldDef(typ, cf.name); def != nil {
				p.nestedKeys(repr[i].Fields, childPath(path, cf.key, def.Type), def.Type.Name())
			}
		}
	}
	return repr, nil
}

// nestedKeys names in the representation fields fs, of the objects of
// type typ at path, the private aliases their fields were fetched under
// (planChild collected them as any selection, so alias recorded them).
func (p *planner) nestedKeys(fs []resolve.Field, path []string, typ string) {
	for i := range fs {
		f := &fs[i]
		for _, k := range p.keys {
			if k.Type == typ && k.Name == f.Name && k.Field == f.Name && slices.Equal(k.Path, path) {
				f.Key = k.Key
			}
		}
		if def := p.fieldDef(typ, f.Name); def != nil && len(f.Fields) > 0 {
			key := f.Key
			if key == "" {
				key = f.Name
			}
			p.nestedKeys(f.Fields, childPath(path, key, def.Type), def.Type.Name())
		}
	}
}

// conflicts reports whether the client field c keeps the planner from
// fetching the field f of typ under c's response name: c is another
// field, or has other arguments, or is the same field of another type with
// another type of value (fragments on different types of one selection
// must agree on the shape of a response name).
func (p *planner) conflicts(c *cfield, typ string, f *ast.Field) bool {
	name := f.Name
	if c.name != name || !sameArgs(c.field.Arguments, f.Arguments) {
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
	var all []*cfield                // every client field of the position
	byResp := map[string][]*cfield{} // response name -> its field for each type
	for i, pt := range possible {
		byType[i] = p.c.collect(pt, cf.sets)
		all = append(all, byType[i]...)
		for _, fc := range byType[i] {
			byResp[fc.resp] = append(byResp[fc.resp], fc)
		}
	}
	// Fetched here: the interface's fields this subgraph resolves that the
	// client selected for every possible type: alike (on the interface
	// itself, and nowhere again in a type's case), or as one field whose
	// sub-selections and conditions differ between the types, which is
	// fetched once for them all (merged).
	var here []*cfield
	inHere := map[string]bool{}
	for _, fc := range all {
		if inHere[fc.resp] || fc.name == "__typename" || iface.Fields.ForName(fc.name) == nil || !p.local(f.graph, iface.Name, fc.name, nil) {
			continue
		}
		same := byResp[fc.resp]
		if len(same) != len(possible) {
			continue
		}
		alike := true
		for _, o := range same {
			alike = alike && o.field == fc.field && sameConds(o.conds, fc.conds) && sameSets(o.sets, fc.sets)
		}
		if !alike {
			if fc = p.merged(iface, same); fc == nil {
				continue
			}
		}
		here = append(here, fc)
		inHere[fc.resp] = true
	}
	if err := p.planSet(f, pos, path, iface.Name, here, all, nil); err != nil {
		return err
	}
	for _, fc := range here {
		if fc.key != "" && fc.key != fc.resp { // read back in the objects of every possible type
			for _, pt := range possible {
				if pt.Name != fc.parent {
					p.alias(path, pt.Name, fc)
				}
			}
		}
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
	e.parent, e.path, e.concrete = f, path, true
	c := &entityCase{typ: iface.Name, within: slices.Clone(p.onTheWay()), typename: iface.Name, fields: repr, sel: p.a.usel()}
	c.sel.mixed = true
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
		// The fetch has rewritten __typename when fetches below it run.
		p.within[len(p.within)-1] = pt.Name
		err := p.planSet(e, c.sel.onType(pt.Name), path, pt.Name, fields, all, nil)
		p.within[len(p.within)-1] = ""
		if err != nil {
			return err
		}
	}
	return nil
}

// merged returns one field that fetches the client fields same (one
// response name, one field per possible type of the interface iface, from
// different nodes) from the interface's @interfaceObject for every
// possible type at once: the union of their sub-selections, under the
// conditions they all have (none when they differ: the response shape
// applies each type's own). Each object then holds more than its type
// selected, and the response shape, which renders each object by its
// concrete type, shows only that. merged returns nil, and the fields
// are fetched for each type once their types are known, unless that is
// provably the same: one field with one set of arguments, which the
// interface declares, of the interface's type in every possible type, and
// a union of sub-selections that is one selection (mergeable).
func (p *planner) merged(iface *ast.Definition, same []*cfield) *cfield {
	sets, ok := oneField(same)
	if !ok {
		return nil // private aliases tell them apart (planSet)
	}
	first := same[0]
	def := iface.Fields.ForName(first.name)
	if def == nil {
		return nil // a field of the possible types only
	}
	for _, a := range first.field.Arguments {
		if def.Arguments.ForName(a.Name) == nil {
			return nil // an argument only the possible types declare
		}
	}
	conds := first.conds
	for _, o := range same {
		if !p.asInterface(o.parent, iface.Name, o.name) {
			return nil // a narrower type: its selection may not apply to the interface's
		}
		if !sameConds(o.conds, conds) {
			conds = nil
		}
	}
	if len(sets) > 0 && !p.mergeable(p.s.api.Types[def.Type.Name()], sets) {
		return nil
	}
	m := p.a.cfield()
	*m = *first
	m.conds, m.sets = conds, sets
	return m
}

// oneField reports whether the client fields same (of one response name)
// are one field with one set of arguments, and returns the union of their
// non-empty sub-selections (each set of nodes once).
func oneField(same []*cfield) ([]ast.SelectionSet, bool) {
	var sets []ast.SelectionSet
	for _, o := range same {
		if o.name != same[0].name || !sameArgs(o.field.Arguments, same[0].field.Arguments) {
			return nil, false
		}
		for _, s := range o.sets {
			if len(s) > 0 && !slices.ContainsFunc(sets, func(t ast.SelectionSet) bool { return len(t) == len(s) && t[0] == s[0] }) {
				sets = append(sets, s)
			}
		}
	}
	return sets, true
}

// mergeable reports whether the selection sets sets, sub-selections of
// nodes of one field under the cases of different types, are one
// selection on the objects of type typ (of each possible type, when typ
// is abstract): at every level, the nodes of one response name that
// apply to one object type are one field with one set of arguments. The
// client's validation checked this only between nodes that may select
// for one object; the nodes of sibling cases may use one response name
// for different fields of one shape. Conditions are not read (a node
// that @skip leaves out counts too), so mergeable may refuse a union
// that is one selection, never the reverse. The nodes read by every call
// of one planning are counted against the planner's bound on nodes: past
// it, mergeable reports false.
func (p *planner) mergeable(typ *ast.Definition, sets []ast.SelectionSet) bool {
	if typ == nil {
		return false
	}
	types := []*ast.Definition{typ}
	if typ.Kind != ast.Object {
		types = p.s.api.GetPossibleTypes(typ)
	}
	for _, t := range types {
		var nodes []*ast.Field
		for _, set := range sets {
			var ok bool
			if nodes, ok = p.gather(t, set, nodes); !ok {
				return false
			}
		}
		byResp := map[string][]*ast.Field{}
		for _, n := range nodes {
			resp := n.Alias
			if resp == "" {
				resp = n.Name
			}
			if !slices.Contains(byResp[resp], n) {
				byResp[resp] = append(byResp[resp], n)
			}
		}
		for _, ns := range byResp {
			if len(ns) == 1 {
				continue // one node: its selection was validated as one
			}
			var subs []ast.SelectionSet
			for _, n := range ns {
				if n.Name != ns[0].Name || !sameArgs(n.Arguments, ns[0].Arguments) {
					return false
				}
				if len(n.SelectionSet) > 0 {
					subs = append(subs, n.SelectionSet)
				}
			}
			if len(subs) == 0 {
				continue
			}
			def := t.Fields.ForName(ns[0].Name)
			if def == nil || !p.mergeable(p.s.api.Types[def.Type.Name()], subs) {
				return false
			}
		}
	}
	return true
}

// gather appends to nodes the field nodes of set that apply to objects
// of type t, through fragments, whatever their conditions. It reports
// false past the planner's bound on nodes read (for mergeable).
func (p *planner) gather(t *ast.Definition, set ast.SelectionSet, nodes []*ast.Field) ([]*ast.Field, bool) {
	for _, s := range set {
		if p.gathered++; p.gathered > maxNodes(p.s.opts.MaxFields) {
			return nil, false
		}
		var ok bool
		switch s := s.(type) {
		case *ast.Field:
			nodes = append(nodes, s)
			continue
		case *ast.InlineFragment:
			if !p.c.applies(s.TypeCondition, t) {
				continue
			}
			nodes, ok = p.gather(t, s.SelectionSet, nodes)
		case *ast.FragmentSpread:
			if s.Definition == nil || !p.c.applies(s.Definition.TypeCondition, t) {
				continue
			}
			nodes, ok = p.gather(t, s.Definition.SelectionSet, nodes)
		}
		if !ok {
			return nil, false
		}
	}
	return nodes, true
}
