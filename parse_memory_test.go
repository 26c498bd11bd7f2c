package graft_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// Memory budgets of parsing, in bytes the Doc holds (Cap) and bytes
// allocated per input byte, on every parse path: what a gateway parsing
// hostile input must size MaxBytes by (README, Limits). The inputs are a
// megabyte each.

const memInput = 1 << 20

// memPrior is what the Doc holds before a failing parse, which must leave
// it so.
const memPrior = `{"prior":["value",1]}`

// sizeAfterPrior returns the Size of a Doc holding memPrior alone.
func sizeAfterPrior(t *testing.T) int {
	d := graft.New(graft.Options{})
	mustAppend(t, d, memPrior)
	return d.Size()
}

// arrayOf returns a JSON array of copies of item, about n bytes long.
func arrayOf(item string, n int) string {
	k := (n - 2) / (len(item) + 1)
	return "[" + strings.Repeat(item+",", k-1) + item + "]"
}

// parseHeld parses src with parser p into a fresh Doc holding prior and
// returns the Doc, the bytes the parse allocated (src's own copy not
// counted: the caller passes it as a []byte) and the parse's error.
func parseHeld(t *testing.T, p, prior string, src []byte) (*graft.Doc, int, error) {
	t.Helper()
	restore := graft.UseParser(p)
	defer restore()
	d := graft.New(graft.Options{})
	if prior != "" {
		mustAppend(t, d, prior)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := d.Append(src)
	runtime.ReadMemStats(&after)
	return d, int(after.TotalAlloc - before.TotalAlloc), err
}

// TestParseFailingEarlyHoldsLittle: an input that fails within its first
// kilobytes leaves the Doc holding at most 4 bytes per input byte (the
// compact copy of the text, and the list of string ends stage one of the
// vectorized parse makes: 4 bytes per string, at most 2 per input byte),
// and the parse allocates no more than that, on every path; whatever
// counts of values the rest of the input suggests. The vectorized parse
// once reserved nodes for all of them before checking the grammar: 25
// bytes per byte of '['.
func TestParseFailingEarlyHoldsLittle(t *testing.T) {
	const k = 4
	dense := arrayOf("1", 4096)
	cases := []struct{ name, src string }{
		{"open brackets", strings.Repeat("[", memInput)},
		{"open members", strings.Repeat(`{"":`, memInput/4)},
		{"balanced but too deep", nestArrays(memInput / 2)},
		{"bad first byte, then empty arrays", "x" + arrayOf("[]", memInput-1)},
		{"numbers, a bad item after 4 KB, numbers", dense[:len(dense)-1] + ",x," + arrayOf("1", memInput-len(dense)-2)[1:]},
		{"empty strings glued", strings.Repeat(`""`, memInput/2)},
		{"too deep after 4 KB of empty objects", strings.TrimSuffix(arrayOf("{}", 4096), "]") + "," + strings.Repeat("[", memInput-4096)},
	}
	for _, c := range cases {
		for _, p := range graft.Parsers() {
			t.Run(c.name+"/"+p, func(t *testing.T) {
				d, alloc, err := parseHeld(t, p, memPrior, []byte(c.src))
				if err == nil {
					t.Fatal("parsed")
				}
				if d.Size() != sizeAfterPrior(t) {
					t.Fatalf("the failed parse left %d bytes in use, want %d", d.Size(), sizeAfterPrior(t))
				}
				if limit := k * len(c.src); d.Cap() > limit || alloc > limit {
					t.Fatalf("%d input bytes: the Doc holds %d (%.2f per byte) and the parse allocated %d (%.2f per byte), want at most %d per byte",
						len(c.src), d.Cap(), float64(d.Cap())/float64(len(c.src)), alloc, float64(alloc)/float64(len(c.src)), k)
				}
			})
		}
	}
}

// TestParseFailingLateHoldsAsValid: an input that fails at its last byte
// makes the Doc hold no more than the valid input it differs from by that
// byte (within a sixteenth), and leaves it at its old size in use.
func TestParseFailingLateHoldsAsValid(t *testing.T) {
	for _, item := range []string{"1", "[]", `{"":0}`, `""`, nestArrays(10)} {
		valid := arrayOf(item, memInput)
		bad := valid[:len(valid)-1] + "x"
		for _, p := range graft.Parsers() {
			t.Run(item+"/"+p, func(t *testing.T) {
				good, _, err := parseHeld(t, p, memPrior, []byte(valid))
				if err != nil {
					t.Fatal(err)
				}
				d, _, err := parseHeld(t, p, memPrior, []byte(bad))
				if err == nil {
					t.Fatal("parsed")
				}
				if d.Size() != sizeAfterPrior(t) {
					t.Fatalf("the failed parse left %d bytes in use, want %d", d.Size(), sizeAfterPrior(t))
				}
				if d.Cap() > good.Cap()+good.Cap()/16 {
					t.Fatalf("the failed parse holds %d bytes, the valid input %d", d.Cap(), good.Cap())
				}
			})
		}
	}
}

// TestParseValidMemory: the densest valid inputs, on every path. The
// arena holds at most 13 bytes per compact input byte (plus 12): every
// value but the first needs two bytes (its own and a separator before
// it), and a value costs at most 24 (a 16-byte node and an 8-byte
// container entry). What a fresh Doc reserves, growing as it parses,
// stays within 13.5 bytes per byte on both paths. The vectorized parser
// reserves what it builds, allocating at most an eighth more on the way;
// the scalar one grows by the density it has seen, never past what the
// rest of the input can hold, allocating at most 26 bytes per byte in all
// (with Go's append it took up to 64).
func TestParseValidMemory(t *testing.T) {
	inputs := []struct{ name, src string }{
		{"numbers", arrayOf("1", memInput)},
		{"empty arrays", arrayOf("[]", memInput)},
		{"empty strings", arrayOf(`""`, memInput)},
		{"one-member objects", arrayOf(`{"":0}`, memInput)},
		{"members", "{" + strings.Repeat(`"":0,`, memInput/5-1) + `"":0}`},
		{"nested arrays", arrayOf(nestArrays(6), memInput)},
		{"arrays 999 deep", arrayOf(nestArrays(999), memInput)},
	}
	for _, in := range inputs {
		for _, p := range graft.Parsers() {
			t.Run(in.name+"/"+p, func(t *testing.T) {
				d, alloc, err := parseHeld(t, p, "", []byte(in.src))
				if err != nil {
					t.Fatal(err)
				}
				n := len(in.src)
				if d.Size() > 13*n+12+16 { // 16: the Doc's unused node 0
					t.Fatalf("%d input bytes take %d arena bytes (%.2f per byte)", n, d.Size(), float64(d.Size())/float64(n))
				}
				if d.Cap() > 27*n/2 {
					t.Fatalf("%d input bytes: the Doc holds %d bytes (%.2f per byte)", n, d.Cap(), float64(d.Cap())/float64(n))
				}
				limit := 26 * n
				if p != "scalar" {
					limit = d.Cap() + d.Cap()/8
				}
				if alloc > limit {
					t.Fatalf("%d input bytes: the Doc holds %d bytes and the parse allocated %d (%.2f per byte)", n, d.Cap(), alloc, float64(alloc)/float64(n))
				}
			})
		}
	}
}

// TestParseFailingHoldsNoMoreThanValid: no input makes the Doc hold more
// than the densest valid input does (13.5 bytes per byte, as in
// TestParseValidMemory), not even one that starts as dense JSON, so that
// the vectorized walk grows the arena for what the rest of the text
// seems to hold, and goes on with more values than any JSON text of its
// size has (open brackets, counted a value each).
func TestParseFailingHoldsNoMoreThanValid(t *testing.T) {
	for _, unit := range []string{"[],", nestArrays(500) + ","} {
		for _, part := range []int{2, 4, 8} {
			prefix := "[" + strings.Repeat(unit, memInput/part/len(unit))
			src := prefix + strings.Repeat("[", memInput-len(prefix))
			for _, p := range graft.Parsers() {
				t.Run(unit[:3]+" for 1/"+strconv.Itoa(part)+"/"+p, func(t *testing.T) {
					d, _, err := parseHeld(t, p, memPrior, []byte(src))
					if err == nil {
						t.Fatal("parsed")
					}
					if d.Cap() > 27*len(src)/2 {
						t.Fatalf("%d input bytes: the Doc holds %d bytes (%.2f per byte)", len(src), d.Cap(), float64(d.Cap())/float64(len(src)))
					}
				})
			}
		}
	}
}
