package gateway

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/graftjson/graft/resolve"
)

// TestErrorLog: at most maxErrorRecords records a second, the next one
// written counting those dropped; a long error cut at maxErrorBytes on a
// character's boundary; nothing done below level Warn.
func TestErrorLog(t *testing.T) {
	var out strings.Builder
	g := newErrorLog(slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{ReplaceAttr: dropTime})))
	now := time.Unix(100, 0)
	g.now = func() time.Time { return now }
	e := resolve.UpstreamError{Upstream: "a", Path: "x.@", Error: []byte(`{"message":"m"}`)}
	record := `level=WARN msg="subgraph error" subgraph=a path=x.@ error="{\"message\":\"m\"}"`
	for range maxErrorRecords + 5 {
		g.record(context.Background(), e)
	}
	now = now.Add(time.Second)
	g.record(context.Background(), e)
	long := resolve.UpstreamError{Upstream: "b", Error: []byte("x" + strings.Repeat("é", maxErrorBytes))}
	g.record(context.Background(), long)

	want := strings.Repeat(record+"\n", maxErrorRecords) + record + " dropped=5\n" +
		`level=WARN msg="subgraph error" subgraph=b path="" error=x` + strings.Repeat("é", maxErrorBytes/2-1) + "…\n"
	if got := out.String(); got != want {
		t.Errorf("\n got %q\nwant %q", got, want)
	}

	out.Reset()
	g.l = slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelError}))
	g.record(context.Background(), e)
	if out.Len() != 0 {
		t.Errorf("written below its level: %q", out.String())
	}
}
