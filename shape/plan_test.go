package shape_test

import (
	"runtime"
	"testing"

	"github.com/graftjson/graft/shape"
)

// New's memory is linear in the depth of the Type tree: a position's
// description (for error messages) is built only when an error needs it.
// Before, every position extended its parent's description string, and
// 20,000 nested objects allocated over 400 MB.
func TestNewMemoryLinearInDepth(t *testing.T) {
	for _, tc := range []struct {
		name   string
		depth  int
		budget uint64 // MB
	}{
		{"2,000 nested objects", 2000, 8},
		{"20,000 nested objects", 20000, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cur := obj("U", f_("v", tInt))
			for i := 0; i < tc.depth; i++ {
				cur = obj("U", f_("f", cur))
			}
			root := obj("Query", f_("u", cur))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := shape.New(root, shape.Options{})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > tc.budget {
				t.Errorf("New of a %d-deep type tree allocated %d MB, budget %d MB", tc.depth, mb, tc.budget)
			}
		})
	}
}
