//go:build ignore

// report reads the output of run.sh and writes RESULTS.md: the median of
// each benchmark's runs at each -cpu, graft's ratios to graphql-go-tools,
// and the targets with a verdict each.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type key struct {
	name string // BenchmarkNestedBatching/graft
	cpu  int
}

type runs struct{ ns, bytes, allocs, cpu []float64 }

// A benchmark that panics leaves its name without figures, the panic
// following on the same line or the next.
var (
	panicLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-(\d+))?\s+panic: (.*)`)
	nameOnly  = regexp.MustCompile(`^(Benchmark\S+?)(?:-(\d+))?\s*$`)
)

var line = regexp.MustCompile(`^(Benchmark\S+?)(?:-(\d+))?\s+\d+\s+([\d.]+) ns/op(?:\s+[\d.]+ MB/s)?(?:\s+([\d.]+) cpu-ns/op)?\s+(\d+) B/op\s+(\d+) allocs/op`)

func main() {
	in := flag.String("in", "results.txt", "run.sh's output")
	out := flag.String("out", "RESULTS.md", "report to write")
	flag.Parse()
	f, err := os.Open(*in)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	res := map[key]*runs{}
	panics := map[key][]string{}
	var fails []string
	var head []string
	var pending []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		t := sc.Text()
		if m := nameOnly.FindStringSubmatch(t); m != nil {
			pending = m
			continue
		}
		if strings.HasPrefix(t, "panic: ") && pending != nil {
			t = pending[0] + " " + t
		}
		pending = nil
		if m := panicLine.FindStringSubmatch(t); m != nil {
			cpu := 1
			if m[2] != "" {
				cpu, _ = strconv.Atoi(m[2])
			}
			k := key{m[1], cpu}
			panics[k] = append(panics[k], m[3])
			continue
		}
		if strings.HasPrefix(t, "--- FAIL") {
			fails = append(fails, t)
			continue
		}
		if m := line.FindStringSubmatch(t); m != nil {
			cpu := 1
			if m[2] != "" {
				cpu, _ = strconv.Atoi(m[2])
			}
			k := key{m[1], cpu}
			if res[k] == nil {
				res[k] = &runs{}
			}
			for i, p := range []*[]float64{&res[k].ns, &res[k].cpu, &res[k].bytes, &res[k].allocs} {
				if m[3+i] == "" {
					continue
				}
				v, _ := strconv.ParseFloat(m[3+i], 64)
				*p = append(*p, v)
			}
		} else if strings.HasPrefix(t, "go:") || strings.HasPrefix(t, "graphql-go-tools:") || strings.HasPrefix(t, "cpus:") || strings.HasPrefix(t, "cpu:") || strings.HasPrefix(t, "load:") {
			if !slices.Contains(head, t) {
				head = append(head, t)
			}
		}
	}
	if err := sc.Err(); err != nil {
		fail(err)
	}
	med := func(k key) (ns, b, a float64, n int, ok bool) {
		r := res[k]
		if r == nil {
			return 0, 0, 0, 0, false
		}
		return median(r.ns), median(r.bytes), median(r.allocs), len(r.ns), true
	}
	cpuMed := func(k key) float64 {
		if r := res[k]; r != nil && len(r.cpu) > 0 {
			return median(r.cpu)
		}
		return 0
	}
	var cpus []int
	for k := range res {
		if !slices.Contains(cpus, k.cpu) {
			cpus = append(cpus, k.cpu)
		}
	}
	slices.Sort(cpus)

	var b strings.Builder
	fmt.Fprintf(&b, "# Resolve engine: nested batching against graphql-go-tools\n\n")
	fmt.Fprintf(&b, "Written by `run.sh` (report.go) from `results.txt`: medians of the runs of each benchmark; ns/op is what `go test -bench` reports (wall time per operation under `b.RunParallel` with as many goroutines as `-cpu`), CPU ns/op the process's CPU time (user and system, all threads) per operation, which this repository's benchmarks add (`cputime_test.go`) because the machine is shared and other programs stretch wall times unevenly. The ratios are of wall times.\n\n")
	for _, h := range head {
		fmt.Fprintf(&b, "- %s\n", h)
	}
	fmt.Fprintf(&b, "\nThe scenario is graphql-go-tools' `Benchmark_NestedBatching`: a root fetch of `topProducts`, then in parallel the reviews and stock entity batches at `topProducts.@`, then users at `topProducts.@.reviews.@.author` (four authors, two representations), the 371-byte response checked byte for byte on every operation. `graphql-go-tools`, `-arena` and `-nocheck` are its own `Benchmark_NestedBatching`, `Benchmark_NestedBatchingArena` and `Benchmark_NoCheckNestedBatching`, run unchanged from its module. `-driver` and the 100 and 1,000 product rows drive its resolver through its exported API with the same plan (`gqt_test.go`), with the arena resolver's inbound request deduplication off (identical requests in flight at once would share one execution; graft does all the work of every request); its own arena benchmark runs with it on, and at `-cpu 2` it panics (see Failed runs). `graft` hands the fetches of a `Parallel` but one to goroutines of their own, as graphql-go-tools does, and as an engine over the network must; `graft-inline` is the same engine with `Options.Inline`, which the in-memory upstreams allow: every fetch in the request's goroutine, none handed over.\n\n")

	groups := []string{"BenchmarkNestedBatching", "BenchmarkNestedBatching100", "BenchmarkNestedBatching1000"}
	for _, g := range groups {
		fmt.Fprintf(&b, "## %s\n\n| benchmark | -cpu | runs | ns/op | CPU ns/op | B/op | allocs/op | graft's time ÷ this |\n|---|---|---|---|---|---|---|---|\n", g)
		var names []string
		for k := range res {
			if strings.HasPrefix(k.name, g+"/") && !slices.Contains(names, k.name) {
				names = append(names, k.name)
			}
		}
		slices.Sort(names)
		for _, c := range cpus {
			gns, _, _, _, gok := med(key{g + "/graft", c})
			for _, n := range names {
				ns, by, al, cnt, ok := med(key{n, c})
				if !ok {
					continue
				}
				ratio := "—"
				if gok && !strings.HasSuffix(n, "/graft") {
					ratio = fmt.Sprintf("%.3f×", gns/ns)
				}
				cpu := "—"
				if v := cpuMed(key{n, c}); v > 0 {
					cpu = fmtNs(v)
				}
				fmt.Fprintf(&b, "| %s | %d | %d | %s | %s | %.0f | %.0f | %s |\n", strings.TrimPrefix(n, g+"/"), c, cnt, fmtNs(ns), cpu, by, al, ratio)
			}
		}
		b.WriteString("\n")
	}

	if len(panics) > 0 || len(fails) > 0 {
		b.WriteString("## Failed runs\n\nRuns that failed have no figures above (a panic ends the benchmark binary; run.sh runs each graphql-go-tools benchmark on its own so that the others go on).\n\n")
		var ks []key
		for k := range panics {
			ks = append(ks, k)
		}
		slices.SortFunc(ks, func(a, b key) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		for _, k := range ks {
			fmt.Fprintf(&b, "- %s, -cpu %d: panicked in %d run(s): `%s`\n", k.name, k.cpu, len(panics[k]), panics[k][0])
		}
		for _, f := range fails {
			fmt.Fprintf(&b, "- %s\n", strings.TrimPrefix(f, "--- FAIL: "))
		}
		b.WriteString("\n")
	}

	b.WriteString("## Targets\n\n| target | -cpu | measured | met |\n|---|---|---|---|\n")
	verdict := func(ok bool) string {
		if ok {
			return "yes"
		}
		return "**no**"
	}
	// flat writes the target on the time per item from 3 to 1,000 items,
	// of the figure value reads.
	flat := func(engine string, c int, what string, value func(key) (float64, bool)) {
		var per []float64
		var text []string
		for i, g := range groups {
			if v, ok := value(key{g + "/" + engine, c}); ok {
				n := []float64{3, 100, 1000}[i]
				per = append(per, v/n)
				text = append(text, fmt.Sprintf("%s/item at %.0f", fmtNs(v/n), n))
			}
		}
		if len(per) == 3 {
			spread := slices.Max(per) / slices.Min(per)
			fmt.Fprintf(&b, "| %s: %s | %d | %s: %.2f× | %s |\n", engine, what, c, strings.Join(text, ", "), spread, verdict(spread <= 1.5))
		}
	}
	wall := func(k key) (float64, bool) { ns, _, _, _, ok := med(k); return ns, ok }
	cpu := func(k key) (float64, bool) { v := cpuMed(k); return v, v > 0 }
	for _, engine := range []string{"graft", "graft-inline"} {
		for _, c := range cpus {
			gns, gb, ga, _, gok := med(key{"BenchmarkNestedBatching/" + engine, c})
			tns, _, _, _, tok := med(key{"BenchmarkNestedBatching/graphql-go-tools", c})
			if gok && tok {
				r := gns / tns
				fmt.Fprintf(&b, "| %s: ≤ 0.25× graphql-go-tools' NestedBatching time | %d | %.3f× (%s vs %s) | %s |\n", engine, c, r, fmtNs(gns), fmtNs(tns), verdict(r <= 0.25))
			}
			if gok {
				fmt.Fprintf(&b, "| %s: ≤ 10 allocs/op and ≤ 1 KB/op | %d | %.0f allocs, %.0f B | %s |\n", engine, c, ga, gb, verdict(ga <= 10 && gb <= 1024))
			}
			flat(engine, c, "time per item flat from 3 to 1,000 items (within 1.5×)", wall)
			flat(engine, c, "the same in CPU time", cpu)
		}
	}
	b.WriteString("\n")
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fail(err)
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
