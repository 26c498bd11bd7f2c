package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// validationRules returns gqlparser's rules with two replaced:
//
//   - PossibleFragmentSpreads, by one that, as graphql-js's
//     doTypesOverlap, lets a fragment on a type be spread where that same
//     type is expected: gqlparser compares possible types only, so a
//     spread on an interface without implementations was refused where
//     the specification allows it;
//   - NoUndefinedVariables, by one that does not report the variables
//     whose definitions the normalized text leaves out (hidden; see
//     normalizer.write).
func validationRules(hidden map[string]bool) *rules.Rules {
	r := rules.NewDefaultRules()
	r.ReplaceRule(rules.PossibleFragmentSpreadsRule.Name, possibleFragmentSpreads)
	r.ReplaceRule(rules.NoUndefinedVariablesRule.Name, func(observers *core.Events, addError core.AddErrFunc) {
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
	})
	return r
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
