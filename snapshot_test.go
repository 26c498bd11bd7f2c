package graft

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

// snapshotDocs are documents with every kind of value and layout the
// snapshot check walks.
var snapshotDocs = []string{
	`0`, `-1.5e-7`, `"x"`, `"caf\u00e9\n"`, `true`, `false`, `null`, `[]`, `{}`,
	`[1,[2,[3,[]]],{"a":{}}]`,
	`{"a":1,"b":[true,false,null,"s"],"c":{"d":{"e":[[],{}]}},"\u0066":"\"q\""}`,
	`{"a":1,"a":2}`,
	`[{"id":12345678901234567890123,"price":0.1},{"id":2,"tags":["x","y"]}]`,
	` { "spaced" : [ 1 , 2 ] , "n" : null } `,
}

// sameArena fails unless a and b hold the same nodes, container entries
// and text.
func sameArena(t testing.TB, a, b *Doc) {
	t.Helper()
	if !slices.Equal(a.nodes, b.nodes) || !slices.Equal(a.aux, b.aux) || string(a.buf) != string(b.buf) {
		t.Fatalf("arenas differ:\n%v %v %q\n%v %v %q", a.nodes, a.aux, a.buf, b.nodes, b.aux, b.buf)
	}
}

// TestSnapshotRoundTrip: a loaded snapshot is exactly the arena Parse
// builds from the value's compact text.
func TestSnapshotRoundTrip(t *testing.T) {
	for _, src := range snapshotDocs {
		t.Run(src, func(t *testing.T) {
			var d, loaded, fresh Doc
			r, err := d.Parse([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			snap, err := d.AppendSnapshot(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			lr, err := loaded.LoadSnapshot(snap)
			if err != nil || lr != loaded.ref(1) {
				t.Fatalf("LoadSnapshot = %d, %v", lr, err)
			}
			if _, err := fresh.Parse(d.AppendJSON(nil, r)); err != nil {
				t.Fatal(err)
			}
			sameArena(t, &loaded, &fresh)
		})
	}
}

// TestSnapshotOfPart: the snapshot of a value inside a document, parsed
// or edited, holds that value alone.
func TestSnapshotOfPart(t *testing.T) {
	var d Doc
	root, _ := d.Parse([]byte(`{"pre":[0],"a":{"b":[1,{"c":"x"},3],"d":null},"post":{}}`))
	second, _ := d.Append([]byte(`[4,{"e":5}]`))
	a, _ := d.Find(root, "/a")
	b1, _ := d.Find(root, "/a/b/1")
	e, _ := d.Find(second, "/1")
	built := d.NewObject()
	d.Set(built, "k", d.NewString("v\n"))
	d.Set(built, "copy", d.Copy(b1))
	for _, tc := range []struct {
		name string
		r    Ref
	}{{"root", root}, {"member", a}, {"item", b1}, {"second input", second}, {"item of second", e}, {"built", built}} {
		t.Run(tc.name, func(t *testing.T) {
			snap, err := d.AppendSnapshot(nil, tc.r)
			if err != nil {
				t.Fatal(err)
			}
			var loaded, fresh Doc
			if _, err := loaded.LoadSnapshot(snap); err != nil {
				t.Fatal(err)
			}
			fresh.Parse(d.AppendJSON(nil, tc.r))
			sameArena(t, &loaded, &fresh)
		})
	}
	// After edits, the edited values are printed and parsed again.
	d.Set(a, "d", d.NewInt(7))
	d.DeleteItem(d.mustFind(t, root, "/a/b"), 0)
	snap, err := d.AppendSnapshot(nil, root)
	if err != nil {
		t.Fatal(err)
	}
	var loaded Doc
	lr, err := loaded.LoadSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(loaded.AppendJSON(nil, lr)), string(d.AppendJSON(nil, root)); got != want {
		t.Fatalf("edited: loaded %s, want %s", got, want)
	}
	if _, err := d.AppendSnapshot(nil, 0); !errors.Is(err, ErrKind) {
		t.Fatalf("zero Ref: err = %v, want ErrKind", err)
	}
}

func (d *Doc) mustFind(t *testing.T, r Ref, p string) Ref {
	v, err := d.Find(r, p)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// resum rewrites the checksum of snapshot s after a test changed it.
func resum(s []byte) []byte {
	sum := crc32.Update(crc32.Checksum(s[:24], castagnoli), castagnoli, s[snapHeader:])
	binary.LittleEndian.PutUint32(s[24:], sum)
	return s
}

func snapshotOf(t testing.TB, src string) []byte {
	var d Doc
	r, err := d.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.AppendSnapshot(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSnapshotCorrupt: every truncation and every flipped bit of a
// snapshot is an error.
func TestSnapshotCorrupt(t *testing.T) {
	snap := snapshotOf(t, snapshotDocs[10])
	var d Doc
	for n := range len(snap) {
		if _, err := d.LoadSnapshot(snap[:n]); !errors.Is(err, ErrSnapshot) {
			t.Fatalf("truncated to %d bytes: err = %v", n, err)
		}
	}
	if _, err := d.LoadSnapshot(append(slices.Clip(snap), 0)); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("a byte too many: err = %v", err)
	}
	for i := range len(snap) * 8 {
		bad := slices.Clone(snap)
		bad[i/8] ^= 1 << (i % 8)
		if _, err := d.LoadSnapshot(bad); !errors.Is(err, ErrSnapshot) {
			t.Fatalf("bit %d flipped: err = %v", i, err)
		}
		if d.Kind(1) != Invalid {
			t.Fatal("a failed load left nodes in the Doc")
		}
	}
}

// TestSnapshotHostile: snapshots changed with a correct checksum, as an
// attacker would, are errors.
func TestSnapshotHostile(t *testing.T) {
	const src = `{"a":[1,"x"],"b":{"c":true}}`
	// Nodes: 1 {, 2 "a", 3 [, 4 1, 5 "x", 6 "b", 7 {, 8 "c", 9 true.
	field := func(node, f int) int { return snapHeader + (node-1)*snapNodeBytes + 4*f }
	const meta, off, child, next = 0, 1, 2, 3
	for _, tc := range []struct {
		name  string
		patch func(s []byte)
	}{
		{"child pointing back", func(s []byte) { binary.LittleEndian.PutUint32(s[field(3, child):], 1) }},
		{"child pointing to itself", func(s []byte) { binary.LittleEndian.PutUint32(s[field(3, child):], 3) }},
		{"child beyond the nodes", func(s []byte) { binary.LittleEndian.PutUint32(s[field(3, child):], 1<<30) }},
		{"item cycle", func(s []byte) { binary.LittleEndian.PutUint32(s[field(5, next):], 4) }},
		{"shared value", func(s []byte) { binary.LittleEndian.PutUint32(s[field(6, child):], 3) }},
		{"skipped node", func(s []byte) { binary.LittleEndian.PutUint32(s[field(4, next):], 0) }},
		{"name chain back", func(s []byte) { binary.LittleEndian.PutUint32(s[field(6, next):], 2) }},
		{"value with a sibling", func(s []byte) { binary.LittleEndian.PutUint32(s[field(9, next):], 2) }},
		{"root with a sibling", func(s []byte) { binary.LittleEndian.PutUint32(s[field(1, next):], 2) }},
		{"offset beyond the text", func(s []byte) { binary.LittleEndian.PutUint32(s[field(4, off):], 1<<31) }},
		{"text length beyond the text", func(s []byte) { binary.LittleEndian.PutUint32(s[field(5, child):], 1<<31) }},
		{"offset out of place", func(s []byte) { binary.LittleEndian.PutUint32(s[field(4, off):], 0) }},
		{"link node", func(s []byte) { binary.LittleEndian.PutUint32(s[field(4, meta):], 7|flagParsed) }},
		{"kind zero", func(s []byte) { binary.LittleEndian.PutUint32(s[field(4, meta):], 0) }},
		{"number as string", func(s []byte) { binary.LittleEndian.PutUint32(s[field(4, meta):], uint32(String)|flagParsed) }},
		{"string as number", func(s []byte) { binary.LittleEndian.PutUint32(s[field(5, meta):], uint32(Number)|flagParsed) }},
		{"true as false", func(s []byte) { binary.LittleEndian.PutUint32(s[field(9, meta):], uint32(Bool)|flagParsed) }},
		{"grown array", func(s []byte) { s[field(3, meta)] |= flagGrown }},
		{"unknown aux entry", func(s []byte) {
			binary.LittleEndian.PutUint32(s[field(3, meta):], uint32(Array)|flagSpan|flagParsed|9<<payloadShift)
		}},
		{"span wrong", func(s []byte) { s[len(s)-len(src)-snapAuxBytes*3+snapAuxBytes] ^= 1 }},
		{"last wrong", func(s []byte) { s[len(s)-len(src)-snapAuxBytes*3+4] ^= 1 }},
		{"text changed: quote", func(s []byte) { s[len(s)-len(src)+9] = '"' }},
		{"text changed: digit to letter", func(s []byte) { s[len(s)-len(src)+6] = 'x' }},
		{"text changed: bracket", func(s []byte) { s[len(s)-len(src)+5] = '{' }},
		{"text changed: comma", func(s []byte) { s[len(s)-len(src)+7] = ':' }},
		{"text changed: escape", func(s []byte) { s[len(s)-len(src)+9] = '\\' }},
		{"text changed: control character", func(s []byte) { s[len(s)-len(src)+9] = '\n' }},
		{"text changed: bad UTF-8", func(s []byte) { s[len(s)-len(src)+9] = 0xff }},
		{"member value elsewhere", func(s []byte) { binary.LittleEndian.PutUint32(s[field(2, child):], 4) }},
		{"member name as array item", func(s []byte) {
			binary.LittleEndian.PutUint32(s[field(4, meta):], uint32(String)|flagParsed|flagName|1<<payloadShift)
		}},
		{"value where a name goes", func(s []byte) { binary.LittleEndian.PutUint32(s[field(6, meta):], uint32(String)|flagParsed) }},
		{"container entry reused", func(s []byte) {
			binary.LittleEndian.PutUint32(s[field(7, meta):], uint32(Object)|flagSpan|flagParsed|1<<payloadShift)
		}},
		{"container entries swapped", func(s []byte) {
			binary.LittleEndian.PutUint32(s[field(3, meta):], uint32(Array)|flagSpan|flagParsed|2<<payloadShift)
			binary.LittleEndian.PutUint32(s[field(7, meta):], uint32(Object)|flagSpan|flagParsed|1<<payloadShift)
		}},
		{"container ends past its parent's value", func(s []byte) {
			binary.LittleEndian.PutUint32(s[len(s)-len(src)-snapAuxBytes*2+4:], 6)
		}},
		{"root ends early", func(s []byte) { binary.LittleEndian.PutUint32(s[len(s)-len(src)-snapAuxBytes*3+4:], 5) }},
		{"empty array with a first child", func(s []byte) {
			binary.LittleEndian.PutUint32(s[len(s)-len(src)-snapAuxBytes*2+4:], 3)
		}},
		{"node count too small", func(s []byte) {
			binary.LittleEndian.PutUint32(s[12:], 8)
			binary.LittleEndian.PutUint32(s[20:], uint32(len(src)+16))
		}},
		{"version", func(s []byte) { s[8] = 2 }},
		{"reserved", func(s []byte) { s[28] = 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := snapshotOf(t, src)
			tc.patch(s)
			var d Doc
			if _, err := d.LoadSnapshot(resum(s)); !errors.Is(err, ErrSnapshot) {
				t.Fatalf("err = %v, want ErrSnapshot", err)
			}
		})
	}
}

// TestSnapshotBadText: the load checks every scalar's text, because the
// reads rely on it: string decoding (AppendString, Text, Equals, member
// lookups, merging, sorting) reads the characters after a backslash, and
// number reads (Int64, Uint64, Float64) the digits after an 'e' or a '-'.
// Each text here, given a correct checksum, would make one of them index
// past the token.
func TestSnapshotBadText(t *testing.T) {
	for _, tc := range []struct{ name, src, bad string }{
		{"string ending in a backslash", `["ab"]`, `["a\"]`},
		{"short \\u escape", `["\u0041"]`, `["x\u004"]`},
		{"member name ending in a backslash", `{"ab":1}`, `{"a\":1}`},
		{"number ending in an exponent mark", `[10]`, `[1e]`},
		{"minus sign alone", `[1]`, `[-]`},
		{"fraction then an exponent mark", `[1.55]`, `[1.5e]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := snapshotOf(t, tc.src)
			copy(s[len(s)-len(tc.bad):], tc.bad)
			var d Doc
			if _, err := d.LoadSnapshot(resum(s)); !errors.Is(err, ErrSnapshot) {
				t.Fatalf("err = %v, want ErrSnapshot", err)
			}
		})
	}
}

// TestSnapshotLaxText: text that only lax Options accept (invalid UTF-8,
// lone surrogates) loads into a Doc with those Options, and every read of
// it works as on the Doc Parse builds.
func TestSnapshotLaxText(t *testing.T) {
	opts := Options{AllowInvalidUTF8: true, AllowLoneSurrogates: true}
	src := "{\"\xff\":\"\\ud800\",\"k\":[\"a\xffb\",1e2,-0.5],\"\\udc00x\":{\"\xfe\":null}}"
	p := New(opts)
	pr, err := p.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := p.AppendSnapshot(nil, pr)
	d := New(opts)
	r, err := d.LoadSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	for n := uint32(1); int(n) < len(d.nodes); n++ {
		i, j := d.ref(n), p.ref(n)
		s1, e1 := d.AppendString(nil, i)
		s2, e2 := p.AppendString(nil, j)
		f1, g1 := d.Float64(i)
		f2, g2 := p.Float64(j)
		if string(s1) != string(s2) || e1 != e2 || f1 != f2 || g1 != g2 || d.Equals(i, "a\xffb") != p.Equals(j, "a\xffb") {
			t.Errorf("ref %d reads differently: %q %v %v %v, Parse's %q %v %v %v", i, s1, e1, f1, g1, s2, e2, f2, g2)
		}
	}
	if d.Get(r, "\xff") == 0 || d.Get(r, "k") == 0 {
		t.Error("member lookup failed")
	}
	c1, e1 := d.AppendCanonical(nil, r)
	c2, e2 := p.AppendCanonical(nil, pr)
	if string(c1) != string(c2) || (e1 == nil) != (e2 == nil) || e1 != nil && e1.Error() != e2.Error() || string(d.AppendIndent(nil, r, "", " ")) != string(p.AppendIndent(nil, pr, "", " ")) {
		t.Errorf("printing differs: %q %v, Parse's %q %v", c1, e1, c2, e2)
	}
	for _, doc := range []*Doc{d, p} {
		root := doc.ref(1)
		m, _ := doc.Append([]byte("{\"\xff\":2,\"\\udc00x\":{\"y\":1}}"))
		if err := doc.Merge(root, m); err != nil {
			t.Fatal(err)
		}
		mp, _ := doc.Append([]byte("{\"k\":null,\"\\udc00x\":{\"\xfe\":null}}"))
		if err := doc.MergePatch(root, mp); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := d.AppendJSON(nil, d.ref(1)), p.AppendJSON(nil, p.ref(1)); string(a) != string(b) {
		t.Errorf("merged: %q, Parse's Doc %q", a, b)
	}
}

func TestSnapshotLimits(t *testing.T) {
	deep := snapshotOf(t, strings.Repeat("[", 100)+strings.Repeat("]", 100))
	d := New(Options{MaxDepth: 99})
	if _, err := d.LoadSnapshot(deep); !errors.Is(err, ErrLimit) {
		t.Fatalf("depth: err = %v, want ErrLimit", err)
	}
	d = New(Options{MaxDepth: 100})
	if _, err := d.LoadSnapshot(deep); err != nil {
		t.Fatalf("depth at the limit: %v", err)
	}
	d = New(Options{MaxNodes: 99})
	if _, err := d.LoadSnapshot(deep); !errors.Is(err, ErrLimit) {
		t.Fatalf("nodes: err = %v, want ErrLimit", err)
	}
	d = New(Options{RejectDuplicateNames: true})
	if _, err := d.LoadSnapshot(snapshotOf(t, `{"a":1,"b":{"a":2,"\u0061":3}}`)); !errors.Is(err, ErrSyntax) {
		t.Fatalf("duplicate names: err = %v, want ErrSyntax", err)
	}
	bad := snapshotOf(t, `{"a":1}`)
	copy(bad[len(bad)-3:], `1,}`)
	if _, err := d.LoadSnapshot(resum(bad)); !errors.Is(err, ErrSnapshot) || errors.Is(err, ErrSyntax) {
		t.Fatalf("bad text with RejectDuplicateNames: err = %v, want ErrSnapshot alone", err)
	}
	lax := New(Options{AllowInvalidUTF8: true})
	r, _ := lax.Parse([]byte("[\"\xff\"]"))
	snap, _ := lax.AppendSnapshot(nil, r)
	var strict Doc
	if _, err := strict.LoadSnapshot(snap); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("invalid UTF-8 in a strict Doc: err = %v, want ErrSnapshot", err)
	}
	if _, err := New(Options{AllowInvalidUTF8: true}).LoadSnapshot(snap); err != nil {
		t.Fatalf("invalid UTF-8 in a lax Doc: %v", err)
	}
}

// TestSnapshotAllocs: warm snapshot writing and loading allocate nothing.
func TestSnapshotAllocs(t *testing.T) {
	var d, loaded Doc
	r, _ := d.Parse([]byte(snapshotDocs[10]))
	snap, _ := d.AppendSnapshot(nil, r)
	loaded.LoadSnapshot(snap)
	if n := testing.AllocsPerRun(100, func() { snap, _ = d.AppendSnapshot(snap[:0], r) }); n != 0 {
		t.Errorf("AppendSnapshot: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { loaded.LoadSnapshot(snap) }); n != 0 {
		t.Errorf("LoadSnapshot: %v allocations, want 0", n)
	}
}

func TestSnapshotCorpus(t *testing.T) {
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "shared", "corpus")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Skip("no corpus (set GRAFT_CORPUS)")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var d, loaded, fresh Doc
			r, err := d.Parse(src)
			if err != nil {
				t.Skip("not valid JSON")
			}
			snap, err := d.AppendSnapshot(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := loaded.LoadSnapshot(snap); err != nil {
				t.Fatal(err)
			}
			fresh.Parse(d.AppendJSON(nil, r))
			sameArena(t, &loaded, &fresh)
		})
	}
}

// BenchmarkSnapshot compares loading a snapshot with parsing the same
// document (see bench/ for the peers), and times the parts of a load
// apart: the checksum over the snapshot, Parse of its compact text (and
// that parse's first pass alone, which copies the text and checks its
// strings), and comparing node bytes; and copying the snapshot, the floor
// of any load that copies.
func BenchmarkSnapshot(b *testing.B) {
	dir := os.Getenv("GRAFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "shared", "corpus")
	}
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Skip("no corpus (set GRAFT_CORPUS)")
		}
		var d Doc
		r, _ := d.Parse(src)
		snap, _ := d.AppendSnapshot(nil, r)
		b.Run(name+"/parse", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var p Doc
			for range b.N {
				p.Parse(src)
			}
		})
		b.Run(name+"/load", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var l Doc
			for range b.N {
				if _, err := l.LoadSnapshot(snap); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/checksum", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				if crc32.Update(crc32.Checksum(snap[:24], castagnoli), castagnoli, snap[snapHeader:]) != binary.LittleEndian.Uint32(snap[24:]) {
					b.Fatal("checksum mismatch")
				}
			}
		})
		text := snap[len(snap)-len(d.AppendJSON(nil, r)):]
		b.Run(name+"/textpass", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			var buf []byte
			var ends []uint32
			for range b.N {
				var res wire.CompactResult
				if buf, ends, res = wire.Compact(buf[:0], ends[:0], text, 0); !res.OK {
					b.Fatal("not compact")
				}
			}
		})
		b.Run(name+"/parse-compact", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			var p Doc
			for range b.N {
				if _, err := p.Parse(text); err != nil {
					b.Fatal(err)
				}
			}
		})
		nodeBytes := snap[snapHeader : len(snap)-len(text)]
		b.Run(name+"/compare-nodes", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			other := bytes.Clone(nodeBytes)
			for range b.N {
				if !bytes.Equal(other, nodeBytes) {
					b.Fatal("differ")
				}
			}
		})
		b.Run(name+"/copy", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			buf := make([]byte, len(snap))
			for range b.N {
				if copy(buf, snap) != len(snap) {
					b.Fatal("short copy")
				}
			}
		})
	}
}

// A Ref from before LoadSnapshot does not reach into what it loaded, as
// after Parse.
func TestSnapshotStaleRefs(t *testing.T) {
	var d Doc
	old, err := d.Parse([]byte(`{"a":1}`))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := d.AppendSnapshot(nil, old)
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.LoadSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Text(old); !errors.Is(err, ErrStale) {
		t.Errorf("a Ref from before the load: %v, want ErrStale", err)
	}
	if got := string(d.AppendJSON(nil, r)); got != `{"a":1}` {
		t.Errorf("loaded %s", got)
	}
}
