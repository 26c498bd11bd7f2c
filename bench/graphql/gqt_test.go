package graphqlbench

import (
	"context"
	"testing"

	"github.com/wundergraph/go-arena"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/resolve"
)

// gqtResponse is shapeQuery as graphql-go-tools' planner would plan it for
// the variable values of the run ($withReviews is true, so reviews is
// planned in): the node kinds, nullability, possible types and type
// conditions its planner gives each field, with Path the member name of
// the data (the schema field name; the planner uses the alias, because it
// sends aliases to the upstream, while this data is keyed by schema names).
// No fetches: the data is the initial data.
func gqtResponse() *resolve.GraphQLResponse {
	str := func(path string, nullable bool) *resolve.String {
		return &resolve.String{Path: []string{path}, Nullable: nullable}
	}
	typename := &resolve.String{Path: []string{"__typename"}, IsTypeName: true}
	field := func(name string, v resolve.Node) *resolve.Field { return &resolve.Field{Name: []byte(name), Value: v} }
	onType := func(f *resolve.Field, types ...string) *resolve.Field {
		for _, t := range types {
			f.OnTypeNames = append(f.OnTypeNames, []byte(t))
		}
		return f
	}
	object := func(path, typeName string, nullable bool, possible []string, fields ...*resolve.Field) *resolve.Object {
		o := &resolve.Object{Nullable: nullable, TypeName: typeName, PossibleTypes: map[string]struct{}{}, Fields: fields}
		if path != "" {
			o.Path = []string{path}
		}
		for _, p := range possible {
			o.PossibleTypes[p] = struct{}{}
		}
		return o
	}
	author := object("author", "User", true, []string{"User"},
		field("id", &resolve.Scalar{Path: []string{"id"}}), // ID is a Scalar for its planner
		field("name", str("name", true)),
	)
	review := object("", "Review", false, []string{"Review"},
		field("id", &resolve.Scalar{Path: []string{"id"}}),
		field("body", str("body", false)),
		field("rating", &resolve.Integer{Path: []string{"stars"}}),
		field("author", author),
	)
	media := object("media", "Media", true, []string{"Image", "Video"},
		field("__typename", typename),
		onType(field("url", str("url", true)), "Image"),
		onType(field("length", &resolve.Float{Path: []string{"length"}, Nullable: true}), "Video"),
	)
	product := object("", "Product", true, []string{"Product"},
		field("__typename", typename),
		field("sku", &resolve.Scalar{Path: []string{"id"}}),
		field("name", str("name", false)),
		field("price", &resolve.Float{Path: []string{"price"}, Nullable: true}),
		field("currency", &resolve.Enum{Path: []string{"currency"}, Nullable: true, TypeName: "Currency", Values: []string{"USD", "EUR"}}),
		field("inStock", &resolve.Boolean{Path: []string{"inStock"}}),
		field("tags", &resolve.Array{Path: []string{"tags"}, Nullable: true, Item: &resolve.String{}}),
		field("media", media),
		field("reviews", &resolve.Array{Path: []string{"reviews"}, Nullable: true, Item: review}),
	)
	root := object("", "Query", false, nil,
		field("products", &resolve.Array{Path: []string{"products"}, Item: product}),
	)
	return &resolve.GraphQLResponse{
		Data: root,
		Info: &resolve.GraphQLResponseInfo{OperationType: ast.OperationTypeQuery},
	}
}

// appendWriter is an io.Writer that appends to a byte slice.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// setupGQTParseRender does per op what the resolver's arena path does for
// a response without fetches: reset the arena, a new Resolvable on it,
// Init with the data as initial data (parses it), Resolve (a pre-walk that
// collects errors and nulls failed positions in the tree, then the walk
// that prints).
func setupGQTParseRender(testing.TB) op {
	resp := gqtResponse()
	a := arena.NewMonotonicArena(arena.WithMinBufferSize(4 << 20))
	ctx := resolve.NewContext(context.Background())
	w := &appendWriter{}
	return func(dst []byte) ([]byte, error) {
		a.Reset()
		res := resolve.NewResolvable(a, resolve.ResolvableOptions{})
		if err := res.Init(ctx, shaping.data, resp.Info.OperationType); err != nil {
			return dst, err
		}
		w.b = dst
		err := res.Resolve(context.Background(), resp.Data, resp.Fetches, w)
		return w.b, err
	}
}

// setupGQTRerender parses and resolves once in setup; each op resolves
// again over the same tree (see shapeRender).
func setupGQTRerender(tb testing.TB) op {
	resp := gqtResponse()
	a := arena.NewMonotonicArena(arena.WithMinBufferSize(4 << 20))
	ctx := resolve.NewContext(context.Background())
	res := resolve.NewResolvable(a, resolve.ResolvableOptions{})
	if err := res.Init(ctx, shaping.data, resp.Info.OperationType); err != nil {
		tb.Fatal(err)
	}
	w := &appendWriter{}
	if err := res.Resolve(context.Background(), resp.Data, resp.Fetches, w); err != nil {
		tb.Fatal(err)
	}
	return func(dst []byte) ([]byte, error) {
		w.b = dst
		err := res.Resolve(context.Background(), resp.Data, resp.Fetches, w)
		return w.b, err
	}
}
