// Command parseloop parses one JSON file N times, as a row of S3 (parse)
// or S2 (parse and compact print) does, and checks the last result against
// encoding/json's compaction of the file: a program for cmd/icount to
// count the instructions per parse of, which the load of a shared machine
// does not change.
//
// Usage:
//
//	parseloop [-op s3|s2] [-parser graft|graft-portable|fastjson] [-check] file N
//
// The check is left out unless asked for: its cost, though the same for
// every N, does not cancel out exactly in callgrind's counts.
//
// graft-portable turns the stage-one kernels off (wire.UseKernel), so that
// graft parses with the portable parser, as machines without AVX2 do.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
	"github.com/valyala/fastjson"
)

func main() {
	opName := flag.String("op", "s3", "s3 (parse) or s2 (parse and compact print)")
	parser := flag.String("parser", "graft-portable", "graft, graft-portable or fastjson")
	check := flag.Bool("check", false, "check graft's printed result against encoding/json's compaction of the file")
	flag.Parse()
	if flag.NArg() != 2 {
		fail("usage: parseloop [-op s3|s2] [-parser graft|graft-portable|fastjson] file N")
	}
	in, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fail(err.Error())
	}
	n, err := strconv.Atoi(flag.Arg(1))
	if err != nil || n < 1 {
		fail("N must be a positive integer")
	}
	var parse func() error
	var print func(dst []byte) []byte
	switch *parser {
	case "graft-portable":
		wire.UseKernel("portable")
		fallthrough
	case "graft":
		var d graft.Doc
		var root graft.Ref
		parse = func() (err error) { root, err = d.Parse(in); return err }
		print = func(dst []byte) []byte { return d.AppendJSON(dst, root) }
	case "fastjson":
		var p fastjson.Parser
		var v *fastjson.Value
		parse = func() (err error) { v, err = p.ParseBytes(in); return err }
		print = func(dst []byte) []byte { return v.MarshalTo(dst) }
	default:
		fail("unknown parser " + strconv.Quote(*parser))
	}
	var out []byte
	for range n {
		if err := parse(); err != nil {
			fail(err.Error())
		}
		if *opName == "s2" {
			out = print(out[:0])
		}
	}
	if !*check {
		return
	}
	out = print(out[:0])
	var want bytes.Buffer
	if err := json.Compact(&want, in); err != nil {
		fail(err.Error())
	}
	// fastjson prints strings and numbers its own way; only graft's
	// output must be the input compacted byte for byte.
	if *parser == "fastjson" {
		fail("-check is for graft's parsers")
	}
	if !bytes.Equal(out, want.Bytes()) {
		fail("the printed result differs from the compacted input")
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "parseloop:", msg)
	os.Exit(2)
}
