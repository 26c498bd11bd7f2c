package graphqlbench

import (
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
)

// graftOperation compiles shapeSchema and shapeQuery and coerces the
// request's variables (none given: the default applies).
func graftOperation(tb testing.TB) (*graphql.Operation, []bool) {
	tb.Helper()
	schema, err := graphql.ParseSchema(shapeSchema, graphql.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	o, err := graphql.Compile(schema, shapeQuery, "")
	if err != nil {
		tb.Fatal(err)
	}
	vars, err := o.Variables(nil, new(graft.Doc), 0)
	if err != nil {
		tb.Fatal(err)
	}
	return o, vars
}

// setupGraftParseRender parses the data into a reused Doc and renders it.
func setupGraftParseRender(tb testing.TB) op {
	o, vars := graftOperation(tb)
	var d graft.Doc
	var r shape.Renderer
	return func(dst []byte) ([]byte, error) {
		root, err := d.Parse(shaping.data)
		if err != nil {
			return dst, err
		}
		return r.Render(dst, o.Plan(), &d, root, vars), nil
	}
}

// setupGraftRender renders from a Doc parsed once.
func setupGraftRender(tb testing.TB) op {
	o, vars := graftOperation(tb)
	var d graft.Doc
	root, err := d.Parse(shaping.data)
	if err != nil {
		tb.Fatal(err)
	}
	var r shape.Renderer
	return func(dst []byte) ([]byte, error) {
		return r.Render(dst, o.Plan(), &d, root, vars), nil
	}
}

// TestGraftRenderAllocs: a warm render allocates nothing, and neither does
// a warm parse and render.
func TestGraftRenderAllocs(t *testing.T) {
	for _, r := range []row{{name: "render", setup: setupGraftRender}, {name: "parse+render", setup: setupGraftParseRender}} {
		o := r.setup(t)
		out, _ := o(nil)
		if allocs := testing.AllocsPerRun(5, func() { out, _ = o(out[:0]) }); allocs != 0 {
			t.Errorf("%s: %v allocations per warm run, want 0", r.name, allocs)
		}
	}
}
