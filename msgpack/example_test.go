package msgpack_test

import (
	"fmt"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/msgpack"
)

func Example() {
	var d graft.Doc
	root, err := d.Parse([]byte(`{"id":12345678901234567890123,"price":0.1,"n":-7,"name":"caf\u00e9"}`))
	if err != nil {
		panic(err)
	}
	b, err := msgpack.AppendMsgpack(nil, &d, root)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d bytes of MessagePack\n", len(b))

	back, err := msgpack.AppendJSON(nil, b)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(back))
	// Output:
	// 59 bytes of MessagePack
	// {"id":12345678901234567890123,"price":0.1,"n":-7,"name":"café"}
}
