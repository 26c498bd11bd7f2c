package shape_test

import (
	"encoding/json"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// FuzzRender renders arbitrary data through a fixed plan that uses every
// kind of position: the output must be valid JSON, and the Doc unchanged.
func FuzzRender(f *testing.F) {
	for _, tc := range renderCases {
		f.Add([]byte(tc.data))
	}
	for _, tc := range leafCases {
		f.Add([]byte(`{"v":` + tc.data + `}`))
	}
	f.Add(benchData(3))
	every := []shape.Field{}
	for _, t := range []*shape.Type{tInt, tFloat, tString, tBoolean, tID, tJSON, tColor} {
		every = append(every, f_(t.Name, t), f_(t.Name+"NN", nn(t)), f_(t.Name+"s", list(t)), f_(t.Name+"sNN", list(nn(t))))
	}
	every = append(every, f_("v", tString), f_("u", user), f_("uNN", userNN), f_("l", list(userNN)),
		f_("m", list(list(nn(tInt)))), f_("n", list(nodeIface)), f_("__typename", tName))
	plan, vars := benchPlan(f)
	every = append(every, f_("products", list(obj("Product"))))
	all, err := shape.New(obj("Query", every...), shape.Options{Hidden: map[string]bool{"Secret": true, "Color.BLUE": true}})
	if err != nil {
		f.Fatal(err)
	}
	var r shape.Renderer
	f.Fuzz(func(t *testing.T, data []byte) {
		var d graft.Doc
		root, err := d.Parse(data)
		if err != nil {
			return
		}
		before := string(d.AppendJSON(nil, root))
		for _, p := range []*shape.Plan{all, plan} {
			out := r.Render(nil, p, &d, root, vars)
			if !json.Valid(out) {
				t.Fatalf("invalid JSON output: %s", out)
			}
		}
		if after := string(d.AppendJSON(nil, root)); after != before {
			t.Fatalf("the Doc changed:\n%s\n%s", before, after)
		}
	})
}

func f_(name string, t *shape.Type) shape.Field { return f(name, t, 1) }
