package bench

// S7 JSON Merge Patch (RFC 7396): parse a generated service configuration
// of about 50 KB and a merge patch that changes a fifth of its services,
// removes some and adds others, apply it, print the result. The expected
// result is the RFC's algorithm run on encoding/json values
// (s7Reference); every row is checked against it as a JSON value.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"
)

// s7Rows is the S7 table; a graft row joins it from an init function.
var s7Rows = []opRow{
	// Decodes both documents into maps, merges, re-encodes: keys come out
	// sorted.
	{name: "evanphx-jsonpatch~value", valueOnly: true, setup: setupS7Evanphx},
}

const s7Services = 156

var (
	s7Config = buildS7Config(s7Services)
	s7Patch  = buildS7Patch(s7Services)
	s7Want   = s7Reference(s7Config, s7Patch)
)

// buildS7Config returns a deployment configuration with n services.
func buildS7Config(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"apiVersion":"v2","cluster":{"name":"eu-prod-1","region":"eu-west-1","zones":["a","b","c"]},"services":{`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"svc-%03d":{"image":"registry.example.com/team-%d/svc-%03d:1.%d.0","replicas":%d,`+
			`"env":{"LOG_LEVEL":"info","REGION":"eu-west-1","TIMEOUT_MS":%d,"FEATURE_X":false},`+
			`"ports":[{"name":"http","port":%d},{"name":"metrics","port":9090}],`+
			`"resources":{"cpu":"%dm","memory":"%dMi"},"labels":{"team":"team-%d","tier":"backend"}}`,
			i, i%7, i, i%10, 1+i%5, 1000+10*i, 8000+i, 100*(1+i%4), 128*(1+i%3), i%7)
	}
	b.WriteString(`},"features":{"canary":{"enabled":false,"percent":0},"tracing":{"sampler":"ratio","ratio":0.01}}}`)
	return []byte(b.String())
}

// buildS7Patch changes every fifth service, removes every 25th, adds five
// and changes the features.
func buildS7Patch(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"services":{`)
	first := true
	sep := func() {
		if !first {
			b.WriteByte(',')
		}
		first = false
	}
	for i := 0; i < n; i += 5 {
		sep()
		if i%25 == 0 {
			fmt.Fprintf(&b, `"svc-%03d":null`, i)
			continue
		}
		fmt.Fprintf(&b, `"svc-%03d":{"image":"registry.example.com/team-%d/svc-%03d:2.0.0","replicas":%d,`+
			`"env":{"LOG_LEVEL":"debug","REGION":null,"NEW_FLAG":"on"},"ports":[{"name":"http","port":%d}],`+
			`"labels":{"tier":null,"owner":{"name":"team-%d","oncall":null}}}`, i, i%7, i, 3+i%5, 8500+i, i%7)
	}
	for i := n; i < n+5; i++ {
		sep()
		fmt.Fprintf(&b, `"svc-%03d":{"image":"registry.example.com/new/svc-%03d:0.1.0","replicas":1,"env":{"DEBUG":null,"LOG_LEVEL":"info"},"ports":[]}`, i, i)
	}
	b.WriteString(`},"features":{"canary":{"enabled":true,"percent":5},"tracing":null,"cache":{"ttl":"30s"}}}`)
	return []byte(b.String())
}

// s7Reference applies the patch with the algorithm of RFC 7396, section 2,
// on encoding/json values, and prints the result.
func s7Reference(doc, patch []byte) []byte {
	var d, p any
	if err := json.Unmarshal(doc, &d); err != nil {
		panic(err)
	}
	if err := json.Unmarshal(patch, &p); err != nil {
		panic(err)
	}
	out, err := json.Marshal(mergePatchValue(d, p))
	if err != nil {
		panic(err)
	}
	return out
}

func mergePatchValue(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for name, v := range p {
		if v == nil {
			delete(t, name)
		} else {
			t[name] = mergePatchValue(t[name], v)
		}
	}
	return t
}

func BenchmarkS7MergePatch(b *testing.B) {
	for _, r := range s7Rows {
		b.Run(r.name, func(b *testing.B) {
			b.SetBytes(int64(len(s7Config) + len(s7Patch)))
			benchOp(b, r.setup(b), s7Want, r.valueOnly)
		})
	}
}

func TestS7MergePatch(t *testing.T) {
	if len(s7Config) < 45_000 || len(s7Config) > 60_000 || !json.Valid(s7Config) || !json.Valid(s7Patch) {
		t.Fatalf("generated S7 documents: config %d bytes, valid %v/%v", len(s7Config), json.Valid(s7Config), json.Valid(s7Patch))
	}
	t.Logf("config %d bytes, patch %d bytes", len(s7Config), len(s7Patch))
	for _, r := range s7Rows {
		t.Run(r.name, func(t *testing.T) {
			testOp(t, r.setup(t), s7Want, r.valueOnly)
		})
	}
}

func setupS7Evanphx(testing.TB) op {
	return func(dst []byte) ([]byte, error) {
		return jsonpatch.MergePatch(s7Config, s7Patch)
	}
}
