module github.com/graftjson/graft/bench

go 1.26

replace github.com/graftjson/graft => ../

require (
	github.com/buger/jsonparser v1.6.1
	github.com/bytedance/sonic v1.15.5
	github.com/evanphx/json-patch/v5 v5.9.11
	github.com/go-json-experiment/json v0.0.0-20260820222146-c27c302e5fc3
	github.com/tidwall/gjson v1.20.0
	github.com/tidwall/sjson v1.2.5
	github.com/valyala/fastjson v1.6.10
	github.com/wundergraph/astjson v1.0.0
	github.com/wundergraph/go-arena v0.0.0-20251008210416-55cb97e6f68f
	github.com/wundergraph/graphql-go-tools/v2 v2.0.0-rc.137
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/graftjson/graft v0.0.0-00010101000000-000000000000
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.35.0 // indirect
)
