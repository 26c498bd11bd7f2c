package subgraph

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// Resolver computes the value of one field of an object. parent is the
// object's value (the Config's Root for root fields); args are the field's
// coerced arguments. A returned error nulls the field and is reported with
// its path.
type Resolver func(ctx context.Context, parent map[string]any, args map[string]any) (any, error)

// EntityResolver finds the object a representation stands for: rep holds
// "__typename" and the fields the gateway sent (key fields, then
// @requires fields). A nil object with a nil error answers null.
type EntityResolver func(ctx context.Context, rep map[string]any) (map[string]any, error)

// Config describes a subgraph.
type Config struct {
	// SDL is the subgraph schema as its owners wrote it, with federation
	// directives (@key, @external, @requires, @provides, @shareable, …).
	SDL string
	// Root is the value of the root objects (Query and Mutation): a field
	// without a resolver reads the member of its name.
	Root map[string]any
	// Resolvers, keyed "Type.field", compute fields; other fields read
	// the member of their name in their object's value.
	Resolvers map[string]Resolver
	// Entities, keyed by type name, answer _entities for the types with
	// a @key; for an interface with a @key (an entity interface), with an
	// object whose "__typename" names an implementation.
	Entities map[string]EntityResolver
}

// Server answers GraphQL requests for one subgraph. It is an http.Handler
// taking POST {"query","operationName","variables"} and GET ?query=…
type Server struct {
	cfg    Config
	schema *ast.Schema
}

// New loads the subgraph schema of cfg.SDL with the federation
// definitions added and returns its server.
func New(cfg Config) (*Server, error) {
	doc, err := parser.ParseSchema(&ast.Source{Name: "subgraph", Input: cfg.SDL})
	if err != nil {
		return nil, err
	}
	var entities []string
	hasQuery := false
	for _, defs := range []ast.DefinitionList{doc.Definitions, doc.Extensions} {
		for _, d := range defs {
			if d.Name == "Query" {
				hasQuery = true
			}
			if d.Kind != ast.Object {
				// An entity interface's representations are answered by
				// Entities[its name] with an object of an implementation,
				// an entity of its own.
				continue
			}
			for _, k := range d.Directives.ForNames("key") {
				if r := k.Arguments.ForName("resolvable"); r != nil && r.Value.Raw == "false" {
					continue
				}
				if !contains(entities, d.Name) {
					entities = append(entities, d.Name)
				}
			}
		}
	}
	var b strings.Builder
	b.WriteString(prelude)
	if len(entities) > 0 {
		b.WriteString("union _Entity = " + strings.Join(entities, " | ") + "\n")
	}
	if hasQuery {
		b.WriteString("extend ")
	}
	b.WriteString("type Query {\n  _service: _Service!\n")
	if len(entities) > 0 {
		b.WriteString("  _entities(representations: [_Any!]!): [_Entity]!\n")
	}
	b.WriteString("}\n")
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "federation", Input: b.String(), BuiltIn: true}, &ast.Source{Name: "subgraph", Input: cfg.SDL})
	if err != nil {
		return nil, err
	}
	return &Server{cfg: cfg, schema: schema}, nil
}

// ForSchema returns a server executing over a loaded schema as it is, with
// no federation definitions added (cfg.SDL is not read).
func ForSchema(schema *ast.Schema, cfg Config) *Server {
	return &Server{cfg: cfg, schema: schema}
}

// prelude declares what a federation subgraph library adds to a schema.
const prelude = `
scalar _Any
scalar FieldSet
scalar federation__FieldSet
scalar link__Import
enum link__Purpose { SECURITY EXECUTION }
type _Service { sdl: String }
directive @link(url: String!, as: String, for: link__Purpose, import: [link__Import]) repeatable on SCHEMA
directive @key(fields: FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @requires(fields: FieldSet!) on FIELD_DEFINITION
directive @provides(fields: FieldSet!) on FIELD_DEFINITION
directive @external(reason: String) on OBJECT | FIELD_DEFINITION
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
directive @extends on OBJECT | INTERFACE
directive @override(from: String!, label: String) on FIELD_DEFINITION
directive @inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
directive @interfaceObject on OBJECT
directive @composeDirective(name: String!) repeatable on SCHEMA
`

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type request struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
}

// ServeHTTP answers one GraphQL request with a JSON response, status 200
// for every response that has one, as most subgraph libraries do.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req request
	switch r.Method {
	case http.MethodPost:
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
			http.Error(w, "Content-Type must be application/json", http.StatusUnsupportedMediaType)
			return
		}
		dec := json.NewDecoder(io.LimitReader(r.Body, 8<<20))
		dec.UseNumber()
		if err := dec.Decode(&req); err != nil {
			writeJSON(w, http.StatusBadRequest, errorsResponse(gqlerror.List{gqlerror.Errorf("invalid request body: %v", err)}))
			return
		}
	case http.MethodGet:
		q := r.URL.Query()
		req.Query, req.OperationName = q.Get("query"), q.Get("operationName")
		if v := q.Get("variables"); v != "" {
			dec := json.NewDecoder(strings.NewReader(v))
			dec.UseNumber()
			if err := dec.Decode(&req.Variables); err != nil {
				writeJSON(w, http.StatusBadRequest, errorsResponse(gqlerror.List{gqlerror.Errorf("invalid variables: %v", err)}))
				return
			}
		}
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	writeJSON(w, http.StatusOK, s.Execute(r.Context(), req.Query, req.OperationName, req.Variables))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

// Execute runs one request and returns its GraphQL response as JSON.
func (s *Server) Execute(ctx context.Context, query, operationName string, variables map[string]any) []byte {
	doc, errs := gqlparser.LoadQuery(s.schema, query)
	if len(errs) > 0 {
		return errorsResponse(errs)
	}
	op := doc.Operations.ForName(operationName)
	if operationName == "" && len(doc.Operations) > 1 {
		op = nil
	}
	if op == nil {
		return errorsResponse(gqlerror.List{gqlerror.Errorf("operation %q not found", operationName)})
	}
	vars, err := coerceVariables(s.schema, op, variables)
	if err != nil {
		var ge *gqlerror.Error
		if !errors.As(err, &ge) {
			ge = gqlerror.Wrap(err)
		}
		return errorsResponse(gqlerror.List{ge})
	}
	root := s.schema.Query
	if op.Operation == ast.Mutation {
		root = s.schema.Mutation
	}
	e := &executor{s: s, ctx: ctx, vars: vars, doc: doc}
	data, _ := e.object(root, op.SelectionSet, s.cfg.Root, nil)
	out := []byte(`{"data":`)
	if data == nil {
		out = append(out, "null"...)
	} else {
		out = append(out, data...)
	}
	if len(e.errs) > 0 {
		out = append(out, `,"errors":`...)
		b, _ := json.Marshal(e.errs)
		out = append(out, b...)
	}
	return append(out, '}')
}

// coerceVariables is gqlparser's, recovered from: it panics on some
// values of the wrong shape.
func coerceVariables(schema *ast.Schema, op *ast.OperationDefinition, vars map[string]any) (m map[string]any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = gqlerror.Errorf("invalid variables")
		}
	}()
	return validator.VariableValues(schema, op, vars)
}

func errorsResponse(errs gqlerror.List) []byte {
	b, _ := json.Marshal(struct {
		Errors gqlerror.List `json:"errors"`
	}{errs})
	return b
}
