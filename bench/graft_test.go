package bench

// graft's rows of every scenario. Each reuses one Doc from op to op, the way
// a server reuses a pooled Doc from request to request.

import (
	"fmt"
	"testing"

	"github.com/graftjson/graft"
)

func init() {
	s1Rows = append(s1Rows, opRow{name: "graft", setup: setupS1Graft})
	s2Rows = append(s2Rows, fileRow{name: "graft", setup: setupS2Graft})
	s3Rows = append(s3Rows, parseRow{name: "graft", setup: setupS3Graft})
	s4Rows = append(s4Rows, opRow{name: "graft", setup: setupS4Graft})
	s5Rows = append(s5Rows, fieldsRow{name: "graft", setup: setupS5Graft})
	memoryRows = append(memoryRows, memoryRow{name: "graft", setup: setupMemoryGraft})
	addKernelRows()
}

// setupS1Graft parses the four documents into one Doc and merges with the
// replace policy, as S1 requires.
func setupS1Graft(testing.TB) op {
	d := graft.New(graft.Options{Conflict: graft.ConflictReplace})
	return func(dst []byte) ([]byte, error) {
		root, err := d.Parse(s1BaseBytes)
		if err != nil {
			return dst, err
		}
		for _, m := range []struct {
			at  string
			doc []byte
		}{{"/b", s1AtBBytes}, {"/b/c", s1AtBCBytes}} {
			v, err := d.Append(m.doc)
			if err != nil {
				return dst, err
			}
			if err := d.MergeAt(root, m.at, v); err != nil {
				return dst, err
			}
		}
		b, err := d.Append(s1BoolBytes)
		if err != nil {
			return dst, err
		}
		if err := d.MergeAt(root, "/b/c/d", d.Get(b, s1PathBool...)); err != nil {
			return dst, err
		}
		return d.AppendJSON(dst, root), nil
	}
}

func setupS2Graft(_ testing.TB, in []byte) op {
	var d graft.Doc
	return func(dst []byte) ([]byte, error) {
		root, err := d.Parse(in)
		if err != nil {
			return dst, err
		}
		return d.AppendJSON(dst, root), nil
	}
}

func setupS3Graft(_ testing.TB, in []byte) (func() error, func() error) {
	var d graft.Doc
	var root graft.Ref
	parse := func() (err error) {
		root, err = d.Parse(in)
		return err
	}
	return parse, func() error { return checkPrinted(in, d.AppendJSON(nil, root), false) }
}

// setupS4Graft parses both responses into one Doc and splices with
// MergeEach, the operation made for the _entities pattern.
func setupS4Graft(testing.TB) op {
	var d graft.Doc
	targets := make([]graft.Ref, 0, s4Items)
	return func(dst []byte) ([]byte, error) {
		a, err := d.Parse(s4Products)
		if err != nil {
			return dst, err
		}
		b, err := d.Append(s4Entities)
		if err != nil {
			return dst, err
		}
		targets = targets[:0]
		for _, p := range d.Items(d.Get(a, s4ProductsPath...)) {
			targets = append(targets, p)
		}
		if err := d.MergeEach(targets, d.Get(b, s4EntitiesPath...)); err != nil {
			return dst, err
		}
		return d.AppendJSON(dst, d.Get(a, s4DataPath...)), nil
	}
}

func setupS5Graft(_ testing.TB, in []byte) func(*twitterFields) error {
	var d graft.Doc
	return func(f *twitterFields) (err error) {
		root, err := d.Parse(in)
		if err != nil {
			return err
		}
		if f.IDStr, err = d.AppendString(f.IDStr[:0], d.Get(root, s5IDStr...)); err != nil {
			return err
		}
		if f.ScreenName, err = d.AppendString(f.ScreenName[:0], d.Get(root, s5ScreenName...)); err != nil {
			return err
		}
		if f.RetweetCount, err = d.Int64(d.Get(root, s5Retweets...)); err != nil {
			return err
		}
		if f.SearchCount, err = d.Int64(d.Get(root, s5Count...)); err != nil {
			return err
		}
		f.Followers, err = d.Int64(d.Get(root, s5Followers...))
		return err
	}
}

func setupMemoryGraft(_ testing.TB, in []byte) (parse func() error, check func() error) {
	var d graft.Doc
	var root graft.Ref
	parse = func() (err error) {
		root, err = d.Parse(in)
		return err
	}
	check = func() error {
		if d.Size() > d.Cap() {
			return fmt.Errorf("Size %d > Cap %d", d.Size(), d.Cap())
		}
		return checkPrinted(in, d.AppendJSON(nil, root), false)
	}
	return parse, check
}
