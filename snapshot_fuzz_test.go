package graft

import (
	"bytes"
	"testing"
)

// FuzzLoadSnapshot: no input panics, every read of whatever loads works,
// and what loads is a Doc Parse could have built: printing it, parsing the text and writing a snapshot
// again gives back the input byte for byte.
func FuzzLoadSnapshot(f *testing.F) {
	for _, src := range snapshotDocs {
		var d Doc
		r, _ := d.Parse([]byte(src))
		snap, _ := d.AppendSnapshot(nil, r)
		f.Add(snap)
		f.Add(snap[:len(snap)/2])
	}
	f.Fuzz(func(t *testing.T, snap []byte) {
		tries := [][]byte{snap}
		if len(snap) >= snapHeader {
			// Past the checksum, as a crafted snapshot would be.
			tries = append(tries, resum(bytes.Clone(snap)))
		}
		for _, s := range tries {
			var d Doc
			r, err := d.LoadSnapshot(s)
			if err != nil {
				continue
			}
			for n := uint32(1); int(n) < len(d.nodes); n++ { // every read works
				i := d.ref(n)
				d.AppendString(nil, i)
				d.Int64(i)
				d.Uint64(i)
				d.Float64(i)
				d.Equals(i, "a")
				d.Get(i, "a")
			}
			var p Doc
			pr, err := p.Parse(d.AppendJSON(nil, r))
			if err != nil {
				t.Fatalf("loaded snapshot prints invalid JSON: %v", err)
			}
			again, err := p.AppendSnapshot(nil, pr)
			if err != nil || !bytes.Equal(again, s) {
				t.Fatalf("snapshot of the reparsed text differs (%v):\n%x\n%x", err, s, again)
			}
		}
	})
}

// FuzzSnapshotRoundTrip: every document that parses snapshots and loads
// back to the arena Parse builds from its compact text.
func FuzzSnapshotRoundTrip(f *testing.F) {
	for _, src := range snapshotDocs {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var d, loaded, fresh Doc
		r, err := d.Parse(src)
		if err != nil {
			return
		}
		snap, err := d.AppendSnapshot(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := loaded.LoadSnapshot(snap); err != nil {
			t.Fatalf("LoadSnapshot: %v", err)
		}
		fresh.Parse(d.AppendJSON(nil, r))
		sameArena(t, &loaded, &fresh)
	})
}
