package gateway

import (
	"context"
	"sort"
	"strings"

	"github.com/graftjson/graft/internal/subgraph"
	"github.com/vektah/gqlparser/v2/ast"
)

// introspection answers __schema and __type over the API schema in
// process: the schema's introspection objects are built once as values,
// and a small executor follows the client's selection over them.
type introspection struct {
	server *subgraph.Server
}

type object = map[string]any

func newIntrospection(s *ast.Schema) *introspection {
	b := &introspector{schema: s, types: map[string]object{}}
	names := make([]string, 0, len(s.Types))
	for name := range s.Types {
		names = append(names, name)
	}
	sort.Strings(names)
	// Every named type is one value, filled after all exist, so that
	// references between types (fields, ofType, interfaces) share it.
	for _, name := range names {
		b.types[name] = object{}
	}
	all := make([]any, len(names))
	for i, name := range names {
		b.fill(s.Types[name])
		all[i] = b.types[name]
	}
	dnames := make([]string, 0, len(s.Directives))
	for name := range s.Directives {
		// gqlparser declares @defer, but an incremental response is
		// refused as a request error: clients must not be told otherwise.
		if name != "defer" && name != "stream" {
			dnames = append(dnames, name)
		}
	}
	sort.Strings(dnames)
	directives := make([]any, len(dnames))
	for i, name := range dnames {
		directives[i] = b.directive(s.Directives[name])
	}
	root := func(d *ast.Definition) any {
		if d == nil {
			return nil
		}
		return b.types[d.Name]
	}
	schema := object{
		"description":      nilIfEmpty(s.Description),
		"types":            all,
		"queryType":        root(s.Query),
		"mutationType":     root(s.Mutation),
		"subscriptionType": root(s.Subscription),
		"directives":       directives,
	}
	deprecatedFilter := func(member string) subgraph.Resolver {
		return func(_ context.Context, parent, args object) (any, error) {
			items, _ := parent[member].([]any)
			if items == nil || args["includeDeprecated"] == true {
				return parent[member], nil
			}
			out := make([]any, 0, len(items))
			for _, it := range items {
				if it.(object)["isDeprecated"] != true {
					out = append(out, it)
				}
			}
			return out, nil
		}
	}
	cfg := subgraph.Config{
		Root: object{"__schema": schema},
		Resolvers: map[string]subgraph.Resolver{
			"Query.__type": func(_ context.Context, _, args object) (any, error) {
				name, _ := args["name"].(string)
				if t, ok := b.types[name]; ok {
					return t, nil
				}
				return nil, nil
			},
			"__Type.fields":      deprecatedFilter("fields"),
			"__Type.enumValues":  deprecatedFilter("enumValues"),
			"__Type.inputFields": deprecatedFilter("inputFields"),
			"__Field.args":       deprecatedFilter("args"),
			"__Directive.args":   deprecatedFilter("args"),
		},
	}
	return &introspection{server: subgraph.ForSchema(s, cfg)}
}

type introspector struct {
	schema *ast.Schema
	types  map[string]object
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// deprecation returns isDeprecated and deprecationReason of a definition's
// directives.
func deprecation(ds ast.DirectiveList) (bool, any) {
	d := ds.ForName("deprecated")
	if d == nil {
		return false, nil
	}
	if a := d.Arguments.ForName("reason"); a != nil && a.Value != nil {
		return true, a.Value.Raw
	}
	return true, "No longer supported"
}

func (b *introspector) typeRef(t *ast.Type) any {
	switch {
	case t.NonNull:
		return object{"kind": "NON_NULL", "name": nil, "ofType": b.typeRef(&ast.Type{NamedType: t.NamedType, Elem: t.Elem})}
	case t.Elem != nil:
		return object{"kind": "LIST", "name": nil, "ofType": b.typeRef(t.Elem)}
	}
	return b.types[t.NamedType]
}

func (b *introspector) args(list ast.ArgumentDefinitionList) []any {
	out := make([]any, 0, len(list))
	for _, a := range list {
		dep, reason := deprecation(a.Directives)
		var def any
		if a.DefaultValue != nil {
			def = a.DefaultValue.String()
		}
		out = append(out, object{"name": a.Name, "description": nilIfEmpty(a.Description), "type": b.typeRef(a.Type),
			"defaultValue": def, "isDeprecated": dep, "deprecationReason": reason})
	}
	return out
}

func (b *introspector) fill(d *ast.Definition) {
	t := b.types[d.Name]
	// gqlparser spells the kinds as __TypeKind does.
	t["kind"], t["name"], t["description"] = string(d.Kind), d.Name, nilIfEmpty(d.Description)
	t["specifiedByURL"] = nil
	if s := d.Directives.ForName("specifiedBy"); s != nil {
		if a := s.Arguments.ForName("url"); a != nil && a.Value != nil {
			t["specifiedByURL"] = a.Value.Raw
		}
	}
	t["isOneOf"] = d.Kind == ast.InputObject && d.Directives.ForName("oneOf") != nil
	t["fields"], t["interfaces"], t["possibleTypes"], t["enumValues"], t["inputFields"], t["ofType"] = nil, nil, nil, nil, nil, nil
	switch d.Kind {
	case ast.Object, ast.Interface:
		fields := []any{}
		for _, f := range d.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue // __schema, __type and __typename are meta-fields
			}
			dep, reason := deprecation(f.Directives)
			fields = append(fields, object{"name": f.Name, "description": nilIfEmpty(f.Description), "args": b.args(f.Arguments),
				"type": b.typeRef(f.Type), "isDeprecated": dep, "deprecationReason": reason})
		}
		t["fields"] = fields
		ifaces := []any{}
		for _, name := range d.Interfaces {
			ifaces = append(ifaces, b.types[name])
		}
		t["interfaces"] = ifaces
	}
	if d.IsAbstractType() {
		possible := []any{}
		for _, p := range b.schema.GetPossibleTypes(d) {
			possible = append(possible, b.types[p.Name])
		}
		t["possibleTypes"] = possible
	}
	if d.Kind == ast.Enum {
		values := []any{}
		for _, v := range d.EnumValues {
			dep, reason := deprecation(v.Directives)
			values = append(values, object{"name": v.Name, "description": nilIfEmpty(v.Description), "isDeprecated": dep, "deprecationReason": reason})
		}
		t["enumValues"] = values
	}
	if d.Kind == ast.InputObject {
		inputs := make(ast.ArgumentDefinitionList, 0, len(d.Fields))
		for _, f := range d.Fields {
			inputs = append(inputs, &ast.ArgumentDefinition{Name: f.Name, Description: f.Description, Type: f.Type, DefaultValue: f.DefaultValue, Directives: f.Directives})
		}
		t["inputFields"] = b.args(inputs)
	}
}

func (b *introspector) directive(d *ast.DirectiveDefinition) object {
	locs := make([]any, len(d.Locations))
	for i, l := range d.Locations {
		locs[i] = string(l)
	}
	return object{"name": d.Name, "description": nilIfEmpty(d.Description), "locations": locs,
		"args": b.args(d.Arguments), "isRepeatable": d.IsRepeatable}
}

// execute answers an introspection query (a document selecting __schema,
// __type and __typename on the query type) with its whole GraphQL
// response.
func (in *introspection) execute(ctx context.Context, query, operationName string, variables map[string]any) []byte {
	return in.server.Execute(ctx, query, operationName, variables)
}
