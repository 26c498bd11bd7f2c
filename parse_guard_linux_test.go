//go:build linux

package graft_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// Reads out of bounds. The vectorized parse loads its input 64 bytes at a
// time and the scalar scanners eight; a load that runs past the end of the
// input (or before its start) goes unseen where the Go heap lies around the
// slice. These tests put each input right before or right after a page that
// cannot be read, so that such a load faults.

// atEnd copies src to the end of page and returns the copy: its last byte
// is the last readable one.
func atEnd(page, src []byte) []byte {
	s := page[len(page)-len(src):]
	copy(s, src)
	return s
}

// atStart copies src to the start of page and returns the copy, with no
// capacity past it: its first byte is the first readable one.
func atStart(page, src []byte) []byte {
	s := page[:len(src):len(src)]
	copy(s, src)
	return s
}

// padLeft returns body after enough spaces to make n bytes, or nil if body
// is longer than n.
func padLeft(body string, n int) []byte {
	if len(body) > n {
		return nil
	}
	return []byte(strings.Repeat(" ", n-len(body)) + body)
}

// fill returns open, then copies of unit up to n-len(close) bytes (the
// last one cut short), then close; nil if open and close do not fit.
func fill(open, unit, close string, n int) []byte {
	k := n - len(open) - len(close)
	if k < 0 {
		return nil
	}
	return []byte(open + strings.Repeat(unit, k/len(unit)+1)[:k] + close)
}

// guardInputs are inputs of exactly n bytes whose end holds what the
// scanners must stop at exactly: the end of a string, an escape, a UTF-8
// sequence, a number or a literal, cut off or whole.
var guardInputs = []struct {
	name string
	make func(n int) []byte
}{
	{"empty or spaces", func(n int) []byte { return bytes.Repeat([]byte{' '}, n) }},
	{"string of letters", func(n int) []byte { return fill(`"`, "a", `"`, n) }},
	{"string of escapes", func(n int) []byte { return fill(`"`, `\n`, `"`, n) }},
	{"string of backslash pairs", func(n int) []byte { return fill(`"`, `\\`, `"`, n) }},
	{"string of escaped quotes", func(n int) []byte { return fill(`"`, `\"`, `"`, n) }},
	{"string of euro signs", func(n int) []byte { return fill(`"`, "€", `"`, n) }},
	{"string of surrogate pairs", func(n int) []byte { return fill(`"`, `\ud83d\ude00`, `"`, n) }},
	{"string of emoji", func(n int) []byte { return fill(`"`, "😀", `"`, n) }},
	{"unterminated string", func(n int) []byte { return fill(`"`, "a", "", n) }},
	{"string cut after a backslash", func(n int) []byte { return fill(`"`, "a", `\`, n) }},
	{"string cut inside a \\u escape", func(n int) []byte { return fill(`"`, "a", `\u00`, n) }},
	{"string cut after a high surrogate", func(n int) []byte { return fill(`"`, "a", `\ud83d`, n) }},
	{"string cut inside a UTF-8 sequence", func(n int) []byte { return fill(`"`, "a", "\xf0\x9f\x98", n) }},
	{"string ending in a control byte", func(n int) []byte { return fill(`"`, "a", "\x01", n) }},
	{"number of digits", func(n int) []byte { return fill("", "1", "", n) }},
	{"number with a fraction", func(n int) []byte { return fill("-1.", "5", "", n) }},
	{"number with an exponent", func(n int) []byte { return fill("", " ", "-12.5e+10", n) }},
	{"number cut in its exponent", func(n int) []byte { return padLeft("1.5e", n) }},
	{"number cut after its sign", func(n int) []byte { return padLeft("[-", n) }},
	{"true", func(n int) []byte { return padLeft("true", n) }},
	{"false", func(n int) []byte { return padLeft("false", n) }},
	{"null", func(n int) []byte { return padLeft("null", n) }},
	{"literal cut short", func(n int) []byte { return padLeft("[fals", n) }},
	{"array of numbers", func(n int) []byte { return fill("[", "1,", "1]", n) }},
	{"array of strings", func(n int) []byte { return fill("[", `"x",`, `"x"]`, n) }},
	{"array with a trailing comma", func(n int) []byte { return fill("[", "1,", "]", n) }},
	{"object of members", func(n int) []byte { return fill("{", ` "k" : "v" ,`, `"k":0}`, n) }},
	{"object cut after a name", func(n int) []byte { return fill("{", `"k":1,`, `"k"`, n) }},
	{"nested arrays", func(n int) []byte { return fill("", "[", "", n/2) }},
	{"nested arrays closed", func(n int) []byte {
		return []byte(strings.Repeat("[", n/2) + strings.Repeat("]", n-n/2))
	}},
	{"indented", func(n int) []byte { return fill("[", "\n\t1,", "\n\t2\n]", n) }},
}

// guardLengths are the input lengths of the page-edge tests: every length
// up to 200 bytes, then those next to a multiple of 64 (where the last
// whole block ends) up to two chunks of the kernel.
func guardLengths() []int {
	var ns []int
	for n := 0; n <= 8193; n++ {
		if n <= 200 || n%64 == 63 || n%64 <= 1 {
			ns = append(ns, n)
		}
	}
	return ns
}

// TestParseAtPageEdges parses inputs that end right before an unreadable
// page, and the same inputs starting right after one, with every parse
// path and every set of Options of parseBoth, which also holds the paths
// to one result.
func TestParseAtPageEdges(t *testing.T) {
	page := graft.GuardedPages(t, 3)
	for _, in := range guardInputs {
		t.Run(in.name, func(t *testing.T) {
			for _, n := range guardLengths() {
				src := in.make(n)
				if src == nil {
					continue
				}
				for _, opts := range parseBothOptions {
					parseBoth(t, opts, atEnd(page, src))
					parseBoth(t, opts, atStart(page, src))
				}
			}
		})
	}
}

// TestBalanceAtPageEdges runs the bracket scan of stream (wire.Balance,
// whose blocks the mark kernel reads) on the same inputs at the page
// edges. Where it finds the end of the container, that end must be a
// closing bracket of the input.
func TestBalanceAtPageEdges(t *testing.T) {
	if !wire.HasCompact() {
		t.Skip("no mark kernel on this machine: Blocks reads nothing")
	}
	page := graft.GuardedPages(t, 3)
	for _, in := range guardInputs {
		for _, n := range guardLengths() {
			src := in.make(n)
			if src == nil {
				continue
			}
			for _, s := range [][]byte{atEnd(page, src), atStart(page, src)} {
				var b wire.Balance
				i, status := b.Blocks(s, 0, graft.DefaultMaxDepth)
				switch {
				case i < 0 || i > len(s) || status == wire.More && len(s)-i >= 64:
					t.Fatalf("%s, %d bytes: Blocks returned %d, %v", in.name, n, i, status)
				case status == wire.Balanced && s[i-1]|0x20 != '}':
					t.Fatalf("%s, %d bytes: Blocks ended the container at %d, byte %q", in.name, n, i, s[i-1])
				}
			}
		}
	}
}
