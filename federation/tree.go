package federation

import (
	"github.com/graftjson/graft/resolve"
	"github.com/vektah/gqlparser/v2/ast"
)

// tree turns the planned fetches into a fetch tree: the root groups run in
// parallel (a query) or one after another (a mutation, each with the
// fetches under it), and under each root fetch every fetch runs after the
// fetches it depends on.
func (p *planner) tree(groups []*fetch) (resolve.Node, error) {
	desc := make([]*resolve.Fetch, len(p.fetches))
	for _, f := range p.fetches {
		if f.parent != nil {
			f.addDep(f.parent)
		}
		d, err := p.describe(f)
		if err != nil {
			return nil, err
		}
		desc[f.id] = d
	}
	reduce(p.fetches)
	members := map[*fetch][]*fetch{} // root fetch -> the fetches under it
	for _, f := range p.fetches {
		r := f
		for r.parent != nil {
			r = r.parent
		}
		members[r] = append(members[r], f)
	}
	top := make([]resolve.Node, 0, len(groups))
	for _, g := range groups {
		n, err := subtree(g, members[g], desc)
		if err != nil {
			return nil, err
		}
		top = append(top, n)
	}
	if p.op.Operation == ast.Mutation {
		return sequence(top), nil
	}
	return parallel(top), nil
}

// reduce removes from each fetch's deps those that another dep depends on
// (transitively): the remaining ones say where the fetch sits in the tree.
func reduce(fetches []*fetch) {
	var reaches func(from, to *fetch, depth int) bool
	reaches = func(from, to *fetch, depth int) bool {
		if depth > len(fetches) {
			return false // a cycle; subtree reports it
		}
		for _, d := range from.deps {
			if d == to || reaches(d, to, depth+1) {
				return true
			}
		}
		return false
	}
	for _, f := range fetches {
		var kept []*fetch
		for _, d := range f.deps {
			implied := false
			for _, o := range f.deps {
				if o != d && reaches(o, d, 0) {
					implied = true
					break
				}
			}
			if !implied {
				kept = append(kept, d)
			}
		}
		f.deps = kept
	}
}

// subtree returns the node that runs the fetches members, all under the
// root fetch g: a tree of Sequence and Parallel when every fetch has one
// fetch it depends on, else one level after another.
func subtree(g *fetch, members []*fetch, desc []*resolve.Fetch) (resolve.Node, error) {
	forest := true
	children := map[*fetch][]*fetch{}
	for _, f := range members {
		if f == g {
			continue
		}
		if len(f.deps) != 1 {
			forest = false
			break
		}
		children[f.deps[0]] = append(children[f.deps[0]], f)
	}
	if forest {
		var build func(f *fetch) resolve.Node
		build = func(f *fetch) resolve.Node {
			kids := children[f]
			if len(kids) == 0 {
				return desc[f.id]
			}
			nodes := make([]resolve.Node, len(kids))
			for i, k := range kids {
				nodes[i] = build(k)
			}
			return sequence([]resolve.Node{desc[f.id], parallel(nodes)})
		}
		return build(g), nil
	}
	// Levels: a fetch's level is one more than its deepest dependency's.
	level := map[*fetch]int{}
	var depth func(f *fetch, seen int) (int, error)
	depth = func(f *fetch, seen int) (int, error) {
		if l, ok := level[f]; ok {
			return l, nil
		}
		if seen > len(members) {
			return 0, planError("Cannot plan the operation: its fetches depend on each other in a cycle.", nil)
		}
		l := 0
		for _, d := range f.deps {
			dl, err := depth(d, seen+1)
			if err != nil {
				return 0, err
			}
			l = max(l, dl+1)
		}
		level[f] = l
		return l, nil
	}
	var levels [][]resolve.Node
	for _, f := range members {
		l, err := depth(f, 0)
		if err != nil {
			return nil, err
		}
		for len(levels) <= l {
			levels = append(levels, nil)
		}
		levels[l] = append(levels[l], desc[f.id])
	}
	nodes := make([]resolve.Node, len(levels))
	for i, l := range levels {
		nodes[i] = parallel(l)
	}
	return sequence(nodes), nil
}

func sequence(nodes []resolve.Node) resolve.Node {
	switch len(nodes) {
	case 0:
		return nil
	case 1:
		return nodes[0]
	}
	return &resolve.Sequence{Nodes: nodes}
}

func parallel(nodes []resolve.Node) resolve.Node {
	switch len(nodes) {
	case 0:
		return nil
	case 1:
		return nodes[0]
	}
	return &resolve.Parallel{Nodes: nodes}
}
