package graft_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"

	"github.com/graftjson/graft"
)

// The gateway flow: parse each upstream response once into one Doc, merge
// them at the tree, print once.
func Example() {
	var d graft.Doc
	root, err := d.Parse([]byte(`{"data":{"user":{"id":"1","name":"Ada"}}}`))
	if err != nil {
		panic(err)
	}
	// A second upstream answers for the user's orders.
	orders, err := d.Append([]byte(`{"orders":[{"id":"o1","total":12.5}]}`))
	if err != nil {
		panic(err)
	}
	if err := d.MergeAt(root, "/data/user", orders); err != nil {
		panic(err)
	}
	// A third adds a member the path does not have yet.
	cost, _ := d.Append([]byte(`{"requestCost":3}`))
	if err := d.MergeAt(root, "/extensions", cost); err != nil {
		panic(err)
	}
	fmt.Println(string(d.AppendJSON(nil, root)))
	// Output:
	// {"data":{"user":{"id":"1","name":"Ada","orders":[{"id":"o1","total":12.5}]}},"extensions":{"requestCost":3}}
}

// A conflict is an error naming the position by default; the Doc is left
// as it was.
func ExampleDoc_Merge() {
	var d graft.Doc
	dst, _ := d.Parse([]byte(`{"user":{"tags":["a","b"]}}`))
	src, _ := d.Append([]byte(`{"user":{"tags":{"a":true}}}`))
	err := d.Merge(dst, src)
	var e *graft.Error
	if errors.As(err, &e) && errors.Is(err, graft.ErrConflict) {
		fmt.Println("conflict at", e.Pointer)
	}
	fmt.Println(string(d.AppendJSON(nil, dst)))

	// Under ConflictReplace the source wins.
	r := graft.New(graft.Options{Conflict: graft.ConflictReplace})
	dst, _ = r.Parse([]byte(`{"user":{"tags":["a","b"]}}`))
	src, _ = r.Append([]byte(`{"user":{"tags":{"a":true}}}`))
	if err := r.Merge(dst, src); err != nil {
		panic(err)
	}
	fmt.Println(string(r.AppendJSON(nil, dst)))
	// Output:
	// conflict at /user/tags
	// {"user":{"tags":["a","b"]}}
	// {"user":{"tags":{"a":true}}}
}

// The entity splice of a federated GraphQL router: one upstream response
// answers for every product of another, item by item.
func ExampleDoc_MergeEach() {
	var d graft.Doc
	root, _ := d.Parse([]byte(`{"data":{"topProducts":[{"upc":"1","name":"Table"},{"upc":"2","name":"Chair"}]}}`))
	entities, _ := d.Append([]byte(`{"data":{"_entities":[{"inStock":true},{"inStock":false}]}}`))

	list, _ := d.Find(root, "/data/topProducts")
	var targets []graft.Ref // reuse it from request to request
	for _, product := range d.Items(list) {
		targets = append(targets, product)
	}
	src, _ := d.Find(entities, "/data/_entities")
	if err := d.MergeEach(targets, src); err != nil {
		panic(err)
	}
	data, _ := d.Find(root, "/data")
	fmt.Println(string(d.AppendJSON(nil, data)))
	// Output:
	// {"topProducts":[{"upc":"1","name":"Table","inStock":true},{"upc":"2","name":"Chair","inStock":false}]}
}

// Reading values: nothing is decoded until asked for, and the reads do not
// allocate when given a buffer.
func ExampleDoc_Find() {
	var d graft.Doc
	root, _ := d.Parse([]byte(`{"user":{"id":12345678901234567,"name":"Ad\u00e1","tags":["x","y"]}}`))

	id, _ := d.Find(root, "/user/id")
	n, err := d.Int64(id)
	fmt.Println(n, err)

	name, _ := d.Find(root, "/user/name")
	var buf []byte
	buf, _ = d.AppendString(buf[:0], name)
	fmt.Printf("%s (as received: %s)\n", buf, d.Raw(name))

	// A pre-split path for hot loops, and absent values.
	path, _ := graft.ParsePointer("/user/tags/1")
	fmt.Println(string(d.Raw(d.Get(root, path...))))
	missing, err := d.Find(root, "/user/email")
	fmt.Println(d.Kind(missing), err)
	// Output:
	// 12345678901234567 <nil>
	// Adá (as received: "Ad\u00e1")
	// "y"
	// invalid <nil>
}

// Building values and editing a parsed document.
func ExampleDoc_Set() {
	var d graft.Doc
	root, _ := d.Parse([]byte(`{"id":7,"tags":["a"],"secret":"x"}`))

	d.Set(root, "name", d.NewString(`Say "hi"`))
	tags := d.Member(root, "tags")
	d.AppendItem(tags, d.NewString("b"))
	d.InsertItem(tags, 0, d.NewNull())
	d.Delete(root, "secret")
	price, _ := d.NewFloat(12.5)
	d.Set(root, "price", price)

	d.WriteIndent(os.Stdout, root, "", "  ")
	fmt.Println()
	// Output:
	// {
	//   "id": 7,
	//   "tags": [
	//     null,
	//     "a",
	//     "b"
	//   ],
	//   "name": "Say \"hi\"",
	//   "price": 12.5
	// }
}

// A server keeps Docs in a Pool: once warm, a request allocates nothing.
func ExamplePool() {
	pool := graft.NewPool(graft.Options{MaxDepth: 64})
	handle := func(body []byte) ([]byte, error) {
		d := pool.Get()
		defer pool.Put(d)
		root, err := d.Parse(body)
		if err != nil {
			return nil, err
		}
		d.Set(root, "seen", d.NewBool(true))
		return d.AppendJSON(nil, root), nil // copied out before Put
	}
	out, err := handle([]byte(`{"q":1}`))
	fmt.Println(string(out), err)
	_, err = handle([]byte(`{"q":`))
	var e *graft.Error
	if errors.As(err, &e) && errors.Is(err, graft.ErrSyntax) {
		fmt.Printf("invalid JSON at line %d, column %d\n", e.Line, e.Column)
	}
	// Output:
	// {"q":1,"seen":true} <nil>
	// invalid JSON at line 1, column 6
}

// A JSON Patch (RFC 6902) is parsed into the Doc of its target and applied
// in place. A failing operation undoes the whole patch.
func ExampleDoc_Patch() {
	var d graft.Doc
	root, _ := d.Parse([]byte(`{"user":{"name":"Ada","roles":["dev"]},"version":1}`))
	ops, _ := d.Append([]byte(`[
		{"op": "test", "path": "/version", "value": 1.0},
		{"op": "add", "path": "/user/roles/-", "value": "admin"},
		{"op": "replace", "path": "/version", "value": 2},
		{"op": "move", "from": "/user/name", "path": "/name"}
	]`))
	if err := d.Patch(root, ops); err != nil {
		panic(err)
	}
	fmt.Println(string(d.AppendJSON(nil, root)))

	bad, _ := d.Append([]byte(`[
		{"op": "remove", "path": "/version"},
		{"op": "add", "path": "/user/roles/2000000000", "value": "x"}
	]`))
	err := d.Patch(root, bad)
	fmt.Println(err)
	fmt.Println(errors.Is(err, graft.ErrNotFound), string(d.AppendJSON(nil, root)))
	// Output:
	// {"user":{"roles":["dev","admin"]},"version":2,"name":"Ada"}
	// graft: at "/user/roles/2000000000": operation 1 (add "/user/roles/2000000000"): no item 2000000000 in an array of length 2
	// true {"user":{"roles":["dev","admin"]},"version":2,"name":"Ada"}
}

// A JSON Merge Patch (RFC 7396): null removes, objects merge, everything
// else replaces. The target keeps its member order.
func ExampleDoc_MergePatch() {
	var d graft.Doc
	root, _ := d.Parse([]byte(`{"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"]}`))
	patch, _ := d.Append([]byte(`{"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},"tags":["example"]}`))
	if err := d.MergePatch(root, patch); err != nil {
		panic(err)
	}
	fmt.Println(string(d.AppendJSON(nil, root)))
	// Output:
	// {"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"phoneNumber":"+01-123-456-7890"}
}

// The canonical form (RFC 8785) is the same for every text of the same
// value: hash it to cache or sign a document by its content.
func ExampleDoc_AppendCanonical() {
	var d graft.Doc
	a, _ := d.Parse([]byte(`{"b": [1.50, "caf\u00e9"], "a": 1E3}`))
	b, _ := d.Append([]byte(`{"a":1000,"b":[1.5,"café"]}`))
	ca, _ := d.AppendCanonical(nil, a)
	cb, _ := d.AppendCanonical(nil, b)
	fmt.Printf("%s\n%x\n%x\n", ca, sha256.Sum256(ca), sha256.Sum256(cb))

	big, _ := d.Append([]byte(`{"n": 1e400}`))
	_, err := d.AppendCanonical(nil, big)
	fmt.Println(err)
	// Output:
	// {"a":1000,"b":[1.5,"café"]}
	// 297d04e128006d4e6fe8c61a3b6e204f38041e1915ab1f5a572a11164ec91cf4
	// 297d04e128006d4e6fe8c61a3b6e204f38041e1915ab1f5a572a11164ec91cf4
	// graft: at "/n": number 1e400 is beyond the range of a float64
}

// Lookup is Find with an error that says why a pointer names nothing.
func ExampleDoc_Lookup() {
	var d graft.Doc
	root, _ := d.Parse([]byte(`{"items":[{"id":1},{"id":2}]}`))
	v, _ := d.Lookup(root, "/items/1/id")
	fmt.Println(string(d.Raw(v)))
	for _, p := range []string{"/items/2/id", "/items/0/name", "/items/01"} {
		_, err := d.Lookup(root, p)
		fmt.Println(err)
	}
	// Output:
	// 2
	// graft: at "/items/2": no item 2 in an array of length 2
	// graft: at "/items/0/name": no member "name"
	// graft: at "/items/01": "01" is not an array index
}
