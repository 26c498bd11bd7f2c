package graphqlbench

import (
	"strconv"
	"strings"
)

// The shaping scenario: a products query over a generated merged response
// of shapeProducts products, each with three reviews and their authors,
// members nobody selected, a union-typed member and non-null violations.
// The expected responses are written here from the generator's own
// knowledge of the data, independently of every row.

// shapeProducts is the number of products of the generated response.
const shapeProducts = 1000

const shapeSchema = `
type Query { products: [Product]! }
type Product {
  id: ID!
  sku: String
  name: String!
  price: Float
  currency: Currency
  inStock: Boolean!
  weight: Float
  description: String
  tags: [String!]
  media: Media
  reviews: [Review!]
}
enum Currency { USD EUR }
union Media = Image | Video
type Image { url: String alt: String }
type Video { url: String length: Float }
type Review { id: ID! body: String! stars: Int! createdAt: String author: User }
type User { id: ID! name: String email: String }
`

// shapeQuery selects part of each product, with aliases (sku: id, rating:
// stars; the data also has an unselected member "sku"), __typename, a union
// with inline fragments and a field under @include bound to a variable with
// a default.
const shapeQuery = `query Products($withReviews: Boolean = true) {
  products {
    __typename
    sku: id
    name
    price
    currency
    inStock
    tags
    media {
      __typename
      ... on Image { url }
      ... on Video { length }
    }
    reviews @include(if: $withReviews) {
      id
      body
      rating: stars
      author { id name }
    }
  }
}`

// Where the fields that fail are written in shapeQuery (line, column);
// TestShapeLocations checks them against the text.
var (
	locInStock  = [2]int{8, 5}
	locBody     = [2]int{17, 7}
	locAuthorID = [2]int{19, 16}
)

// Violations, by product index modulo 100. None of them sits under an
// alias, so that the error paths of graphql-go-tools (which name fields by
// their data key) and of the specification (response names) agree.
const (
	badInStock  = 7  // inStock: null -> the product is null
	badBody     = 31 // review 1 has body: null -> the reviews list is null
	badAuthorID = 59 // review 0's author has id: null -> the author is null
)

// shapeCase is the generated data and the expected responses.
type shapeCase struct {
	data []byte
	// want is the response the GraphQL specification and graphql-js give
	// (with graft's documented deviation: number text kept).
	want []byte
	// wantGQT is want in graphql-go-tools' error dialect: its message
	// names the field by the response path of schema names
	// ('Query.products.inStock') and it writes no "locations". Everything
	// else, data included, is the same bytes.
	wantGQT []byte
	errors  int
}

var shaping = buildShapeCase(shapeProducts)

// Strings of the data use only escapes that every row writes back the same
// way (\" and raw UTF-8): graft keeps escapes as received, the others decode
// and re-encode, which is the same bytes for these.
func buildShapeCase(n int) shapeCase {
	var data, out strings.Builder
	var errs, errsGQT []string
	data.WriteString(`{"products":[`)
	out.WriteString(`"data":{"products":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			data.WriteByte(',')
			out.WriteByte(',')
		}
		is := strconv.Itoa(i)
		name := `Lamp ` + is + ` \"Éclair\" – brass`
		price := []string{"19.90", "5", "1250.00", "0.5"}[i%4]
		currency := []string{"USD", "EUR"}[i%2]
		inStock := []string{"true", "false"}[i%3%2]
		if i%100 == badInStock {
			inStock = "null"
		}
		data.WriteString(`{"__typename":"Product","id":"p` + is + `","sku":"SKU-` + is + `","name":"` + name +
			`","price":` + price + `,"currency":"` + currency + `","inStock":` + inStock +
			`,"weight":1.25,"description":"A lamp for reading and working, with a brass arm, a linen shade and a switch on the cord; ships flat, assembles in minutes, bulb not included. Product ` + is + `.",` +
			`"tags":["home","lighting","sale"],`)
		var media, mediaOut string
		if i%3 == 0 {
			media = `{"__typename":"Video","url":"https://cdn.example.com/v/` + is + `.mp4","length":12.5}`
			mediaOut = `{"__typename":"Video","length":12.5}`
		} else {
			media = `{"__typename":"Image","url":"https://cdn.example.com/i/` + is + `.png","alt":"lamp"}`
			mediaOut = `{"__typename":"Image","url":"https://cdn.example.com/i/` + is + `.png"}`
		}
		data.WriteString(`"media":` + media + `,"reviews":[`)
		var reviews strings.Builder
		reviewsNull := false
		for j := 0; j < 3; j++ {
			js := strconv.Itoa(j)
			if j > 0 {
				data.WriteByte(',')
				reviews.WriteByte(',')
			}
			body := `"Review ` + js + ` of lamp ` + is + `: bright, steady light; the arm holds its position."`
			if i%100 == badBody && j == 1 {
				body = "null"
				reviewsNull = true
				addError(&errs, &errsGQT, "Review.body", "Query.products.reviews.body", locBody, `"products",`+is+`,"reviews",1,"body"`)
			}
			user := strconv.Itoa((i*3 + j) % 97)
			authorID, author := `"u`+user+`"`, `{"id":"u`+user+`","name":"User `+user+`"}`
			if i%100 == badAuthorID && j == 0 {
				authorID, author = "null", "null"
				addError(&errs, &errsGQT, "User.id", "Query.products.reviews.author.id", locAuthorID, `"products",`+is+`,"reviews",0,"author","id"`)
			}
			stars := strconv.Itoa(1 + (i+j)%5)
			data.WriteString(`{"id":"r` + is + `-` + js + `","body":` + body + `,"stars":` + stars +
				`,"createdAt":"2024-05-01T10:00:00Z","author":{"id":` + authorID + `,"name":"User ` + user + `","email":"u` + user + `@example.com"}}`)
			reviews.WriteString(`{"id":"r` + is + `-` + js + `","body":` + body + `,"rating":` + stars + `,"author":` + author + `}`)
		}
		data.WriteString(`]}`)
		if inStock == "null" {
			out.WriteString("null")
			addError(&errs, &errsGQT, "Product.inStock", "Query.products.inStock", locInStock, `"products",`+is+`,"inStock"`)
			continue
		}
		out.WriteString(`{"__typename":"Product","sku":"p` + is + `","name":"` + name + `","price":` + price +
			`,"currency":"` + currency + `","inStock":` + inStock + `,"tags":["home","lighting","sale"],"media":` + mediaOut + `,"reviews":`)
		if reviewsNull {
			out.WriteString("null")
		} else {
			out.WriteString("[" + reviews.String() + "]")
		}
		out.WriteByte('}')
	}
	data.WriteString(`]}`)
	out.WriteString(`]}}`)
	c := shapeCase{data: []byte(data.String()), errors: len(errs)}
	c.want = []byte(`{"errors":[` + strings.Join(errs, ",") + `],` + out.String())
	c.wantGQT = []byte(`{"errors":[` + strings.Join(errsGQT, ",") + `],` + out.String())
	return c
}

// addError appends the error of a null in the non-null field coord
// (ParentType.field) at path, in both dialects: the specification's, and
// graphql-go-tools' (gqtCoord, no locations).
func addError(errs, errsGQT *[]string, coord, gqtCoord string, loc [2]int, path string) {
	*errs = append(*errs, `{"message":"Cannot return null for non-nullable field `+coord+`.","locations":[{"line":`+
		strconv.Itoa(loc[0])+`,"column":`+strconv.Itoa(loc[1])+`}],"path":[`+path+`]}`)
	*errsGQT = append(*errsGQT, `{"message":"Cannot return null for non-nullable field '`+gqtCoord+`'.","path":[`+path+`]}`)
}
