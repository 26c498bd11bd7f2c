package graphql_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
)

const sdl = `
type Query {
  user(id: ID): User
  userNN: User!
  users: [User]
  node: Node
  nodes: [Node!]
  search: [SearchResult]
  int: Int
  ints: [Int!]!
  color: Color
  json: JSON
  filter(f: Filter, n: Int, c: Color, l: [Int], x: Float): Int
  chain: Chain
  matrix: [[Int!]]
  rows: [[Int]!]!
  pick(p: Pick): Int
}
type Chain { value: Int! next: Chain! items: [Chain!]! }
input Pick @oneOf { id: ID name: String }
type Mutation { like(id: ID!): Int }
scalar JSON
enum Color { RED GREEN }
interface Node { id: ID! }
type User implements Node { id: ID! name: String email: String! friends: [User!] best: User }
type Post implements Node { id: ID! title: String! author: User }
type Photo { url: String }
union SearchResult = User | Post | Photo
input Filter { name: String!, limit: Int = 10, tags: [String!] }
type Extra { x: Int }
`

// A spec case runs query (with variables, operation name) over data and
// expects exactly want: the response of graphql-js's execute for the same
// schema, document and root value, or the request errors it reports.
type specCase struct {
	name  string
	query string
	vars  string
	op    string
	data  string
	want  string
}

var specCases = []specCase{
	{name: "fields aliases and typename",
		query: `{ a: int me: user { __typename id name } int }`,
		data:  `{"int":5,"user":{"id":1,"name":"Ann","email":"x"}}`,
		want:  `{"data":{"a":5,"me":{"__typename":"User","id":"1","name":"Ann"},"int":5}}`},
	{name: "non-null field error bubbles to nullable parent",
		query: `{ user {
  id
  email
} int }`,
		data: `{"user":{"id":"1"},"int":1}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field User.email.","locations":[{"line":3,"column":3}],"path":["user","email"]}],"data":{"user":null,"int":1}}`},
	{name: "non-null root field nulls data",
		query: `{ int userNN { id } }`, data: `{"int":1}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.userNN.","locations":[{"line":1,"column":7}],"path":["userNN"]}],"data":null}`},
	{name: "chain of non-null to root",
		query: `{ userNN { best { id } friends { email } } }`,
		data:  `{"userNN":{"best":{"id":"b"},"friends":[{"email":"e"},{"email":null}]}}`,
		want:  `{"errors":[{"message":"Cannot return null for non-nullable field User.email.","locations":[{"line":1,"column":34}],"path":["userNN","friends",1,"email"]}],"data":{"userNN":{"best":{"id":"b"},"friends":null}}}`},
	{name: "list item path with alias",
		query: `{ people: users { id } }`, data: `{"users":[{"id":1},null,{"id":null}]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field User.id.","locations":[{"line":1,"column":19}],"path":["people",2,"id"]}],"data":{"people":[{"id":"1"},null,null]}}`},
	{name: "[T!]! list bubbles to root",
		query: `{ ints }`, data: `{"ints":[1,null]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.ints.","locations":[{"line":1,"column":3}],"path":["ints",1]}],"data":null}`},
	{name: "interface with fragments",
		query: `{ nodes { id ... on User { name } ...P } } fragment P on Post { title }`,
		data:  `{"nodes":[{"__typename":"User","id":"u","name":"N"},{"__typename":"Post","id":"p","title":"T"}]}`,
		want:  `{"data":{"nodes":[{"id":"u","name":"N"},{"id":"p","title":"T"}]}}`},
	{name: "interface runtime type names non-null message",
		query: `{ node { ... on Post { title } } }`, data: `{"node":{"__typename":"Post"}}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Post.title.","locations":[{"line":1,"column":24}],"path":["node","title"]}],"data":{"node":null}}`},
	{name: "union with typename and fragment on interface",
		query: `{ search { __typename ... on Node { id } ... on Photo { url } } }`,
		data:  `{"search":[{"__typename":"Photo","url":"u"},{"__typename":"Post","id":"p"},{"__typename":"User","id":"u"}]}`,
		want:  `{"data":{"search":[{"__typename":"Photo","url":"u"},{"__typename":"Post","id":"p"},{"__typename":"User","id":"u"}]}}`},
	{name: "impossible runtime type",
		query: `{ node { id } }`, data: `{"node":{"__typename":"Photo","id":"x"}}`,
		want: `{"errors":[{"message":"Runtime Object type \"Photo\" is not a possible type for \"Node\".","locations":[{"line":1,"column":3}],"path":["node"]}],"data":{"node":null}}`},
	{name: "runtime type not an object type",
		query: `{ node { id } }`, data: `{"node":{"__typename":"Color"}}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" was resolved to a non-object type \"Color\".","locations":[{"line":1,"column":3}],"path":["node"]}],"data":{"node":null}}`},
	{name: "runtime type not in schema",
		query: `{ search { __typename } }`, data: `{"search":[{"__typename":"Ghost"}]}`,
		want: `{"errors":[{"message":"Abstract type \"SearchResult\" was resolved to a type \"Ghost\" that does not exist inside the schema.","locations":[{"line":1,"column":3}],"path":["search",0]}],"data":{"search":[null]}}`},
	{name: "field merging keeps first position and merges sub-selections",
		query: `{ user { id } int user { name ... on User { id email } } }`,
		data:  `{"user":{"id":"1","name":"n","email":"e"},"int":2}`,
		want:  `{"data":{"user":{"id":"1","name":"n","email":"e"},"int":2}}`},
	{name: "merged field error has every location",
		query: "{ user { email }\n user { email } }", data: `{"user":{}}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field User.email.","locations":[{"line":1,"column":10},{"line":2,"column":9}],"path":["user","email"]}],"data":{"user":null}}`},
	{name: "skip and include literals",
		query: `{ a: int @skip(if: true) b: int @include(if: false) c: int @skip(if: false) @include(if: true) ... @skip(if: true) { d: int } }`,
		data:  `{"int":1}`, want: `{"data":{"c":1}}`},
	{name: "skip and include variables",
		query: `query($s: Boolean!, $i: Boolean = false) { a: int @skip(if: $s) b: int @include(if: $i) ...F @include(if: $s) } fragment F on Query { c: int }`,
		vars:  `{"s":true}`, data: `{"int":1}`, want: `{"data":{"c":1}}`},
	{name: "variable default used",
		query: `query($i: Boolean = true) { a: int @include(if: $i) }`, data: `{"int":1}`, want: `{"data":{"a":1}}`},
	{name: "variable overrides default",
		query: `query($i: Boolean = true) { a: int @include(if: $i) }`, vars: `{"i":false}`, data: `{"int":1}`, want: `{"data":{}}`},
	{name: "skipped occurrence moves merged field",
		query: `query($s: Boolean!) { user @skip(if: $s) { id } int user { name } }`, vars: `{"s":true}`,
		data: `{"user":{"id":"1","name":"n"},"int":2}`, want: `{"data":{"int":2,"user":{"name":"n"}}}`},
	{name: "included occurrence keeps its sub-selection",
		query: `query($s: Boolean!) { user @skip(if: $s) { id } int user { name } }`, vars: `{"s":false}`,
		data: `{"user":{"id":"1","name":"n"},"int":2}`, want: `{"data":{"user":{"id":"1","name":"n"},"int":2}}`},
	{name: "coercion in lists and enums",
		query: `{ color users { id } json }`, data: `{"color":"BLUE","users":[{"id":1.5}],"json":{"any":[1,"x"]}}`,
		want: `{"errors":[{"message":"Enum \"Color\" cannot represent value: \"BLUE\"","locations":[{"line":1,"column":3}],"path":["color"]},{"message":"ID cannot represent value: 1.5","locations":[{"line":1,"column":17}],"path":["users",0,"id"]}],"data":{"color":null,"users":[null],"json":{"any":[1,"x"]}}}`},
	{name: "mutation root", query: `mutation { like(id: 1) }`, data: `{"like":3}`, want: `{"data":{"like":3}}`},
	{name: "operation by name", query: `query A { int } query B { color }`, op: "B", data: `{"int":1,"color":"RED"}`, want: `{"data":{"color":"RED"}}`},

	{name: "long non-null chain through lists to nullable root field",
		query: `{ chain { next { items { next { value } } } } int }`,
		data:  `{"chain":{"next":{"items":[{"next":{"value":1}},{"next":{"value":null}}]}},"int":1}`,
		want:  `{"errors":[{"message":"Cannot return null for non-nullable field Chain.value.","locations":[{"line":1,"column":33}],"path":["chain","next","items",1,"next","value"]}],"data":{"chain":null,"int":1}}`},
	{name: "sibling errors in separate subtrees",
		query: `{ a: user { email } b: user { name } users { id } }`,
		data:  `{"user":{"name":"n"},"users":[{"id":null},{"id":"2"},{}]}`,
		want:  `{"errors":[{"message":"Cannot return null for non-nullable field User.email.","locations":[{"line":1,"column":13}],"path":["a","email"]},{"message":"Cannot return null for non-nullable field User.id.","locations":[{"line":1,"column":46}],"path":["users",0,"id"]},{"message":"Cannot return null for non-nullable field User.id.","locations":[{"line":1,"column":46}],"path":["users",2,"id"]}],"data":{"a":null,"b":{"name":"n"},"users":[null,{"id":"2"},null]}}`},
	{name: "nested lists: null item nulls its inner list",
		query: `{ matrix }`, data: `{"matrix":[[1,null],[2],null]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.matrix.","locations":[{"line":1,"column":3}],"path":["matrix",0,1]}],"data":{"matrix":[null,[2],null]}}`},
	{name: "nested lists: null inner list bubbles to data",
		query: `{ int rows }`, data: `{"int":1,"rows":[[null],null]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.rows.","locations":[{"line":1,"column":7}],"path":["rows",1]}],"data":null}`},
	{name: "field first collected inside a fragment comes first",
		query: `{ ...F int user { name } } fragment F on Query { user { id } }`,
		data:  `{"int":2,"user":{"id":"1","name":"n"}}`,
		want:  `{"data":{"user":{"id":"1","name":"n"},"int":2}}`},
	{name: "fragments nested in a union member",
		query: `{ search { ... on User { ...U } ... on Post { title } } } fragment U on User { id ... on Node { id } name }`,
		data:  `{"search":[{"__typename":"User","id":1,"name":"n"},{"__typename":"Photo","url":"x"}]}`,
		want:  `{"data":{"search":[{"id":"1","name":"n"},{}]}}`},
	{name: "skip and include together, both pass",
		query: `query($s: Boolean!, $i: Boolean!) { int @skip(if: $s) @include(if: $i) }`, vars: `{"s":false,"i":true}`,
		data: `{"int":1}`, want: `{"data":{"int":1}}`},
	{name: "skip and include together, skip wins",
		query: `query($s: Boolean!, $i: Boolean!) { int @skip(if: $s) @include(if: $i) }`, vars: `{"s":true,"i":true}`,
		data: `{"int":1}`, want: `{"data":{}}`},
	{name: "include on inline fragment with default false",
		query: `query($i: Boolean = false) { ... @include(if: $i) { int } color }`,
		data:  `{"int":1,"color":"RED"}`, want: `{"data":{"color":"RED"}}`},
	{name: "conditions nest",
		query: `query($a: Boolean!, $b: Boolean!) { ... @include(if: $a) { user { id name @include(if: $b) } } }`, vars: `{"a":true,"b":false}`,
		data: `{"user":{"id":"1","name":"n"}}`, want: `{"data":{"user":{"id":"1"}}}`},
	{name: "nullable variable with default given null", query: `query($n: Int = 3) { filter(n: $n) }`, vars: `{"n":null}`,
		data: `{"filter":1}`, want: `{"data":{"filter":1}}`},
	{name: "oneOf variable with one key", query: `query($p: Pick) { pick(p: $p) }`, vars: `{"p":{"name":"x"}}`,
		data: `{"pick":1}`, want: `{"data":{"pick":1}}`},

	// request errors: no data
	{name: "null for a condition variable with a default", query: `query($i: Boolean = true) { int @include(if: $i) }`, vars: `{"i":null}`, data: `{}`,
		want: `{"errors":[{"message":"Argument \"if\" of non-null type \"Boolean!\" must not be null.","locations":[{"line":1,"column":7}]}]}`},
	{name: "variable coercion of strings, enums, floats, objects and list items",
		query: `query Q($f: Filter, $g: Filter, $c: Color, $x: Float, $l: [Int]) { a: filter(f: $f) b: filter(f: $g, c: $c, x: $x, l: $l) }`,
		vars:  `{"f":{"name":5},"g":"x","c":1,"x":"1.5","l":[1,"a"]}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$f\" got invalid value 5 at \"f.name\"; String cannot represent a non string value: 5","locations":[{"line":1,"column":9}]},` +
			`{"message":"Variable \"$g\" got invalid value \"x\"; Expected type \"Filter\" to be an object.","locations":[{"line":1,"column":21}]},` +
			`{"message":"Variable \"$c\" got invalid value 1; Enum \"Color\" cannot represent non-string value: 1.","locations":[{"line":1,"column":33}]},` +
			`{"message":"Variable \"$x\" got invalid value \"1.5\"; Float cannot represent non numeric value: \"1.5\"","locations":[{"line":1,"column":44}]},` +
			`{"message":"Variable \"$l\" got invalid value \"a\" at \"l[1]\"; Int cannot represent non-integer value: \"a\"","locations":[{"line":1,"column":55}]}]}`},
	{name: "oneOf variable with two keys", query: `query($p: Pick) { pick(p: $p) }`, vars: `{"p":{"name":"x","id":"1"}}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$p\" got invalid value { name: \"x\", id: \"1\" }; Exactly one key must be specified for OneOf type \"Pick\".","locations":[{"line":1,"column":7}]}]}`},
	{name: "oneOf variable with no key", query: `query($p: Pick) { pick(p: $p) }`, vars: `{"p":{}}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$p\" got invalid value {}; Exactly one key must be specified for OneOf type \"Pick\".","locations":[{"line":1,"column":7}]}]}`},
	{name: "oneOf variable with a null key", query: `query($p: Pick) { pick(p: $p) }`, vars: `{"p":{"name":null}}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$p\" got invalid value null at \"p.name\"; Field \"name\" must be non-null.","locations":[{"line":1,"column":7}]}]}`},
	{name: "oneOf literal with two keys", query: `{ pick(p: {id: 1, name: "x"}) }`, data: `{}`,
		want: `{"errors":[{"message":"OneOf Input Object \"Pick\" must specify exactly one key.","locations":[{"line":1,"column":11}]}]}`},
	{name: "defer is not supported", query: `{ int ... @defer { color } }`, data: `{}`,
		want: `{"errors":[{"message":"The @defer directive is not supported when shaping data: the response is delivered in one payload.","locations":[{"line":1,"column":12}]}]}`},
	{name: "defer on a fragment spread is not supported", query: `{ ...F @defer(label: "f") } fragment F on Query { int }`, data: `{}`,
		want: `{"errors":[{"message":"The @defer directive is not supported when shaping data: the response is delivered in one payload.","locations":[{"line":1,"column":9}]}]}`},
	{name: "stream is not a directive of the schema", query: `{ ints @stream(initialCount: 1) }`, data: `{}`,
		want: `{"errors":[{"message":"Unknown directive \"@stream\".","locations":[{"line":1,"column":9}]}]}`},
	{name: "syntax error", query: `{ user { id }`, data: `{}`,
		want: `{"errors":[{"message":"Expected Name, found <EOF>","locations":[{"line":1,"column":14}]}]}`},
	{name: "validation error", query: `{ nope }`, data: `{}`,
		want: `{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\". Did you mean \"node\" or \"nodes\"?","locations":[{"line":1,"column":3}]}]}`},
	{name: "several operations need a name", query: `query A { int } query B { int }`, data: `{}`,
		want: `{"errors":[{"message":"Must provide operation name if query contains multiple operations."}]}`},
	{name: "unknown operation name", query: `query A { int }`, op: "C", data: `{}`,
		want: `{"errors":[{"message":"Unknown operation named \"C\"."}]}`},
	{name: "missing required variable", query: `query Q($id: ID!) { user(id: $id) { id } }`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$id\" of required type \"ID!\" was not provided.","locations":[{"line":1,"column":9}]}]}`},
	{name: "null for non-null variable", query: `query Q($id: ID!) { user(id: $id) { id } }`, vars: `{"id":null}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$id\" of non-null type \"ID!\" must not be null.","locations":[{"line":1,"column":9}]}]}`},
	{name: "variable of wrong type", query: `query Q($id: ID, $b: Boolean!) { user(id: $id) @include(if: $b) { id } }`, vars: `{"id":1.5,"b":"yes"}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$id\" got invalid value 1.5; ID cannot represent value: 1.5","locations":[{"line":1,"column":9}]},{"message":"Variable \"$b\" got invalid value \"yes\"; Boolean cannot represent a non boolean value: \"yes\"","locations":[{"line":1,"column":18}]}]}`},
	{name: "input object variable", query: `query Q($f: Filter) { filter(f: $f) }`, vars: `{"f":{"limit":2.5,"tags":["a",null],"extra":1}}`, data: `{}`,
		want: `{"errors":[{"message":"Variable \"$f\" got invalid value { limit: 2.5, tags: [\"a\", null], extra: 1 }; Field \"name\" of required type \"String!\" was not provided.","locations":[{"line":1,"column":9}]},{"message":"Variable \"$f\" got invalid value 2.5 at \"f.limit\"; Int cannot represent non-integer value: 2.5","locations":[{"line":1,"column":9}]},{"message":"Variable \"$f\" got invalid value null at \"f.tags[1]\"; Expected non-nullable type \"String!\" not to be null.","locations":[{"line":1,"column":9}]},{"message":"Variable \"$f\" got invalid value { limit: 2.5, tags: [\"a\", null], extra: 1 }; Field \"extra\" is not defined by type \"Filter\".","locations":[{"line":1,"column":9}]}]}`},
	{name: "int variable range and enum", query: `query Q($n: Int, $c: Color, $l: [Int]) { filter(n: $n, c: $c, l: $l) }`, vars: `{"n":3000000000,"c":"red","l":7}`, data: `{"int":1}`,
		want: `{"errors":[{"message":"Variable \"$n\" got invalid value 3000000000; Int cannot represent non 32-bit signed integer value: 3000000000","locations":[{"line":1,"column":9}]},{"message":"Variable \"$c\" got invalid value \"red\"; Value \"red\" does not exist in \"Color\" enum.","locations":[{"line":1,"column":18}]}]}`},
	{name: "introspection is not shaped", query: `{ __schema { queryType { name } } }`, data: `{}`,
		want: `{"errors":[{"message":"Introspection field \"__schema\" is not supported when shaping data.","locations":[{"line":1,"column":3}]}]}`},
	{name: "typename on root and repeated fragment", query: `{ __typename ...F ...F } fragment F on Query { int }`, data: `{"int":1}`,
		want: `{"data":{"__typename":"Query","int":1}}`},
	{name: "conditional fragment then unconditional", query: `query($a: Boolean!) { ...F @include(if: $a) n: int ...F } fragment F on Query { color }`, vars: `{"a":false}`,
		data: `{"int":1,"color":"RED"}`, want: `{"data":{"n":1,"color":"RED"}}`},
	{name: "variables not an object", query: `{ int }`, vars: `[1]`, data: `{}`,
		want: `{"errors":[{"message":"Variables must be provided as an Object where each property is a variable value."}]}`},
}

func TestSpec(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range specCases {
		t.Run(tc.name, func(t *testing.T) {
			got := respond(t, schema, tc)
			if !json.Valid([]byte(got)) {
				t.Fatalf("invalid JSON: %s", got)
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func respond(t *testing.T, schema *graphql.Schema, tc specCase) string {
	t.Helper()
	op, err := graphql.Compile(schema, tc.query, tc.op)
	if err != nil {
		re, ok := err.(*graphql.RequestError)
		if !ok {
			t.Fatalf("Compile: %v", err)
		}
		return string(re.AppendResponse(nil))
	}
	var d graft.Doc
	data, err := d.Parse([]byte(tc.data))
	if err != nil {
		t.Fatal(err)
	}
	var vars graft.Ref
	if tc.vars != "" {
		if vars, err = d.Append([]byte(tc.vars)); err != nil {
			t.Fatal(err)
		}
	}
	var r shape.Renderer
	out, _ := op.Respond(nil, &r, &d, data, &d, vars)
	return string(out)
}

func TestSchemaError(t *testing.T) {
	_, err := graphql.ParseSchema("type Query {\n  a: Nope\n}", graphql.Options{})
	se, ok := err.(*graphql.SchemaError)
	if !ok || se.Line != 2 {
		t.Fatalf("got %#v", err)
	}
}

// TestSchemaWithoutQuery: an empty schema, or one without the query root
// type, is an error of the schema, not of every query compiled against it.
func TestSchemaWithoutQuery(t *testing.T) {
	cases := []struct{ name, sdl, msg string }{
		{"empty", "", "the schema is empty"},
		{"blank", " \n\t", "the schema is empty"},
		{"no Query", "type User { id: ID }", "the schema defines no query type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := graphql.ParseSchema(c.sdl, graphql.Options{})
			se, ok := err.(*graphql.SchemaError)
			if !ok || !strings.HasPrefix(se.Message, c.msg) {
				t.Fatalf("got %v, want a SchemaError %q", err, c.msg)
			}
		})
	}
}

// TestStreamDeclared: a schema that declares @stream gets it past
// validation; Compile still refuses it.
func TestStreamDeclared(t *testing.T) {
	schema, err := graphql.ParseSchema("directive @stream(initialCount: Int) on FIELD\ntype Query { ints: [Int] }", graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := respond(t, schema, specCase{query: `{ ints @stream(initialCount: 1) }`, data: `{}`})
	want := `{"errors":[{"message":"The @stream directive is not supported when shaping data: the response is delivered in one payload.","locations":[{"line":1,"column":9}]}]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
