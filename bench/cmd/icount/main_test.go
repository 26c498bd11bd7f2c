package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A callgrind file as valgrind writes it with --dump-instr=yes and
// --dump-line=no: names compressed to ids after their first use, relative
// addresses, and a call's inclusive cost on the line after calls=.
const sample = `version: 1
creator: callgrind-3.19.0
positions: instr
events: Ir
summary: 0
fl=(1) /x/merge.go
fn=(1) github.com/graftjson/graft.(*Doc).MergeAt
0x1000 10
+4 10
cfn=(2) github.com/graftjson/graft.(*Doc).reach
calls=10 0x2000
* 500
+3 10
fn=(2)
0x2000 40
+64 10
fn=(3) runtime.gcBgMarkWorker
0x3000 7
`

func TestParseAndCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) *profile {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := parse(path)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	b := write("b", sample)
	if b.total != 87 {
		t.Errorf("total = %d, want 87 (the call's inclusive 500 is not the caller's own)", b.total)
	}
	if got := b.byFunc["github.com/graftjson/graft.(*Doc).MergeAt"]; got != 30 {
		t.Errorf("MergeAt = %d, want 30", got)
	}
	if got := b.byFunc["github.com/graftjson/graft.(*Doc).reach"]; got != 50 {
		t.Errorf("reach (by its id alone) = %d, want 50", got)
	}
	for addr, want := range map[uint64]uint64{0x1000: 10, 0x1004: 10, 0x1007: 10, 0x2000: 40, 0x2040: 10} {
		if got := b.byAddr[addr]; got != want {
			t.Errorf("address %#x: %d, want %d", addr, got, want)
		}
	}
	a := write("a", "fn=(1) github.com/graftjson/graft.(*Doc).MergeAt\n0x1000 5\n")
	r := compare("x", a, b, 5, 10, 64, 1)
	if r.perOp != 82.0/5 {
		t.Errorf("per op = %v, want %v", r.perOp, 82.0/5)
	}
	// Lines run at least 10 times by graft code: 0x1000 (0x1000-0x1007),
	// 0x2000 and 0x2040; 0x1000 and 0x2000 share set 0, 0x2040 is in set 1.
	if r.hotLines != 3 || r.maxSet != 2 || len(r.overfull) != 1 || r.overfull[0] != "0:2" {
		t.Errorf("hot lines %d, fullest set %d, overfull %v; want 3, 2, [0:2]", r.hotLines, r.maxSet, r.overfull)
	}
}
