package graphql

import "github.com/vektah/gqlparser/v2/ast"

// Definition returns the operation's validated syntax tree, as gqlparser
// built it (fragment spreads resolved to their definitions). A query
// planner reads it; it is shared and must not be modified.
func (o *Operation) Definition() *ast.OperationDefinition { return o.op }
