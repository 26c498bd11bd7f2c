package graphql_test

import (
	"encoding/json"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
)

// FuzzRequest compiles an arbitrary document against the test schema and,
// when it compiles, coerces arbitrary variables and renders arbitrary
// data: no input may panic, and every response is valid JSON.
func FuzzRequest(f *testing.F) {
	for _, tc := range specCases {
		f.Add(tc.query, tc.vars, tc.data)
	}
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		f.Fatal(err)
	}
	var r shape.Renderer
	f.Fuzz(func(t *testing.T, query, vars, data string) {
		op, err := graphql.Compile(schema, query, "")
		if err != nil {
			re, ok := err.(*graphql.RequestError)
			if !ok {
				t.Fatalf("Compile returned %T: %v", err, err)
			}
			if out := re.AppendResponse(nil); !json.Valid(out) {
				t.Fatalf("invalid request error response: %s", out)
			}
			return
		}
		var d graft.Doc
		root, err := d.Parse([]byte(data))
		if err != nil {
			return
		}
		v, err := d.Append([]byte(vars))
		if err != nil {
			v = 0
		}
		out, _ := op.Respond(nil, &r, &d, root, &d, v)
		if !json.Valid(out) {
			t.Fatalf("invalid response: %s", out)
		}
	})
}
