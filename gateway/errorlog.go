package gateway

import (
	"context"
	"log/slog"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/graftjson/graft/resolve"
)

// Bounds of the records of subgraph errors (errorLog).
const (
	maxErrorRecords = 10   // records a second; the others are counted
	maxErrorBytes   = 1024 // of a subgraph's error in a record
)

// errorLog writes the errors subgraphs return to the gateway's logger,
// at level Warn, when they are masked for the clients: operators see the
// subgraph, where its data goes and the error as the subgraph wrote it
// (cut at maxErrorBytes), which the clients do not. A failing subgraph
// under load would otherwise write a record per request: at most
// maxErrorRecords a second are written, and the next one written says how
// many were dropped before it. It is safe for concurrent use.
type errorLog struct {
	l   *slog.Logger
	now func() time.Time // time.Now; tests set their own

	mu      sync.Mutex
	second  int64 // the Unix second n counts in
	n       int   // records written in it
	dropped int   // records dropped since the last one written
}

func newErrorLog(l *slog.Logger) *errorLog { return &errorLog{l: l, now: time.Now} }

// record is a resolve.Options.OnUpstreamError.
func (g *errorLog) record(ctx context.Context, e resolve.UpstreamError) {
	if !g.l.Enabled(ctx, slog.LevelWarn) {
		return
	}
	s := g.now().Unix()
	g.mu.Lock()
	if s != g.second {
		g.second, g.n = s, 0
	}
	if g.n >= maxErrorRecords {
		g.dropped++
		g.mu.Unlock()
		return
	}
	g.n++
	dropped := g.dropped
	g.dropped = 0
	g.mu.Unlock()

	text := e.Error
	if len(text) > maxErrorBytes {
		n := maxErrorBytes
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = append(text[:n:n], "…"...)
	}
	attrs := [4]slog.Attr{
		slog.String("subgraph", e.Upstream),
		slog.String("path", e.Path),
		slog.String("error", string(text)),
		slog.Int("dropped", dropped),
	}
	n := len(attrs)
	if dropped == 0 {
		n--
	}
	g.l.LogAttrs(ctx, slog.LevelWarn, "subgraph error", attrs[:n]...)
}
