package stream

import (
	"strings"
	"testing"
	"testing/iotest"
)

// TestWindowStaysSmall: tokens outside the items far longer than the
// window, and many items, never grow the window; one big item grows it
// only to about its own size.
func TestWindowStaysSmall(t *testing.T) {
	long := strings.Repeat("\u65e5\\u00e9\\\\ ", 100000) // 1.1 MB
	doc := `{"` + long + `":"` + long + `","items":[` + strings.Repeat(`{"a":[1,2,3],"s":"xyz"},`, 10000) + `0],"after":["` + long + `"]}`
	r := NewReader(strings.NewReader(doc), Options{Path: "/items", BufferSize: 4096})
	n := 0
	for r.Next() {
		n++
	}
	if r.Err() != nil || n != 10001 {
		t.Fatalf("%d items, %v", n, r.Err())
	}
	if cap(r.buf) != 4096 {
		t.Errorf("window grew to %d bytes", cap(r.buf))
	}
	big := `[1,"` + strings.Repeat("y", 100000) + `",2]`
	r = NewReader(strings.NewReader(big), Options{BufferSize: 4096})
	for r.Next() {
	}
	if r.Err() != nil || r.Count() != 3 {
		t.Fatalf("%d items, %v", r.Count(), r.Err())
	}
	if c := cap(r.buf); c < 100002 || c > 2*100002+4096 {
		t.Errorf("window of %d bytes for an item of 100002", c)
	}
}

// TestWhitespaceOutsideItems: whitespace before the first value (Auto)
// and around the texts of a sequence streams through the window without
// growing it; after a text of a sequence, up to MaxItemBytes of it may
// follow, and no more.
func TestWhitespaceOutsideItems(t *testing.T) {
	ws := strings.Repeat(" \r\n\t", 50000) // 200 KB
	text := `"` + strings.Repeat("t", 998) + `"`
	for _, tc := range []struct {
		name   string
		in     string
		opts   Options
		items  int
		reason string // of the error, if any
		window int    // the most the window may grow to
	}{
		{"auto, before an array", ws + "[1,2]", Options{Mode: Auto}, 2, "", 4096},
		{"auto, before values", ws + "1 2", Options{Mode: Auto}, 2, "", 4096},
		{"sequence, before texts", "\x1e" + ws + "1\n\x1e" + ws + "[2]", Options{Mode: Sequence}, 2, "", 4096},
		{"sequence, after a text at the limit", "\x1e" + text + "\n\x1e" + text + ws[:1000] + "\x1e1\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 3, "", 4096},
		{"sequence, too much after a text", "\x1e1" + ws + "\x1e2\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "more than 1000 bytes of whitespace after a JSON text", 4096},
		{"sequence, text over the limit", "\x1e" + text + "1 \n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "JSON text longer than the item size limit of 1000 bytes", 4096},
		{"sequence, whitespace at the allowance then more text", "\x1e" + text + ws[:1000] + "1\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "JSON text longer than the item size limit of 1000 bytes", 4096},
		{"sequence, too much after a text then more text", "\x1e1" + ws + "2\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "more than 1000 bytes of whitespace after a JSON text", 4096},
		{"sequence, too much after a syntax error", "\x1e0000" + ws + "\x1e2\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "number with a leading zero", 4096},
		{"sequence, too much inside a text", "\x1e[1," + ws + "2]\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "JSON text longer than the item size limit of 1000 bytes", 4096},
		{"sequence, too much after a cut literal then a separator", "\x1e1\n\x1etru" + ws + "\x1e2\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 1, "line 2, column 5: unexpected end of JSON text (after 1 item)", 4096},
		{"sequence, too much after a cut literal then the end", "\x1etru" + ws, Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "line 1, column 5: unexpected end of input", 4096},
		{"sequence, too much after a cut literal then more text", "\x1etru" + ws + "e\n", Options{Mode: Sequence, MaxItemBytes: 1000}, 0, "line 1, column 5: invalid literal", 4096},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.BufferSize = 1024
			r := NewReader(strings.NewReader(tc.in), tc.opts)
			for r.Next() {
			}
			if r.Count() != tc.items {
				t.Errorf("%d items, want %d (error %v)", r.Count(), tc.items, r.Err())
			}
			if err := r.Err(); tc.reason == "" && err != nil || tc.reason != "" && (err == nil || !strings.Contains(err.Error(), tc.reason)) {
				t.Errorf("error %v, want %q", err, tc.reason)
			}
			if cap(r.buf) > tc.window {
				t.Errorf("window grew to %d bytes", cap(r.buf))
			}
		})
	}
}

// TestWindowLargest: with a small MaxItemBytes, what each scan reads at
// its limit fits in the largest window (windowMax), which the window never
// passes: items and lines at the limit, a text of a sequence with the most
// whitespace after it, a number outside the items at the limit, and a
// member name on the path written with an escape for every byte, longer
// than the limit.
func TestWindowLargest(t *testing.T) {
	const limit = 40
	item := `"` + strings.Repeat("y", limit-2) + `"`
	escaped := strings.Repeat(`\u0061`, 30) // "aaa…": 180 bytes
	for _, tc := range []struct {
		name  string
		in    string
		opts  Options
		items int
		err   string // what the error says, if any
	}{
		{"items at the limit", "[" + item + "," + item + "]", Options{}, 2, ""},
		{"item over the limit", "[[" + item + ",1]]", Options{}, 0, "item longer than the size limit of 40 bytes"},
		{"number item over the limit", "[" + strings.Repeat("1", 100) + "]", Options{}, 0, "item longer than the size limit of 40 bytes"},
		{"lines at the limit", item + "\n" + item, Options{Mode: Lines}, 2, ""},
		{"line over the limit", item + " 1\n", Options{Mode: Lines}, 0, "line longer than the item size limit of 40 bytes"},
		{"text and whitespace at the limits", "\x1e" + item + strings.Repeat(" ", limit) + "\x1e1\n", Options{Mode: Sequence}, 2, ""},
		{"number before the path at the limit", `{"n":` + strings.Repeat("2", limit) + `,"a":[1]}`, Options{Path: "/a"}, 1, ""},
		{"number before the path over the limit", `{"n":` + strings.Repeat("2", limit+1) + `,"a":[1]}`, Options{Path: "/a"}, 0, "number longer than the item size limit of 40 bytes"},
		{"escaped name on the path", `{"` + escaped + `":[1,2]}`, Options{Path: "/" + strings.Repeat("a", 30)}, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.MaxItemBytes = limit
			r := NewReader(iotest.OneByteReader(strings.NewReader(tc.in)), tc.opts)
			for r.Next() {
			}
			if err := r.Err(); r.Count() != tc.items || tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("%d items, error %v; want %d items and %q", r.Count(), err, tc.items, tc.err)
			}
			if cap(r.buf) > r.windowMax() {
				t.Errorf("window of %d bytes, more than the %d the limits can use", cap(r.buf), r.windowMax())
			}
		})
	}
}
