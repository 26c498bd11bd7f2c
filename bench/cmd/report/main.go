// Command report turns the raw output of the bench module's benchmarks
// (go test -bench . -benchmem -count N) into RESULTS.md: for each scenario and
// corpus file, a table of every row's median ns/op, MB/s, B/op and allocs/op
// and its ratio to the fastest peer. graft rows (named "graft" or "graft-…")
// are compared with the fastest non-graft row.
//
// Usage:
//
//	go run ./cmd/report [-in results.txt] [-out RESULTS.md]
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	in := flag.String("in", "results.txt", "raw `go test -bench` output to read")
	out := flag.String("out", "RESULTS.md", "markdown file to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(inPath, outPath string) error {
	f, err := os.Open(inPath)
	if err != nil {
		return err
	}
	defer f.Close()
	res, err := Parse(f)
	if err != nil {
		return err
	}
	if len(res.Tables) == 0 {
		return fmt.Errorf("%s holds no benchmark results", inPath)
	}
	md := Render(res, inPath)
	return os.WriteFile(outPath, md, 0o644)
}
