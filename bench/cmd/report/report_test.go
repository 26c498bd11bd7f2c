package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		name string
		line string
		ok   bool
		want Sample
	}{
		{
			name: "full line with procs suffix",
			line: "BenchmarkS2RoundTrip/twitter/fastjson-2   \t    1234\t    952341 ns/op\t 663.11 MB/s\t     12 B/op\t       1 allocs/op",
			ok:   true,
			want: Sample{Name: "BenchmarkS2RoundTrip/twitter/fastjson", Iters: 1234,
				Metrics: map[string]float64{"ns/op": 952341, "MB/s": 663.11, "B/op": 12, "allocs/op": 1}},
		},
		{
			name: "no procs suffix (GOMAXPROCS=1), fractional ns",
			line: "BenchmarkS1Merge/astjson-orig \t 2062348\t       588.5 ns/op\t       0 B/op\t       0 allocs/op",
			ok:   true,
			want: Sample{Name: "BenchmarkS1Merge/astjson-orig", Iters: 2062348,
				Metrics: map[string]float64{"ns/op": 588.5, "B/op": 0, "allocs/op": 0}},
		},
		{
			name: "row name ending in a digit keeps it",
			line: "BenchmarkS3Parse/canada/jsonv2-8 \t 10\t 100 ns/op",
			ok:   true,
			want: Sample{Name: "BenchmarkS3Parse/canada/jsonv2", Iters: 10, Metrics: map[string]float64{"ns/op": 100}},
		},
		{name: "config line", line: "cpu: Intel(R) Xeon(R) Processor", ok: false},
		{name: "status line", line: "--- SKIP: BenchmarkS2RoundTrip/twitter", ok: false},
		{name: "no ns/op", line: "BenchmarkX-2 \t 10\t 5 widgets", ok: false},
		{name: "odd fields", line: "BenchmarkX-2 \t 10\t 5 ns/op 7", ok: false},
		{name: "PASS", line: "PASS", ok: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParseLine(tt.line)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			if got.Name != tt.want.Name || got.Iters != tt.want.Iters || len(got.Metrics) != len(tt.want.Metrics) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for u, v := range tt.want.Metrics {
				if got.Metrics[u] != v {
					t.Errorf("%s = %v, want %v", u, got.Metrics[u], v)
				}
			}
		})
	}
}

func TestSplitName(t *testing.T) {
	tests := []struct{ in, bench, group, row string }{
		{"BenchmarkS2RoundTrip/twitter/fastjson", "S2RoundTrip", "twitter", "fastjson"},
		{"BenchmarkS1Merge/fastjson-helper", "S1Merge", "", "fastjson-helper"},
		{"BenchmarkPlain", "Plain", "", ""},
		{"BenchmarkA/b/c/d", "A", "b/c", "d"},
	}
	for _, tt := range tests {
		b, g, r := splitName(tt.in)
		if b != tt.bench || g != tt.group || r != tt.row {
			t.Errorf("splitName(%q) = %q, %q, %q; want %q, %q, %q", tt.in, b, g, r, tt.bench, tt.group, tt.row)
		}
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{10, 10, 1000, 10, 10, 1}, 10},
	}
	for _, tt := range tests {
		if got := median(append([]float64(nil), tt.in...)); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

const sample = `go: go1.26.8
goos: linux
goarch: amd64
pkg: github.com/graftjson/graft/bench
cpu: Test CPU
BenchmarkS1Merge/fastjson-helper-2   	 100	       300 ns/op	       0 B/op	       0 allocs/op
BenchmarkS1Merge/fastjson-helper-2   	 100	       340 ns/op	       0 B/op	       0 allocs/op
BenchmarkS1Merge/fastjson-helper-2   	 100	       320 ns/op	       0 B/op	       0 allocs/op
BenchmarkS1Merge/stdjson-helper-2    	 100	      2700 ns/op	    2384 B/op	      36 allocs/op
BenchmarkS1Merge/stdjson-helper-2    	 100	      2900 ns/op	    2384 B/op	      36 allocs/op
BenchmarkS1Merge/stdjson-helper-2    	 100	      2800 ns/op	    2384 B/op	      37 allocs/op
BenchmarkS1Merge/graft-2             	 100	       160 ns/op	       0 B/op	       0 allocs/op
BenchmarkS1Merge/graft-2             	 100	       150 ns/op	       0 B/op	       0 allocs/op
BenchmarkS1Merge/graft-2             	 100	       170 ns/op	       0 B/op	       0 allocs/op
--- SKIP: BenchmarkS2RoundTrip/twitter
    helpers_test.go:93: corpus file ../../shared/corpus/twitter.json is absent
--- SKIP: BenchmarkS2RoundTrip/twitter
    helpers_test.go:93: corpus file ../../shared/corpus/twitter.json is absent
BenchmarkS2RoundTrip/canada/fastjson-2 	 10	   4000000 ns/op	 562.76 MB/s	    1024 B/op	       2 allocs/op
BenchmarkS2RoundTrip/canada/fastjson-2 	 10	   5000000 ns/op	 450.21 MB/s	    1024 B/op	       2 allocs/op
BenchmarkS2RoundTrip/canada/astjson-heap-2 	 10	   8000000 ns/op	 281.38 MB/s	 9000000 B/op	  200000 allocs/op
PASS
ok  	github.com/graftjson/graft/bench	12.3s
goos: linux
pkg: github.com/graftjson/graft/bench/graphql
PASS
`

func TestParseAndRender(t *testing.T) {
	res, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tables) != 2 {
		t.Fatalf("got %d tables, want 2", len(res.Tables))
	}
	s1 := res.Tables[0]
	if s1.Title() != "S1Merge" || len(s1.Rows) != 3 {
		t.Fatalf("table 1 = %q with %d rows", s1.Title(), len(s1.Rows))
	}
	if best, ok := s1.Best(); !ok || best != 320 {
		t.Errorf("best peer = %v, %v; want 320 (graft excluded)", best, ok)
	}
	if got, _ := s1.Rows[1].Median("allocs/op"); got != 36 {
		t.Errorf("stdjson allocs median = %v, want 36", got)
	}
	if !s1.Rows[2].IsGraft() || s1.Rows[0].IsGraft() {
		t.Errorf("graft detection wrong")
	}
	if res.Tables[1].Title() != "S2RoundTrip / canada" {
		t.Errorf("table 2 = %q", res.Tables[1].Title())
	}
	if len(res.Skipped) != 2 || !strings.Contains(res.Skipped[0], "twitter: corpus file") {
		t.Errorf("skipped = %q", res.Skipped)
	}

	md := string(Render(res, "results.txt"))
	for _, want := range []string{
		"- cpu: `Test CPU`",
		"- go: `go1.26.8`",
		"- goos: `linux`\n",
		"- pkg: `github.com/graftjson/graft/bench, github.com/graftjson/graft/bench/graphql`",
		"## S1Merge\n",
		"| **`graft`** | 3 | 160 | – | 0 | 0 | 0.50× |",
		"| `fastjson-helper` | 3 | 320 | – | 0 | 0 | 1.00× |",
		"| `stdjson-helper` | 3 | 2,800 | – | 2,384 | 36 | 8.75× |",
		"## S2RoundTrip / canada\n",
		"| `fastjson` | 2 | 4,500,000 | 506.5 | 1,024 | 2 | 1.00× |",
		"| `astjson-heap` | 1 | 8,000,000 | 281.4 | 9,000,000 | 200,000 | 1.78× |",
		"## Skipped\n\n- BenchmarkS2RoundTrip/twitter: corpus file ../../shared/corpus/twitter.json is absent\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q\n%s", want, md)
		}
	}
	if n := strings.Count(md, "twitter.json is absent"); n != 1 {
		t.Errorf("the repeated skip is listed %d times, want once", n)
	}
	// Rows are sorted by ns/op: graft (160) before fastjson (320) before stdjson.
	if g, f := strings.Index(md, "**`graft`**"), strings.Index(md, "`fastjson-helper`"); g > f {
		t.Errorf("rows not sorted by ns/op")
	}
}

func TestPartialColumn(t *testing.T) {
	const in = `BenchmarkS5Fields/sonic-ast-lazy-2 	 100	 100 ns/op
BenchmarkS5Fields/fastjson-2 	 100	 400 ns/op
BenchmarkS5Fields/gjson-walk-2 	 100	 200 ns/op
BenchmarkS5Fields/graft-2 	 100	 300 ns/op
`
	res, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	tb := res.Tables[0]
	if full, ok := tb.BestFull(); !ok || full != 400 {
		t.Errorf("best full peer = %v, %v; want 400", full, ok)
	}
	md := string(Render(res, "r.txt"))
	for _, want := range []string{
		"| vs best peer | vs best full peer |",
		"| **`graft`** | 1 | 300 | – | – | – | 3.00× | 0.75× |",
		"| `sonic-ast-lazy` | 1 | 100 | – | – | – | 1.00× | 0.25× |",
		"| `fastjson` | 1 | 400 | – | – | – | 4.00× | 1.00× |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q\n%s", want, md)
		}
	}
	// Without partial rows, or when the fastest peer is a full one, there is
	// no second ratio column.
	for _, in := range []string{
		"BenchmarkS1Merge/fastjson-2 \t 1\t 5 ns/op\n",
		"BenchmarkS3Parse/x/fastjson-2 \t 1\t 5 ns/op\nBenchmarkS3Parse/x/gjson-walk-2 \t 1\t 9 ns/op\n",
	} {
		res, _ = Parse(strings.NewReader(in))
		if md := string(Render(res, "r.txt")); strings.Contains(md, "full peer |") {
			t.Errorf("unexpected full-peer column:\n%s", md)
		}
	}
}

func TestExtraUnitColumn(t *testing.T) {
	const in = `BenchmarkMemory/twitter/fastjson-2 	 10	 400 ns/op	 3.20 held-B/in-B
BenchmarkMemory/twitter/graft-2 	 10	 300 ns/op	 1.60 held-B/in-B
BenchmarkMemory/twitter/graft-2 	 10	 300 ns/op	 2.00 held-B/in-B
`
	res, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	md := string(Render(res, "r.txt"))
	for _, want := range []string{
		"| vs best peer | held-B/in-B | vs best peer (held-B/in-B) |",
		"| **`graft`** | 2 | 300 | – | – | – | 0.75× | 1.80 | 0.56× |",
		"| `fastjson` | 1 | 400 | – | – | – | 1.00× | 3.20 | 1.00× |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q\n%s", want, md)
		}
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "results.txt"), filepath.Join(dir, "RESULTS.md")
	if err := os.WriteFile(in, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, out); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "## S1Merge") {
		t.Errorf("RESULTS.md lacks the S1 table:\n%s", md)
	}
	if err := os.WriteFile(in, []byte("PASS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, out); err == nil {
		t.Error("run accepted a file without results")
	}
}

// Under go test -v, name lines precede results and log lines precede the
// "--- SKIP" line they explain.
const verboseSample = `goos: linux
BenchmarkS1Merge
BenchmarkS1Merge/fastjson-helper
BenchmarkS1Merge/fastjson-helper-2         	       1	      2045 ns/op	      48 B/op	       1 allocs/op
BenchmarkS2RoundTrip
BenchmarkS2RoundTrip/twitter
    s2_roundtrip_test.go:47: corpus file /x/twitter.json is absent
--- SKIP: BenchmarkS2RoundTrip/twitter
BenchmarkS4Splice
BenchmarkS4Splice/broken
    helpers_test.go:400: first run: output differs
--- FAIL: BenchmarkS4Splice/broken
--- FAIL: BenchmarkS4Splice
FAIL
`

func TestParseVerbose(t *testing.T) {
	res, err := Parse(strings.NewReader(verboseSample))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tables) != 1 || len(res.Tables[0].Rows) != 1 || res.Tables[0].Rows[0].Name != "fastjson-helper" {
		t.Fatalf("tables = %+v", res.Tables)
	}
	if want := []string{"BenchmarkS2RoundTrip/twitter: corpus file /x/twitter.json is absent"}; len(res.Skipped) != 1 || res.Skipped[0] != want[0] {
		t.Errorf("skipped = %q, want %q", res.Skipped, want)
	}
	if want := []string{"BenchmarkS4Splice/broken: first run: output differs", "BenchmarkS4Splice"}; len(res.Failed) != 2 || res.Failed[0] != want[0] || res.Failed[1] != want[1] {
		t.Errorf("failed = %q, want %q", res.Failed, want)
	}
	if md := string(Render(res, "r.txt")); !strings.Contains(md, "## Failed\n\n- BenchmarkS4Splice/broken: first run: output differs\n") {
		t.Errorf("report lacks the failure:\n%s", md)
	}
}
