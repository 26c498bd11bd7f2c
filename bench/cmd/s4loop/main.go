// Command s4loop runs graft's S4 op (s4_splice_test.go: parse the products
// response and the entities response into one Doc, merge entity i into
// product i with MergeEach, print the data object) N times on one Doc and
// checks the last output. It is the program icount.sh counts the
// instructions of with LOOP=s4loop.
//
// Usage:
//
//	[GRAFT_KERNEL=k] s4loop N
//
// GRAFT_KERNEL picks the parse path as the tests' variable of that name
// does (avx512, avx2, portable; internal/wire.UseKernel). Under valgrind
// the default is avx2, not avx512: valgrind does not run AVX-512 and hides
// it from CPUID, so callgrind counts the AVX2 kernel where the machine
// would run the AVX-512 one.
package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// items is the number of products and entities (s4Items in the tests).
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
		fmt.Fprintln(os.Stderr, "usage: s4loop N")
		os.Exit(2)
	}
	if k := os.Getenv("GRAFT_KERNEL"); k != "" {
		wire.UseKernel(k)
	}
	var d graft.Doc
	targets := make([]graft.Ref, 0, items)
	var out []byte
	for range n {
		if out, targets, err = op(&d, out[:0], targets[:0]); err != nil {
			fmt.Fprintln(os.Stderr, "s4loop:", err)
			os.Exit(1)
		}
	}
	if !bytes.Equal(out, want) {
		fmt.Fprintf(os.Stderr, "s4loop: got %s, want %s\n", out, want)
		os.Exit(1)
	}
}

// op is setupS4Graft's op.
func op(d *graft.Doc, dst []byte, targets []graft.Ref) ([]byte, []graft.Ref, error) {
	a, err := d.Parse(products)
	if err != nil {
		return dst, targets, err
	}
	b, err := d.Append(entities)
	if err != nil {
		return dst, targets, err
	}
	for _, p := range d.Items(d.Get(a, productsPath...)) {
		targets = append(targets, p)
	}
	if err := d.MergeEach(targets, d.Get(b, entitiesPath...)); err != nil {
		return dst, targets, err
	}
	return d.AppendJSON(dst, d.Get(a, dataPath...)), targets, nil
}

// build returns open, item(i) for i < items separated by commas, and close.
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
