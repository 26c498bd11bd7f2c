package shape_test

// Adversarial review (rev4): reproducers that fail on the current code.

import (
	"runtime"
	"testing"

	"github.com/graftjson/graft/shape"
)

// New builds a description string for every position (its "where", used
// only in error messages) by concatenating the parent's: memory quadratic
// in the depth of the type tree. 20,000 nested objects allocate over
// 400 MB; the budget here is 64 MB.
func TestReviewNewDeepTreeMemory(t *testing.T) {
	const depth = 20000
	cur := obj("U", f_("v", tInt))
	for i := 0; i < depth; i++ {
		cur = obj("U", f_("f", cur))
	}
	root := obj("Query", f_("u", cur))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := shape.New(root, shape.Options{})
	runtime.ReadMemStats(&after)
	mb := (after.TotalAlloc - before.TotalAlloc) >> 20
	t.Logf("New: err=%v, allocated %d MB", err, mb)
	if mb > 64 {
		t.Errorf("New of a %d-deep type tree allocated %d MB", depth, mb)
	}
}
