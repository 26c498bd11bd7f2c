package graphqlbench

import (
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
)

// The compile scenario: a generated schema of compileDepth object types,
// each with compileLeaves leaf fields and a field "next" to the following
// type, and an operation selecting every leaf field of every level: 200
// leaf fields and 10 object fields. Even leaves are selected directly,
// under an alias; odd ones through a named fragment per type.
const (
	compileDepth  = 10
	compileLeaves = 20
)

type compileCase struct {
	schema, query string
	data, want    []byte // data with every field set, and its response
}

var compiling = buildCompileCase()

func buildCompileCase() compileCase {
	leafTypes := []string{"Int", "String", "Float", "Boolean", "ID"}
	leafValues := []string{"7", `"s"`, "1.5", "true", `"id"`}
	var sdl, query, frags, data, want strings.Builder
	sdl.WriteString("type Query { t0: T0 }\n")
	query.WriteString("query Deep {\n")
	for d := 0; d < compileDepth; d++ {
		ds := strconv.Itoa(d)
		sdl.WriteString("type T" + ds + " {")
		indent := strings.Repeat("  ", d+1)
		frags.WriteString("fragment F" + ds + " on T" + ds + " {")
		if d == 0 {
			query.WriteString(indent + "t0 {\n")
			data.WriteString(`{"t0":{`)
			want.WriteString(`{"data":{"t0":{`)
		} else {
			query.WriteString(indent + "t" + ds + ": next {\n")
			data.WriteString(`"next":{`)
			want.WriteString(`"t` + ds + `":{`)
		}
		var odd strings.Builder
		for i := 0; i < compileLeaves; i++ {
			is := strconv.Itoa(i)
			sdl.WriteString(" f" + is + ": " + leafTypes[i%len(leafTypes)])
			data.WriteString(`"f` + is + `":` + leafValues[i%len(leafValues)] + `,`)
			if i%2 == 0 {
				query.WriteString(indent + "  a" + is + ": f" + is + "\n")
				want.WriteString(`"a` + is + `":` + leafValues[i%len(leafValues)] + `,`)
			} else {
				frags.WriteString(" f" + is)
				odd.WriteString(`"f` + is + `":` + leafValues[i%len(leafValues)] + `,`)
			}
		}
		query.WriteString(indent + "  ...F" + ds + "\n")
		want.WriteString(odd.String())
		frags.WriteString(" }\n")
		if d+1 < compileDepth {
			sdl.WriteString(" next: T" + strconv.Itoa(d+1))
		}
		sdl.WriteString(" }\n")
	}
	for d := compileDepth - 1; d >= 0; d-- {
		query.WriteString(strings.Repeat("  ", d+1) + "}\n")
	}
	query.WriteString("}\n" + frags.String())
	c := compileCase{schema: sdl.String(), query: query.String()}
	c.data = []byte(strings.TrimSuffix(data.String(), ",") + strings.Repeat("}", compileDepth+1))
	c.want = []byte(strings.TrimSuffix(want.String(), ",") + strings.Repeat("}", compileDepth+2))
	return c
}

// BenchmarkShapeCompile compiles the 200-field operation: against a parsed
// schema (what a server does for a new document), with the schema parsed
// too, and as a Cache hit.
func BenchmarkShapeCompile(b *testing.B) {
	schema, err := graphql.ParseSchema(compiling.schema, graphql.Options{})
	if err != nil {
		b.Fatal(err)
	}
	cache := graphql.NewCache(16, graphql.Options{})
	rows := []struct {
		name    string
		compile func() (*graphql.Operation, error)
	}{
		{"graft", func() (*graphql.Operation, error) { return graphql.Compile(schema, compiling.query, "") }},
		{"graft-with-schema", func() (*graphql.Operation, error) {
			s, err := graphql.ParseSchema(compiling.schema, graphql.Options{})
			if err != nil {
				return nil, err
			}
			return graphql.Compile(s, compiling.query, "")
		}},
		{"graft-cache-hit", func() (*graphql.Operation, error) { return cache.Compile(compiling.schema, compiling.query, "") }},
	}
	for _, r := range rows {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			var o *graphql.Operation
			for i := 0; i < b.N; i++ {
				if o, err = r.compile(); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			checkCompiled(b, o)
		})
	}
}

func TestShapeCompile(t *testing.T) {
	schema, err := graphql.ParseSchema(compiling.schema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := graphql.Compile(schema, compiling.query, "")
	if err != nil {
		t.Fatalf("%v\n%s", err, compiling.query)
	}
	checkCompiled(t, o)
	if n := strings.Count(string(compiling.want), `":`) - 1; n != compileDepth*(compileLeaves+1) {
		t.Errorf("the response has %d fields, want %d", n, compileDepth*(compileLeaves+1))
	}
}

// checkCompiled renders the generated data through the operation and
// compares the response with the expected one.
func checkCompiled(tb testing.TB, o *graphql.Operation) {
	tb.Helper()
	var d graft.Doc
	root, err := d.Parse(compiling.data)
	if err != nil {
		tb.Fatal(err)
	}
	var r shape.Renderer
	if err := check(r.Render(nil, o.Plan(), &d, root, nil), compiling.want); err != nil {
		tb.Fatal(err)
	}
}
