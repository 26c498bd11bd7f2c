package bench

// graft's rows of the transform scenarios (S6 patch, S7 merge patch, S8
// canonical). Each reuses one Doc from op to op, as a server reuses a
// pooled Doc from request to request, and parses its inputs inside the
// op, as the peers do.

import (
	"testing"

	"github.com/graftjson/graft"
)

func init() {
	s6Rows = append(s6Rows, opRow{name: "graft", valueOnly: true, setup: setupS6Graft})
	s7Rows = append(s7Rows, opRow{name: "graft", valueOnly: true, setup: setupS7Graft})
	s8Rows = append(s8Rows, fileRow{name: "graft", setup: setupS8Graft})
	s9Rows = append(s9Rows, opRow{name: "graft", setup: setupS9Graft})
}

// setupS9Graft builds the object in a reused Doc with one Set per member.
func setupS9Graft(testing.TB) op {
	names := s9Current.names
	var d graft.Doc
	return func(dst []byte) ([]byte, error) {
		d.Reset()
		o := d.NewObject()
		for i, name := range names {
			if err := d.Set(o, name, d.NewInt(int64(i))); err != nil {
				return dst, err
			}
		}
		return d.AppendJSON(dst, o), nil
	}
}

func setupS6Graft(tb testing.TB) op {
	doc, patch, _ := s6Inputs(tb)
	var d graft.Doc
	return func(dst []byte) ([]byte, error) {
		root, err := d.Parse(doc)
		if err != nil {
			return dst, err
		}
		ops, err := d.Append(patch)
		if err != nil {
			return dst, err
		}
		if err := d.Patch(root, ops); err != nil {
			return dst, err
		}
		return d.AppendJSON(dst, root), nil
	}
}

func setupS7Graft(testing.TB) op {
	var d graft.Doc
	return func(dst []byte) ([]byte, error) {
		root, err := d.Parse(s7Config)
		if err != nil {
			return dst, err
		}
		patch, err := d.Append(s7Patch)
		if err != nil {
			return dst, err
		}
		if err := d.MergePatch(root, patch); err != nil {
			return dst, err
		}
		return d.AppendJSON(dst, root), nil
	}
}

func setupS8Graft(_ testing.TB, in []byte) op {
	var d graft.Doc
	return func(dst []byte) ([]byte, error) {
		root, err := d.Parse(in)
		if err != nil {
			return dst, err
		}
		return d.AppendCanonical(dst, root)
	}
}
