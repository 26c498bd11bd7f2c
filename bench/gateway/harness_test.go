package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	graft "github.com/graftjson/graft/gateway"
)

// TestAnswers: graft and the graphql-go-tools peer give the expected
// answer to every scenario's query over the benchmark's subgraphs.
func TestAnswers(t *testing.T) {
	data := generate()
	subs, err := startSubgraphs(data)
	if err != nil {
		t.Fatal(err)
	}
	defer subs.stop()
	g, err := graft.New(subs.supergraph(), graft.Options{ForwardHeaders: []string{"Authorization"}, Dedup: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for name, h := range map[string]http.Handler{"graft": g, "graphql-go-tools": ggtHandler(subs.urls)} {
		srv := httptest.NewServer(h)
		defer srv.Close()
		for _, s := range scenarios {
			if s.slow {
				continue
			}
			t.Run(name+"/"+s.name, func(t *testing.T) {
				answer, err := waitAnswer(srv.URL+"/graphql", []byte(`{"query":`+quoteJSON(s.query())+`}`), 10*time.Second)
				if err != nil {
					t.Fatal(err)
				}
				if err := sameJSON(answer, data.expected(s.first)); err != nil {
					t.Fatal(err)
				}
				if s.first == 500 && (len(answer) < 150<<10 || len(answer) > 200<<10) {
					t.Errorf("the big answer is %d bytes, want about 170 KB", len(answer))
				}
			})
		}
	}
}

func quoteJSON(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// TestReport: the report states each target as met or missed from the
// figures.
func TestReport(t *testing.T) {
	r := func(gw, sc string, requests int, cpu float64, p99 time.Duration, above int64) result {
		return result{gateway: gw, scenario: sc, round: 1, requests: requests, seconds: 10, cpu: cpu, p99: p99, p50: p99 / 2, idleRSS: 10 << 20, peakRSS: (10 + above) << 20}
	}
	results := []result{
		r("graft", "nested-unique", 50000, 8, 4*time.Millisecond, 5),
		r("hive-router", "nested-unique", 20000, 13, 40*time.Millisecond, 20),
		r("graft", "nested-same", 60000, 9, 3*time.Millisecond, 5),
		r("hive-router", "nested-same", 40000, 10, 10*time.Millisecond, 20),
		r("graft", "big-unique", 5000, 9, 90*time.Millisecond, 80),
		r("hive-router", "big-unique", 2000, 9, 300*time.Millisecond, 100),
	}
	gws := []gateway{{name: "graft"}, {name: "hive-router"}}
	out := string(writeReport(results, gws, scenarios[:3], 1, 10*time.Second, 32))
	for _, want := range []string{
		"graft 6250, hive-router 1538: 4.06× — **met**",
		"Per round (requests/s; req per CPU-second; p99 ms): graft#1 5000; 6250; 4.0 — hive-router#1 2000; 1538; 40.0.",
		"graft 4.00 ms, hive-router 40.00 ms: 0.10× — **met**",
		"graft 6667, Hive Router 4000: 1.67× — **met**",
		"graft 80 MiB above idle (peak 90 MiB) — **missed**",
		"graft 556, best peer hive-router 222: 2.50× — **met**",
		"| graft | 5000 | 2.00 | 4.00 | 6250 | 15 | 5 | 0 | 1 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}
