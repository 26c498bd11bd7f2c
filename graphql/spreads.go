package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// validationRules returns gqlparser's rules with PossibleFragmentSpreads
// replaced by one that, as graphql-js's doTypesOverlap, lets a fragment on
// a type be spread where that same type is expected: gqlparser compares
// possible types only, so a spread on an interface without implementations
// was refused where the specification allows it.
func validationRules() *rules.Rules {
	r := rules.NewDefaultRules()
	r.ReplaceRule(rules.PossibleFragmentSpreadsRule.Name, possibleFragmentSpreads)
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
