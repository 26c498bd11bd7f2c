package graft_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

func TestProbeWriterAllocs(t *testing.T) {
	var d graft.Doc
	r := mustAppend(t, &d, deepDoc(2))
	var b bytes.Buffer
	b.Grow(1 << 20)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"WriteJSON discard", func() { d.WriteJSON(io.Discard, r) }},
		{"WriteJSON buffer", func() { b.Reset(); d.WriteJSON(&b, r) }},
		{"WriteIndent buffer", func() { b.Reset(); d.WriteIndent(&b, r, "", "  ") }},
		{"WriteCanonical buffer", func() { b.Reset(); d.WriteCanonical(&b, r) }},
	} {
		t.Log(c.name, testing.AllocsPerRun(100, c.f))
	}
	big := mustAppend(t, &d, "["+strings.Repeat(`"`+strings.Repeat("x", 1000)+`",`, 3000)+"1]")
	t.Log("big", testing.AllocsPerRun(10, func() { d.WriteJSON(io.Discard, big) }))
}
