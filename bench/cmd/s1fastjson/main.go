// Command s1fastjson runs the fastjson-helper row's S1 op
// (s1_merge_test.go) N times and checks the last output: the peer's side
// of an instruction count of S1 (cmd/icount), beside cmd/s1loop.
//
// Usage:
//
//	s1fastjson N
package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/valyala/fastjson"

	"github.com/graftjson/graft/bench/internal/fastjsonmerge"
)

var (
	base     = []byte(`{"a":1}`)
	atB      = []byte(`{"c":3}`)
	atBC     = []byte(`{"d":5}`)
	boolDoc  = []byte(`{"bool":true}`)
	pathB    = []string{"b"}
	pathBC   = []string{"b", "c"}
	pathBCD  = []string{"b", "c", "d"}
	boolPath = []string{"bool"}
	want     = []byte(`{"a":1,"b":{"c":{"d":true}}}`)
)

// parsers holds one parser per live document and the arena of created
// objects, as setupS1Fastjson does.
type parsers struct {
	base, c, d, bool fastjson.Parser
	a                fastjson.Arena
}

func main() {
	n, err := strconv.Atoi(os.Args[len(os.Args)-1])
	if err != nil || n < 1 {
		fmt.Fprintln(os.Stderr, "usage: s1fastjson N")
		os.Exit(2)
	}
	var p parsers
	var out []byte
	for range n {
		if out, err = op(&p, out[:0]); err != nil {
			fmt.Fprintln(os.Stderr, "s1fastjson:", err)
			os.Exit(1)
		}
	}
	if !bytes.Equal(out, want) {
		fmt.Fprintf(os.Stderr, "s1fastjson: got %s, want %s\n", out, want)
		os.Exit(1)
	}
}

// op is setupS1Fastjson's op.
func op(p *parsers, dst []byte) ([]byte, error) {
	p.a.Reset()
	root, err := p.base.ParseBytes(base)
	if err != nil {
		return dst, err
	}
	c, err := p.c.ParseBytes(atB)
	if err != nil {
		return dst, err
	}
	fastjsonmerge.At(&p.a, root, pathB, c)
	d, err := p.d.ParseBytes(atBC)
	if err != nil {
		return dst, err
	}
	fastjsonmerge.At(&p.a, root, pathBC, d)
	bd, err := p.bool.ParseBytes(boolDoc)
	if err != nil {
		return dst, err
	}
	fastjsonmerge.At(&p.a, root, pathBCD, bd.Get(boolPath...))
	return root.MarshalTo(dst), nil
}
