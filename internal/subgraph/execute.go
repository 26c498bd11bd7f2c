package subgraph

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// executor runs one operation. Completing a value returns its JSON, or nil
// when it is null; ok is false when a non-null position got null, which
// the nearest nullable field above turns into null.
type executor struct {
	s    *Server
	ctx  context.Context
	vars map[string]any
	doc  *ast.QueryDocument
	errs gqlerror.List
}

func (e *executor) fail(path ast.Path, f *ast.Field, msg string) {
	err := &gqlerror.Error{Message: msg, Path: append(ast.Path(nil), path...)}
	if f.Position != nil {
		err.Locations = []gqlerror.Location{{Line: f.Position.Line, Column: f.Position.Column}}
	}
	e.errs = append(e.errs, err)
}

// object completes an object value: each collected field in order.
func (e *executor) object(t *ast.Definition, set ast.SelectionSet, v map[string]any, path ast.Path) (out []byte, ok bool) {
	out = append(out, '{')
	for i, f := range e.collect(t, set, nil) {
		if i > 0 {
			out = append(out, ',')
		}
		key, _ := json.Marshal(f.Alias)
		out = append(out, key...)
		out = append(out, ':')
		fpath := append(path, ast.PathName(f.Alias))
		val, fok := e.field(t, f, v, fpath)
		if !fok {
			if f.Definition.Type.NonNull {
				return nil, false
			}
			val = nil
		}
		if val == nil {
			val = []byte("null")
		}
		out = append(out, val...)
	}
	return append(out, '}'), true
}

func (e *executor) field(t *ast.Definition, f *ast.Field, v map[string]any, path ast.Path) ([]byte, bool) {
	if f.Name == "__typename" {
		b, _ := json.Marshal(t.Name)
		return b, true
	}
	args := f.ArgumentMap(e.vars)
	var val any
	var err error
	switch {
	case t == e.s.schema.Query && f.Name == "_service":
		val = map[string]any{"sdl": e.s.cfg.SDL}
	case t == e.s.schema.Query && f.Name == "_entities":
		val, err = e.entities(args)
	default:
		if r := e.s.cfg.Resolvers[t.Name+"."+f.Name]; r != nil {
			val, err = r(e.ctx, v, args)
		} else {
			val = v[f.Name]
		}
	}
	if err != nil {
		e.fail(path, f, err.Error())
		return nil, !f.Definition.Type.NonNull
	}
	return e.complete(f, f.Definition.Type, val, path)
}

func (e *executor) entities(args map[string]any) (any, error) {
	reps, _ := args["representations"].([]any)
	out := make([]any, len(reps))
	for i, r := range reps {
		rep, _ := r.(map[string]any)
		name, _ := rep["__typename"].(string)
		resolve := e.s.cfg.Entities[name]
		if resolve == nil {
			return nil, fmt.Errorf("no entity resolver for type %q", name)
		}
		obj, err := resolve(e.ctx, rep)
		if err != nil {
			return nil, err
		}
		if obj != nil {
			if _, ok := obj["__typename"]; !ok {
				c := make(map[string]any, len(obj)+1)
				for k, v := range obj {
					c[k] = v
				}
				c["__typename"] = name
				obj = c
			}
			out[i] = obj
		}
	}
	return out, nil
}

func (e *executor) complete(f *ast.Field, t *ast.Type, val any, path ast.Path) ([]byte, bool) {
	if t.NonNull {
		b, ok := e.complete(f, &ast.Type{NamedType: t.NamedType, Elem: t.Elem}, val, path)
		if ok && b == nil {
			if len(e.errs) == 0 || !samePath(e.errs[len(e.errs)-1].Path, path) {
				e.fail(path, f, "Cannot return null for non-nullable field "+f.ObjectDefinition.Name+"."+f.Name+".")
			}
			return nil, false
		}
		return b, ok
	}
	if val == nil {
		return nil, true
	}
	if t.Elem != nil {
		items, ok := val.([]any)
		if !ok {
			if m, isMaps := val.([]map[string]any); isMaps {
				items = make([]any, len(m))
				for i := range m {
					items[i] = m[i]
				}
			} else {
				e.fail(path, f, "expected a list")
				return nil, true
			}
		}
		out := []byte{'['}
		for i, item := range items {
			if i > 0 {
				out = append(out, ',')
			}
			b, ok := e.complete(f, t.Elem, item, append(path, ast.PathIndex(i)))
			if !ok {
				return nil, false
			}
			if b == nil {
				b = []byte("null")
			}
			out = append(out, b...)
		}
		return append(out, ']'), true
	}
	def := e.s.schema.Types[t.NamedType]
	switch def.Kind {
	case ast.Scalar, ast.Enum:
		b, err := json.Marshal(val)
		if err != nil {
			e.fail(path, f, err.Error())
			return nil, true
		}
		return b, true
	}
	obj, ok := val.(map[string]any)
	if !ok {
		e.fail(path, f, "expected an object")
		return nil, true
	}
	if def.IsAbstractType() {
		name, _ := obj["__typename"].(string)
		concrete := e.s.schema.Types[name]
		if concrete == nil || !possible(e.s.schema, def, concrete) {
			e.fail(path, f, "cannot resolve the type of "+strconv.Quote(name)+" for "+def.Name)
			return nil, true
		}
		def = concrete
	}
	return e.object(def, f.SelectionSet, obj, path)
}

func samePath(a, b ast.Path) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func possible(s *ast.Schema, abstract, concrete *ast.Definition) bool {
	for _, d := range s.GetPossibleTypes(abstract) {
		if d == concrete {
			return true
		}
	}
	return false
}

// collect is CollectFields of the specification: fields of one response
// name merged (their selection sets concatenated), in first-seen order.
func (e *executor) collect(t *ast.Definition, set ast.SelectionSet, out []*ast.Field) []*ast.Field {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if !e.included(s.Directives) {
				continue
			}
			merged := false
			for i, f := range out {
				if f.Alias == s.Alias {
					c := *f
					c.SelectionSet = append(append(ast.SelectionSet(nil), f.SelectionSet...), s.SelectionSet...)
					out[i] = &c
					merged = true
					break
				}
			}
			if !merged {
				out = append(out, s)
			}
		case *ast.InlineFragment:
			if e.included(s.Directives) && e.applies(s.TypeCondition, t) {
				out = e.collect(t, s.SelectionSet, out)
			}
		case *ast.FragmentSpread:
			if e.included(s.Directives) && s.Definition != nil && e.applies(s.Definition.TypeCondition, t) {
				out = e.collect(t, s.Definition.SelectionSet, out)
			}
		}
	}
	return out
}

func (e *executor) applies(cond string, t *ast.Definition) bool {
	if cond == "" || cond == t.Name {
		return true
	}
	d := e.s.schema.Types[cond]
	return d != nil && d.IsAbstractType() && possible(e.s.schema, d, t)
}

func (e *executor) included(ds ast.DirectiveList) bool {
	if d := ds.ForName("skip"); d != nil {
		if v, _ := d.ArgumentMap(e.vars)["if"].(bool); v {
			return false
		}
	}
	if d := ds.ForName("include"); d != nil {
		if v, _ := d.ArgumentMap(e.vars)["if"].(bool); !v {
			return false
		}
	}
	return true
}
