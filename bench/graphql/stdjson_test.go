package graphqlbench

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft/shape"
)

// The stdjson-map row is what a Go service without a shaping library
// writes: decode the data into map[string]any (UseNumber, so that number
// text survives), walk the selection building the response as Go values,
// replace failed positions by nil as the nulls bubble up, and encode it
// with encoding/json. Its selection is a shape.Type tree written by hand
// for shapeQuery (the same tree package graphql builds from the schema and
// the document).

// stdPlan is shapeQuery's selection, with each field's location.
func stdPlan() *shape.Type {
	lines := strings.Split(shapeQuery, "\n")
	// f is the field name on the given line (counted from 1), read from the
	// data member key; alias "name: key" when the line aliases it.
	f := func(line int, name, key string, t *shape.Type) shape.Field {
		col := strings.Index(lines[line-1], name) + 1
		return shape.Field{Name: name, Key: key, Type: t, Loc: shape.Location{Line: line, Column: col}}
	}
	leaf := func(k shape.Kind, name string, nonNull bool) *shape.Type {
		return &shape.Type{Kind: k, Name: name, NonNull: nonNull}
	}
	typename := &shape.Type{Kind: shape.Typename}
	user := &shape.Type{Kind: shape.Object, Name: "User", Fields: []shape.Field{
		f(19, "id", "id", leaf(shape.ID, "ID", true)),
		f(19, "name", "name", leaf(shape.String, "String", false)),
	}}
	review := &shape.Type{Kind: shape.Object, Name: "Review", NonNull: true, Fields: []shape.Field{
		f(16, "id", "id", leaf(shape.ID, "ID", true)),
		f(17, "body", "body", leaf(shape.String, "String", true)),
		f(18, "rating", "stars", leaf(shape.Int, "Int", true)),
		f(19, "author", "author", user),
	}}
	media := &shape.Type{Kind: shape.Abstract, Name: "Media", Cases: []shape.Case{
		{Type: "Image", Fields: []shape.Field{f(11, "__typename", "", typename), f(12, "url", "url", leaf(shape.String, "String", false))}},
		{Type: "Video", Fields: []shape.Field{f(11, "__typename", "", typename), f(13, "length", "length", leaf(shape.Float, "Float", false))}},
	}}
	reviews := f(15, "reviews", "reviews", &shape.Type{Kind: shape.List, Of: review})
	reviews.If = shape.Cond{{{Var: "withReviews", Value: true}}}
	product := &shape.Type{Kind: shape.Object, Name: "Product", Fields: []shape.Field{
		f(3, "__typename", "", typename),
		f(4, "sku", "id", leaf(shape.ID, "ID", true)),
		f(5, "name", "name", leaf(shape.String, "String", true)),
		f(6, "price", "price", leaf(shape.Float, "Float", false)),
		f(7, "currency", "currency", &shape.Type{Kind: shape.Enum, Name: "Currency", Values: []string{"USD", "EUR"}}),
		f(8, "inStock", "inStock", leaf(shape.Boolean, "Boolean", true)),
		f(9, "tags", "tags", &shape.Type{Kind: shape.List, Of: leaf(shape.String, "String", true)}),
		f(10, "media", "media", media),
		reviews,
	}}
	return &shape.Type{Kind: shape.Object, Name: "Query", Fields: []shape.Field{
		f(2, "products", "products", &shape.Type{Kind: shape.List, NonNull: true, Of: product}),
	}}
}

type stdResponse struct {
	Errors []stdError `json:"errors,omitempty"`
	Data   any        `json:"data"`
}

type stdLocation struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type stdError struct {
	Message   string        `json:"message"`
	Locations []stdLocation `json:"locations"`
	Path      []any         `json:"path"`
}

// stdObject is a response object: its members in selection order.
type stdObject struct {
	names  []string
	values []any
}

func (o *stdObject) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, name := range o.names {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(name)
		v, err := json.Marshal(o.values[i])
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

type stdWalker struct {
	vars   map[string]bool
	errors []stdError
	path   []any
}

func (w *stdWalker) fail(msg string, f *shape.Field) {
	w.errors = append(w.errors, stdError{Message: msg, Locations: []stdLocation{{f.Loc.Line, f.Loc.Column}}, Path: slices.Clone(w.path)})
}

func (w *stdWalker) holds(c shape.Cond) bool {
	if len(c) == 0 {
		return true
	}
	for _, clause := range c {
		ok := true
		for _, t := range clause {
			ok = ok && w.vars[t.Var] == t.Value
		}
		if ok {
			return true
		}
	}
	return false
}

// object completes the selection fields of an object of type typeName. It
// reports false when a non-null field failed: the object is null.
func (w *stdWalker) object(typeName string, fields []shape.Field, m map[string]any) (any, bool) {
	o := &stdObject{}
	for i := range fields {
		f := &fields[i]
		if !w.holds(f.If) {
			continue
		}
		o.names = append(o.names, f.Name)
		if f.Type.Kind == shape.Typename {
			o.values = append(o.values, typeName)
			continue
		}
		w.path = append(w.path, f.Name)
		v, ok := w.complete(f.Type, m[f.Key], f, typeName)
		w.path = w.path[:len(w.path)-1]
		if !ok {
			return nil, false
		}
		o.values = append(o.values, v)
	}
	return o, true
}

// complete completes the value v of type t of field f of an object of type
// parent. It reports false when the null must propagate to the parent.
func (w *stdWalker) complete(t *shape.Type, v any, f *shape.Field, parent string) (any, bool) {
	if v == nil {
		if t.NonNull {
			w.fail("Cannot return null for non-nullable field "+parent+"."+f.Key+".", f)
			return nil, false
		}
		return nil, true
	}
	out, ok := any(nil), false
	switch t.Kind {
	case shape.List:
		items, isList := v.([]any)
		if !isList {
			w.fail(`Expected Iterable, but did not find one for field "`+parent+"."+f.Key+`".`, f)
			break
		}
		list := make([]any, len(items))
		ok = true
		for i, item := range items {
			w.path = append(w.path, i)
			list[i], ok = w.complete(t.Of, item, f, parent)
			w.path = w.path[:len(w.path)-1]
			if !ok {
				break
			}
		}
		out = list
	case shape.Object, shape.Abstract:
		m, isObject := v.(map[string]any)
		if !isObject {
			w.fail(`Expected value of type "`+t.Name+`" but got: `+inspect(v)+".", f)
			break
		}
		name, fields := t.Name, t.Fields
		if t.Kind == shape.Abstract {
			tn, _ := m["__typename"].(string)
			i := slices.IndexFunc(t.Cases, func(c shape.Case) bool { return c.Type == tn })
			if i < 0 {
				w.fail(`Abstract type "`+t.Name+`" must resolve to an Object type at runtime for field "`+parent+"."+f.Key+`".`, f)
				break
			}
			name, fields = tn, t.Cases[i].Fields
		}
		out, ok = w.object(name, fields, m)
	default:
		var msg string
		if out, msg = leaf(t, v); msg != "" {
			w.fail(msg, f)
		} else {
			ok = true
		}
	}
	if ok {
		return out, true
	}
	return nil, !t.NonNull
}

// leaf coerces a scalar or enum value, or returns the error message.
func leaf(t *shape.Type, v any) (any, string) {
	switch x := v.(type) {
	case string:
		switch t.Kind {
		case shape.String, shape.ID, shape.Custom:
			return x, ""
		case shape.Enum:
			if slices.Contains(t.Values, x) {
				return x, ""
			}
			return nil, `Enum "` + t.Name + `" cannot represent value: ` + inspect(v)
		}
	case bool:
		switch t.Kind {
		case shape.Boolean, shape.Custom:
			return x, ""
		case shape.String:
			return strconv.FormatBool(x), ""
		}
	case json.Number:
		f, err := x.Float64()
		finite := err == nil && !math.IsInf(f, 0)
		switch t.Kind {
		case shape.Float, shape.Custom:
			if finite {
				return x, ""
			}
		case shape.Int:
			if finite && f == math.Trunc(f) && f >= math.MinInt32 && f <= math.MaxInt32 {
				return json.Number(strconv.FormatInt(int64(f), 10)), ""
			}
		case shape.ID:
			if _, err := x.Int64(); err == nil {
				return string(x), ""
			}
		case shape.Boolean:
			if finite {
				return f != 0, ""
			}
		}
	default:
		if t.Kind == shape.Custom {
			return x, ""
		}
	}
	return nil, t.Name + " cannot represent value: " + inspect(v)
}

func inspect(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// render renders the decoded data through plan.
func (w *stdWalker) render(plan *shape.Type, data any) ([]byte, error) {
	w.errors, w.path = w.errors[:0], w.path[:0]
	m, _ := data.(map[string]any)
	resp := stdResponse{}
	if v, ok := w.object(plan.Name, plan.Fields, m); ok {
		resp.Data = v
	}
	resp.Errors = w.errors
	return json.Marshal(resp)
}

func decodeStd(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

func setupStdParseRender(testing.TB) op {
	plan := stdPlan()
	w := &stdWalker{vars: map[string]bool{"withReviews": true}}
	return func(dst []byte) ([]byte, error) {
		data, err := decodeStd(shaping.data)
		if err != nil {
			return dst, err
		}
		return w.render(plan, data)
	}
}

func setupStdRender(tb testing.TB) op {
	plan := stdPlan()
	w := &stdWalker{vars: map[string]bool{"withReviews": true}}
	data, err := decodeStd(shaping.data)
	if err != nil {
		tb.Fatal(err)
	}
	return func([]byte) ([]byte, error) { return w.render(plan, data) }
}
