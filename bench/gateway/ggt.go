package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/datasource/httpclient"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/resolve"
)

// The peer "ggt": graphql-go-tools v2.16.0's resolve engine (the engine
// of WunderGraph's Cosmo Router) served over net/http, with a plan built
// by hand for the benchmark query. It neither parses nor validates nor
// plans a request: it picks the plan by the body (500 products or the
// default 5), so it is an optimistic stand-in for a whole router.

// The subgraph operations of the plan.
const (
	ggtReviewsQuery   = `query($representations: [_Any!]!){_entities(representations: $representations){... on Product {__typename reviews {body author {__typename id}}}}}`
	ggtInventoryQuery = `query($representations: [_Any!]!){_entities(representations: $representations){... on Product {__typename inStock}}}`
	ggtAccountsQuery  = `query($representations: [_Any!]!){_entities(representations: $representations){... on User {__typename name}}}`
)

type headerKey struct{}

// httpSource sends a fetch's input to the subgraph with graphql-go-tools'
// HTTP client, forwarding the client's Authorization.
type httpSource struct{ client *http.Client }

func (s *httpSource) Load(ctx context.Context, headers http.Header, input []byte) ([]byte, error) {
	// httpclient.Do adds to the headers it is given, and fetches run in
	// parallel: each gets its own copy.
	h, _ := ctx.Value(headerKey{}).(http.Header)
	return httpclient.Do(s.client, ctx, h.Clone(), input)
}

func (s *httpSource) LoadWithFiles(ctx context.Context, headers http.Header, input []byte, files []*httpclient.FileUpload) ([]byte, error) {
	return s.Load(ctx, headers, input)
}

func static(s string) resolve.InputTemplate {
	return resolve.InputTemplate{Segments: []resolve.TemplateSegment{{Data: []byte(s), SegmentType: resolve.StaticSegmentType}}}
}

func entityFetch(url, query, key string, ds resolve.DataSource) *resolve.BatchEntityFetch {
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

// ggtPlan is the plan of { topProducts(first: n) { name inStock reviews
// { body author { name } } } }: products, then reviews and inventory at
// once, then accounts for the authors.
func ggtPlan(urls map[string]string, first string, ds resolve.DataSource) *resolve.GraphQLResponse {
	root := `{topProducts{__typename upc name}}`
	if first != "" {
		root = `{topProducts(first: ` + first + `){__typename upc name}}`
	}
	str := func(p string) *resolve.String { return &resolve.String{Path: []string{p}, Nullable: true} }
	field := func(name string, v resolve.Node) *resolve.Field { return &resolve.Field{Name: []byte(name), Value: v} }
	return &resolve.GraphQLResponse{
		Fetches: resolve.Sequence(
			resolve.SingleWithPath(&resolve.SingleFetch{
				InputTemplate: static(`{"method":"POST","url":"` + urls["products"] + `","body":{"query":"` + root + `"}}`),
				FetchConfiguration: resolve.FetchConfiguration{
					DataSource:     ds,
					PostProcessing: resolve.PostProcessingConfiguration{SelectResponseDataPath: []string{"data"}},
				},
			}, ""),
			resolve.Parallel(
				resolve.SingleWithPath(entityFetch(urls["reviews"], ggtReviewsQuery, "upc", ds), "topProducts", resolve.ArrayPath("topProducts")),
				resolve.SingleWithPath(entityFetch(urls["inventory"], ggtInventoryQuery, "upc", ds), "topProducts", resolve.ArrayPath("topProducts")),
			),
			resolve.SingleWithPath(entityFetch(urls["accounts"], ggtAccountsQuery, "id", ds), "topProducts.@.reviews.@.author",
				resolve.ArrayPath("topProducts"), resolve.ArrayPath("reviews"), resolve.ObjectPath("author")),
		),
		Data: &resolve.Object{Fields: []*resolve.Field{
			field("topProducts", &resolve.Array{Path: []string{"topProducts"}, Nullable: true, Item: &resolve.Object{Nullable: true, Fields: []*resolve.Field{
				field("name", str("name")),
				field("inStock", &resolve.Boolean{Path: []string{"inStock"}, Nullable: true}),
				field("reviews", &resolve.Array{Path: []string{"reviews"}, Nullable: true, Item: &resolve.Object{Nullable: true, Fields: []*resolve.Field{
					field("body", str("body")),
					field("author", &resolve.Object{Path: []string{"author"}, Nullable: true, Fields: []*resolve.Field{field("name", str("name"))}}),
				}}}),
			}}}),
		}},
		Info: &resolve.GraphQLResponseInfo{OperationType: ast.OperationTypeQuery},
	}
}

// runGGT serves the peer: gatewaybench ggt -listen ADDR -subgraph NAME=URL….
func runGGT(args []string) {
	fs := flag.NewFlagSet("ggt", flag.ExitOnError)
	listen := fs.String("listen", "127.0.0.1:0", "address")
	urls := map[string]string{}
	fs.Func("subgraph", "NAME=URL", func(v string) error {
		name, url, _ := strings.Cut(v, "=")
		urls[name] = url
		return nil
	})
	fs.Parse(args)
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal((&http.Server{Handler: ggtHandler(urls), ReadHeaderTimeout: 10 * time.Second}).Serve(ln))
}

// ggtHandler answers the benchmark query with graphql-go-tools' engine.
func ggtHandler(urls map[string]string) http.Handler {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1024, IdleConnTimeout: time.Minute}}
	ds := &httpSource{client: client}
	small, big := ggtPlan(urls, "", ds), ggtPlan(urls, "500", ds)
	r := resolve.New(context.Background(), resolve.ResolverOptions{MaxConcurrency: 1024, PropagateSubgraphErrors: true})
	pool := sync.Pool{New: func() any { return new(bytes.Buffer) }}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/health" {
			io.WriteString(w, `{"status":"pass"}`)
			return
		}
		buf := pool.Get().(*bytes.Buffer)
		defer pool.Put(buf)
		buf.Reset()
		if _, err := buf.ReadFrom(req.Body); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		plan := small
		if bytes.Contains(buf.Bytes(), []byte("500")) {
			plan = big
		}
		buf.Reset()
		h := http.Header{}
		if a := req.Header["Authorization"]; a != nil {
			h["Authorization"] = a
		}
		ctx := resolve.NewContext(context.WithValue(req.Context(), headerKey{}, h))
		if _, err := r.ResolveGraphQLResponse(ctx, plan, nil, buf); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header()["Content-Type"] = []string{"application/json"}
		w.Write(buf.Bytes())
	})
}
