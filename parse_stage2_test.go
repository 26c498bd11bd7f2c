package graft

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/graftjson/graft/internal/wire"
)

// stage2Walk is one walker's arena in the lockstep: its own nodes,
// container entries and frames, and its state.
type stage2Walk struct {
	nodes  []node
	aux    []aux
	frames []buildFrame
	st     buildState
}

// start sets w up as parseCompact does for text (padded) and ends, with
// room for ncap nodes, acap entries and nframes frames.
func (w *stage2Walk) start(text []byte, ends []uint32, ncap, acap, nframes, maxDepth int) {
	if len(w.frames) < nframes {
		w.frames = slices.Grow(w.frames, nframes)[:nframes]
	}
	w.st = buildState{
		text: &text[0], textLen: len(text) - textPad,
		ends: unsafe.SliceData(ends), nends: len(ends),
		frames: &w.frames[0], nframes: nframes, maxDepth: maxDepth,
		delta: 7, // as if other text came first
		ncap:  uint32(ncap), nodes: &w.nodes[0], aux: unsafe.SliceData(w.aux), acap: uint32(acap),
		idx: 1, // node 0 is the Doc's
	}
}

// stage2Lockstep runs the assembly walk (buildNodes) and the Go walk
// (buildNodesGo) over the compact text of src, each on an arena of its
// own, and fails unless they leave the same state, nodes, entries and
// frames after every call. rng picks the room they get (sometimes too
// little), the frames they start with (so that they run out and start
// again) and where they suspend (every few nodes).
func stage2Lockstep(t testing.TB, src []byte, mode wire.Mode, rng *rand.Rand) {
	if !wire.HasCompact() {
		t.Skip("no stage-one kernel on this machine")
	}
	compact, ends, res := wire.Compact(nil, nil, src, mode)
	if !res.OK || len(compact) == 0 {
		return // stage two never sees it
	}
	text := make([]byte, len(compact)+textPad)
	copy(text, compact)
	// Now and then, text and ends that stage one does not write: the walks
	// must still agree (and stay inside their memory).
	if rng.IntN(8) == 0 {
		const bytes = `{}[]:,"0123456789-+.eEtrufalsn ` + "\x00"
		text[rng.IntN(len(compact))] = bytes[rng.IntN(len(bytes))]
	}
	if rng.IntN(8) == 0 && len(ends) > 0 {
		ends = slices.Clone(ends)
		ends[rng.IntN(len(ends))] = rng.Uint32()%uint32(len(compact)+2) | rng.Uint32()&(1<<31)
	}
	ncap := 1 + res.Values
	acap := res.Opens
	if rng.IntN(4) == 0 { // too little room: both must fail alike
		ncap = 1 + rng.IntN(ncap)
		acap = rng.IntN(acap + 1)
	}
	nframes := 1 + rng.IntN(3)
	maxDepth := DefaultMaxDepth
	if rng.IntN(4) == 0 {
		maxDepth = rng.IntN(6)
	}
	var w [2]stage2Walk
	for k := range w {
		w[k].nodes = make([]node, ncap)
		w[k].aux = make([]aux, acap)
		w[k].start(text, ends, ncap, acap, nframes, maxDepth)
	}
	for calls := 0; ; calls++ {
		stopAt := uint32(ncap + 1)
		if rng.IntN(3) > 0 {
			stopAt = w[0].st.idx + uint32(rng.IntN(8))
		}
		w[0].st.stopAt, w[1].st.stopAt = stopAt, stopAt
		buildNodes(&w[0].st)
		buildNodesGo(&w[1].st)
		a, g := &w[0], &w[1]
		if a.st.status != g.st.status || a.st.root != g.st.root || a.st.alen != g.st.alen ||
			a.st.status == buildSuspend && (a.st.i != g.st.i || a.st.endAt != g.st.endAt || a.st.idx != g.st.idx ||
				a.st.depth != g.st.depth || a.st.curNode != g.st.curNode || a.st.curLast != g.st.curLast || a.st.curKind != g.st.curKind) ||
			a.st.status == buildOK && a.st.idx != g.st.idx {
			t.Fatalf("%.60q, call %d: assembly %+v\nGo %+v", src, calls, a.st, g.st)
		}
		if !slices.Equal(a.nodes, g.nodes) || !slices.Equal(a.aux, g.aux) || !slices.Equal(a.frames, g.frames) {
			t.Fatalf("%.60q, call %d (status %d): the walks wrote different nodes, entries or frames", src, calls, a.st.status)
		}
		switch a.st.status {
		case buildSuspend:
			continue
		case buildStack:
			nframes *= 2
			for k := range w {
				w[k].start(text, ends, ncap, acap, nframes, maxDepth)
			}
			continue
		}
		return
	}
}

var stage2Inputs = []string{
	`1`, `-0`, `-12.5e+3`, `0.5E-1`, `1e5`, `"s"`, `"a\"b\\c\u00e9"`, `true`, `false`, `null`,
	`[]`, `{}`, `[[]]`, `[{}]`, `{"a":{}}`, `[1,"a",{"b":null,"c":[true,false]}]`,
	`{"a":"b","c":"d","e":{"f":"g"},"h":["i",1.5,-2]}`, `{"":""}`, `{"\n":"\t"}`,
	`[1,2,]`, `{"a":1,}`, `[01]`, `[-]`, `[1.]`, `[1.e1]`, `[1e]`, `[1e+]`, `[-a]`, `[nul]`, `[truex]`, `[fals]`,
	`{"a" 1}`, `{"a":1 "b":2}`, `["a" "b"]`, `{1:2}`, `{"a"}`, `[1]]`, `[[1]`, `{"a":1}}`, `1 2`, `"a" "b"`,
	`[` + strings.Repeat(`{"k":"v","n":[1,true,null]},`, 40) + `0]`,
	strings.Repeat("[", 30) + strings.Repeat("]", 30),
	strings.Repeat(`{"a":`, 20) + `1` + strings.Repeat("}", 20),
	strings.Repeat("[", 10) + strings.Repeat("]", 9),
}

func TestStage2Lockstep(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, in := range stage2Inputs {
		for range 40 {
			stage2Lockstep(t, []byte(in), 0, rng)
		}
	}
	for _, f := range stage2Corpus(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			stage2Lockstep(t, src, 0, rng)
		}
	}
}

func FuzzStage2Lockstep(f *testing.F) {
	for i, in := range stage2Inputs {
		f.Add([]byte(in), uint64(i))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>1))
		stage2Lockstep(t, src, wire.Mode(seed%4), rng)
	})
}

// BenchmarkStage2 is what justifies the assembly: its walk against the Go
// walk over the compact text of S3's corpus files (or, without the corpus,
// a generated document of products).
func BenchmarkStage2(b *testing.B) {
	inputs := map[string][]byte{}
	for _, f := range stage2Corpus(b) {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if name != "twitter" && name != "citm_catalog" && name != "canada" {
			continue // S3's files
		}
		if src, err := os.ReadFile(f); err == nil {
			inputs[name] = src
		}
	}
	if len(inputs) == 0 {
		inputs["products"] = []byte(`[` + strings.Repeat(`{"id":"1234","name":"a product","price":12.5,"tags":["x","y"],"ok":true},`, 2000) + `null]`)
	}
	if !wire.HasCompact() {
		b.Skip("no stage-one kernel on this machine")
	}
	for _, name := range slices.Sorted(maps.Keys(inputs)) {
		compact, ends, res := wire.Compact(nil, nil, inputs[name], 0)
		if !res.OK {
			continue
		}
		text := append(bytes.Clone(compact), make([]byte, textPad)...)
		for _, walk := range []struct {
			name string
			fn   func(*buildState)
		}{{"asm", buildNodes}, {"go", buildNodesGo}} {
			b.Run(name+"/"+walk.name, func(b *testing.B) {
				var w stage2Walk
				w.nodes = make([]node, 1+res.Values)
				w.aux = make([]aux, res.Opens)
				b.SetBytes(int64(len(compact)))
				for i := 0; i < b.N; i++ {
					w.start(text, ends, len(w.nodes), len(w.aux), DefaultMaxDepth+1, DefaultMaxDepth)
					w.st.stopAt = ^uint32(0)
					walk.fn(&w.st)
					if w.st.status != buildOK {
						b.Fatalf("status %d", w.st.status)
					}
				}
			})
		}
	}
}

// stage2Corpus lists the corpus files ($GRAFT_CORPUS; none without it).
func stage2Corpus(tb testing.TB) []string {
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	return files
}
