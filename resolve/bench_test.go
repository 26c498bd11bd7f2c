package resolve_test

import (
	"context"
	"testing"

	"github.com/graftjson/graft/resolve"
)

func BenchmarkNestedBatching(b *testing.B) {
	tr := nestedTransport(nil)
	e := resolve.NewEngine(tr, resolve.Options{})
	p := mustPlan(b, nestedTree(), nestedShape(b, false))
	b.ReportAllocs()
	b.SetBytes(int64(len(nestedExpected)))
	ctx := context.Background()
	b.RunParallel(func(pb *testing.PB) {
		var buf []byte
		req := &resolve.Request{}
		for pb.Next() {
			var err error
			buf, err = e.Execute(ctx, p, req, buf[:0])
			if err != nil || string(buf) != nestedExpected {
				b.Fatalf("%v %s", err, buf)
			}
		}
	})
}
