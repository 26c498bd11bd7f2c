package graphql_test

// Adversarial review (rev4): reproducers that fail on the current code.
// Every expected response below is what graphql-js 16.15.0 returned for
// the same schema, document, variables and root value (execute with its
// default resolvers), run outside this repository.

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

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
