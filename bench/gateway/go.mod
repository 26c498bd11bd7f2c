module github.com/graftjson/graft/bench/gateway

go 1.26

replace github.com/graftjson/graft => ../..

require (
	github.com/graftjson/graft v0.0.0-00010101000000-000000000000
	github.com/wundergraph/graphql-go-tools/v2 v2.16.0
)

require (
	github.com/agnivade/levenshtein v1.2.1 // indirect
	github.com/buger/jsonparser v1.1.2 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/jensneuse/byte-template v0.0.0-20231025215717-69252eb3ed56 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/tidwall/gjson v1.18.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
	github.com/vektah/gqlparser/v2 v2.5.30 // indirect
	github.com/wundergraph/astjson v1.1.0 // indirect
	github.com/wundergraph/go-arena v1.3.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
)
