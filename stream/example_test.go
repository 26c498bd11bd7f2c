package stream_test

import (
	"fmt"
	"strings"

	"github.com/graftjson/graft/stream"
)

// Read the items of an array inside a document, one at a time: each is a
// parsed value in the Reader's Doc until the next call to Next.
func Example() {
	src := strings.NewReader(`{"meta":{"count":3},"data":{"items":[
		{"id":1,"name":"caf\u00e9"},
		{"id":2,"name":"tea"},
		{"id":3,"name":"milk"}
	]}}`)
	r := stream.NewReader(src, stream.Options{Path: "/data/items"})
	for r.Next() {
		d, item := r.Doc(), r.Item()
		id, _ := d.Int64(d.Member(item, "id"))
		name, _ := d.Text(d.Member(item, "name"))
		fmt.Println(id, name, string(r.Raw()))
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 café {"id":1,"name":"caf\u00e9"}
	// 2 tea {"id":2,"name":"tea"}
	// 3 milk {"id":3,"name":"milk"}
}

// NDJSON (JSON Lines): one value per line; blank lines and CR LF are fine.
// An error names the line and column in the whole stream and how many
// items came before it.
func ExampleOptions_lines() {
	src := strings.NewReader("{\"event\":\"start\"}\r\n\r\n{\"event\":\"stop\"}\n{\"event\":\n")
	r := stream.NewReader(src, stream.Options{Mode: stream.Lines})
	for r.Next() {
		fmt.Println(string(r.Doc().AppendJSON(nil, r.Item())))
	}
	fmt.Println(r.Err())
	// Output:
	// {"event":"start"}
	// {"event":"stop"}
	// graft: line 4, column 10: unexpected end of line, expected a value (after 2 items)
}
