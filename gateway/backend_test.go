package gateway

import (
	"context"
	"encoding/json"

	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/internal/subgraph"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// stubSDL is the schema of stubBackend, a stand-in for the federation
// planner and the resolve engine that tests the HTTP layer alone: it
// compiles operations with package graphql and runs them on one
// in-process subgraph.
const stubSDL = `type Query { hello(name: String!): String, n: Int, boom: Int }
type Mutation { bump: Int }`

type stubBackend struct {
	compiled *graphql.Schema
	server   *subgraph.Server
}

// schema is nil: the stub's requests keep their literals, as run sends
// the client's document to the subgraph.
func (b *stubBackend) schema() *graphql.Schema { return nil }

// newStub returns the stub; its field boom panics when panics is set.
func newStub(panics bool) *stubBackend {
	s, err := graphql.ParseSchema(stubSDL, graphql.Options{})
	if err != nil {
		panic(err)
	}
	n := 0
	return &stubBackend{compiled: s, server: subgraph.ForSchema(gqlparser.MustLoadSchema(&ast.Source{Input: stubSDL}), subgraph.Config{
		Root: map[string]any{"n": 7},
		Resolvers: map[string]subgraph.Resolver{
			"Query.hello": func(_ context.Context, _, args map[string]any) (any, error) {
				return "hello, " + args["name"].(string), nil
			},
			"Query.boom": func(context.Context, map[string]any, map[string]any) (any, error) {
				if panics {
					panic("boom")
				}
				return 1, nil
			},
			"Mutation.bump": func(context.Context, map[string]any, map[string]any) (any, error) {
				n++
				return n, nil
			},
		},
	})}
}

func (b *stubBackend) plan(query, name string) (*prepared, error) {
	op, err := graphql.Compile(b.compiled, query, name)
	if err != nil {
		return nil, err
	}
	doc, _ := parser.ParseQuery(&ast.Source{Input: query})
	def := doc.Operations.ForName(name)
	if name == "" {
		def = doc.Operations[0]
	}
	return &prepared{op: op, kind: def.Operation}, nil
}

func (b *stubBackend) run(ctx context.Context, p *prepared, req *request, _ []bool, dst []byte) ([]byte, error) {
	var vars map[string]any
	if req.variables != 0 {
		json.Unmarshal(req.doc.AppendJSON(nil, req.variables), &vars)
	}
	return append(dst, b.server.Execute(ctx, string(req.query), string(req.operation), vars)...), nil
}
