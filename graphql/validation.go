package graphql

import (
	"sort"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// validate checks doc against schema with gqlparser's rules, two of them
// replaced:
//
//   - PossibleFragmentSpreads, by one that, as graphql-js's
//     doTypesOverlap, lets a fragment on a type be spread where that same
//     type is expected: gqlparser compares possible types only, so a
//     spread on an interface without implementations was refused where
//     the specification allows it;
//   - NoUndefinedVariables, by one that does not report the variables
//     whose definitions the normalized text leaves out (hidden; see
//     normalizer.write).
//
// With unique (a document without fragments, where no two fields of a
// selection set share a response name), OverlappingFieldsCanBeMerged is
// not run: it compares fields of one response name only, so it can find
// nothing there, and it is the costliest rule on a large document.
//
// It does what validator.ValidateWithRules does, with the rules sorted by
// name once for the process rather than on every call.
func validate(schema *ast.Schema, doc *ast.QueryDocument, hidden map[string]bool, unique bool) gqlerror.List {
	if !unique {
		if err := overlapCost(doc); err != nil {
			return gqlerror.List{err}
		}
	}
	var errs gqlerror.List
	observers := &core.Events{}
	for _, r := range sortedRules() {
		if unique && r.Name == rules.OverlappingFieldsCanBeMergedRule.Name {
			continue
		}
		f := r.RuleFunc
		if r.Name == rules.NoUndefinedVariablesRule.Name {
			f = noUndefinedVariables(hidden)
		}
		f(observers, func(options ...core.ErrorOption) {
			err := &gqlerror.Error{Rule: r.Name}
			for _, o := range options {
				o(err)
			}
			errs = append(errs, err)
		})
	}
	core.Walk(schema, doc, observers)
	return errs
}

// sortedRules is the rule set of validate in the order gqlparser runs it.
var sortedRules = sync.OnceValue(func() []core.Rule {
	r := rules.NewDefaultRules()
	r.ReplaceRule(rules.PossibleFragmentSpreadsRule.Name, possibleFragmentSpreads)
	var out []core.Rule
	for name, f := range r.GetInner() {
		out = append(out, core.Rule{Name: name, RuleFunc: f})
	}
	sort.Sort(core.NameSorter(out))
	return out
})

func noUndefinedVariables(hidden map[string]bool) core.RuleFunc {
	return func(observers *core.Events, addError core.AddErrFunc) {
		observers.OnValue(func(w *core.Walker, v *ast.Value) {
			if w.CurrentOperation == nil || v.Kind != ast.Variable || v.VariableDefinition != nil || hidden[v.Raw] {
				return
			}
			if w.CurrentOperation.Name != "" {
				addError(core.Message(`Variable "%s" is not defined by operation "%s".`, v, w.CurrentOperation.Name), core.At(v.Position))
			} else {
				addError(core.Message(`Variable "%s" is not defined.`, v), core.At(v.Position))
			}
		})
	}
}

func possibleFragmentSpreads(observers *core.Events, addError core.AddErrFunc) {
	overlap := func(w *core.Walker, parent *ast.Definition, typeCond string) bool {
		frag := w.Schema.Types[typeCond]
		if parent == nil || frag == nil || !frag.IsCompositeType() || parent.Name == frag.Name {
			return true
		}
		if parent.Kind != ast.Object && parent.Kind != ast.Interface && parent.Kind != ast.Union {
			return true
		}
		for _, a := range w.Schema.GetPossibleTypes(frag) {
			for _, b := range w.Schema.GetPossibleTypes(parent) {
				if a.Name == b.Name {
					return true
				}
			}
		}
		return false
	}
	observers.OnInlineFragment(func(w *core.Walker, f *ast.InlineFragment) {
		if f.TypeCondition != "" && !overlap(w, f.ObjectDefinition, f.TypeCondition) {
			addError(core.Message(`Fragment cannot be spread here as objects of type "%s" can never be of type "%s".`, f.ObjectDefinition.Name, f.TypeCondition), core.At(f.Position))
		}
	})
	observers.OnFragmentSpread(func(w *core.Walker, s *ast.FragmentSpread) {
		if s.Definition != nil && !overlap(w, s.ObjectDefinition, s.Definition.TypeCondition) {
			addError(core.Message(`Fragment "%s" cannot be spread here as objects of type "%s" can never be of type "%s".`, s.Name, s.ObjectDefinition.Name, s.Definition.TypeCondition), core.At(s.Position))
		}
	})
}

// maxOverlapPairs bounds the pairs of field nodes of one response name
// that OverlappingFieldsCanBeMerged may compare. The rule compares every
// two fields of a name in a selection set, and for two that have
// selections, their fields of a name in turn: a document of 10,000
// selections of one field (60 KB: "{ chain { value value … } }", or 100
// of "chain" with 100 of "value" each) made it compare 50 million pairs,
// 45 and 32 s on a loaded machine, within the gateway's other limits.
// 2^18 pairs are about 200 times fewer; a document that spreads 200
// fragments selecting "id" into one selection compares 20,000.
const maxOverlapPairs = 1 << 18

// maxOverlapReads bounds the field nodes overlapCost reads: in each
// selection set, the fragments spread into it are read again.
const maxOverlapReads = 1 << 20

// overlapCost returns an error when OverlappingFieldsCanBeMerged would
// compare more than maxOverlapPairs pairs of fields in doc, counted as
// the rule meets them: in each selection set of the document, the fields
// of each response name, fragments spread into it included (each once),
// and below two or more fields of a name their selections merged. It
// reads at most maxOverlapReads field nodes. A document whose fragments
// spread each other in a cycle is left to the rule that reports it.
func overlapCost(doc *ast.QueryDocument) *gqlerror.Error {
	o := overlap{frags: make(map[string]*ast.FragmentDefinition, len(doc.Fragments)), index: map[string]int{}, visited: map[string]bool{}}
	for _, f := range doc.Fragments {
		o.frags[f.Name] = f
	}
	if o.cycle() {
		return nil
	}
	var each func(set ast.SelectionSet) bool
	each = func(set ast.SelectionSet) bool {
		if len(set) == 0 {
			return true
		}
		if !o.merged([]ast.SelectionSet{set}) {
			return false
		}
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				if !each(s.SelectionSet) {
					return false
				}
			case *ast.InlineFragment:
				if !each(s.SelectionSet) {
					return false
				}
			}
		}
		return true
	}
	for _, op := range doc.Operations {
		if !each(op.SelectionSet) {
			break
		}
	}
	for _, f := range doc.Fragments {
		if o.at != nil || !each(f.SelectionSet) {
			break
		}
	}
	if o.at == nil {
		return nil
	}
	msg := "compares more than " + itoa(maxOverlapPairs) + " pairs of fields of one response name."
	if o.reads {
		msg = "reads more than " + itoa(maxOverlapReads) + " field selections, the fragments spread into each selection set expanded."
	}
	return &gqlerror.Error{
		Message:   "The operation is too large: validating it " + msg,
		Locations: []gqlerror.Location{{Line: o.at.Line, Column: o.at.Column}},
	}
}

type overlap struct {
	frags       map[string]*ast.FragmentDefinition
	pairs, read int
	at          *ast.Position // where the budget was passed; nil while it holds
	reads       bool          // the budget passed is maxOverlapReads

	// Scratch of merged, reused by every call: groups is a stack (a call
	// truncates it back), index and visited are the current call's until
	// it recurses.
	groups  []overlapGroup
	index   map[string]int
	visited map[string]bool
}

// overlapGroup is the fields of one response name in a merged selection.
type overlapGroup struct {
	n     int
	first *ast.Field
	sub   ast.SelectionSet   // the first field's selection
	subs  []ast.SelectionSet // all of them, once two have one
}

// merged counts the pairs of the selection sets sets, merged as the
// selections of fields of one response name are, and below two or more
// fields of a name (one field's selection is a selection set of the
// document, counted on its own). It reports false once past a budget.
func (o *overlap) merged(sets []ast.SelectionSet) bool {
	base := len(o.groups)
	defer func() {
		clear(o.groups[base:])
		o.groups = o.groups[:base]
	}()
	clear(o.index)
	clear(o.visited)
	for _, set := range sets {
		if !o.walk(set, base) {
			return false
		}
	}
	for i := base; i < len(o.groups); i++ {
		g := &o.groups[i]
		if o.pairs += g.n * (g.n - 1) / 2; o.pairs > maxOverlapPairs {
			o.at = g.first.Position
			return false
		}
	}
	for i := base; i < len(o.groups); i++ {
		if subs := o.groups[i].subs; len(subs) > 1 && !o.merged(subs) {
			return false
		}
	}
	return true
}

// walk adds the fields of set, and of the fragments spread into it, to
// the groups of the merged call whose groups start at base.
func (o *overlap) walk(set ast.SelectionSet, base int) bool {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if o.read++; o.read > maxOverlapReads {
				o.at, o.reads = s.Position, true
				return false
			}
			name := s.Alias
			if name == "" {
				name = s.Name
			}
			i, ok := o.index[name]
			if !ok {
				i = len(o.groups)
				o.index[name] = i
				o.groups = append(o.groups, overlapGroup{first: s})
			}
			g := &o.groups[i]
			g.n++
			switch {
			case len(s.SelectionSet) == 0:
			case g.sub == nil:
				g.sub = s.SelectionSet
			case g.subs == nil:
				g.subs = []ast.SelectionSet{g.sub, s.SelectionSet}
			default:
				g.subs = append(g.subs, s.SelectionSet)
			}
		case *ast.InlineFragment:
			if !o.walk(s.SelectionSet, base) {
				return false
			}
		case *ast.FragmentSpread:
			if f := o.frags[s.Name]; f != nil && !o.visited[s.Name] {
				o.visited[s.Name] = true
				if !o.walk(f.SelectionSet, base) {
					return false
				}
			}
		}
	}
	return true
}

// cycle reports whether fragments spread each other in a cycle.
func (o *overlap) cycle() bool {
	const (
		active = 1
		done   = 2
	)
	state := map[string]int{}
	var visit func(name string) bool
	var spreads func(set ast.SelectionSet) bool
	spreads = func(set ast.SelectionSet) bool {
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				if spreads(s.SelectionSet) {
					return true
				}
			case *ast.InlineFragment:
				if spreads(s.SelectionSet) {
					return true
				}
			case *ast.FragmentSpread:
				if visit(s.Name) {
					return true
				}
			}
		}
		return false
	}
	visit = func(name string) bool {
		switch state[name] {
		case active:
			return true
		case done:
			return false
		}
		f := o.frags[name]
		if f == nil {
			state[name] = done
			return false
		}
		state[name] = active
		if spreads(f.SelectionSet) {
			return true
		}
		state[name] = done
		return false
	}
	for name := range o.frags {
		if visit(name) {
			return true
		}
	}
	return false
}
