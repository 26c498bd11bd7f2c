package graphqlbench

import (
	"strconv"
	"strings"
)

// The normalization scenarios: huge operations whose arguments are inline
// literals. Each generator writes the GraphQL text and, beside it, the JSON
// of every literal as the specification defines its value, so that each
// row's output is checked against the generator's own knowledge.

const normalizeSchema = `
type Query { item(id: ID!): Item  deep(n: Nested): Int }
type Mutation {
  importItems(items: [ItemInput!]!): ImportResult
  setItem(input: SetInput!): Item
}
input ItemInput {
  sku: String!
  name: String!
  description: String
  price: Float!
  quantity: Int!
  status: Status!
  dimensions: Dimensions
}
input Dimensions { width: Float! height: Float! unit: Unit! }
enum Status { ACTIVE DRAFT ARCHIVED }
enum Unit { CM IN }
input SetInput { id: ID! name: String! count: Int tags: [String!] }
input Nested { value: Int child: Nested }
type ImportResult { count: Int! ids: [ID!] }
type Item { id: ID! name: String }
`

// hugeItems is the item count of the bulk import mutation.
const hugeItems = 70000

// hugeCase is one generated operation with the JSON of its literals, in
// the order they appear.
type hugeCase struct {
	query  string
	values []string // JSON of each argument literal
}

// bulkImport returns a mutation importing n items given inline: seven
// fields each with a nested object, strings with escapes and non-ASCII
// text, a block string on every tenth item, enum values and numbers.
func bulkImport(n int) hugeCase {
	var q, j strings.Builder
	q.Grow(n * 200)
	j.Grow(n * 200)
	q.WriteString("mutation Import {\n  importItems(items: [\n")
	j.WriteByte('[')
	statuses := []string{"ACTIVE", "DRAFT", "ARCHIVED"}
	for i := 0; i < n; i++ {
		is := strconv.Itoa(i)
		if i > 0 {
			j.WriteByte(',')
		}
		q.WriteString(`    {sku: "SKU-` + is + `", name: "Gadget \"` + is + `\" – grün ✓ 😀", description: `)
		j.WriteString(`{"sku":"SKU-` + is + `","name":"Gadget \"` + is + `\" – grün ✓ 😀","description":`)
		if i%10 == 0 {
			q.WriteString("\"\"\"\n      Block line " + is + "\n        indented \"quoted\" \\\"\"\" end\n    \"\"\"")
			j.WriteString(`"Block line ` + is + `\n  indented \"quoted\" \"\"\" end"`)
		} else {
			q.WriteString(`"Line one\nLine two\twith tab \u00e9 \\ \/ done"`)
			j.WriteString(`"Line one\nLine two\twith tab é \\ / done"`)
		}
		price := strconv.Itoa(i%1000) + ".5"
		qty := strconv.Itoa(i % 500)
		st := statuses[i%3]
		q.WriteString(`, price: ` + price + `, quantity: ` + qty + `, status: ` + st + `, dimensions: {width: 1.25, height: 2e1, unit: CM}},` + "\n")
		j.WriteString(`,"price":` + price + `,"quantity":` + qty + `,"status":"` + st + `","dimensions":{"width":1.25,"height":2e1,"unit":"CM"}}`)
	}
	q.WriteString("  ]) { count ids }\n}\n")
	j.WriteByte(']')
	return hugeCase{query: q.String(), values: []string{j.String()}}
}

// aliased returns a mutation of n aliased fields, each with a small inline
// input object of its own.
func aliased(n int) hugeCase {
	var q strings.Builder
	c := hugeCase{}
	q.WriteString("mutation Set {\n")
	for i := 0; i < n; i++ {
		is := strconv.Itoa(i)
		q.WriteString(`  a` + is + `: setItem(input: {id: "` + is + `", name: "item ` + is + `", count: ` + is + `, tags: ["x", "y` + is + `"]}) { id name }` + "\n")
		c.values = append(c.values, `{"id":"`+is+`","name":"item `+is+`","count":`+is+`,"tags":["x","y`+is+`"]}`)
	}
	q.WriteString("}\n")
	c.query = q.String()
	return c
}

// deep returns a query whose one argument nests input objects levels deep.
func deep(levels int) hugeCase {
	var q, j strings.Builder
	q.WriteString("query Deep { deep(n: ")
	for i := 0; i < levels; i++ {
		is := strconv.Itoa(i)
		q.WriteString("{value: " + is + ", child: ")
		j.WriteString(`{"value":` + is + `,"child":`)
	}
	q.WriteString("null" + strings.Repeat("}", levels) + ") }\n")
	j.WriteString("null" + strings.Repeat("}", levels))
	return hugeCase{query: q.String(), values: []string{j.String()}}
}
