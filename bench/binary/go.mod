module github.com/graftjson/graft/bench/binary

go 1.26

replace github.com/graftjson/graft => ../..

require (
	github.com/fxamacker/cbor/v2 v2.7.0
	github.com/graftjson/graft v0.0.0-00010101000000-000000000000
	github.com/tinylib/msgp v1.2.5
	github.com/ugorji/go/codec v1.2.12
	github.com/vmihailenco/msgpack/v5 v5.4.1
)

require (
	github.com/philhofer/fwd v1.1.3-0.20240916144458-20a13a1f6b7c // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
)
