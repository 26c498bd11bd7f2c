package graft_test

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/graftjson/graft"
)

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
