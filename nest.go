package graft

// Deep recursion. A merge and a merge patch recurse once per level of the
// values they merge. Inputs nest at most Options.MaxDepth levels, but code
// that builds values call by call (Set, AppendItem, MergeAt in a loop) can
// nest them millions of levels deep, and a goroutine that runs out of stack
// dies with a fatal error, which no recover catches. So every 4096 levels
// the recursion goes on on a new goroutine, with a stack of its own, while
// the one before waits: a deep merge takes 0.3 to 0.5 KiB of goroutine
// stack per level, but no stack grows past 2 MiB. The printers recurse up
// to maxRecursion levels and then keep their open containers on a stack of
// their own; the other walks over values (Copy, the cycle check, equality,
// Patch's counts) always do.

// the recursive steps of merges (see nested)
const (
	stepMerge = iota
	stepMergePatch
	stepPatchOntoEmpty
)

// mergeNested merges value si into value di one level down a merge, whose
// position d.merging.path has just been extended.
func (d *Doc) mergeNested(di, si uint32) error {
	if len(d.merging.path)&hopMask != 0 {
		return d.merge(di, si)
	}
	return d.hop(stepMerge, di, si)
}

// patchNested runs step one level down a merge patch.
func (d *Doc) patchNested(step int, t, p uint32) error {
	d.merging.nest++
	var err error
	if d.merging.nest&hopMask != 0 {
		err = d.nested(step, t, p)
	} else {
		err = d.hop(step, t, p)
	}
	d.merging.nest--
	return err
}

// hop runs step on a new goroutine and waits for it. A panic there (only
// an arena past its limits panics) is passed on to this goroutine.
func (d *Doc) hop(step int, a, b uint32) error {
	var err error
	var p any
	done := make(chan struct{})
	go func() {
		defer func() {
			p = recover()
			close(done)
		}()
		err = d.nested(step, a, b)
	}()
	<-done
	if p != nil {
		panic(p)
	}
	return err
}

// nested runs step: merge(a, b), mergePatch(a, b) or patchOntoEmpty(a).
func (d *Doc) nested(step int, a, b uint32) error {
	switch step {
	case stepMerge:
		return d.merge(a, b)
	case stepMergePatch:
		return d.mergePatch(a, b)
	}
	return d.patchOntoEmpty(a)
}
