//go:build amd64

package graft

import (
	"testing"
	"unsafe"
)

// TestBuildLayout holds the layouts and constants that parse_stage2_amd64.s uses
// as numbers to the Go declarations.
func TestBuildLayout(t *testing.T) {
	var st buildState
	var n node
	var a aux
	var f buildFrame
	checks := []struct {
		name      string
		got, want uintptr
	}{
		{"buildState.text", unsafe.Offsetof(st.text), 0},
		{"buildState.textLen", unsafe.Offsetof(st.textLen), 8},
		{"buildState.delta", unsafe.Offsetof(st.delta), 16},
		{"buildState.endsEnd", unsafe.Offsetof(st.endsEnd), 24},
		{"buildState.nodes", unsafe.Offsetof(st.nodes), 32},
		{"buildState.ncap", unsafe.Offsetof(st.ncap), 40},
		{"buildState.aux", unsafe.Offsetof(st.aux), 48},
		{"buildState.alen", unsafe.Offsetof(st.alen), 56},
		{"buildState.acap", unsafe.Offsetof(st.acap), 60},
		{"buildState.depthEnd", unsafe.Offsetof(st.depthEnd), 64},
		{"buildState.capEnd", unsafe.Offsetof(st.capEnd), 72},
		{"buildState.stopAt", unsafe.Offsetof(st.stopAt), 80},
		{"buildState.status", unsafe.Offsetof(st.status), 84},
		{"buildState.root", unsafe.Offsetof(st.root), 88},
		{"buildState.resume", unsafe.Offsetof(st.resume), 92},
		{"buildState.i", unsafe.Offsetof(st.i), 96},
		{"buildState.ends", unsafe.Offsetof(st.ends), 104},
		{"buildState.idx", unsafe.Offsetof(st.idx), 112},
		{"buildState.curNode", unsafe.Offsetof(st.curNode), 116},
		{"buildState.curLast", unsafe.Offsetof(st.curLast), 120},
		{"buildState.curKind", unsafe.Offsetof(st.curKind), 124},
		{"buildState.top", unsafe.Offsetof(st.top), 128},
		{"node size", unsafe.Sizeof(n), 16},
		{"node.off", unsafe.Offsetof(n.off), 4},
		{"node.child", unsafe.Offsetof(n.child), 8},
		{"node.next", unsafe.Offsetof(n.next), 12},
		{"aux size", unsafe.Sizeof(a), 8},
		{"aux.last", unsafe.Offsetof(a.last), 4},
		{"buildFrame size", unsafe.Sizeof(f), buildFrameSize},
		{"String|flagParsed", uintptr(String) | flagParsed, 12},
		{"String|flagParsed|flagName", uintptr(String) | flagParsed | flagName, 44},
		{"flagEscaped", flagEscaped, 16},
		{"Object|flagParsed|flagSpan", uintptr(Object) | flagParsed | flagSpan, 29},
		{"Array|flagParsed|flagSpan", uintptr(Array) | flagParsed | flagSpan, 30},
		{"Number|flagParsed", uintptr(Number) | flagParsed, 11},
		{"Bool|flagParsed|flagTrue", uintptr(Bool) | flagParsed | flagTrue, 26},
		{"Bool|flagParsed", uintptr(Bool) | flagParsed, 10},
		{"Null|flagParsed", uintptr(Null) | flagParsed, 9},
		{"payloadShift", payloadShift, 6},
		{"maxNameLen", maxNameLen, 0x3ffffff},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %d, parse_stage2_amd64.s uses %d", c.name, c.got, c.want)
		}
	}
}
