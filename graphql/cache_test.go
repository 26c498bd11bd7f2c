package graphql_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/shape"
)

func TestCache(t *testing.T) {
	c := graphql.NewCache(2, graphql.Options{})
	a1, err := c.Compile(sdl, `{ int }`, "")
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := c.Compile(sdl, `{ int }`, "")
	if a1 != a2 {
		t.Error("the same request compiled twice")
	}
	if _, err := c.Compile(sdl, `{ nope }`, ""); err == nil {
		t.Error("invalid query compiled")
	}
	if _, err := c.Compile("type Query { a: Nope }", `{ a }`, ""); err == nil {
		t.Error("invalid schema compiled")
	}
	if c.Len() != 2 {
		t.Errorf("Len() = %d, want the bound 2", c.Len())
	}
	if a3, _ := c.Compile(sdl, `{ int }`, ""); a3 == a1 {
		t.Error("the least recently used entry was not dropped")
	}
}

// TestConcurrent renders through one compiled plan from several goroutines
// (run with -race), each with its own Renderer, through a shared cache.
func TestConcurrent(t *testing.T) {
	c := graphql.NewCache(8, graphql.Options{})
	var d graft.Doc
	data, err := d.Parse([]byte(`{"users":[{"id":1,"name":"a","email":"e"},{"id":2}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r shape.Renderer
			for i := 0; i < 50; i++ {
				op, err := c.Compile(sdl, `{ users { id name email } }`, "")
				if err != nil {
					t.Error(err)
					return
				}
				out, _ := op.Respond(nil, &r, &d, data, &d, 0)
				mu.Lock()
				if want == "" {
					want = string(out)
				} else if string(out) != want {
					t.Errorf("got %s, want %s", out, want)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

// wideQuery returns an operation with n fields over a schema with n fields.
func wideQuery(n int) (schema, query string) {
	var s, q strings.Builder
	s.WriteString("type Query { item: [Item] }\ntype Item {\n")
	q.WriteString("query Wide($x: Boolean!) { item {\n")
	for i := 0; i < n; i++ {
		name := "f" + strings.Repeat("x", i%7) + itoaTest(i)
		s.WriteString("  " + name + ": String\n")
		q.WriteString("  a" + itoaTest(i) + ": " + name)
		if i%10 == 0 {
			q.WriteString(" @include(if: $x)")
		}
		q.WriteString("\n")
	}
	s.WriteString("}\n")
	q.WriteString("} }\n")
	return s.String(), q.String()
}

func itoaTest(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// BenchmarkCompile200 reports the compile time of an operation of 200
// fields (parse, validate, plan), without a cache.
func BenchmarkCompile200(b *testing.B) {
	sdlText, query := wideQuery(200)
	s, err := graphql.ParseSchema(sdlText, graphql.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := graphql.Compile(s, query, ""); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCompile200(t *testing.T) {
	sdlText, query := wideQuery(200)
	s, err := graphql.ParseSchema(sdlText, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	op, err := graphql.Compile(s, query, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := op.Plan().Variables(); len(got) != 1 || got[0] != "x" {
		t.Errorf("Variables() = %q", got)
	}
}
