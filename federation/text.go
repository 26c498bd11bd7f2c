package federation

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/graftjson/graft/resolve"
	"github.com/vektah/gqlparser/v2/ast"
)

// describe writes the upstream operation of a planned fetch.
func (p *planner) describe(f *fetch) (*resolve.Fetch, error) {
	d := &resolve.Fetch{Upstream: p.s.graphName(f.graph), Path: f.path, OperationName: p.operationName(f)}
	var vars []string
	body := p.body[:0] // scratch, reused from fetch to fetch
	switch {
	case f.graph < 0:
		used := map[string]bool{}
		body = append(body, " {"...)
		for _, cf := range f.intro {
			body = appendAST(body, cf.field, used)
		}
		body = append(body, " }"...)
		for _, v := range p.op.VariableDefinitions {
			if used[v.Variable] {
				vars = append(vars, v.Variable)
			}
		}
		d.OperationName = ""
	case f.root:
		body = appendSel(body, f.sel)
		vars = p.variables(f.sel)
	default:
		all := &usel{}
		cases := make([]ucase, 0, len(f.cases))
		d.Entities = make([]resolve.Entity, 0, len(f.cases))
		for _, c := range f.cases {
			d.Entities = append(d.Entities, resolve.Entity{Type: c.typ, Typename: typenameIf(c), Fields: c.fields, Within: c.within})
			if all.findCase(c.typename) == nil {
				cases = append(cases, ucase{typ: c.typename, sel: c.sel})
				all.cases = append(all.cases, &cases[len(cases)-1])
			}
		}
		d.Entities = p.concreteCases(f, d.Entities)
		body = append(body, " { _entities(representations: $representations)"...)
		body = appendSel(body, all)
		body = append(body, " }"...)
		vars = p.variables(all)
	}
	d.Variables = vars
	if !f.root && slices.Contains(vars, "representations") {
		return nil, planError(`The variable "$representations" cannot be used where the gateway fetches entities: the name is taken by the entity fetch.`, p.op.VariableDefinitions.ForName("representations").Position)
	}
	p.body = body
	op := p.text[:0]
	if f.root && f.graph >= 0 && p.op.Operation == ast.Mutation {
		op = append(op, "mutation"...)
	} else {
		op = append(op, "query"...)
	}
	if d.OperationName != "" {
		op = append(op, ' ')
		op = append(op, d.OperationName...)
	}
	if !f.root || len(vars) > 0 {
		op = append(op, '(')
		first := true
		if !f.root {
			op = append(op, "$representations: [_Any!]!"...)
			first = false
		}
		for _, name := range vars {
			v := p.op.VariableDefinitions.ForName(name)
			if !first {
				op = append(op, ", "...)
			}
			first = false
			op = append(op, '$')
			op = append(op, name...)
			op = append(op, ": "...)
			op = append(op, v.Type.String()...)
			if v.DefaultValue != nil {
				op = append(op, " = "...)
				op = appendValue(op, v.DefaultValue)
			}
		}
		op = append(op, ')')
	}
	op = append(op, body...)
	p.text = op
	d.Operation = string(op)
	return d, nil
}

// concreteCases extends the entities of an entity fetch whose objects are
// those of an @interfaceObject (typed with the interface's name) to the
// interface's implementations: the fetch that learns their concrete type
// runs next to the others at the same path and rewrites "__typename" in
// the data, so a fetch that starts after it must still find them.
func (p *planner) concreteCases(f *fetch, es []resolve.Entity) []resolve.Entity {
	if f.concrete {
		return es
	}
	for _, c := range f.cases {
		iface := p.s.api.Types[c.typ]
		if iface == nil || iface.Kind != ast.Interface {
			continue
		}
	next:
		for _, pt := range p.s.api.GetPossibleTypes(iface) {
			for _, e := range es {
				if e.Type == pt.Name && slices.Equal(e.Within, c.within) {
					continue next
				}
			}
			es = append(es, resolve.Entity{Type: pt.Name, Typename: c.typename, Fields: c.fields, Within: c.within})
		}
	}
	return es
}

func typenameIf(c *entityCase) string {
	if c.typename == c.typ {
		return ""
	}
	return c.typename
}

// appendSel appends " { … }" for a selection set: fields, then the inline
// fragments; " { __typename }" when it is empty (the client selected only
// __typename there, which the response shape answers).
func appendSel(b []byte, u *usel) []byte {
	if len(u.fields) == 0 && len(u.cases) == 0 {
		return append(b, " { __typename }"...)
	}
	b = append(b, " {"...)
	for _, f := range u.fields {
		b = append(b, ' ')
		if f.resp != f.name {
			b = append(b, f.resp...)
			b = append(b, ": "...)
		}
		b = append(b, f.name...)
		b = appendArgs(b, f.args)
		for _, d := range f.conds {
			b = append(b, " @"...)
			b = append(b, d.Name...)
			b = appendArgs(b, d.Arguments)
		}
		if f.sub != nil {
			b = appendSel(b, f.sub)
		}
	}
	for _, c := range u.cases {
		b = append(b, " ... on "...)
		b = append(b, c.typ...)
		b = appendSel(b, c.sel)
	}
	return append(b, " }"...)
}

func appendArgs(b []byte, args ast.ArgumentList) []byte {
	if len(args) == 0 {
		return b
	}
	b = append(b, '(')
	for i, a := range args {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, a.Name...)
		b = append(b, ": "...)
		b = appendValue(b, a.Value)
	}
	return append(b, ')')
}

// appendAST appends a client field as written, with fragment spreads
// turned into inline fragments, and records the variables it uses.
func appendAST(b []byte, sel ast.Selection, used map[string]bool) []byte {
	switch s := sel.(type) {
	case *ast.Field:
		b = append(b, ' ')
		if s.Alias != "" && s.Alias != s.Name {
			b = append(b, s.Alias...)
			b = append(b, ": "...)
		}
		b = append(b, s.Name...)
		for _, a := range s.Arguments {
			valueVars(a.Value, used)
		}
		b = appendArgs(b, s.Arguments)
		b = appendDirectives(b, s.Directives, used)
		b = appendASTSet(b, s.SelectionSet, used)
	case *ast.InlineFragment:
		b = append(b, " ..."...)
		if s.TypeCondition != "" {
			b = append(b, " on "...)
			b = append(b, s.TypeCondition...)
		}
		b = appendDirectives(b, s.Directives, used)
		b = appendASTSet(b, s.SelectionSet, used)
	case *ast.FragmentSpread:
		if s.Definition == nil {
			return b
		}
		b = append(b, " ... on "...)
		b = append(b, s.Definition.TypeCondition...)
		b = appendDirectives(b, s.Directives, used)
		b = appendASTSet(b, s.Definition.SelectionSet, used)
	}
	return b
}

func appendASTSet(b []byte, set ast.SelectionSet, used map[string]bool) []byte {
	if len(set) == 0 {
		return b
	}
	b = append(b, " {"...)
	for _, s := range set {
		b = appendAST(b, s, used)
	}
	return append(b, " }"...)
}

func appendDirectives(b []byte, ds ast.DirectiveList, used map[string]bool) []byte {
	for _, d := range ds {
		if d.Name != "skip" && d.Name != "include" {
			continue
		}
		for _, a := range d.Arguments {
			valueVars(a.Value, used)
		}
		b = append(b, " @"...)
		b = append(b, d.Name...)
		b = appendArgs(b, d.Arguments)
	}
	return b
}

// appendValue appends a GraphQL value literal.
func appendValue(b []byte, v *ast.Value) []byte {
	switch v.Kind {
	case ast.Variable:
		return append(append(b, '$'), v.Raw...)
	case ast.StringValue, ast.BlockValue:
		return appendString(b, v.Raw)
	case ast.ListValue:
		b = append(b, '[')
		for i, c := range v.Children {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendValue(b, c.Value)
		}
		return append(b, ']')
	case ast.ObjectValue:
		b = append(b, '{')
		for i, c := range v.Children {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, c.Name...)
			b = append(b, ": "...)
			b = appendValue(b, c.Value)
		}
		return append(b, '}')
	}
	return append(b, v.Raw...) // Int, Float, Boolean, Enum, null
}

// valueText is the literal text of a value (nil: empty), for comparisons.
func valueText(b []byte, v *ast.Value) string {
	if v == nil {
		return ""
	}
	return string(appendValue(b, v))
}

// appendString appends s as a GraphQL string literal: quotes, backslashes
// and control characters escaped, the rest as UTF-8.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		case c < utf8.RuneSelf:
			b = append(b, c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
			continue
		}
		i++
	}
	return append(b, '"')
}

// AppendText appends a readable listing of the plan's fetch tree to dst
// (resolve.Plan.AppendText): one block per Sequence, Parallel and Fetch;
// each fetch names its subgraph, the path its result goes to, the types
// and fields of its representations, the forwarded variables and its
// operation.
func (q *QueryPlan) AppendText(dst []byte) []byte { return q.Exec.AppendText(dst) }

// variables returns the names of the client variables a selection uses, in
// the order the operation defines them.
func (p *planner) variables(u *usel) []string {
	used := map[string]bool{}
	var walk func(u *usel)
	walk = func(u *usel) {
		for _, f := range u.fields {
			for _, a := range f.args {
				valueVars(a.Value, used)
			}
			for _, d := range f.conds {
				for _, a := range d.Arguments {
					valueVars(a.Value, used)
				}
			}
			if f.sub != nil {
				walk(f.sub)
			}
		}
		for _, c := range u.cases {
			walk(c.sel)
		}
	}
	walk(u)
	var out []string
	for _, v := range p.op.VariableDefinitions {
		if used[v.Variable] {
			out = append(out, v.Variable)
		}
	}
	return out
}

func valueVars(v *ast.Value, used map[string]bool) {
	if v == nil {
		return
	}
	if v.Kind == ast.Variable {
		used[v.Raw] = true
	}
	for _, c := range v.Children {
		valueVars(c.Value, used)
	}
}

// operationName returns the name of the i-th upstream operation, derived
// from the client's operation name; empty for an anonymous operation.
func (p *planner) operationName(f *fetch) string {
	if p.op.Name == "" {
		return ""
	}
	name := p.s.graphName(f.graph)
	b := make([]byte, 0, len(p.op.Name)+len(name)+8)
	b = append(append(b, p.op.Name...), "__"...)
	for _, r := range name {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b = append(b, byte(r))
		} else {
			b = append(b, '_')
		}
	}
	b = strconv.AppendInt(append(b, "__"...), int64(f.id), 10)
	return string(b)
}
