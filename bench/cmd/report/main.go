// Command report turns the raw output of the bench module's benchmarks
// (go test -bench . -benchmem -count N) into RESULTS.md: for each scenario and
// corpus file, a table of every row's median ns/op, MB/s, B/op and allocs/op
// and its ratio to the fastest peer. graft rows (named "graft" or "graft-…")
// are compared with the fastest non-graft row.
//
// Usage:
//
//	go run ./cmd/report [-in results.txt[,stream-results.txt]] [-out RESULTS.md]
//
// Several inputs (comma-separated) are read as one; stream.sh adds the
// lines of the streaming harness (stream-results.txt) this way.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	in := flag.String("in", "results.txt", "raw `go test -bench` output to read (comma-separated files)")
	out := flag.String("out", "RESULTS.md", "markdown file to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(inPaths, outPath string) error {
	var readers []io.Reader
	for _, p := range strings.Split(inPaths, ",") {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		readers = append(readers, f, strings.NewReader("\n"))
	}
	res, err := Parse(io.MultiReader(readers...))
	if err != nil {
		return err
	}
	if len(res.Tables) == 0 {
		return fmt.Errorf("%s holds no benchmark results", inPaths)
	}
	md := Render(res, strings.ReplaceAll(inPaths, ",", "` and `"))
	return os.WriteFile(outPath, md, 0o644)
}
