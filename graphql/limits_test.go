package graphql_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft/graphql"
)

// Options.MaxDepth bounds how deep an operation nests: the braces and
// brackets of the document (checked before parsing) and the fields with
// fragments expanded (checked while compiling).
func TestMaxDepth(t *testing.T) {
	deep := func(levels int) string { // chain, then next, ..., then value at level levels
		return "{ chain " + strings.Repeat("{ next ", levels-2) + "{ value }" + strings.Repeat(" }", levels-2) + " }"
	}
	for _, tc := range []struct {
		name  string
		depth int
		specCase
	}{
		{name: "default limit reached", specCase: specCase{query: deep(1000), data: `{}`, want: `{"data":{"chain":null}}`}},
		{name: "default limit passed", specCase: specCase{query: deep(1001), data: `{}`,
			want: `{"errors":[{"message":"The operation exceeds the maximum depth of 1000.","locations":[{"line":1,"column":7002}]}]}`}},
		{name: "no limit", depth: -1, specCase: specCase{query: deep(1001), data: `{}`, want: `{"data":{"chain":null}}`}},
		{name: "fragment within the limit", depth: 3, specCase: specCase{
			query: `{ chain { ...F } } fragment F on Chain { next { value } }`,
			data:  `{"chain":{"next":{"value":1}}}`, want: `{"data":{"chain":{"next":{"value":1}}}}`}},
		{name: "fragment passes the limit", depth: 2, specCase: specCase{
			query: `{ chain { ...F } } fragment F on Chain { next { value } }`, data: `{}`,
			want: `{"errors":[{"message":"The operation exceeds the maximum depth of 2.","locations":[{"line":1,"column":49}]}]}`}},
		{name: "shared selection reached deeper", depth: 3, specCase: specCase{
			query: `{ a: chain { ...F } b: chain { next { ...F } } } fragment F on Chain { next { value } }`, data: `{}`,
			want: `{"errors":[{"message":"The operation exceeds the maximum depth of 3.","locations":[{"line":1,"column":72}]}]}`}},
		{name: "brackets count", depth: 3, specCase: specCase{query: `{ filter(l: [[[1]]]) }`, data: `{}`,
			want: `{"errors":[{"message":"The operation exceeds the maximum depth of 3.","locations":[{"line":1,"column":15}]}]}`}},
		{name: "strings and comments do not count", depth: 2, specCase: specCase{
			query: "query A { user(id: \"{{{\\\"{{\") { id } } # {{{{\n" + `query B { user(id: """ {{{ \""" {{{ """) { id } }`, op: "B",
			data: `{"user":{"id":1}}`, want: `{"data":{"user":{"id":"1"}}}`}},
		{name: "lines are counted", depth: 2, specCase: specCase{query: "# {\n{ user(id: \"\"\"\n{\n\"\"\") { best { id } } }", data: `{}`,
			want: `{"errors":[{"message":"The operation exceeds the maximum depth of 2.","locations":[{"line":4,"column":13}]}]}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schema, err := graphql.ParseSchema(sdl, graphql.Options{MaxDepth: tc.depth})
			if err != nil {
				t.Fatal(err)
			}
			if got := respond(t, schema, tc.specCase); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// Compiling is linear in the depth of the operation: 20,000 nested fields
// (a 117 KB document, compiled without a depth limit) once allocated over
// 400 MB, as every position built its description from its parent's.
func TestDeepOperationCompileMemory(t *testing.T) {
	schema, err := graphql.ParseSchema("type U { f: U v: Int }\ntype Query { u: U }\n", graphql.Options{MaxDepth: -1})
	if err != nil {
		t.Fatal(err)
	}
	const depth = 20000
	query := "{ u " + strings.Repeat("{ f ", depth) + "{ v }" + strings.Repeat(" }", depth) + " }"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = graphql.Compile(schema, query, "")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 64 {
		t.Errorf("Compile of a %d KB operation allocated %d MB", len(query)>>10, mb)
	}
}

// Fragments spread twice at every level select 2^21 fields for one object
// of data, though their compiled selections are shared: refused.
func TestTooLarge(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var q strings.Builder
	q.WriteString("{ chain { ...F0 } }\n")
	for i := 0; i < 20; i++ {
		n := strconv.Itoa(i + 1)
		q.WriteString("fragment F" + strconv.Itoa(i) + " on Chain { a: next { ...F" + n + " } b: next { ...F" + n + " } }\n")
	}
	q.WriteString("fragment F20 on Chain { value }\n")
	got := respond(t, schema, specCase{query: q.String(), data: `{}`})
	want := `{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, it selects more than 1048576 fields."}]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestOverlapCost: documents that would make validation compare fields of
// one response name pairwise past a bound are refused before it runs
// (10,000 selections of one field took it 45 s); Relay-style spreads
// of many fragments that select the same field pass.
func TestOverlapCost(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fragments := func(n int) string {
		var b strings.Builder
		b.WriteString("{ chain {")
		for i := range n {
			b.WriteString(" ...F" + strconv.Itoa(i))
		}
		b.WriteString(" } }")
		for i := range n {
			b.WriteString(" fragment F" + strconv.Itoa(i) + " on Chain { value }")
		}
		return b.String()
	}
	wide := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(" c" + strconv.Itoa(i) + ": chain { ...W }")
		}
		return b.String()
	}
	aliases := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(" v" + strconv.Itoa(i) + ": value")
		}
		return b.String()
	}
	const tooMany = `"The operation is too large: validating it compares more than 262144 pairs of fields of one response name."`
	for _, tc := range []struct{ name, query, want string }{
		{"one field 1000 times", "{ chain {" + strings.Repeat(" value", 1000) + " } }",
			`{"errors":[{"message":` + tooMany + `,"locations":[{"line":1,"column":11}]}]}`},
		{"a field 100 times, its selection merged", "{" + strings.Repeat(" chain {"+strings.Repeat(" value", 100)+" }", 100) + " }",
			`{"errors":[{"message":` + tooMany + `,"locations":[{"line":1,"column":11}]}]}`},
		{"200 fragments of one field", fragments(200), `{"data":{"chain":{"value":1}}}`},
		{"a fragment of 2000 fields spread in 600 selections", "{" + wide(600) + " } fragment W on Chain {" + aliases(2000) + " }",
			`{"errors":[{"message":"The operation is too large: validating it reads more than 1048576 field selections, the fragments spread into each selection set expanded.","locations":[{"line":1,"column":37095}]}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			got := respond(t, schema, specCase{query: tc.query, data: `{"chain":{"value":1}}`})
			runtime.ReadMemStats(&after)
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
				t.Errorf("allocated %d bytes", n)
			}
		})
	}
}

// TestCollectLimits: Options.MaxFields bounds the field nodes and the
// @skip/@include conditions collected with fragments expanded, and
// MaxRepeats the nodes of one response name in one selection.
func TestCollectLimits(t *testing.T) {
	small, err := graphql.ParseSchema(sdl, graphql.Options{MaxFields: 10})
	if err != nil {
		t.Fatal(err)
	}
	wide, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		schema *graphql.Schema
		query  string
		want   string
	}{
		{"ten fields", small, "{ chain {" + strings.Repeat(" value", 9) + " } }", `{"data":{"chain":{"value":1}}}`},
		{"eleven fields", small, "{ chain {" + strings.Repeat(" value", 10) + " } int }",
			`{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, it has more than 10 field selections, repeated ones included.","locations":[{"line":1,"column":65}]}]}`},
		{"conditions", small, "query($v: Boolean!) { chain { ...A @include(if: $v) ...A @skip(if: $v) value } } fragment A on Chain { ...B @include(if: $v) ...B @skip(if: $v) } fragment B on Chain { value @include(if: $v) }",
			`{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, it has more than 10 @skip and @include conditions, repeated ones included.","locations":[{"line":1,"column":56}]}]}`},
		{"256 repeats", wide, "{ chain {" + strings.Repeat(" value", 256) + " } }", `{"data":{"chain":{"value":1}}}`},
		{"257 repeats", wide, "{ chain {" + strings.Repeat(" value", 257) + " } }",
			`{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, one selection has more than 256 fields \"value\".","locations":[{"line":1,"column":11}]}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := respond(t, tc.schema, specCase{query: tc.query, data: `{"chain":{"value":1},"int":1}`, vars: `{"v":true}`})
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
