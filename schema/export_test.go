package schema

import "github.com/graftjson/graft"

// Passes runs the two passes of Validate apart on r: the valid-only pass
// (checked false when the plan does without it) and the reporting walk.
// Tests require them to agree.
func (p *Plan) Passes(d *graft.Doc, r graft.Ref) (checked, check, walk bool) {
	v := &vm{p: p, d: d}
	if p.check {
		v.quiet, v.maxSteps = 1, p.maxSteps
		checked, check = true, v.valid(p.root, r)
		v.reset()
		v.p, v.d = p, d
	}
	walk = v.eval(p.root, r, nil) && !v.limited
	return checked, check, walk
}
