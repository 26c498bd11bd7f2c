package resolve_test

import (
	"context"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/graftjson/graft/resolve"
	"github.com/graftjson/graft/shape"
)

var show = flag.Bool("show", false, "print every case's output")

// upstream is a fake upstream of a table case: it checks the request body
// (when want is set) and answers, or fails with err.
type upstream struct {
	want   string
	answer string
	err    error
}

func transportOf(ups map[string]upstream) resolve.Memory {
	m := resolve.Memory{}
	for name, u := range ups {
		m[name] = func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			if u.want != "" && string(r.Body) != u.want {
				return dst, errors.New("unexpected request " + string(r.Body))
			}
			if u.err != nil {
				return dst, u.err
			}
			return append(dst, u.answer...), nil
		}
	}
	return m
}

func productsAt(path ...string) *resolve.Fetch {
	return &resolve.Fetch{Upstream: "stock", Operation: stockQuery, Path: path, Entities: productEntity()}
}

func seq(n ...resolve.Node) *resolve.Sequence { return &resolve.Sequence{Nodes: n} }
func par(n ...resolve.Node) *resolve.Parallel { return &resolve.Parallel{Nodes: n} }
func root(upstream, op string) *resolve.Fetch {
	return &resolve.Fetch{Upstream: upstream, Operation: op}
}

const threeUPCs = `{"__typename":"Product","upc":"1"},{"__typename":"Product","upc":"2"},{"__typename":"Product","upc":"3"}`

func TestExecute(t *testing.T) {
	stockShape := func(nonNull bool) *shape.Plan {
		st := tInt
		if nonNull {
			st = nn(tInt)
		}
		p, err := shape.New(obj("Query", fld("topProducts", list(obj("Product", fld("name", tString), fld("stock", st))))), shape.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	products := upstream{want: request(productsQuery, ""), answer: productsBody}
	stockTree := seq(root("products", productsQuery), productsAt("topProducts", "@"))
	stockWant := request(stockQuery, threeUPCs)

	cases := []struct {
		name  string
		tree  resolve.Node
		shape *shape.Plan
		vars  string
		ups   map[string]upstream
		want  string
	}{
		{
			name: "sequence of a root fetch and an entity fetch",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {want: stockWant, answer: stockBody}},
			want: `{"data":{"topProducts":[{"name":"Table","stock":8},{"name":"Couch","stock":2},{"name":"Chair","stock":5}]}}`,
		},
		{
			name: "no response plan: the merged data as it is",
			tree: stockTree,
			ups:  map[string]upstream{"products": products, "stock": {want: stockWant, answer: stockBody}},
			want: `{"data":{"topProducts":[{"name":"Table","__typename":"Product","upc":"1","stock":8},{"name":"Couch","__typename":"Product","upc":"2","stock":2},{"name":"Chair","__typename":"Product","upc":"3","stock":5}]}}`,
		},

		{
			name:  "parallel root fetches merge into the root",
			tree:  par(root("a", "{a}"), root("b", "{b{x}}"), root("c", "{b{y}}")),
			shape: shapeOf(t, obj("Query", fld("a", tInt), fld("b", obj("B", fld("x", tInt), fld("y", tInt))))),
			ups: map[string]upstream{
				"a": {want: request("{a}", ""), answer: `{"data":{"a":1}}`},
				"b": {want: request("{b{x}}", ""), answer: `{"data":{"b":{"x":2}}}`},
				"c": {want: request("{b{y}}", ""), answer: `{"data":{"b":{"y":3}}}`},
			},
			want: `{"data":{"a":1,"b":{"x":2,"y":3}}}`,
		},
		{
			name: "a root fetch with a path merges below it",
			tree: seq(root("a", "{me{id}}"), &resolve.Fetch{Upstream: "b", Operation: "{viewer{name}}", Path: []string{"me", "viewer"}}),
			ups: map[string]upstream{
				"a": {answer: `{"data":{"me":{"id":"1"}}}`},
				"b": {answer: `{"data":{"name":"Ann"}}`},
			},
			want: `{"data":{"me":{"id":"1","viewer":{"name":"Ann"}}}}`,
		},
		{
			name: "forwarded variables: those the client sent, as sent",
			tree: seq(&resolve.Fetch{Upstream: "a", Operation: "query($id:ID,$n:Int){a(id:$id,n:$n)}", Variables: []string{"id", "n", "missing"}},
				&resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"a"}, Entities: []resolve.Entity{{Type: "A", Fields: []resolve.Field{{Name: "k"}}}}, Variables: []string{"n"}}),
			vars: `{"n": 1.50, "id": "x\u0041", "other": true}`,
			ups: map[string]upstream{
				"a": {want: `{"query":"query($id:ID,$n:Int){a(id:$id,n:$n)}","variables":{"id":"x\u0041","n":1.50}}`, answer: `{"data":{"a":{"__typename":"A","k":1}}}`},
				"b": {want: `{"query":"E","variables":{"representations":[{"__typename":"A","k":1}],"n":1.50}}`, answer: `{"data":{"_entities":[{"v":true}]}}`},
			},
			want: `{"data":{"a":{"__typename":"A","k":1,"v":true}}}`,
		},
		{
			name: "operation name is sent",
			tree: &resolve.Fetch{Upstream: "a", Operation: "query Q{a}", OperationName: "Q"},
			ups:  map[string]upstream{"a": {want: `{"query":"query Q{a}","operationName":"Q","variables":{}}`, answer: `{"data":{"a":1}}`}},
			want: `{"data":{"a":1}}`,
		},
		{
			name: "nested lists, representations deduplicated by content",
			tree: seq(root("a", "{lists}"), &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"lists", "@", "@", "u"}, Entities: []resolve.Entity{{Type: "U", Fields: []resolve.Field{{Name: "id"}}}}}),
			ups: map[string]upstream{
				"a": {answer: `{"data":{"lists":[[{"u":{"__typename":"U","id":1}},{"u":{"__typename":"U","id":2}}],[],null,[{"u":{"__typename":"U","id":1}},{"u":null},{"x":0}]]}}`},
				"b": {want: `{"query":"E","variables":{"representations":[{"__typename":"U","id":1},{"__typename":"U","id":2}]}}`, answer: `{"data":{"_entities":[{"n":"one"},{"n":"two"}]}}`},
			},
			want: `{"data":{"lists":[[{"u":{"__typename":"U","id":1,"n":"one"}},{"u":{"__typename":"U","id":2,"n":"two"}}],[],null,[{"u":{"__typename":"U","id":1,"n":"one"}},{"u":null},{"x":0}]]}}`,
		},
		{
			// Each entry takes the U objects below objects of its type
			// (any object for ""): those below R, or below an object
			// without __typename, are not asked for; one that an entry
			// takes and that lacks its field is still an error.
			name: "entities by the types of the objects on the way",
			tree: seq(root("a", "{r}"), &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"r", "xs", "@", "ys", "@"}, Entities: []resolve.Entity{
				{Type: "U", Fields: []resolve.Field{{Name: "id"}}, Within: []string{"", "P"}},
				{Type: "U", Fields: []resolve.Field{{Name: "k"}}, Within: []string{"", "Q"}},
			}}),
			ups: map[string]upstream{
				"a": {answer: `{"data":{"r":{"xs":[{"__typename":"P","ys":[{"__typename":"U","id":1}]},{"__typename":"Q","ys":[{"__typename":"U","k":2},{"__typename":"U","id":9}]},{"ys":[{"__typename":"U","id":3}]},{"__typename":"R","ys":[{"__typename":"U"}]}]}}}`},
				"b": {want: `{"query":"E","variables":{"representations":[{"__typename":"U","id":1},{"__typename":"U","k":2}]}}`, answer: `{"data":{"_entities":[{"n":"one"},{"n":"two"}]}}`},
			},
			want: `{"errors":[{"message":"The object lacks a key field its representation for upstream \"b\" needs.","path":["r","xs",1,"ys",1],"extensions":{"code":"INVALID_REPRESENTATION","upstream":"b"}}],"data":{"r":{"xs":[{"__typename":"P","ys":[{"__typename":"U","id":1,"n":"one"}]},{"__typename":"Q","ys":[{"__typename":"U","k":2,"n":"two"},null]},{"ys":[{"__typename":"U","id":3}]},{"__typename":"R","ys":[{"__typename":"U"}]}]}}}`,
		},
		{
			name: "empty batch: no request",
			tree: seq(root("a", "{topProducts}"), productsAt("topProducts", "@")),
			ups:  map[string]upstream{"a": {answer: `{"data":{"topProducts":[]}}`}},
			want: `{"data":{"topProducts":[]}}`,
		},
		{
			name: "null and missing parents give no representation",
			tree: seq(root("a", "{topProducts}"), productsAt("topProducts", "@", "best")),
			ups: map[string]upstream{
				"a":     {answer: `{"data":{"topProducts":[null,{"best":null},{},{"best":{"__typename":"Product","upc":"9"}},7]}}`},
				"stock": {want: request(stockQuery, `{"__typename":"Product","upc":"9"}`), answer: `{"data":{"_entities":[{"stock":1}]}}`},
			},
			want: `{"data":{"topProducts":[null,{"best":null},{},{"best":{"__typename":"Product","upc":"9","stock":1}},7]}}`,
		},
		{
			name: "abstract types: each type its representation, other types skipped",
			tree: seq(root("a", "{media}"), &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"media", "@"}, Entities: []resolve.Entity{
				{Type: "Book", Fields: []resolve.Field{{Name: "isbn"}}},
				{Type: "Film", Typename: "Media", Fields: []resolve.Field{{Name: "id", Key: "filmId"}, {Name: "studio", Fields: []resolve.Field{{Name: "code"}}}}},
			}}),
			ups: map[string]upstream{
				"a": {answer: `{"data":{"media":[{"__typename":"Book","isbn":"b1"},{"__typename":"Song","id":1},{"__typename":"Film","filmId":7,"studio":{"code":"S","name":"x"}},{"id":2}]}}`},
				"b": {want: `{"query":"E","variables":{"representations":[{"__typename":"Book","isbn":"b1"},{"__typename":"Media","id":7,"studio":{"code":"S"}}]}}`, answer: `{"data":{"_entities":[{"title":"T"},{"title":"F"}]}}`},
			},
			want: `{"data":{"media":[{"__typename":"Book","isbn":"b1","title":"T"},{"__typename":"Song","id":1},{"__typename":"Film","filmId":7,"studio":{"code":"S","name":"x"},"title":"F"},{"id":2}]}}`,
		},
		{
			name: "one entity type: objects without __typename are its objects",
			tree: seq(root("a", "{p}"), productsAt("p")),
			ups: map[string]upstream{
				"a":     {answer: `{"data":{"p":{"upc":"5"}}}`},
				"stock": {want: request(stockQuery, `{"__typename":"Product","upc":"5"}`), answer: `{"data":{"_entities":[{"stock":3}]}}`},
			},
			want: `{"data":{"p":{"upc":"5","stock":3}}}`,
		},
		{
			name: "composite key of a list of objects",
			tree: seq(root("a", "{p}"), &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"p"}, Entities: []resolve.Entity{{Type: "P", Fields: []resolve.Field{{Name: "parts", Fields: []resolve.Field{{Name: "id"}}}, {Name: "owner", Fields: []resolve.Field{{Name: "id"}}}}}}}),
			ups: map[string]upstream{
				"a": {answer: `{"data":{"p":{"__typename":"P","parts":[{"id":1,"x":0},{"id":2}],"owner":null}}}`},
				"b": {want: `{"query":"E","variables":{"representations":[{"__typename":"P","parts":[{"id":1},{"id":2}],"owner":null}]}}`, answer: `{"data":{"_entities":[{"ok":true}]}}`},
			},
			want: `{"data":{"p":{"__typename":"P","parts":[{"id":1,"x":0},{"id":2}],"owner":null,"ok":true}}}`,
		},
		{
			name: "upstream errors: message and extensions kept (and the upstream named), _entities paths become every served path",
			tree: seq(root("a", "{topProducts}"), productsAt("topProducts", "@")),
			ups: map[string]upstream{
				"a": {answer: `{"data":{"topProducts":[{"upc":"1"},{"upc":"2"},{"upc":"1"}]},"errors":[{"message":"root warning","path":["topProducts",1],"locations":[{"line":1,"column":2}]}]}`},
				"stock": {want: request(stockQuery, `{"__typename":"Product","upc":"1"},{"__typename":"Product","upc":"2"}`),
					answer: `{"data":{"_entities":[null,{"stock":2}]},"errors":[{"message":"no stock for 1","path":["_entities",0,"stock"],"extensions":{"code":"E1"}},{"message":"general","extensions":{}},{"message":"odd path","path":["x"],"extensions":{"upstream":"elsewhere"}},{"message":"bad index","path":["_entities",5]}]}`},
			},
			want: `{"errors":[{"message":"root warning","path":["topProducts",1],"extensions":{"upstream":"a"}},{"message":"no stock for 1","path":["topProducts",0,"stock"],"extensions":{"code":"E1","upstream":"stock"}},{"message":"no stock for 1","path":["topProducts",2,"stock"],"extensions":{"code":"E1","upstream":"stock"}},{"message":"general","extensions":{"upstream":"stock"}},{"message":"odd path","extensions":{"upstream":"elsewhere"}},{"message":"bad index","extensions":{"upstream":"stock"}}],"data":{"topProducts":[null,{"upc":"2","stock":2},null]}}`,
		},

		{
			name: "failed fetch: transport error nulls only its fields, one error",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {err: errors.New("connection refused")}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": connection refused","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "failed fetch under non-null fields: the nulls bubble without errors of their own",
			tree: stockTree, shape: stockShape(true),
			ups:  map[string]upstream{"products": products, "stock": {err: errors.New("connection refused")}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": connection refused","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[null,null,null]}}`,
		},
		{
			name: "failed root fetch under a non-null root field: data null, one error",
			tree: stockTree, shape: shapeOf(t, obj("Query", fld("topProducts", nn(list(obj("Product", fld("name", tString))))))),
			ups:  map[string]upstream{"products": {err: errors.New("timeout")}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"products\": timeout","extensions":{"code":"UPSTREAM_FAILED","upstream":"products"}}],"data":null}`,
		},
		{
			name: "failed fetch: body not JSON",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `<html>502</html>`}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response is not JSON (graft: line 1, column 1: invalid character '<' at the start of a value)","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "failed fetch: truncated body",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: stockBody[:30]}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response is not JSON (graft: line 1, column 31: expected ':' after object member name, found end of input)","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "failed fetch: invalid UTF-8",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: "{\"data\":{\"_entities\":[{\"stock\":\"\xff\"}]}}"}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response is not JSON (graft: line 1, column 33: invalid UTF-8 in string)","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "failed fetch: not an object",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `[1]`}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response is not a JSON object","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "failed fetch: no data and no errors",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `{}`}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response has no \"data\".\"_entities\" list","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "failed fetch: data is not an object",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": {answer: `{"data":[]}`}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"products\": the response's \"data\" is not an object","extensions":{"code":"UPSTREAM_FAILED","upstream":"products"}}],"data":{"topProducts":null}}`,
		},
		{
			name: "failed fetch: _entities is not a list",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `{"data":{"_entities":{}}}`}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response has no \"data\".\"_entities\" list","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "data null with the upstream's errors: those errors only",
			tree: stockTree, shape: stockShape(true),
			ups:  map[string]upstream{"products": products, "stock": {answer: `{"data":null,"errors":[{"message":"denied"}]}`}},
			want: `{"errors":[{"message":"denied","extensions":{"upstream":"stock"}}],"data":{"topProducts":[null,null,null]}}`,
		},
		{
			name: "result count mismatch",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `{"data":{"_entities":[{"stock":8},{"stock":2}]}}`}},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"stock\": the response has 2 entities for 3 representations","extensions":{"code":"UPSTREAM_FAILED","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":null},{"name":"Couch","stock":null},{"name":"Chair","stock":null}]}}`,
		},
		{
			name: "null and non-object entities null their positions",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `{"data":{"_entities":[null,{"stock":2},"x"]}}`}},
			want: `{"errors":[{"message":"Upstream \"stock\" returned no entity for this object.","path":["topProducts",0],"extensions":{"code":"INVALID_ENTITY","upstream":"stock"}},{"message":"Upstream \"stock\" returned no entity for this object.","path":["topProducts",2],"extensions":{"code":"INVALID_ENTITY","upstream":"stock"}}],"data":{"topProducts":[null,{"name":"Couch","stock":2},null]}}`,
		},
		{
			name: "merge conflict nulls its position",
			tree: stockTree, shape: stockShape(false),
			ups:  map[string]upstream{"products": products, "stock": {answer: `{"data":{"_entities":[{"stock":8},{"name":{"x":1}},{"stock":5}]}}`}},
			want: `{"errors":[{"message":"The entity from upstream \"stock\" does not fit the object's data (graft: at \"/name\": cannot merge an object into a string).","path":["topProducts",1],"extensions":{"code":"MERGE_CONFLICT","upstream":"stock"}}],"data":{"topProducts":[{"name":"Table","stock":8},null,{"name":"Chair","stock":5}]}}`,
		},
		{
			name: "an object without its key field is nulled, the others fetched",
			tree: stockTree, shape: stockShape(false),
			ups: map[string]upstream{
				"products": {answer: `{"data":{"topProducts":[{"name":"A","upc":"1"},{"name":"B"}]}}`},
				"stock":    {want: request(stockQuery, `{"__typename":"Product","upc":"1"}`), answer: `{"data":{"_entities":[{"stock":1}]}}`},
			},
			want: `{"errors":[{"message":"The object lacks a key field its representation for upstream \"stock\" needs.","path":["topProducts",1],"extensions":{"code":"INVALID_REPRESENTATION","upstream":"stock"}}],"data":{"topProducts":[{"name":"A","stock":1},null]}}`,
		},
		{
			name: "partial data: a failed parallel branch leaves the other's data",
			tree: nestedTree(), shape: nestedShape(t, false),
			ups: map[string]upstream{
				"products": products,
				"stock":    {answer: stockBody},
				"reviews":  {err: errors.New("reset by peer")},
			},
			want: `{"errors":[{"message":"Failed to fetch from upstream \"reviews\": reset by peer","extensions":{"code":"UPSTREAM_FAILED","upstream":"reviews"}}],"data":{"topProducts":[{"name":"Table","stock":8,"reviews":null},{"name":"Couch","stock":2,"reviews":null},{"name":"Chair","stock":5,"reviews":null}]}}`,
		},
		{
			name: "unknown upstream",
			tree: root("nowhere", "{a}"),
			want: `{"errors":[{"message":"Failed to fetch from upstream \"nowhere\": no such upstream","extensions":{"code":"UPSTREAM_FAILED","upstream":"nowhere"}}],"data":{}}`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustPlan(t, c.tree, c.shape)
			// Inline runs the same fetches one after another in the
			// calling goroutine: the response is the same.
			for _, inline := range []bool{false, true} {
				e := resolve.NewEngine(transportOf(c.ups), resolve.Options{Inline: inline})
				out, err := e.Execute(context.Background(), p, &resolve.Request{Variables: []byte(c.vars)}, nil)
				if err != nil {
					t.Fatal(err)
				}
				checkResponse(t, out)
				if *show {
					t.Logf("inline %v: %s", inline, out)
				}
				if string(out) != c.want {
					t.Errorf("inline %v:\n got %s\nwant %s", inline, out, c.want)
				}
			}
		})
	}
}

func shapeOf(tb testing.TB, root *shape.Type) *shape.Plan {
	p, err := shape.New(root, shape.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// An entity that serves many objects is copied to each: MaxDataBytes stops
// the copies where the data would pass it, nulling the rest with errors.
func TestMaxDataBytes(t *testing.T) {
	const n = 200
	items := ""
	for i := 0; i < n; i++ {
		if i > 0 {
			items += ","
		}
		items += `{"__typename":"Product","upc":"1"}` // one representation for all
	}
	ups := map[string]upstream{
		"products": {answer: `{"data":{"topProducts":[` + items + `]}}`},
		"stock":    {answer: `{"data":{"_entities":[{"stock":7,"name":"` + strings.Repeat("x", 1000) + `"}]}}`},
	}
	plan := mustPlan(t, seq(root("products", "{topProducts{__typename upc}}"), productsAt("topProducts", "@")), nil)
	for _, tc := range []struct {
		name      string
		limit     int
		wantNulls bool
	}{
		{"default limit", 0, false},
		{"small limit", 34 << 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := resolve.NewEngine(transportOf(ups), resolve.Options{MaxDataBytes: tc.limit})
			out, err := e.Execute(context.Background(), plan, &resolve.Request{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkResponse(t, out)
			nulls := strings.Count(string(out), `"RESPONSE_TOO_LARGE"`)
			merged := strings.Count(string(out), `"stock":7`)
			if merged+nulls != n {
				t.Errorf("%d merged + %d refused, want %d in all", merged, nulls, n)
			}
			if tc.wantNulls != (nulls > 0) || merged == 0 {
				t.Errorf("%d merged, %d refused: limit %d", merged, nulls, tc.limit)
			}
		})
	}
}

func TestMaxResponseBytes(t *testing.T) {
	ups := map[string]upstream{"products": {answer: `{"data":{"topProducts":[` + threeUPCs + `]}}`}}
	plan := mustPlan(t, root("products", "{topProducts{__typename upc}}"), nil)
	for _, tc := range []struct {
		limit int
		want  string
	}{
		{0, `{"data":{"topProducts":[` + threeUPCs + `]}}`},
		{50, `{"errors":[{"message":"The response exceeds the limit of 50 bytes.","extensions":{"code":"RESPONSE_TOO_LARGE"}}],"data":null}`},
	} {
		e := resolve.NewEngine(transportOf(ups), resolve.Options{MaxResponseBytes: tc.limit})
		out, err := e.Execute(context.Background(), plan, &resolve.Request{}, []byte("prefix:"))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(out); got != "prefix:"+tc.want {
			t.Errorf("limit %d:\n got %s\nwant prefix:%s", tc.limit, got, tc.want)
		}
	}
}
