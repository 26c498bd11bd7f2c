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
	Config  [][2]string // "key: value" lines (goos, cpu, go, ...) in order; a key's distinct values comma-separated
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
	seen := map[string]bool{} // "key: value" lines already in res.Config
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	// Log lines of a skipped or failed benchmark come before its "--- SKIP"
	// line under go test -v and after it without -v.
	var pending []string   // log lines since the last unindented line
	var lastStatus *string // the status entry log lines after it extend
	for sc.Scan() {
		line := sc.Text()
		if m := status.FindStringSubmatch(line); m != nil {
			entry := procs.ReplaceAllString(m[2], "")
			if len(pending) > 0 {
				entry += ": " + strings.Join(pending, "; ")
			}
			pending = nil
			list := &res.Skipped
			if m[1] == "FAIL" {
				list = &res.Failed
			}
			*list = append(*list, entry)
			lastStatus = &(*list)[len(*list)-1]
			continue
		}
		if strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			msg := strings.TrimSpace(line)
			// Drop the "file.go:123: " prefix testing adds to log lines.
			if i := strings.Index(msg, ": "); i > 0 && strings.Contains(msg[:i], ".go:") {
				msg = msg[i+2:]
			}
			if lastStatus != nil {
				*lastStatus += ": " + msg
			} else {
				pending = append(pending, msg)
			}
			continue
		}
		lastStatus, pending = nil, nil
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
		if m := config.FindStringSubmatch(line); m != nil {
			addConfig(res, seen, m[1], m[2])
		}
	}
	return res, sc.Err()
}

// addConfig records a "key: value" line: the first of each key, and each
// other value of a key that differs (two packages when the results of two
// modules are concatenated) after it, comma-separated.
func addConfig(res *Results, seen map[string]bool, key, value string) {
	if seen[key+": "+value] {
		return
	}
	seen[key+": "+value] = true
	for i := range res.Config {
		if res.Config[i][0] == key {
			res.Config[i][1] += ", " + value
			return
		}
	}
	res.Config = append(res.Config, [2]string{key, value})
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

// IsPartial tells a row that does not build or check the whole document:
// "-lazy" (parses on demand) and "-walk" (iterates without a tree).
func (r *Row) IsPartial() bool {
	return strings.HasSuffix(r.Name, "-lazy") || strings.HasSuffix(r.Name, "-walk")
}

// Best is the lowest median ns/op among the table's non-graft rows.
func (t *Table) Best() (float64, bool) {
	return t.bestWhere(func(*Row) bool { return true }, unitNs)
}

// BestFull is Best among the rows that are not partial.
func (t *Table) BestFull() (float64, bool) {
	return t.bestWhere(func(r *Row) bool { return !r.IsPartial() }, unitNs)
}

// hasPartial reports whether a non-graft row of the table is partial.
func (t *Table) hasPartial() bool {
	for _, r := range t.Rows {
		if !r.IsGraft() && r.IsPartial() {
			return true
		}
	}
	return false
}

// bestWhere is the lowest median of unit among the non-graft rows that keep
// accepts.
func (t *Table) bestWhere(keep func(*Row) bool, unit string) (float64, bool) {
	best, ok := math.Inf(1), false
	for _, r := range t.Rows {
		if r.IsGraft() || !keep(r) {
			continue
		}
		if v, has := r.Median(unit); has && v < best {
			best, ok = v, true
		}
	}
	return best, ok
}

// extraUnits are the units some row of the table reports besides the
// standard ones (for example held-B/in-B), sorted. Lower is better for each.
func (t *Table) extraUnits() []string {
	seen := map[string]bool{unitNs: true, unitMBs: true, unitBytes: true, unitAllocs: true}
	var units []string
	for _, r := range t.Rows {
		for _, s := range r.Samples {
			for u := range s {
				if !seen[u] {
					seen[u] = true
					units = append(units, u)
				}
			}
		}
	}
	sort.Strings(units)
	return units
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
		if t.Bench == "Stream" {
			b.WriteString(streamLegend)
			break
		}
	}
	for _, t := range res.Tables {
		fmt.Fprintf(&b, "\n## %s\n\n", t.Title())
		best, hasBest := t.Best()
		full, hasFull := t.BestFull()
		// The second ratio only says something when a partial row is the
		// fastest peer.
		partial := t.hasPartial() && hasFull && full != best
		rows := append([]*Row(nil), t.Rows...)
		sort.SliceStable(rows, func(i, j int) bool {
			a, _ := rows[i].Median(unitNs)
			c, _ := rows[j].Median(unitNs)
			return a < c
		})
		extra := t.extraUnits()
		b.WriteString("| row | runs | ns/op | MB/s | B/op | allocs/op | vs best peer |")
		if partial {
			b.WriteString(" vs best full peer |")
		}
		for _, u := range extra {
			fmt.Fprintf(&b, " %s | vs best peer (%s) |", u, u)
		}
		b.WriteString("\n|---|---:|---:|---:|---:|---:|---:|")
		if partial {
			b.WriteString("---:|")
		}
		b.WriteString(strings.Repeat("---:|---:|", len(extra)))
		b.WriteString("\n")
		for _, r := range rows {
			name := "`" + r.Name + "`"
			if r.IsGraft() {
				name = "**" + name + "**"
			}
			ns, _ := r.Median(unitNs)
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s |",
				name, len(r.Samples), formatNs(ns), cell(r, unitMBs, 1), cell(r, unitBytes, 0), cell(r, unitAllocs, 0), ratio(ns, best, hasBest))
			if partial {
				fmt.Fprintf(&b, " %s |", ratio(ns, full, hasFull))
			}
			for _, u := range extra {
				v, _ := r.Median(u)
				best, ok := t.bestWhere(func(*Row) bool { return true }, u)
				fmt.Fprintf(&b, " %s | %s |", cell(r, u, 2), ratio(v, best, ok))
			}
			b.WriteString("\n")
		}
	}
	writeList(&b, "Skipped", res.Skipped)
	writeList(&b, "Failed", res.Failed)
	return b.Bytes()
}

// writeList writes a section listing entries once each (with -count N, a
// skip is reported N times).
func writeList(b *bytes.Buffer, title string, entries []string) {
	if len(entries) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n", title)
	seen := map[string]bool{}
	for _, e := range entries {
		if !seen[e] {
			seen[e] = true
			fmt.Fprintf(b, "- %s\n", e)
		}
	}
}

const legend = `Each cell is the median over the runs. "vs best peer" is the row's ns/op
divided by the fastest non-graft row of the same table (1.00× is that row);
graft rows (bold, when present) are compared with the same fastest peer.
Where a partial row (` + "`-lazy`, `-walk`" + `) is the fastest peer, "vs best full
peer" gives the ratio to the fastest row that builds or checks the whole
document.

Row names: ` + "`-helper`" + ` = the peer has no such merge, a small helper on its public
API does it; ` + "`~value`" + ` = output checked as an equal JSON value, not byte for
byte (keys reordered, strings re-escaped or numbers reformatted); ` + "`-walk`" + ` = no
document tree, every value is visited with the peer's iterator; ` + "`-lazy`" + ` =
parses on demand and does not validate what it skips; ` + "`-rerender`" + ` = renders
again a tree its first render already changed (graphql-go-tools nulls failed
positions in its data tree; see graphql/shape_test.go). Every row's output was
checked before and after its timed loop. The Shape tables come from the nested
module graphql/: graphql-go-tools' responses are checked byte for byte against
the expected response written in its error dialect (its message wording, no
"locations"), every other row against the GraphQL specification's.

Memory: ` + "`held-B/in-B`" + ` is the heap a warm parser and its document keep after a
GC, per byte of input (lower is better); its ratio is to the lowest peer.
`

const streamLegend = `
Stream: each row is one program run as a child process on the generated
file (` + "`stream-file`" + ` above), once per run: ns/op and MB/s are its wall time
and throughput, ` + "`peak-RSS-MiB`" + ` the maximum resident set of the whole process
(getrusage, taken through a small launcher: ` + "`stream-rss-floor`" + `), ` + "`cpu-s`" + ` its
user plus system CPU time (steadier than wall time on a busy machine).
` + "`graft-cli`" + ` is ` + "`graft stream --path /items FILE > /dev/null`" + `; every program's
result (item count and a checksum) was checked in a second run.
`

// ratio prints ns/best, "–" without a best.
func ratio(ns, best float64, ok bool) string {
	if !ok || best <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", ns/best)
}

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
