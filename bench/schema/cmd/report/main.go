// Command report reads the output of bench/schema/run.sh (Go benchmark
// lines from the Go and Node rows) and writes RESULTS.md: the median of
// each row, and the ratios that the JSON Schema issue sets as targets.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// row is the runs of one benchmark.
type row struct {
	ns     []float64
	allocs []float64
}

var line = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:.*?\s([\d.]+) allocs/op)?`)

func main() {
	in := flag.String("in", "results.txt", "benchmark output")
	out := flag.String("out", "RESULTS.md", "report")
	flag.Parse()
	f, err := os.Open(*in)
	if err != nil {
		log.Fatal(err)
	}
	rows := map[string]*row{}
	var header []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		t := sc.Text()
		if strings.HasPrefix(t, "go: ") || strings.HasPrefix(t, "node: ") || strings.HasPrefix(t, "ajv: ") || strings.HasPrefix(t, "cpu: ") {
			header = append(header, t)
		}
		m := line.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		r := rows[m[1]]
		if r == nil {
			r = &row{}
			rows[m[1]] = r
		}
		ns, _ := strconv.ParseFloat(m[2], 64)
		r.ns = append(r.ns, ns)
		if m[3] != "" {
			a, _ := strconv.ParseFloat(m[3], 64)
			r.allocs = append(r.allocs, a)
		}
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	best := func(name string) float64 {
		r := rows[name]
		if r == nil || len(r.ns) == 0 {
			return 0
		}
		return slices.Min(r.ns)
	}
	med := func(name string) float64 {
		r := rows[name]
		if r == nil || len(r.ns) == 0 {
			return 0
		}
		v := slices.Clone(r.ns)
		sort.Float64s(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}

	var b strings.Builder
	b.WriteString("# JSON Schema benchmarks\n\nWritten by `run.sh` (`go run ./cmd/report`) from `results.txt`.\n" +
		"The machine is shared with other work, which slows some runs of every row: the targets are\n" +
		"read from each row's fastest run (the least disturbed), with the ratio of the medians beside it.\n\n")
	for _, h := range header {
		b.WriteString("- " + h + "\n")
	}
	b.WriteString("\n## Targets\n\n| target | instance | fastest runs | medians | goal | met |\n|---|---|---|---|---|---|\n")
	target := func(what, inst string, num, den string, goal float64, atLeast bool) {
		x, y := best(num), best(den)
		if x == 0 || y == 0 {
			fmt.Fprintf(&b, "| %s | %s | missing row | | %s%.2f× | – |\n", what, inst, cmp(atLeast), goal)
			return
		}
		ratio := x / y
		met := ratio >= goal
		if !atLeast {
			met = ratio <= goal
		}
		fmt.Fprintf(&b, "| %s | %s | %.2f× | %.2f× | %s%.2f× | %s |\n", what, inst, ratio, med(num)/med(den), cmp(atLeast), goal, yes(met))
	}
	for _, inst := range []string{"1k", "100k"} {
		target("parse + validate: santhosh-tekuri v6 time / graft time", inst, "ValidateBytes/"+inst+"/santhosh-v6", "ValidateBytes/"+inst+"/graft", 20, true)
		target("parse + validate: graft time / (JSON.parse + ajv) time", inst, "ValidateBytes/"+inst+"/graft", "ValidateBytes/"+inst+"/ajv", 0.5, false)
		target("validate only: graft time / ajv time", inst, "ValidateValue/"+inst+"/graft", "ValidateValue/"+inst+"/ajv", 1.0, false)
		target("shaped print: fast-json-stringify time / graft time", inst, "Shape/"+inst+"/fast-json-stringify", "Shape/"+inst+"/graft", 2, true)
	}
	b.WriteString("\nAllocations of graft's rows on valid instances (goal: 0):\n\n| row | allocs/op |\n|---|---|\n")
	for _, name := range sortedKeys(rows) {
		if strings.HasSuffix(name, "/graft") && !strings.Contains(name, "invalid") && len(rows[name].allocs) > 0 {
			fmt.Fprintf(&b, "| %s | %g |\n", name, slices.Max(rows[name].allocs))
		}
	}
	b.WriteString("\n## All rows\n\n| benchmark | row | fastest | median | runs | × graft (fastest) |\n|---|---|---|---|---|---|\n")
	for _, name := range sortedKeys(rows) {
		i := strings.LastIndexByte(name, '/')
		bench, peer := name[:i], name[i+1:]
		g := best(bench + "/graft")
		rel := "–"
		if g > 0 {
			rel = fmt.Sprintf("%.2f", best(name)/g)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s |\n", bench, peer, dur(best(name)), dur(med(name)), len(rows[name].ns), rel)
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

func sortedKeys(m map[string]*row) []string {
	var k []string
	for name := range m {
		k = append(k, name)
	}
	sort.Strings(k)
	return k
}

func cmp(atLeast bool) string {
	if atLeast {
		return "≥ "
	}
	return "≤ "
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "**no**"
}

func dur(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}
