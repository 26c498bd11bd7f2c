// Command normreport turns the output of BenchmarkNormalize (normalize.sh
// runs it) into RESULTS.md: for each scenario a table of every row's
// median CPU time, wall time, bytes allocated per input byte and the ratio
// of its CPU time to graft's, then the targets, each said to be
// met or missed.
//
// Usage:
//
//	go run ./cmd/normreport [-in normalize-results.txt] [-out RESULTS.md]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

func main() {
	in := flag.String("in", "normalize-results.txt", "raw `go test -bench` output")
	out := flag.String("out", "RESULTS.md", "markdown file to write")
	flag.Parse()
	f, err := os.Open(*in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "normreport:", err)
		os.Exit(1)
	}
	defer f.Close()
	res := parse(f)
	if err := os.WriteFile(*out, []byte(report(res)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "normreport:", err)
		os.Exit(1)
	}
}

// results maps scenario -> row -> metric -> samples.
type results map[string]map[string]map[string][]float64

// parse reads "BenchmarkNormalize/<scenario>/<row>-P N v unit v unit …".
func parse(r io.Reader) results {
	res := results{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "BenchmarkNormalize/") {
			continue
		}
		parts := strings.Split(strings.TrimPrefix(f[0], "BenchmarkNormalize/"), "/")
		if len(parts) != 2 {
			continue
		}
		row := parts[1]
		if i := strings.LastIndexByte(row, '-'); i > 0 {
			if _, err := strconv.Atoi(row[i+1:]); err == nil {
				row = row[:i]
			}
		}
		if res[parts[0]] == nil {
			res[parts[0]] = map[string]map[string][]float64{}
		}
		if res[parts[0]][row] == nil {
			res[parts[0]][row] = map[string][]float64{}
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			res[parts[0]][row][f[i+1]] = append(res[parts[0]][row][f[i+1]], v)
		}
	}
	return res
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// get returns the median of a metric of a row of a scenario (0 if absent).
func (r results) get(scenario, row, metric string) float64 {
	return median(r[scenario][row][metric])
}

func (r results) runs(scenario, row string) int { return len(r[scenario][row]["cpu-ns/op"]) }

var scenarios = []struct{ name, what string }{
	{"items-70000", "a mutation importing 70,000 items given inline (seven fields each with a nested object, escapes, non-ASCII text, a block string on every tenth item, enum values, numbers)"},
	{"aliased-1000", "1,000 aliased fields, each with a small inline input object"},
	{"aliased-4000", "4,000 aliased fields, each with a small inline input object"},
	{"aliased-16000", "16,000 aliased fields, each with a small inline input object"},
	{"deep-250", "one argument nesting input objects 250 levels deep (graphql-go-tools refuses variables nested past 300 levels)"},
}

var rows = []struct{ name, what string }{
	{"graft", "graphql.Normalize, graphql.Compile of the normalized operation, Operation.Variables (coercion)"},
	{"graft-cached", "the same with the plan from a graphql.Cache (a gateway's path for a document it has seen)"},
	{"gqlparser-parse", "gqlparser's ParseQuery alone"},
	{"gqlparser-parse-validate", "ParseQuery and validation"},
	{"graphql-go-tools", "v2.16.0: parse, normalize, variable extraction and variable validation, as its router does"},
}

func report(r results) string {
	var b strings.Builder
	b.WriteString("# GraphQL normalization: huge operations\n\n")
	b.WriteString("Written by `normalize.sh` (`go run ./cmd/normreport`) from `normalize-results.txt`; do not edit by hand.\n")
	b.WriteString("Medians over the runs of `BenchmarkNormalize` (`normalize_test.go`). CPU is the process's user and system time per operation,\n")
	b.WriteString("garbage collection included; it is what the targets are about, and a loaded machine inflates it far less than wall time.\n")
	b.WriteString("Every row's output (the values of the literals) is checked against the generator's after its run: a graft row that is\n")
	b.WriteString("wrong fails the run; a peer's is marked **wrong** (graphql-go-tools keeps the backslash of an escaped triple quote in\n")
	b.WriteString("block strings, which BlockStringValue reads as three quotes).\n\n")
	b.WriteString("Rows:\n\n")
	for _, row := range rows {
		fmt.Fprintf(&b, "- `%s`: %s\n", row.name, row.what)
	}
	for _, sc := range scenarios {
		if r[sc.name] == nil {
			continue
		}
		in := r.get(sc.name, "graft", "in-bytes")
		fmt.Fprintf(&b, "\n## %s\n\n%s; %.2f MB.\n\n", sc.name, sc.what, in/1e6)
		b.WriteString("| row | runs | CPU ms/op | wall ms/op | allocated B per input byte | allocs/op | CPU × graft's | values |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
		base := r.get(sc.name, "graft", "cpu-ns/op")
		for _, row := range rows {
			if r[sc.name][row.name] == nil {
				fmt.Fprintf(&b, "| %s | 0 | not run | | | | | |\n", row.name)
				continue
			}
			cpu := r.get(sc.name, row.name, "cpu-ns/op")
			values := "right"
			if len(r[sc.name][row.name]["wrong-values"]) > 0 {
				values = "**wrong**"
			}
			fmt.Fprintf(&b, "| %s | %d | %.2f | %.2f | %.2f | %.0f | %.2f× | %s |\n", row.name, r.runs(sc.name, row.name),
				cpu/1e6, r.get(sc.name, row.name, "ns/op")/1e6, r.get(sc.name, row.name, "B/op")/in,
				r.get(sc.name, row.name, "allocs/op"), cpu/base, values)
		}
		if ret := r.get(sc.name, "graft", "retained-B/in-B"); ret > 0 {
			fmt.Fprintf(&b, "\ngraft retains %.2f bytes per input byte after the request (the variables Doc and the Operation).\n", ret)
		}
	}
	b.WriteString("\n## Targets (issue 22)\n\n| target | measured | |\n|---|---|---|\n")
	check := func(what, measured string, ok bool) {
		verdict := "met"
		if !ok {
			verdict = "**missed**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", what, measured, verdict)
	}
	const items = "items-70000"
	if r[items] != nil {
		in := r.get(items, "graft", "in-bytes")
		cpu := r.get(items, "graft", "cpu-ns/op")
		check("70,000 items normalized, coerced and compiled ≤ 80 ms CPU", fmt.Sprintf("%.1f ms", cpu/1e6), cpu <= 80e6)
		ret := r.get(items, "graft", "retained-B/in-B")
		check("≤ 1.5 bytes retained per input byte", fmt.Sprintf("%.2f", ret), ret <= 1.5)
		alloc := r.get(items, "graft", "B/op") / in
		check("≤ 5 bytes allocated per input byte", fmt.Sprintf("%.2f", alloc), alloc <= 5)
		if gqt := r.get(items, "graphql-go-tools", "cpu-ns/op"); gqt > 0 {
			check("≥ 10× faster than graphql-go-tools' pipeline", fmt.Sprintf("%.1f×", gqt/cpu), gqt/cpu >= 10)
		}
		if p := r.get(items, "gqlparser-parse", "cpu-ns/op"); p > 0 {
			check("≥ 15× faster than gqlparser's parse alone", fmt.Sprintf("%.1f×", p/cpu), p/cpu >= 15)
		}
	}
	if r["aliased-4000"] != nil {
		for _, row := range []string{"graft", "graft-cached"} {
			cpu := r.get("aliased-4000", row, "cpu-ns/op")
			check("4,000 aliased arguments ≤ 15 ms ("+row+")", fmt.Sprintf("%.1f ms CPU", cpu/1e6), cpu <= 15e6)
		}
	}
	if r["aliased-1000"] != nil && r["aliased-16000"] != nil {
		for _, row := range []string{"graft", "graft-cached"} {
			var parts []string
			per := map[int]float64{}
			for _, n := range []int{1000, 4000, 16000} {
				per[n] = r.get("aliased-"+strconv.Itoa(n), row, "cpu-ns/op") / float64(n)
				parts = append(parts, fmt.Sprintf("%d: %.2f µs", n, per[n]/1e3))
			}
			growth := per[16000] / per[1000]
			check("time per argument flat from 1,000 to 16,000 ("+row+"; within 1.5×)",
				strings.Join(parts, ", ")+fmt.Sprintf(" (%.2f×)", growth), growth <= 1.5)
		}
	}
	return b.String()
}
