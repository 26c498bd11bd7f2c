package resolve_test

import (
	"context"
	"fmt"

	"github.com/graftjson/graft/resolve"
)

// Two upstreams: "products" answers the root query, "inventory" resolves
// the stock of Product entities. The representations of the two products
// go out in one request; the answers merge into the objects they belong
// to. A shape.Plan (nil here) would render the client's selection.
func Example() {
	upstreams := resolve.Memory{
		"products": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			return append(dst, `{"data":{"top":[{"__typename":"Product","upc":"1","name":"Table"},{"__typename":"Product","upc":"2","name":"Couch"}]}}`...), nil
		},
		"inventory": func(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
			fmt.Printf("inventory gets %s\n", r.Body)
			return append(dst, `{"data":{"_entities":[{"stock":8},{"stock":0}]}}`...), nil
		},
	}
	plan, err := resolve.NewPlan(&resolve.Sequence{Nodes: []resolve.Node{
		&resolve.Fetch{Upstream: "products", Operation: "{top{__typename upc name}}"},
		&resolve.Fetch{
			Upstream:  "inventory",
			Operation: "query($representations:[_Any!]!){_entities(representations:$representations){...on Product{stock}}}",
			Path:      []string{"top", "@"},
			Entities:  []resolve.Entity{{Type: "Product", Fields: []resolve.Field{{Name: "upc"}}}},
		},
	}}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Print(plan)

	engine := resolve.NewEngine(upstreams, resolve.Options{})
	out, err := engine.Execute(context.Background(), plan, &resolve.Request{}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", out)
	// Output:
	// Sequence {
	//   Fetch(service: "products") {
	//     {top{__typename upc name}}
	//   }
	//   Fetch(service: "inventory") at top.@ {
	//     representations of Product: {__typename upc}
	//     query($representations:[_Any!]!){_entities(representations:$representations){...on Product{stock}}}
	//   }
	// }
	// inventory gets {"query":"query($representations:[_Any!]!){_entities(representations:$representations){...on Product{stock}}}","variables":{"representations":[{"__typename":"Product","upc":"1"},{"__typename":"Product","upc":"2"}]}}
	// {"data":{"top":[{"__typename":"Product","upc":"1","name":"Table","stock":8},{"__typename":"Product","upc":"2","name":"Couch","stock":0}]}}
}
