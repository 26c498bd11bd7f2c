package graphql_test

import (
	"testing"

	"github.com/graftjson/graft/graphql"
)

// The differences from graphql-js that a differential run of 20,000
// generated cases found, each with its minimal case; want is graphql-js's
// answer (execute, or its request errors).
func TestGraphQLJSDifferences(t *testing.T) {
	for _, tc := range []struct {
		name, sdl string
		specCase
	}{
		{name: "an interface is not a runtime type",
			sdl: `interface Owned {id: ID} interface Media implements Owned {id: ID} type Photo implements Media & Owned {id: ID} type Query {home: Owned}`,
			specCase: specCase{query: `{ home { __typename id } }`, data: `{"home":{"__typename":"Media","id":1}}`,
				want: `{"errors":[{"message":"Abstract type \"Owned\" was resolved to a non-object type \"Media\".","locations":[{"line":1,"column":3}],"path":["home"]}],"data":{"home":null}}`}},
		{name: "a null if variable in a fragment pruned by type",
			sdl: `interface I {x: Int} type A implements I {x: Int} type B implements I {x: Int} type Query {a: A}`,
			specCase: specCase{query: `query ($c: Boolean = false) { a { x ... on I { ... on B @skip(if: $c) { x } } } }`,
				vars: `{"c":null}`, data: `{"a":{"x":1}}`,
				// graphql-js: data {"a":null} with this error at the
				// directive; graft makes it a request error (DEVIATIONS.md).
				want: `{"errors":[{"message":"Argument \"if\" of non-null type \"Boolean!\" must not be null.","locations":[{"line":1,"column":8}]}]}`}},
		{name: "columns after CRLF",
			sdl:      `type Query {a: Int!}`,
			specCase: specCase{query: "{\r\n  a\r\n}", data: `{}`, want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.a.","locations":[{"line":2,"column":3}],"path":["a"]}],"data":null}`}},
		{name: "variable-width unicode escapes",
			sdl:      `type Query {echo(s: String): String}`,
			specCase: specCase{query: `{ echo(s: "\u{1F600}") }`, data: `{"echo":"ok"}`, want: `{"data":{"echo":"ok"}}`}},
		{name: "variable-width unicode escape in a value kept in place",
			sdl:      `input In {s: String, n: Int} type Query {echo(i: In): String}`,
			specCase: specCase{query: `query ($n: Int) { echo(i: {s: "\u{1F600}", n: $n}) }`, data: `{"echo":"ok"}`, want: `{"data":{"echo":"ok"}}`}},
		{name: "a fragment on an interface without implementations",
			sdl:      `interface I {x: Int} type Query {i: I}`,
			specCase: specCase{query: `{ i { ...F } } fragment F on I { x }`, data: `{"i":null}`, want: `{"data":{"i":null}}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schema, err := graphql.ParseSchema(tc.sdl, graphql.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := respond(t, schema, tc.specCase); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
