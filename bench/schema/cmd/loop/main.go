// Command loop validates one instance against the order schema n times,
// for instruction counts under valgrind's callgrind, which stay
// comparable on a loaded machine where times do not:
//
//	go build -o /tmp/loop ./cmd/loop
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind /tmp/loop -n 200 -in testdata/order-100k.json
//
// The instructions of one validation are the difference between runs with
// -n N and -n 0, divided by N. With -walk it only visits every member
// name and value through graft.Doc's public reads, the floor of any
// validation that reads the Doc. Every validation must find the instance
// valid, or the command fails.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

func main() {
	n := flag.Int("n", 1000, "validations")
	in := flag.String("in", "testdata/order-1k.json", "instance file (valid)")
	walk := flag.Bool("walk", false, "only visit every name and value")
	flag.Parse()
	if err := run(*n, *in, *walk); err != nil {
		fmt.Fprintln(os.Stderr, "loop:", err)
		os.Exit(1)
	}
}

func run(n int, in string, walk bool) error {
	s, err := os.ReadFile("../../schema/testdata/order.schema.json")
	if err != nil {
		return err
	}
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	p, err := schema.Compile(s, schema.Options{})
	if err != nil {
		return err
	}
	d := graft.New(graft.Options{})
	r, err := d.Parse(b)
	if err != nil {
		return err
	}
	if err := p.Validate(d, r); err != nil {
		return err
	}
	t := time.Now()
	sum := 0
	for i := 0; i < n; i++ {
		if walk {
			sum += visit(d, r)
		} else if err := p.Validate(d, r); err != nil {
			return err
		}
	}
	if n > 0 {
		fmt.Fprintf(os.Stderr, "%v a run (wall time)\n", time.Since(t)/time.Duration(n))
	}
	if walk && sum != n*visit(d, r) {
		return fmt.Errorf("the walks disagree")
	}
	return nil
}

// visit reads every member name and value under r and returns the length
// of their texts.
func visit(d *graft.Doc, r graft.Ref) int {
	k, raw, _ := d.Scalar(r)
	sum := len(raw)
	switch k {
	case graft.Object:
		for name, v := range d.Members(r) {
			_, t, _ := d.Scalar(name)
			sum += len(t) + visit(d, v)
		}
	case graft.Array:
		for _, v := range d.Items(r) {
			sum += visit(d, v)
		}
	}
	return sum
}
