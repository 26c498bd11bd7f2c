package graft_test

import (
	"fmt"

	"github.com/graftjson/graft"
)

func ExampleDoc_AppendSnapshot() {
	var d graft.Doc
	root, err := d.Parse([]byte(`{"id": 12345678901234567890123, "name": "caf\u00e9"}`))
	if err != nil {
		panic(err)
	}
	snap, err := d.AppendSnapshot(nil, root) // e.g. into a cache
	if err != nil {
		panic(err)
	}

	var loaded graft.Doc
	r, err := loaded.LoadSnapshot(snap) // no parsing
	if err != nil {
		panic(err)
	}
	name, _ := loaded.Find(r, "/name")
	s, _ := loaded.Text(name)
	fmt.Println(string(loaded.AppendJSON(nil, r)), s)

	snap[len(snap)-2] ^= 1 // a flipped bit
	_, err = loaded.LoadSnapshot(snap)
	fmt.Println(err)
	// Output:
	// {"id":12345678901234567890123,"name":"caf\u00e9"} café
	// graft: snapshot byte 24: checksum mismatch: the snapshot is corrupted
}
