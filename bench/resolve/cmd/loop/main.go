// Command loop runs graft's side of the nested batching scenario
// (BenchmarkNestedBatching/graft, over N products) COUNT times in one
// goroutine and checks every response. It is the small program whose
// instructions callgrind counts (bench/cmd/icount): a whole test binary
// does work besides the timed loop that does not grow linearly with COUNT.
//
// Usage:
//
//	loop [-n products] [-inline] COUNT
//
// For example, from bench/resolve:
//
//	go build -o /tmp/loop ./cmd/loop
//	cd .. && GOGC=off go run ./cmd/icount -n 2000,4000 three='/tmp/loop {N}'
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"

	resolvebench "github.com/graftjson/graft/bench/resolve"
	"github.com/graftjson/graft/resolve"
)

func main() {
	n := flag.Int("n", 3, "top-level products")
	inline := flag.Bool("inline", false, "Options.Inline: every fetch in the calling goroutine")
	flag.Parse()
	count, err := strconv.Atoi(flag.Arg(0))
	if err != nil || count < 1 || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: loop [-n products] [-inline] COUNT")
		os.Exit(2)
	}
	s, err := resolvebench.NewScenario(*n, *inline)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loop:", err)
		os.Exit(1)
	}
	// As the benchmark runs it: one Request and one output buffer reused.
	ctx := context.Background()
	req := &resolve.Request{}
	out := make([]byte, 0, len(s.Expected))
	for range count {
		if out, err = s.Engine.Execute(ctx, s.Plan, req, out[:0]); err != nil {
			fmt.Fprintln(os.Stderr, "loop:", err)
			os.Exit(1)
		}
		if string(out) != s.Expected {
			fmt.Fprintf(os.Stderr, "loop: got %.200s\nwant %.200s\n", out, s.Expected)
			os.Exit(1)
		}
	}
}
