package graft_test

import (
	"testing"

	"github.com/graftjson/graft"
)

func TestProbeSharedSrc(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"keep":null,"dst":{"r":{"a":1}}}`)
	src := mustAppend(t, &d, `{"r":{"b":2}}`)
	x := d.Member(src, "r")
	if err := d.Set(root, "keep", x); err != nil {
		t.Fatal(err)
	}
	if err := d.Merge(d.Member(root, "dst"), src); err != nil {
		t.Fatal(err)
	}
	t.Log(compact(&d, root), string(slowPrint(nil, &d, root)))
	d.Set(d.Get(root, "dst", "r"), "c", d.NewInt(3))
	t.Log(compact(&d, root), string(slowPrint(nil, &d, root)))
}

func TestProbeSharedSrcNonDisjoint(t *testing.T) {
	var d graft.Doc
	root := mustAppend(t, &d, `{"keep":null,"dst":{"r":{"a":1,"b":0}}}`)
	src := mustAppend(t, &d, `{"r":{"x":5,"b":2,"y":6}}`)
	x := d.Member(src, "r")
	if err := d.Set(root, "keep", x); err != nil {
		t.Fatal(err)
	}
	if err := d.Merge(d.Member(root, "dst"), src); err != nil {
		t.Fatal(err)
	}
	t.Log(compact(&d, root), string(slowPrint(nil, &d, root)))
}
