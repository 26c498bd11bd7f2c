// Command s4fastjson runs the fastjson-helper row's S4 op
// (s4_splice_test.go) N times and checks the last output: the peer's side
// of an instruction count of S4 (cmd/icount), beside cmd/s4loop.
//
// Usage:
//
//	s4fastjson N
package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/valyala/fastjson"

	"github.com/graftjson/graft/bench/internal/fastjsonmerge"
)

const items = 100

var (
	products = build(`{"data":{"topProducts":[`, func(b []byte, i int) []byte { return append(appendProduct(b, i), '}') }, "]}}")
	entities = build(`{"data":{"_entities":[`, func(b []byte, i int) []byte { return append(appendEntityMembers(append(b, '{'), i), '}') }, "]}}")
	want     = build(`{"topProducts":[`, func(b []byte, i int) []byte {
		return append(appendEntityMembers(append(appendProduct(b, i), ','), i), '}')
	}, "]}")
	productsPath = []string{"data", "topProducts"}
	entitiesPath = []string{"data", "_entities"}
	dataPath     = []string{"data"}
)

func main() {
	n, err := strconv.Atoi(os.Args[len(os.Args)-1])
	if err != nil || n < 1 {
		fmt.Fprintln(os.Stderr, "usage: s4fastjson N")
		os.Exit(2)
	}
	var pa, pb fastjson.Parser
	var out []byte
	for range n {
		if out, err = op(&pa, &pb, out[:0]); err != nil {
			fmt.Fprintln(os.Stderr, "s4fastjson:", err)
			os.Exit(1)
		}
	}
	if !bytes.Equal(out, want) {
		fmt.Fprintf(os.Stderr, "s4fastjson: got %s, want %s\n", out, want)
		os.Exit(1)
	}
}

// op is setupS4Fastjson's op.
func op(pa, pb *fastjson.Parser, dst []byte) ([]byte, error) {
	a, err := pa.ParseBytes(products)
	if err != nil {
		return dst, err
	}
	b, err := pb.ParseBytes(entities)
	if err != nil {
		return dst, err
	}
	ps, es := a.GetArray(productsPath...), b.GetArray(entitiesPath...)
	if len(ps) != len(es) {
		return dst, fmt.Errorf("%d products but %d entities", len(ps), len(es))
	}
	for i := range ps {
		fastjsonmerge.Merge(ps[i], es[i])
	}
	return a.Get(dataPath...).MarshalTo(dst), nil
}

func build(open string, item func([]byte, int) []byte, close string) []byte {
	b := []byte(open)
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = item(b, i)
	}
	return append(b, close...)
}

func appendProduct(b []byte, i int) []byte {
	b = append(b, `{"name":"P`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `","__typename":"Product","upc":"`...)
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, '"')
}

func appendEntityMembers(b []byte, i int) []byte {
	b = append(b, `"stock":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"reviews":[{"body":"b`...)
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, `"}]`...)
}
