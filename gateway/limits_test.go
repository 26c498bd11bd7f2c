package gateway

import (
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// doubling returns an operation of levels fragments on User, each
// selecting the user's reviews twice, under two aliases, down to the
// next: a few hundred bytes that select 2^(levels+2) fields and, as each
// user has reviews, a response that grows fourfold with each level.
func doubling(levels int) string {
	return fragmentLevels("{ me { ...L0 } }", levels, func(next string) string {
		return "a: reviews { author { ..." + next + " } } b: reviews { author { ..." + next + " } }"
	})
}

// fragmentLevels returns an operation head (spreading L0) and fragments
// L0 to L<levels> on User: each but the last selecting level(the next
// one's name), the last selecting the user's name.
func fragmentLevels(head string, levels int, level func(next string) string) string {
	var b strings.Builder
	b.WriteString(head + "\n")
	for i := range levels {
		b.WriteString("fragment L" + strconv.Itoa(i) + " on User { " + level("L"+strconv.Itoa(i+1)) + " }\n")
	}
	b.WriteString("fragment L" + strconv.Itoa(levels) + " on User { name }\n")
	return b.String()
}

// TestMaxFields: an operation that selects too many fields with its
// fragments expanded is refused as it is planned, before any subgraph is
// asked and at a small cost: nine levels of doubling took 3 s and 1.4 GB
// of allocations (the gateway and the demo's subgraphs together) when it
// was answered.
func TestMaxFields(t *testing.T) {
	const tooLarge = `{"errors":[{"message":"The operation is too large to plan: with its fragments expanded, it selects more than 2000 fields.","locations":[{"line":1,"column":1}]}]}`
	for _, tc := range []struct {
		name      string
		maxFields int
		levels    int
		want      string // "" for data
		maxBytes  uint64 // allocated by the test process for the request
	}{
		{"nine levels, default limit", 0, 9, tooLarge, 16 << 20},
		{"five levels past a limit of 100", 100, 5, strings.ReplaceAll(tooLarge, "2000", "100"), 16 << 20},
		{"four levels within a limit of 100", 100, 4, "", 64 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var fetches atomic.Int32
			count := func(h http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					fetches.Add(1)
					h.ServeHTTP(w, r)
				})
			}
			wrap := map[string]func(http.Handler) http.Handler{}
			for _, name := range []string{"accounts", "products", "reviews", "inventory"} {
				wrap[name] = count
			}
			srv := demoGateway(t, Options{MaxFields: tc.maxFields}, wrap)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			resp, err := srv.Client().Post(srv.URL+"/graphql", "application/json", strings.NewReader(post(doubling(tc.levels))))
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			body := string(b)
			runtime.ReadMemStats(&after)
			if resp.StatusCode != 200 {
				t.Errorf("status %d", resp.StatusCode)
			}
			if tc.want != "" {
				if body != tc.want {
					t.Errorf("got  %s\nwant %s", body, tc.want)
				}
				if n := fetches.Load(); n != 0 {
					t.Errorf("%d subgraph requests, want none", n)
				}
			} else if !strings.HasPrefix(body, `{"data":{"me":{"a":[{"author":{"a":`) || fetches.Load() == 0 {
				t.Errorf("%d subgraph requests, response %.200s", fetches.Load(), body)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > tc.maxBytes {
				t.Errorf("the request allocated %d bytes, want at most %d", n, tc.maxBytes)
			}
		})
	}
}

// TestMaxFieldsRepeats: fields that many fragments select again under one
// response name (as Relay-style documents do) count once, as the planner
// merges them: 40 fragments of the same three fields pass a limit of 10
// and answer as the fields written once do; 134 of them (403 selections)
// are past the bound on the selections read (32 × 10), which the
// operation's compiler applies as it reads them, located where it passes.
func TestMaxFieldsRepeats(t *testing.T) {
	spread := func(n int) string {
		var b strings.Builder
		b.WriteString("{ topProducts(first: 2) {")
		for i := range n {
			b.WriteString(" ...F" + strconv.Itoa(i))
		}
		b.WriteString(" } }")
		for i := range n {
			b.WriteString(" fragment F" + strconv.Itoa(i) + " on Product { upc name price }")
		}
		return b.String()
	}
	srv := demoGateway(t, Options{MaxFields: 10}, nil)
	checkHTTP(t, srv, httpCase{body: post(spread(40)), status: 200,
		want: `{"data":{"topProducts":[{"upc":"1","name":"Table","price":899},{"upc":"2","name":"Couch","price":1299}]}}`})
	checkHTTP(t, srv, httpCase{body: post(`{ topProducts(first: 2) { upc name price } }`), status: 200,
		want: `{"data":{"topProducts":[{"upc":"1","name":"Table","price":899},{"upc":"2","name":"Couch","price":1299}]}}`})
	checkHTTP(t, srv, httpCase{body: post(spread(134)), status: 200,
		want: `{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, it has more than 320 field selections, repeated ones included.","locations":[{"line":1,"column":5583}]}]}`})
}

// conditionalDoubling returns an operation of levels fragments on User,
// each spreading the next twice, under @include and @skip of one
// variable: a fragment spread under a condition is expanded at each
// spread, so the selection of "me" collects 2^levels nodes of "name" from
// a document of about 70 bytes a level.
func conditionalDoubling(levels int) string {
	return fragmentLevels("query($v: Boolean!) { me { ...L0 } }", levels, func(next string) string {
		return "..." + next + " @include(if: $v) ..." + next + " @skip(if: $v)"
	})
}

// TestMaxFieldsConditionalSpreads: fragments spread twice under
// conditions at every level are refused for the nodes they expand to,
// before their plan is built: 24 levels (1.7 KB) once took the compiler
// 2^24 nodes of one field, 9 levels (700 bytes) a plan relating 512
// fields of one name to each other, and 14 levels 30 s and gigabytes.
func TestMaxFieldsConditionalSpreads(t *testing.T) {
	srv := demoGateway(t, Options{}, nil)
	for _, tc := range []struct {
		name   string
		levels int
		want   string
	}{
		{"9 levels: repeats of one field", 9, `{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, one selection has more than 256 fields \"name\".","locations":[{"line":11,"column":23}]}]}`},
		{"24 levels: the conditions carried", 24, `{"errors":[{"message":"The operation is too large: with its fragments expanded where they are spread, it has more than 64000 @skip and @include conditions, repeated ones included.","locations":[{"line":24,"column":27}]}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			checkHTTP(t, srv, httpCase{body: strings.TrimSuffix(post(conditionalDoubling(tc.levels)), "}") + `,"variables":{"v":true}}`, status: 200, want: tc.want})
			runtime.ReadMemStats(&after)
			if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
				t.Errorf("the request allocated %d bytes, want at most %d", n, 16<<20)
			}
		})
	}
}

// TestRepeatedFields: 10,000 selections of one field (60 KB, within the
// default MaxTokens) are refused before validation, which compares the
// fields of a name pairwise (it took 45 s on them).
func TestRepeatedFields(t *testing.T) {
	srv := demoGateway(t, Options{}, nil)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	checkHTTP(t, srv, httpCase{body: post("{ me {" + strings.Repeat(" name", 10000) + " } }"), status: 200,
		want: `{"errors":[{"message":"The operation is too large: validating it compares more than 262144 pairs of fields of one response name.","locations":[{"line":1,"column":8}]}]}`})
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
		t.Errorf("the request allocated %d bytes, want at most %d", n, 16<<20)
	}
}
