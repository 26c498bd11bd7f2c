package graphql_test

import (
	"fmt"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
)

// SDL and an operation compile into a plan once; each request's data and
// variables then render through it.
func Example() {
	schema, err := graphql.ParseSchema(`
type Query { products: [Product]! }
type Product { id: ID! name: String! price: Float reviews: [Review] }
type Review { stars: Int! }`, graphql.Options{})
	if err != nil {
		panic(err)
	}
	op, err := graphql.Compile(schema, `query P($withReviews: Boolean!) {
  products {
    sku: id
    name
    reviews @include(if: $withReviews) { stars }
  }
}`, "")
	if err != nil {
		panic(err)
	}

	var d graft.Doc
	data, _ := d.Parse([]byte(`{"products": [
  {"id": 1, "name": "Lamp", "price": 10, "reviews": [{"stars": 5}, {"stars": 4.5}]},
  {"id": 2, "name": null}]}`))
	vars, _ := d.Append([]byte(`{"withReviews": true}`))

	var r shape.Renderer
	out, err := op.Respond(nil, &r, &d, data, &d, vars)
	fmt.Println(string(out), err)
	// Output:
	// {"errors":[{"message":"Int cannot represent non-integer value: 4.5","locations":[{"line":5,"column":42}],"path":["products",0,"reviews",1,"stars"]},{"message":"Cannot return null for non-nullable field Product.name.","locations":[{"line":4,"column":5}],"path":["products",1,"name"]}],"data":{"products":[{"sku":"1","name":"Lamp","reviews":[{"stars":5},null]},null]}} <nil>
}

// Normalize moves the literals of an operation into variables, as a
// gateway forwards it: one pass over the text, the values written as JSON
// into a graft.Doc and merged with the client's variables.
func ExampleNormalize() {
	schema, err := graphql.ParseSchema(`
type Query { products(filter: Filter, first: Int): [Product] }
input Filter { tags: [String!], status: Status }
enum Status { ACTIVE ARCHIVED }
type Product { sku: ID! name: String }`, graphql.Options{})
	if err != nil {
		panic(err)
	}
	query := `query Shop($first: Int = 10) {
  products(filter: {tags: ["new", "caf\u00e9"], status: ACTIVE}, first: $first) { sku name }
}`
	var d graft.Doc
	vars, err := d.Parse([]byte(`{"first": 2}`))
	if err != nil {
		panic(err)
	}
	req, err := graphql.Normalize(schema, query, "", &d, vars)
	if err != nil {
		panic(err)
	}
	fmt.Println(req.Query)
	fmt.Println(string(d.AppendJSON(nil, req.Variables)))
	// Output:
	// query Shop($first: Int = 10, $a: Filter) {
	//   products(filter: $a, first: $first) { sku name }
	// }
	// {"first":2,"a":{"tags":["new","café"],"status":"ACTIVE"}}
}
