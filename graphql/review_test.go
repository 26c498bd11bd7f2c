package graphql_test

// Adversarial review (rev4): reproducers that fail on the current code.
// Every expected response below is what graphql-js 16.15.0 returned for
// the same schema, document, variables and root value (execute with its
// default resolvers), run outside this repository.

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
)

// A fragment spread twice into one merged selection is collected once
// (CollectFields keeps one visitedFragments set for all the field nodes of
// a merged field, and for all spreads of one selection set), so an error
// inside it lists the fragment field's location once.
func TestReviewFragmentSpreadTwiceLocatedOnce(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []specCase{
		{name: "same fragment under two occurrences of a merged field",
			query: `{ user { ...F } user { ...F } } fragment F on User { email }`,
			data:  `{"user":{"email":null}}`,
			want:  `{"errors":[{"message":"Cannot return null for non-nullable field User.email.","locations":[{"line":1,"column":54}],"path":["user","email"]}],"data":{"user":null}}`},
		{name: "conditional spread then the same spread unconditionally",
			query: `query($v: Boolean!) { user { ...F @include(if: $v) ...F } } fragment F on User { email }`,
			vars:  `{"v":true}`,
			data:  `{"user":{"email":null}}`,
			want:  `{"errors":[{"message":"Cannot return null for non-nullable field User.email.","locations":[{"line":1,"column":82}],"path":["user","email"]}],"data":{"user":null}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := respond(t, schema, tc); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// A valid operation without a single fragment is refused as "too large"
// because every interface position is compiled once per possible type:
// 20 implementations and 5 nested interface-typed fields make 20^5 plan
// fields. graphql-js executes it.
func TestReviewInterfaceNestingWithoutFragments(t *testing.T) {
	var b strings.Builder
	b.WriteString("interface Node { id: ID! children: [Node] }\n")
	for i := 0; i < 20; i++ {
		b.WriteString("type T" + strconv.Itoa(i) + " implements Node { id: ID! children: [Node] }\n")
	}
	b.WriteString("type Query { node: Node }\n")
	schema, err := graphql.ParseSchema(b.String())
	if err != nil {
		t.Fatal(err)
	}
	tc := specCase{
		query: `{ node { children { children { children { children { id } } } } } }`,
		data:  `{"node":{"__typename":"T3","id":"1","children":[{"__typename":"T7","id":"2","children":[{"__typename":"T1","id":"3","children":null}]}]}}`,
		want:  `{"data":{"node":{"children":[{"children":[{"children":null}]}]}}}`,
	}
	if got := respond(t, schema, tc); got != tc.want {
		t.Errorf("got  %s\nwant %s", got, tc.want)
	}
}

// Compiling a deeply nested (but small) operation costs memory quadratic
// in its depth: a 117 KB document of 20,000 nested fields allocates
// hundreds of megabytes (and a 1.4 MB one of 200,000 levels took over
// 17 GB before it was killed). The budget here is generous: 64 MB.
func TestReviewDeepOperationCompileMemory(t *testing.T) {
	schema, err := graphql.ParseSchema("type U { f: U v: Int }\ntype Query { u: U }\n")
	if err != nil {
		t.Fatal(err)
	}
	const depth = 20000
	query := "{ u " + strings.Repeat("{ f ", depth) + "{ v }" + strings.Repeat(" }", depth) + " }"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = graphql.Compile(schema, query, "")
	runtime.ReadMemStats(&after)
	mb := (after.TotalAlloc - before.TotalAlloc) >> 20
	t.Logf("query %d KB, Compile err=%v, allocated %d MB", len(query)>>10, err, mb)
	if mb > 64 {
		t.Errorf("Compile of a %d KB operation allocated %d MB", len(query)>>10, mb)
	}
}

// graphql-js lists the unknown fields of an input object value with
// Object.keys: a name given twice in the JSON is one property (the last
// value wins, as everywhere in graft) and is reported once.
func TestReviewVariableDuplicateUnknownFieldReportedOnce(t *testing.T) {
	problems := variableProblems(t, `query($f: Filter) { filter(f: $f) }`, `{"f":{"name":"a","nope":1,"nope":2}}`)
	// graphql-js: one error, `Variable "$f" got invalid value { name: "a", nope: 2 }; Field "nope" is not defined by type "Filter". Did you mean "name"?`
	if len(problems) != 1 {
		t.Errorf("got %d problems, want 1 (graphql-js reports the field once): %q", len(problems), problems)
	}
}

// Object.keys lists integer-like keys first, so graphql-js reports an
// unknown field "7" before an unknown field "zz" given earlier.
func TestReviewVariableUnknownFieldOrder(t *testing.T) {
	problems := variableProblems(t, `query($f: Filter) { filter(f: $f) }`, `{"f":{"name":"a","zz":1,"7":2}}`)
	// graphql-js: [...; Field "7" is not defined by type "Filter".,  ...; Field "zz" is not defined by type "Filter".]
	if len(problems) != 2 || !strings.HasSuffix(problems[0], `Field "7" is not defined by type "Filter".`) {
		t.Errorf("got %q, want the error for field \"7\" first", problems)
	}
}

func variableProblems(t *testing.T, query, vars string) []string {
	t.Helper()
	schema, err := graphql.ParseSchema(sdl)
	if err != nil {
		t.Fatal(err)
	}
	op, err := graphql.Compile(schema, query, "")
	if err != nil {
		t.Fatal(err)
	}
	var d graft.Doc
	v, err := d.Parse([]byte(vars))
	if err != nil {
		t.Fatal(err)
	}
	_, err = op.Variables(nil, &d, v)
	re, ok := err.(*graphql.RequestError)
	if !ok {
		t.Fatalf("Variables: %v", err)
	}
	var out []string
	for _, p := range re.Problems {
		out = append(out, p.Message)
	}
	if !json.Valid(re.AppendResponse(nil)) {
		t.Fatal("invalid response")
	}
	return out
}
