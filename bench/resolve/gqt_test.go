package resolvebench

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/datasource/httpclient"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/resolve"
)

// This file drives graphql-go-tools' resolver through its exported API
// with the plan of its Benchmark_NestedBatching, for any number of
// products. For three products run.sh runs graphql-go-tools' own benchmark
// from the downloaded module instead; this driver gives the larger sizes,
// and its three-product figures (…/graphql-go-tools-driver) show how close
// it comes to the original.

// source is a data source answering with a fixed body after checking the
// input byte for byte.
type source struct{ input, data []byte }

func (s *source) Load(ctx context.Context, headers http.Header, input []byte) ([]byte, error) {
	if !bytes.Equal(s.input, input) {
		return nil, fmt.Errorf("unexpected input %s", input)
	}
	return s.data, nil
}

func (s *source) LoadWithFiles(ctx context.Context, headers http.Header, input []byte, files []*httpclient.FileUpload) ([]byte, error) {
	return s.Load(ctx, headers, input)
}

func static(s string) resolve.InputTemplate {
	return resolve.InputTemplate{Segments: []resolve.TemplateSegment{{Data: []byte(s), SegmentType: resolve.StaticSegmentType}}}
}

// batch is a BatchEntityFetch of the scenario: the representation is
// {"__typename":…,key:…} read from the object.
func batch(url, query, key string, ds resolve.DataSource) *resolve.BatchEntityFetch {
	return &resolve.BatchEntityFetch{
		Input: resolve.BatchInput{
			Header: static(`{"method":"POST","url":"` + url + `","body":{"query":"` + query + `","variables":{"representations":[`),
			Items: []resolve.InputTemplate{{Segments: []resolve.TemplateSegment{{
				SegmentType:  resolve.VariableSegmentType,
				VariableKind: resolve.ResolvableObjectVariableKind,
				Renderer: resolve.NewGraphQLVariableResolveRenderer(&resolve.Object{Fields: []*resolve.Field{
					{Name: []byte("__typename"), Value: &resolve.String{Path: []string{"__typename"}}},
					{Name: []byte(key), Value: &resolve.String{Path: []string{key}}},
				}}),
			}}}},
			Separator: static(`,`),
			Footer:    static(`]}}}`),
		},
		DataSource:     ds,
		PostProcessing: resolve.PostProcessingConfiguration{SelectResponseDataPath: []string{"data", "_entities"}},
	}
}

func gqtPlan(f *fixture) *resolve.GraphQLResponse {
	input := func(url, query, reps string) []byte {
		return []byte(`{"method":"POST","url":"` + url + `","body":{"query":"` + query + `","variables":{"representations":[` + reps + `]}}}`)
	}
	products := &source{[]byte(`{"method":"POST","url":"http://products","body":{"query":"` + productsQuery + `"}}`), []byte(f.products)}
	reviews := &source{input("http://reviews", reviewsQuery, f.productReps), []byte(f.reviews)}
	stock := &source{input("http://stock", stockQuery, f.productReps), []byte(f.stock)}
	users := &source{input("http://users", usersQuery, f.userReps), []byte(f.users)}
	str := func(p string) *resolve.String { return &resolve.String{Path: []string{p}} }
	field := func(name string, v resolve.Node) *resolve.Field { return &resolve.Field{Name: []byte(name), Value: v} }
	return &resolve.GraphQLResponse{
		Fetches: resolve.Sequence(
			resolve.SingleWithPath(&resolve.SingleFetch{
				InputTemplate: static(string(products.input)),
				FetchConfiguration: resolve.FetchConfiguration{
					DataSource:     products,
					PostProcessing: resolve.PostProcessingConfiguration{SelectResponseDataPath: []string{"data"}},
				},
			}, ""),
			resolve.Parallel(
				resolve.SingleWithPath(batch("http://reviews", reviewsQuery, "upc", reviews), "topProducts", resolve.ArrayPath("topProducts")),
				resolve.SingleWithPath(batch("http://stock", stockQuery, "upc", stock), "topProducts", resolve.ArrayPath("topProducts")),
			),
			resolve.SingleWithPath(batch("http://users", usersQuery, "id", users), "topProducts.@.reviews.@.author",
				resolve.ArrayPath("topProducts"), resolve.ArrayPath("reviews"), resolve.ObjectPath("author")),
		),
		Data: &resolve.Object{Fields: []*resolve.Field{
			field("topProducts", &resolve.Array{Path: []string{"topProducts"}, Item: &resolve.Object{Fields: []*resolve.Field{
				field("name", str("name")),
				field("stock", &resolve.Integer{Path: []string{"stock"}}),
				field("reviews", &resolve.Array{Path: []string{"reviews"}, Item: &resolve.Object{Fields: []*resolve.Field{
					field("body", str("body")),
					field("author", &resolve.Object{Path: []string{"author"}, Fields: []*resolve.Field{field("name", str("name"))}}),
				}}}),
			}}}),
		}},
		Info: &resolve.GraphQLResponseInfo{OperationType: ast.OperationTypeQuery},
	}
}

// benchGqt runs the scenario as graphql-go-tools' benchmark does, with the
// resolver options of its tests. Its Context can only be set up again
// through NewContext from outside the package (one allocation more per
// operation than the original, which resets a pooled one).
//
// graphql-go-tools v2.16.0's arena resolver panicked here once ("close of
// closed channel" in InboundRequestSingleFlight.FinishOk, -cpu 2) with its
// inbound request deduplication on; it is off in this driver.
func benchGqt(b *testing.B, f *fixture, arena bool) {
	r := resolve.New(b.Context(), resolve.ResolverOptions{MaxConcurrency: 1024, PropagateSubgraphErrors: true, PropagateSubgraphStatusCodes: true})
	plan := gqtPlan(f)
	want := []byte(f.expected)
	pool := sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 1024)) }}
	b.ReportAllocs()
	b.SetBytes(int64(len(want)))
	b.ResetTimer()
	defer startCPU().report(b)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			ctx := resolve.NewContext(context.Background())
			// Identical requests at the same time would share one
			// execution in the arena resolver (its inbound request
			// deduplication); each operation here does all the work, as
			// graft's do. Its own Arena benchmark runs with it.
			ctx.ExecutionOptions.DisableInboundRequestDeduplication = true
			buf := pool.Get().(*bytes.Buffer)
			var err error
			if arena {
				_, err = r.ArenaResolveGraphQLResponse(ctx, plan, buf)
			} else {
				_, err = r.ResolveGraphQLResponse(ctx, plan, nil, buf)
			}
			if err != nil {
				b.Fatal(err)
			}
			if !bytes.Equal(want, buf.Bytes()) {
				b.Fatalf("got %s\nwant %s", buf.Bytes(), want)
			}
			buf.Reset()
			pool.Put(buf)
			ctx.Free()
		}
	})
}

func TestGqtOutput(t *testing.T) {
	r := resolve.New(t.Context(), resolve.ResolverOptions{MaxConcurrency: 1024})
	for _, n := range []int{3, 100, 1000} {
		f := newFixture(n)
		plan := gqtPlan(f)
		for _, arena := range []bool{false, true} {
			var buf bytes.Buffer
			var err error
			if arena {
				_, err = r.ArenaResolveGraphQLResponse(resolve.NewContext(context.Background()), plan, &buf)
			} else {
				_, err = r.ResolveGraphQLResponse(resolve.NewContext(context.Background()), plan, nil, &buf)
			}
			if err != nil || buf.String() != f.expected {
				t.Fatalf("n=%d arena=%v: %v\n got %.300s\nwant %.300s", n, arena, err, buf.String(), f.expected)
			}
		}
	}
}
