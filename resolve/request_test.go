package resolve_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/resolve"
)

func TestExecuteRejects(t *testing.T) {
	e := resolve.NewEngine(nestedTransport(nil), resolve.Options{})
	shaped := mustPlan(t, root("a", "{a}"), shapeOf(t, obj("Query", shapeField("a", tInt, "v"))))
	cases := []struct {
		name string
		plan *resolve.Plan
		req  *resolve.Request
		want string
	}{
		{"nil plan", nil, nil, "nil plan"},
		{"variables not JSON", shaped, &resolve.Request{Variables: []byte(`{"a":`), Conditions: []bool{true}}, "variables are not JSON"},
		{"variables not an object", shaped, &resolve.Request{Variables: []byte(`[1]`), Conditions: []bool{true}}, "variables are not a JSON object"},
		{"conditions missing", shaped, &resolve.Request{}, "0 conditions for the 1 variables"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := e.Execute(context.Background(), c.plan, c.req, []byte("x"))
			if !errors.Is(err, resolve.ErrRequest) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want ErrRequest saying %q", err, c.want)
			}
			if string(out) != "x" {
				t.Fatalf("dst changed: %q", out)
			}
		})
	}
}

// A response past Options.Doc.MaxBytes is a failed fetch; the request
// goes on.
func TestResponseLimit(t *testing.T) {
	big := `{"data":{"a":"` + strings.Repeat("x", 5000) + `"}}`
	tr := resolve.Memory{
		"big": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			return append(dst, big...), nil
		},
		"small": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			return append(dst, `{"data":{"b":1}}`...), nil
		},
	}
	e := resolve.NewEngine(tr, resolve.Options{Doc: graft.Options{MaxBytes: 1000}})
	out, err := e.Execute(context.Background(), mustPlan(t, par(root("big", "{a}"), root("small", "{b}")), nil), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkResponse(t, out)
	if !strings.Contains(string(out), `Failed to fetch from upstream \"big\": the response is not JSON (graft: `) ||
		!strings.Contains(string(out), "limit") || !strings.HasSuffix(string(out), `"data":{"b":1}}`) {
		t.Fatalf("got %s", out)
	}
}

// The @skip/@include values of the request reach the renderer.
func TestConditions(t *testing.T) {
	tr := resolve.Memory{"a": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
		return append(dst, `{"data":{"a":1,"b":2}}`...), nil
	}}
	p := mustPlan(t, root("a", "{a b}"), shapeOf(t, obj("Query", fld("a", tInt), shapeField("b", tInt, "v"))))
	e := resolve.NewEngine(tr, resolve.Options{})
	for _, c := range []struct {
		v    bool
		want string
	}{{true, `{"data":{"a":1,"b":2}}`}, {false, `{"data":{"a":1}}`}} {
		out, err := e.Execute(context.Background(), p, &resolve.Request{Conditions: []bool{c.v}}, nil)
		if err != nil || string(out) != c.want {
			t.Errorf("$v=%v: %v %s, want %s", c.v, err, out, c.want)
		}
	}
}

// Options.MaxErrors bounds the errors of one response, however many an
// upstream sends and however many positions each concerns.
func TestMaxErrors(t *testing.T) {
	tr := resolve.Memory{
		"a": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			return append(dst, `{"data":{"l":[{"k":1},{"k":1},{"k":1}]}}`...), nil
		},
		"b": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			return append(dst, `{"data":{"_entities":[null]},"errors":[{"message":"e","path":["_entities",0]},{"message":"f"},{"message":"g"}]}`...), nil
		},
	}
	p := mustPlan(t, seq(root("a", "{l}"), &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"l", "@"}, Entities: []resolve.Entity{{Type: "T", Fields: []resolve.Field{{Name: "k"}}}}}), nil)
	for _, c := range []struct{ max, want int }{{0, 5}, {2, 2}, {4, 4}} {
		out, err := resolve.NewEngine(tr, resolve.Options{MaxErrors: c.max}).Execute(context.Background(), p, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkResponse(t, out)
		if n := strings.Count(string(out), `"message"`); n != c.want {
			t.Errorf("MaxErrors %d: %d errors, want %d: %s", c.max, n, c.want, out)
		}
		if !strings.HasSuffix(string(out), `"data":{"l":[null,null,null]}}`) {
			t.Errorf("MaxErrors %d: %s", c.max, out)
		}
	}
}
