// Command s1loop runs graft's S1 op (s1_merge_test.go: parse {"a":1},
// merge {"c":3} at /b, {"d":5} at /b/c with the replace policy, /bool of
// {"bool":true} at /b/c/d, print) N times on one Doc and checks the last
// output. It is the small program icount.sh counts instructions of: a
// whole test binary does work besides the timed loop that does not grow
// linearly with N.
//
// Usage:
//
//	s1loop N
package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/graftjson/graft"
)

var (
	base     = []byte(`{"a":1}`)
	atB      = []byte(`{"c":3}`)
	atBC     = []byte(`{"d":5}`)
	boolDoc  = []byte(`{"bool":true}`)
	boolPath = []string{"bool"}
	want     = []byte(`{"a":1,"b":{"c":{"d":true}}}`)
)

func main() {
	n, err := strconv.Atoi(os.Args[len(os.Args)-1])
	if err != nil || n < 1 {
		fmt.Fprintln(os.Stderr, "usage: s1loop N")
		os.Exit(2)
	}
	d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
	var out []byte
	for range n {
		if out, err = op(d, out[:0]); err != nil {
			fmt.Fprintln(os.Stderr, "s1loop:", err)
			os.Exit(1)
		}
	}
	if !bytes.Equal(out, want) {
		fmt.Fprintf(os.Stderr, "s1loop: got %s, want %s\n", out, want)
		os.Exit(1)
	}
}

// op is setupS1Graft's op.
func op(d *graft.Doc, dst []byte) ([]byte, error) {
	root, err := d.Parse(base)
	if err != nil {
		return dst, err
	}
	for _, m := range []struct {
		at  string
		doc []byte
	}{{"/b", atB}, {"/b/c", atBC}} {
		v, err := d.Append(m.doc)
		if err != nil {
			return dst, err
		}
		if err := d.MergeAt(root, m.at, v); err != nil {
			return dst, err
		}
	}
	b, err := d.Append(boolDoc)
	if err != nil {
		return dst, err
	}
	if err := d.MergeAt(root, "/b/c/d", d.Get(b, boolPath...)); err != nil {
		return dst, err
	}
	return d.AppendJSON(dst, root), nil
}
