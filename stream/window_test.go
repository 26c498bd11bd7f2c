package stream

import (
	"strings"
	"testing"
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
