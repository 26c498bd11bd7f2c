package federation_test

import (
	"fmt"
	"os"

	"github.com/graftjson/graft/federation"
)

func Example() {
	sdl, err := os.ReadFile("testdata/shop/supergraph.graphql")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := federation.Parse(sdl, federation.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	planner := federation.NewPlanner(s, 0)
	plan, err := planner.Plan(`query Top { topProducts(first: 2) { name shippingEstimate } }`, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(plan.AppendText(nil)))
	// Output:
	// Sequence {
	//   Fetch(service: "products") {
	//     operation name: Top__products__0
	//     query Top__products__0 { topProducts(first: 2) { name __typename upc price weight } }
	//   }
	//   Fetch(service: "inventory") at topProducts.@ {
	//     representations of Product: {__typename upc price weight}
	//     operation name: Top__inventory__1
	//     query Top__inventory__1($representations: [_Any!]!) { _entities(representations: $representations) { ... on Product { shippingEstimate } } }
	//   }
	// }
}

func ExampleSupergraph_Subgraphs() {
	sdl, err := os.ReadFile("testdata/media/supergraph.graphql")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := federation.Parse(sdl, federation.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, sg := range s.Subgraphs() {
		fmt.Println(sg.Name, sg.URL)
	}
	// Output:
	// catalog http://catalog.local/graphql
	// ratings http://ratings.local/graphql
	// store http://store.local/graphql
}
