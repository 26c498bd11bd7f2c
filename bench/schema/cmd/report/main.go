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
	ns     []float64 // wall time per op
	cpu    []float64 // the process's CPU time per op
	allocs []float64
}

var cpuMetric = regexp.MustCompile(`\s([\d.]+) cpu-ns/op`)

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
		if c := cpuMetric.FindStringSubmatch(t); c != nil {
			cpu, _ := strconv.ParseFloat(c[1], 64)
			r.cpu = append(r.cpu, cpu)
		}
		if m[3] != "" {
			a, _ := strconv.ParseFloat(m[3], 64)
			r.allocs = append(r.allocs, a)
		}
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	median := func(v []float64) float64 {
		if len(v) == 0 {
			return 0
		}
		v = slices.Clone(v)
		sort.Float64s(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	med := func(name string) float64 { // wall time
		if r := rows[name]; r != nil {
			return median(r.ns)
		}
		return 0
	}
	cpu := func(name string) float64 {
		if r := rows[name]; r != nil {
			return median(r.cpu)
		}
		return 0
	}

	var b strings.Builder
	b.WriteString("# JSON Schema benchmarks\n\nWritten by `run.sh` (`go run ./cmd/report`) from `results.txt`: medians of each row's runs.\n" +
		"The machine is shared with other work, which stretches wall times unevenly, so the targets are\n" +
		"read from the CPU time each op costs the process (`cpu-ns/op`: getrusage in Go,\n" +
		"process.cpuUsage in Node), with the ratio of wall times beside it.\n\n")
	for _, h := range header {
		b.WriteString("- " + h + "\n")
	}
	b.WriteString("\n## Targets\n\n| target | instance | CPU time | wall time | goal | met |\n|---|---|---|---|---|---|\n")
	target := func(what, inst string, num, den string, goal float64, atLeast bool) {
		x, y := cpu(num), cpu(den)
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
	b.WriteString("\n## All rows\n\n| benchmark | row | CPU time | wall time | runs | × graft (CPU) |\n|---|---|---|---|---|---|\n")
	for _, name := range sortedKeys(rows) {
		i := strings.LastIndexByte(name, '/')
		bench, peer := name[:i], name[i+1:]
		g := cpu(bench + "/graft")
		rel := "–"
		if g > 0 {
			rel = fmt.Sprintf("%.2f", cpu(name)/g)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s |\n", bench, peer, dur(cpu(name)), dur(med(name)), len(rows[name].ns), rel)
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
