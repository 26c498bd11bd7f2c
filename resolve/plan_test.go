package resolve_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/graftjson/graft/resolve"
)

func TestNewPlanRejects(t *testing.T) {
	shared := root("a", "{a}")
	cyc := &resolve.Sequence{}
	cyc.Nodes = []resolve.Node{root("a", "{a}"), cyc}
	ent := func(f func(*resolve.Fetch)) *resolve.Fetch {
		x := &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"p", "@"}, Entities: productEntity()}
		f(x)
		return x
	}
	cases := []struct {
		name string
		tree resolve.Node
		want string // in the message
	}{
		{"nil root", nil, "root: nil node"},
		{"nil fetch in a sequence", seq(root("a", "{a}"), (*resolve.Fetch)(nil)), "root.Nodes[1]: nil node"},
		{"cycle", cyc, "root.Nodes[1]: node used twice"},
		{"one fetch in two places", par(shared, seq(shared)), "root.Nodes[1].Nodes[0]: node used twice"},
		{"nested fetch", seq(root("a", "{a}"), par(root("b", "{b}"), root("c", ""))), `root.Nodes[1].Nodes[1]("c"): no operation`},
		{"no upstream", root("", "{a}"), `root(""): no upstream`},
		{"no operation", root("a", "  "), `root("a"): no operation`},
		{"empty path key", &resolve.Fetch{Upstream: "a", Operation: "{a}", Path: []string{"x", ""}}, `root("a").Path[1]: empty key`},
		{"@ first", ent(func(f *resolve.Fetch) { f.Path = []string{"@"} }), `root("b").Path[0]: "@" first`},
		{"@ in a root fetch", &resolve.Fetch{Upstream: "a", Operation: "{a}", Path: []string{"x", "@"}}, `"@" in the path of a fetch that is not an entity fetch`},
		{"entity fetch without a path", ent(func(f *resolve.Fetch) { f.Path = nil }), `root("b").Path: an entity fetch needs a path`},
		{"entity without a type", ent(func(f *resolve.Fetch) { f.Entities[0].Type = "" }), `root("b").Entities[0]: no type`},
		{"entity without fields", ent(func(f *resolve.Fetch) { f.Entities[0].Fields = nil }), "Entities[0]: no fields"},
		{"type twice", ent(func(f *resolve.Fetch) { f.Entities = append(f.Entities, f.Entities[0]) }), `Entities[1]: type "Product" listed twice`},
		{"type twice with one Within", ent(func(f *resolve.Fetch) {
			f.Path = []string{"p", "@", "q"}
			f.Entities[0].Within = []string{"A"}
			f.Entities = append(f.Entities, f.Entities[0])
		}), `Entities[1]: type "Product" listed twice with one Within`},
		{"Within of another length than the path's levels", ent(func(f *resolve.Fetch) { f.Entities[0].Within = []string{"A"} }), `root("b").Entities[0]: Within names 1 types for the 0 object levels`},
		{"field without a name", ent(func(f *resolve.Fetch) { f.Entities[0].Fields = []resolve.Field{{Key: "k"}} }), "Fields[0]: no name"},
		{"nested field without a name", ent(func(f *resolve.Fetch) {
			f.Entities[0].Fields = []resolve.Field{{Name: "k"}, {Name: "o", Fields: []resolve.Field{{}}}}
		}), `root("b").Entities[0].Fields[1].Fields[0]: no name`},
		{"empty variable", &resolve.Fetch{Upstream: "a", Operation: "{a}", Variables: []string{""}}, "Variables[0]: empty name"},
		{"variable twice", &resolve.Fetch{Upstream: "a", Operation: "{a}", Variables: []string{"v", "v"}}, `root("a").Variables[1]: variable "v" listed twice`},
		{"representations forwarded", ent(func(f *resolve.Fetch) { f.Variables = []string{"representations"} }), `"representations" is the entity fetch's own variable`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := resolve.NewPlan(c.tree, nil)
			if err == nil {
				t.Fatalf("accepted: %s", p)
			}
			var e *resolve.Error
			if !errors.As(err, &e) || !errors.Is(err, resolve.ErrPlan) {
				t.Fatalf("error %T %v is not an *Error wrapping ErrPlan", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not say %q", err, c.want)
			}
		})
	}
}

func TestPlanText(t *testing.T) {
	tree := nestedTree()
	tree.(*resolve.Sequence).Nodes[0].(*resolve.Fetch).Variables = []string{"first"}
	tree.(*resolve.Sequence).Nodes[0].(*resolve.Fetch).OperationName = "Top"
	tree.(*resolve.Sequence).Nodes[0].(*resolve.Fetch).Operation = "query Top($first: Int) {\n  topProducts(first: $first) { name __typename upc }\n}"
	p := mustPlan(t, tree, nil)
	want := `Sequence {
  Fetch(service: "products") {
    variables: $first
    operation name: Top
    query Top($first: Int) {
      topProducts(first: $first) { name __typename upc }
    }
  }
  Parallel {
    Fetch(service: "reviews") at topProducts.@ {
      representations of Product: {__typename upc}
      query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on Product {reviews {body author {__typename id}}}}}
    }
    Fetch(service: "stock") at topProducts.@ {
      representations of Product: {__typename upc}
      query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on Product {stock}}}
    }
  }
  Fetch(service: "users") at topProducts.@.reviews.@.author {
    representations of User: {__typename id}
    query($representations: [_Any!]!){_entities(representations: $representations){__typename ... on User {name}}}
  }
}
`
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// The plan keeps nothing of the description.
	tree.(*resolve.Sequence).Nodes[0].(*resolve.Fetch).Upstream = "changed"
	if got := string(p.AppendText([]byte("> "))); got != "> "+want {
		t.Errorf("after changing the description:\n%s", got)
	}
	composite := &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"p"}, Entities: []resolve.Entity{{Type: "Film", Typename: "Media", Fields: []resolve.Field{{Name: "id", Key: "filmId"}, {Name: "org", Fields: []resolve.Field{{Name: "id"}}}}}}}
	if got, want := mustPlan(t, composite, nil).String(), "representations of Film as Media: {__typename id <- filmId org { id }}"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line %s", got, want)
	}
	within := &resolve.Fetch{Upstream: "b", Operation: "E", Path: []string{"p", "q", "@", "r"}, Entities: []resolve.Entity{{Type: "U", Fields: []resolve.Field{{Name: "id"}}, Within: []string{"", "P"}}}}
	if got, want := mustPlan(t, within, nil).String(), "representations of U within [*, P]: {__typename id}"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line %s", got, want)
	}
}
