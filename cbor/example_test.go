package cbor_test

import (
	"fmt"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/cbor"
)

func Example() {
	var d graft.Doc
	root, err := d.Parse([]byte(`{"id":12345678901234567890123,"price":0.1,"name":"caf\u00e9"}`))
	if err != nil {
		panic(err)
	}
	b, err := cbor.AppendCBOR(nil, &d, root)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d bytes of CBOR\n", len(b))

	back, err := cbor.AppendJSON(nil, b)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(back))
	// Output:
	// 37 bytes of CBOR
	// {"id":12345678901234567890123,"price":0.1,"name":"café"}
}

func ExampleCodec_Decode() {
	c := cbor.New(cbor.Options{BytesAsBase64URL: true})
	// {"data": h'01020304'}
	src := []byte{0xa1, 0x64, 'd', 'a', 't', 'a', 0x44, 1, 2, 3, 4}
	var d graft.Doc
	root, err := c.Decode(&d, src)
	if err != nil {
		panic(err)
	}
	v, _ := d.Find(root, "/data")
	s, _ := d.Text(v)
	fmt.Println(s)
	// Output: AQIDBA
}
