package shape_test

import (
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// RenderPrior lists the earlier errors first and adds none for the
// positions they report: a reported null in a non-null position, and the
// missing members of a reported object, bubble quietly; an unreported
// null at the same kind of position still has its error.
func TestRenderPrior(t *testing.T) {
	p, err := shape.New(q(
		f("a", list(obj("A", f("id", nn(tID), 2), f("x", nn(tInt), 3))), 1),
		f("b", nn(obj("B", f("y", nn(tInt), 5))), 4),
	), shape.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var d graft.Doc
	data, err := d.Parse([]byte(`{"a":[{"id":"1"},{"id":"2","x":null},{"id":"3"},{"id":"4","x":4}],"b":{"y":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	items := d.Member(data, "a")
	quietObject := d.Index(items, 0)              // x missing: reported
	quietNull := d.Member(d.Index(items, 1), "x") // x null: reported
	prior := []byte(`{"message":"fetch failed"},{"message":"second"}`)
	var r shape.Renderer
	out := r.RenderPrior(nil, p, &d, data, nil, shape.Prior{Errors: prior, Count: 2, Reported: []graft.Ref{quietNull, quietObject}})
	want := `{"errors":[{"message":"fetch failed"},{"message":"second"},{"message":"Cannot return null for non-nullable field A.x.","locations":[{"line":1,"column":3}],"path":["a",2,"x"]}],"data":{"a":[null,null,null,{"id":"4","x":4}],"b":{"y":1}}}`
	if string(out) != want {
		t.Fatalf("got  %s\nwant %s", out, want)
	}
	if r.Errors() != 3 {
		t.Errorf("Errors() = %d, want 3", r.Errors())
	}
	// Without prior errors, RenderPrior is Render.
	out = r.RenderPrior(out[:0], p, &d, data, nil, shape.Prior{})
	if want := string(r.Render(nil, p, &d, data, nil)); string(out) != want {
		t.Errorf("RenderPrior with no prior: %s, Render: %s", out, want)
	}
	// No data: the prior error first, then the data's own.
	if out := r.RenderPrior(nil, p, &d, d.Member(data, "none"), nil, shape.Prior{Errors: prior[:26], Count: 1}); string(out) != `{"errors":[{"message":"fetch failed"},{"message":"Cannot return null for non-nullable field Query.b.","locations":[{"line":1,"column":4}],"path":["b"]}],"data":null}` {
		t.Errorf("got %s", out)
	}
}
