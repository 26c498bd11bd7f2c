package gateway

import (
	"strconv"

	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/lexer"
)

// checkLimits counts the tokens, the nesting of selection sets and the
// aliases of a document with gqlparser's lexer, before the document is
// parsed, and reports the first limit it passes. A document the lexer
// rejects passes here and gets the parser's syntax error later. Depth is
// counted as written here; the planner's compiler applies the same limit
// with every fragment expanded.
func (o *Options) checkLimits(query string) error {
	lx := lexer.New(&ast.Source{Input: query})
	var tokens, depth, parens, aliases int
	var prev lexer.Type
	for {
		t, err := lx.ReadToken()
		if err != nil || t.Kind == lexer.EOF {
			return nil
		}
		if tokens++; tokens > o.MaxTokens {
			return limitProblem("The operation has more than "+strconv.Itoa(o.MaxTokens)+" tokens.", t.Pos)
		}
		switch t.Kind {
		case lexer.ParenL:
			parens++
		case lexer.ParenR:
			parens--
		case lexer.BraceL:
			// Braces inside parentheses are input object values.
			if parens == 0 {
				if depth++; depth > o.MaxDepth {
					return limitProblem("The operation exceeds the maximum depth of "+strconv.Itoa(o.MaxDepth)+".", t.Pos)
				}
			}
		case lexer.BraceR:
			if parens == 0 {
				depth--
			}
		case lexer.Colon:
			// Outside parentheses, in a selection set, "name:" is an alias.
			if prev == lexer.Name && parens == 0 && depth > 0 {
				if aliases++; aliases > o.MaxAliases {
					return limitProblem("The operation has more than "+strconv.Itoa(o.MaxAliases)+" aliases.", t.Pos)
				}
			}
		}
		prev = t.Kind
	}
}

func limitProblem(msg string, p ast.Position) error {
	return &graphql.RequestError{Problems: []graphql.Problem{{Message: msg, Locations: []shape.Location{{Line: p.Line, Column: p.Column}}}}}
}
