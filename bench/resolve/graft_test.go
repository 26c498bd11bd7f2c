package resolvebench

import (
	"context"
	"testing"

	"github.com/graftjson/graft/resolve"
)

// benchGraft runs the scenario as graphql-go-tools' benchmark does:
// RunParallel, a pooled output buffer, the response compared byte for
// byte on every operation.
func benchGraft(b *testing.B, f *fixture, inline bool) {
	e, p, err := graftSetup(f, inline)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.SetBytes(int64(len(f.expected)))
	b.ResetTimer()
	defer startCPU().report(b)
	b.RunParallel(func(pb *testing.PB) {
		buf := make([]byte, 0, 1024)
		req := &resolve.Request{}
		for pb.Next() {
			var err error
			buf, err = e.Execute(ctx, p, req, buf[:0])
			if err != nil {
				b.Fatal(err)
			}
			if string(buf) != f.expected {
				b.Fatalf("got %s\nwant %s", buf, f.expected)
			}
		}
	})
}

func TestGraftOutput(t *testing.T) {
	for _, n := range []int{3, 100, 1000} {
		f := newFixture(n)
		for _, inline := range []bool{false, true} {
			e, p, err := graftSetup(f, inline)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 2; i++ {
				out, err := e.Execute(context.Background(), p, nil, nil)
				if err != nil || string(out) != f.expected {
					t.Fatalf("n=%d, inline %v: %v\n got %.300s\nwant %.300s", n, inline, err, out, f.expected)
				}
			}
		}
	}
}
