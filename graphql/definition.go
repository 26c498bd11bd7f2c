package graphql

import (
	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// Definition returns the operation's validated syntax tree, as gqlparser
// built it (fragment spreads resolved to their definitions) from the
// normalized operation: a field argument literal that held no variable is
// a variable, defined last in VariableDefinitions, whose value Literals
// holds. A query planner reads it; it is shared and must not be modified.
func (o *Operation) Definition() *ast.OperationDefinition { return o.op }

// Definition returns the schema's validated syntax tree, as gqlparser
// loaded it from the SDL: what a query planner or an introspection
// resolver reads beside the operations compiled against the Schema. It is
// shared and must not be modified.
func (s *Schema) Definition() *ast.Schema { return s.s }

// Literals returns the values of the variables Compile made of field
// argument literals: a JSON object, by variable name, in a Doc the
// Operation owns (shared: read it only). A gateway that writes upstream
// operations from Definition forwards these with the request's variables.
// The Ref is 0 when there are none, as for a document Normalize wrote,
// whose literals are in the request's variables already.
func (o *Operation) Literals() (*graft.Doc, graft.Ref) { return &o.literals, o.literalsRoot }

// Rekey returns the operation with a response plan that reads the fields
// at the positions keys names from other data members (shape.Plan.Rekey):
// a federation planner that fetched some fields under private aliases
// reads them back under the client's response names. Everything else is
// shared with o, which is not changed; with no keys, Rekey returns o.
func (o *Operation) Rekey(keys []shape.KeyAt) *Operation {
	if len(keys) == 0 {
		return o
	}
	c := *o
	c.plan = o.plan.Rekey(keys)
	return &c
}
