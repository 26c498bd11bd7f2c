package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Units the report shows, in column order.
const (
	unitNs     = "ns/op"
	unitMBs    = "MB/s"
	unitBytes  = "B/op"
	unitAllocs = "allocs/op"
)

// Sample is one benchmark result line.
type Sample struct {
	Name    string             // full name without the GOMAXPROCS suffix
	Iters   int64              // b.N
	Metrics map[string]float64 // unit -> value
}

// Row is one sub-benchmark (a peer, or graft) of a table, over all runs.
type Row struct {
	Name    string
	Samples []map[string]float64
}

// Median is the median of the row's values of unit, and whether any run
// reported the unit.
func (r *Row) Median(unit string) (float64, bool) {
	var vs []float64
	for _, s := range r.Samples {
		if v, ok := s[unit]; ok {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return 0, false
	}
	return median(vs), true
}

// IsGraft tells a graft row from a peer row.
func (r *Row) IsGraft() bool {
	return r.Name == "graft" || strings.HasPrefix(r.Name, "graft-") || strings.HasPrefix(r.Name, "graft~")
}

// Table is one scenario (and corpus file): the rows of one benchmark
// function and one middle name part.
type Table struct {
	Bench string // benchmark function without "Benchmark", e.g. "S2RoundTrip"
	Group string // middle name parts, e.g. "twitter"; "" when none
	Rows  []*Row // in order of first appearance
}

// Title is the table's heading.
func (t *Table) Title() string {
	if t.Group == "" {
		return t.Bench
	}
	return t.Bench + " / " + t.Group
}

// Results is a parsed results file.
type Results struct {
	Config  [][2]string // "key: value" lines (goos, cpu, go, ...) in order, first of each key
	Tables  []*Table
	Skipped []string // "--- SKIP" names with their messages
	Failed  []string // "--- FAIL" names
}

var (
	// BenchmarkName  N  value unit  value unit ...
	benchLine = regexp.MustCompile(`^(Benchmark\S*)\s+(\d+)\s+(.+)$`)
	procs     = regexp.MustCompile(`-\d+$`)
	config    = regexp.MustCompile(`^([a-z][a-zA-Z0-9_-]*):\s+(.*)$`)
	status    = regexp.MustCompile(`^\s*--- (SKIP|FAIL): (\S+)`)
)

// ParseLine parses one benchmark result line; ok is false for other lines.
func ParseLine(line string) (s Sample, ok bool) {
	m := benchLine.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return s, false
	}
	iters, err := strconv.ParseInt(m[2], 10, 64)
	if err != nil {
		return s, false
	}
	fields := strings.Fields(m[3])
	if len(fields)%2 != 0 {
		return s, false
	}
	s = Sample{Name: procs.ReplaceAllString(m[1], ""), Iters: iters, Metrics: map[string]float64{}}
	for i := 0; i < len(fields); i += 2 {
		v, err := strconv.ParseFloat(fields[i], 64)
		if err != nil {
			return Sample{}, false
		}
		s.Metrics[fields[i+1]] = v
	}
	if _, ok := s.Metrics[unitNs]; !ok {
		return Sample{}, false
	}
	return s, true
}

// splitName splits "BenchmarkS2RoundTrip/twitter/fastjson" into the bench
// ("S2RoundTrip"), the group ("twitter") and the row ("fastjson").
func splitName(name string) (bench, group, row string) {
	parts := strings.Split(strings.TrimPrefix(name, "Benchmark"), "/")
	bench = parts[0]
	if len(parts) == 1 {
		return bench, "", ""
	}
	row = parts[len(parts)-1]
	group = strings.Join(parts[1:len(parts)-1], "/")
	return bench, group, row
}

// Parse reads raw go test -bench output.
func Parse(r io.Reader) (*Results, error) {
	res := &Results{}
	tables := map[[2]string]*Table{}
	rows := map[string]*Row{}
	seenKey := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var lastStatus *string // message lines after "--- SKIP" are appended to it
	for sc.Scan() {
		line := sc.Text()
		if m := status.FindStringSubmatch(line); m != nil {
			name := procs.ReplaceAllString(m[2], "")
			if m[1] == "SKIP" {
				res.Skipped = append(res.Skipped, name)
				lastStatus = &res.Skipped[len(res.Skipped)-1]
			} else {
				res.Failed = append(res.Failed, name)
				lastStatus = &res.Failed[len(res.Failed)-1]
			}
			continue
		}
		if lastStatus != nil && strings.HasPrefix(line, "    ") && !strings.HasPrefix(strings.TrimSpace(line), "---") {
			msg := strings.TrimSpace(line)
			// Drop the "file.go:123: " prefix testing adds to log lines.
			if i := strings.Index(msg, ": "); i > 0 && strings.Contains(msg[:i], ".go:") {
				msg = msg[i+2:]
			}
			*lastStatus += ": " + msg
			continue
		}
		lastStatus = nil
		if s, ok := ParseLine(line); ok {
			bench, group, rowName := splitName(s.Name)
			if rowName == "" {
				rowName, group = bench, ""
			}
			key := [2]string{bench, group}
			t := tables[key]
			if t == nil {
				t = &Table{Bench: bench, Group: group}
				tables[key] = t
				res.Tables = append(res.Tables, t)
			}
			row := rows[s.Name]
			if row == nil {
				row = &Row{Name: rowName}
				rows[s.Name] = row
				t.Rows = append(t.Rows, row)
			}
			row.Samples = append(row.Samples, s.Metrics)
			continue
		}
		if m := config.FindStringSubmatch(line); m != nil && !seenKey[m[1]] {
			seenKey[m[1]] = true
			res.Config = append(res.Config, [2]string{m[1], m[2]})
		}
	}
	return res, sc.Err()
}

// median of a non-empty slice (sorted in place).
func median(vs []float64) float64 {
	sort.Float64s(vs)
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2]
	}
	return (vs[n/2-1] + vs[n/2]) / 2
}

// Best is the lowest median ns/op among the table's non-graft rows.
func (t *Table) Best() (float64, bool) {
	best, ok := math.Inf(1), false
	for _, r := range t.Rows {
		if r.IsGraft() {
			continue
		}
		if v, has := r.Median(unitNs); has && v < best {
			best, ok = v, true
		}
	}
	return best, ok
}

// Render writes the markdown report.
func Render(res *Results, source string) []byte {
	var b bytes.Buffer
	b.WriteString("# bench results\n\n")
	fmt.Fprintf(&b, "Generated by `cmd/report` from `%s` (raw `go test -bench` output); do not edit by hand.\n\n", source)
	for _, kv := range res.Config {
		fmt.Fprintf(&b, "- %s: `%s`\n", kv[0], kv[1])
	}
	if len(res.Config) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(legend)
	for _, t := range res.Tables {
		fmt.Fprintf(&b, "\n## %s\n\n", t.Title())
		best, hasBest := t.Best()
		rows := append([]*Row(nil), t.Rows...)
		sort.SliceStable(rows, func(i, j int) bool {
			a, _ := rows[i].Median(unitNs)
			c, _ := rows[j].Median(unitNs)
			return a < c
		})
		b.WriteString("| row | runs | ns/op | MB/s | B/op | allocs/op | vs best peer |\n")
		b.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
		for _, r := range rows {
			name := "`" + r.Name + "`"
			if r.IsGraft() {
				name = "**" + name + "**"
			}
			ns, _ := r.Median(unitNs)
			ratio := "–"
			if hasBest && best > 0 {
				ratio = fmt.Sprintf("%.2f×", ns/best)
			}
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s |\n",
				name, len(r.Samples), formatNs(ns), cell(r, unitMBs, 1), cell(r, unitBytes, 0), cell(r, unitAllocs, 0), ratio)
		}
	}
	if len(res.Skipped) > 0 {
		b.WriteString("\n## Skipped\n\n")
		for _, s := range res.Skipped {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	if len(res.Failed) > 0 {
		b.WriteString("\n## Failed\n\n")
		for _, s := range res.Failed {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	return b.Bytes()
}

const legend = `Each cell is the median over the runs. "vs best peer" is the row's ns/op
divided by the fastest non-graft row of the same table (1.00× is that row);
graft rows (bold, when present) are compared with the same fastest peer.

Row names: ` + "`-helper`" + ` = the peer has no such merge, a small helper on its public
API does it; ` + "`~value`" + ` = output checked as an equal JSON value, not byte for
byte (keys reordered, strings re-escaped or numbers reformatted); ` + "`-walk`" + ` = no
document tree, every value is visited with the peer's iterator; ` + "`-lazy`" + ` =
parses on demand and does not validate what it skips. Every row's output was
checked before and after its timed loop.
`

// formatNs prints ns/op with digit grouping, and decimals below 100.
func formatNs(v float64) string {
	if v < 100 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return group(strconv.FormatFloat(math.Round(v), 'f', 0, 64))
}

// cell prints the median of unit with the given decimals, "–" when absent.
func cell(r *Row, unit string, decimals int) string {
	v, ok := r.Median(unit)
	if !ok {
		return "–"
	}
	if decimals == 0 && v != math.Trunc(v) {
		decimals = 1 // a median of an even count may end in .5
	}
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if decimals == 0 {
		return group(s)
	}
	return s
}

// group inserts thousands separators into a string of digits.
func group(s string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}
