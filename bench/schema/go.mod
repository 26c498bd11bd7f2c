module github.com/graftjson/graft/bench/schema

go 1.26

replace github.com/graftjson/graft => ../..

require (
	github.com/graftjson/graft v0.0.0-00010101000000-000000000000
	github.com/kaptinlin/jsonschema v0.4.6
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	github.com/xeipuuv/gojsonschema v1.2.0
)

require (
	github.com/goccy/go-json v0.10.5 // indirect
	github.com/goccy/go-yaml v1.18.0 // indirect
	github.com/gotnospirit/makeplural v0.0.0-20180622080156-a5f48d94d976 // indirect
	github.com/gotnospirit/messageformat v0.0.0-20221001023931-dfe49f1eb092 // indirect
	github.com/kaptinlin/go-i18n v0.1.4 // indirect
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	golang.org/x/text v0.25.0 // indirect
)
