package federation

import (
	"math"

	"github.com/vektah/gqlparser/v2/ast"
)

// cfield is one response name of a client selection on one object type,
// after CollectFields: the field nodes of that name merged.
type cfield struct {
	resp   string
	name   string
	parent string     // the object type it was collected for
	field  *ast.Field // the first node: arguments, position
	// conds are the @skip/@include directives bound to variables that
	// every node of the name carries (on the node or on the fragments
	// around it); nil when there are none or when the nodes disagree: the
	// field is then fetched unconditionally, and the response shape
	// applies the client's conditions.
	conds ast.DirectiveList
	sets  []ast.SelectionSet  // the sub-selections of every node
	set1  [1]ast.SelectionSet // holds sets while there is one
	// private fields are the planner's own (keys, @requires); they are
	// never rendered.
	private bool
	// key is the response name the field was fetched under: resp, or a
	// private alias (set by planSet).
	key string
}

// collector runs CollectFields over the API schema.
type collector struct {
	api *ast.Schema
	a   *arena
	// fields counts the fields collected so far, one per response name
	// and object type however many nodes select it (what the planner
	// plans: Options.MaxFields bounds it); nodes counts the field nodes
	// read to collect them, repeats included (the planning work:
	// maxNodesPerField × MaxFields bounds it).
	fields, nodes int
}

// maxNodesPerField bounds the field nodes the planner reads per field it
// may plan. Fragments that select the same fields again are merged (a
// Relay-style document spreads many fragments that each select "id"), so
// repeats are not fields; but they are work, and fragment spreads under
// @skip/@include are expanded each time (a fragment spread twice under
// different conditions at every level doubles the nodes per level and
// not the fields).
const maxNodesPerField = 32

// maxNodes returns the bound on the field nodes the planner reads for an
// operation of at most maxFields fields (math.MaxInt where the product
// would overflow).
func maxNodes(maxFields int) int {
	if maxFields > math.MaxInt/maxNodesPerField {
		return math.MaxInt
	}
	return maxNodesPerField * maxFields
}

// collect returns the fields of the selection sets sets that apply to the
// object type obj, one cfield per response name in document order.
func (c *collector) collect(obj *ast.Definition, sets []ast.SelectionSet) []*cfield {
	var out []*cfield
	if len(sets) > 0 {
		out = make([]*cfield, 0, len(sets[0]))
	}
	var idx map[string]int // response name -> index in out, once out is long
	var visited map[string]bool
	for _, set := range sets {
		out = c.collectSet(obj, set, nil, out, &idx, &visited)
	}
	return out
}

// find returns the index of the field of response name resp in out, or -1.
func find(out []*cfield, idx map[string]int, resp string) int {
	if idx != nil {
		if i, ok := idx[resp]; ok {
			return i
		}
		return -1
	}
	for i, f := range out {
		if f.resp == resp {
			return i
		}
	}
	return -1
}

func (c *collector) collectSet(obj *ast.Definition, set ast.SelectionSet, conds ast.DirectiveList, out []*cfield, idx *map[string]int, visited *map[string]bool) []*cfield {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			fc, ok := conditions(s.Directives, conds)
			if !ok {
				continue
			}
			c.nodes++
			resp := s.Alias
			if resp == "" {
				resp = s.Name
			}
			if i := find(out, *idx, resp); i >= 0 {
				f := out[i]
				if !sameConds(f.conds, fc) {
					f.conds = nil // fetched when any node is included
				}
				if s.SelectionSet != nil {
					f.sets = append(f.sets, s.SelectionSet)
				}
				continue
			}
			c.fields++
			f := c.a.cfield()
			*f = cfield{resp: resp, name: s.Name, parent: obj.Name, field: s, conds: fc}
			if s.SelectionSet != nil {
				f.set1[0] = s.SelectionSet
				f.sets = f.set1[:]
			}
			out = append(out, f)
			switch {
			case *idx != nil:
				(*idx)[resp] = len(out) - 1
			case len(out) > 16:
				*idx = make(map[string]int, 2*len(out))
				for i, f := range out {
					(*idx)[f.resp] = i
				}
			}
		case *ast.InlineFragment:
			fc, ok := conditions(s.Directives, conds)
			if ok && c.applies(s.TypeCondition, obj) {
				out = c.collectSet(obj, s.SelectionSet, fc, out, idx, visited)
			}
		case *ast.FragmentSpread:
			fc, ok := conditions(s.Directives, conds)
			if !ok || s.Definition == nil || (*visited)[s.Name] || !c.applies(s.Definition.TypeCondition, obj) {
				continue
			}
			if len(fc) == 0 {
				if *visited == nil {
					*visited = map[string]bool{}
				}
				(*visited)[s.Name] = true
			}
			out = c.collectSet(obj, s.Definition.SelectionSet, fc, out, idx, visited)
		}
	}
	return out
}

// applies is DoesFragmentTypeApply of the specification.
func (c *collector) applies(typeCond string, obj *ast.Definition) bool {
	if typeCond == "" || typeCond == obj.Name {
		return true
	}
	def := c.api.Types[typeCond]
	if def == nil || (def.Kind != ast.Interface && def.Kind != ast.Union) {
		return false
	}
	for _, pt := range c.api.GetPossibleTypes(def) {
		if pt.Name == obj.Name {
			return true
		}
	}
	return false
}

// conditions appends to conds the @skip and @include directives of a
// selection that are bound to variables. It reports false when a literal
// argument excludes the selection.
func conditions(ds ast.DirectiveList, conds ast.DirectiveList) (ast.DirectiveList, bool) {
	out := conds
	copied := false
	for _, d := range ds {
		if d.Name != "skip" && d.Name != "include" {
			continue
		}
		arg := d.Arguments.ForName("if")
		if arg == nil || arg.Value == nil {
			continue
		}
		switch arg.Value.Kind {
		case ast.BooleanValue:
			if (arg.Value.Raw == "true") != (d.Name == "include") {
				return nil, false
			}
		case ast.Variable:
			if out.ForName(d.Name) != nil {
				// An upstream field takes one @skip and one @include:
				// leaving this one out fetches the field in more cases,
				// and the response shape applies all of them.
				continue
			}
			if !copied {
				out = append(ast.DirectiveList{}, conds...)
				copied = true
			}
			out = append(out, d)
		}
	}
	return out, true
}

// sameConds reports whether two condition lists test the same variables
// the same way.
func sameConds(a, b ast.DirectiveList) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Arguments.ForName("if").Value.Raw != b[i].Arguments.ForName("if").Value.Raw {
			return false
		}
	}
	return true
}

// sameSets reports whether two fields' sub-selections are the same nodes
// of the document.
func sameSets(a, b []ast.SelectionSet) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) || len(a[i]) > 0 && a[i][0] != b[i][0] {
			return false
		}
	}
	return true
}
