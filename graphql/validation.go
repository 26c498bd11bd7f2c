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
