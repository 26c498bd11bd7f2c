package gateway

import (
	"context"
	"log/slog"
	"strings"
	"sync"
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

// TestErrorLogConcurrent: requests failing at once share the bound.
func TestErrorLogConcurrent(t *testing.T) {
	var out syncBuffer
	g := newErrorLog(slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{ReplaceAttr: dropTime})))
	var mu sync.Mutex
	now := time.Unix(100, 0)
	g.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e := resolve.UpstreamError{Upstream: "a", Error: []byte(`{}`)}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				g.record(context.Background(), e)
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	now = now.Add(time.Second)
	mu.Unlock()
	g.record(context.Background(), e)
	got := out.String()
	if n := strings.Count(got, "\n"); n != maxErrorRecords+1 || !strings.HasSuffix(got, " dropped=790\n") {
		t.Errorf("%d records, ending %q; want %d, the last with dropped=790", n, got[max(0, len(got)-80):], maxErrorRecords+1)
	}
}
