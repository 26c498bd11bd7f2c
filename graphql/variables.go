package graphql

import (
	"math"
	"slices"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// Variables coerces the variable values of a request, the JSON object vars
// in d (or the zero Ref, or null, for none), as CoerceVariableValues of the
// GraphQL specification does: every variable the operation defines is
// checked against its type, defaults fill in the missing ones, and members
// the operation does not define are ignored. It appends to dst the values
// of the Boolean variables that the plan's @skip and @include read, in the
// order of Plan().Variables(), ready for Render. Problems are a
// *RequestError, whose messages are graphql-js's.
func (o *Operation) Variables(dst []bool, d *graft.Doc, vars graft.Ref) ([]bool, error) {
	c := coercer{d: d, op: o}
	switch d.Kind(vars) {
	case graft.Invalid, graft.Null:
		vars = 0
	case graft.Object:
	default:
		return dst, &RequestError{Problems: []Problem{problem("Variables must be provided as an Object where each property is a variable value.")}}
	}
	// The client's values, found in one walk over its members (the last
	// of a name counts).
	var buf [8]graft.Ref
	values := buf[:0]
	if len(o.vars) > len(buf) {
		values = make([]graft.Ref, 0, len(o.vars))
	}
	values = values[:len(o.vars)]
	clear(values)
	if vars != 0 {
		var name []byte
		for nm, v := range d.Members(vars) {
			name, _ = d.AppendString(name[:0], nm)
			if i, ok := o.varIndex[string(name)]; ok {
				values[i] = v
			}
		}
	}
	for i, vd := range o.vars {
		c.def, c.at = vd, i
		v := values[i]
		switch k := d.Kind(v); {
		case k == graft.Invalid:
			if vd.DefaultValue == nil && vd.Type.NonNull {
				c.fail(`Variable "$` + vd.Variable + `" of required type "` + vd.Type.String() + `" was not provided.`)
			}
		case k == graft.Null && vd.Type.NonNull:
			c.fail(`Variable "$` + vd.Variable + `" of non-null type "` + vd.Type.String() + `" must not be null.`)
		default:
			c.path = c.path[:0]
			c.coerce(v, o.varTypes[i])
		}
	}
	// CollectFields evaluates the directives of selections that Compile
	// pruned by type too: a null "if" is an error there as well.
	for _, name := range o.ifVars {
		if i, ok := o.varIndex[name]; ok && d.Kind(values[i]) == graft.Null {
			c.def, c.at = o.vars[i], i
			c.fail(`Argument "if" of non-null type "Boolean!" must not be null.`)
			return dst, &RequestError{Problems: c.problems}
		}
	}
	if len(c.problems) > 0 {
		return dst, &RequestError{Problems: c.problems}
	}
	for _, name := range o.plan.Variables() {
		i, ok := o.varIndex[name]
		if !ok { // cannot happen: validation checks that variables are defined
			c.def, c.at = nil, -1
			c.fail(`Variable "$` + name + `" is not defined.`)
			return dst, &RequestError{Problems: c.problems}
		}
		vd, v := o.vars[i], values[i]
		if d.Kind(v) == graft.Bool {
			b, _ := d.Bool(v)
			dst = append(dst, b)
			continue
		}
		if d.Kind(v) == graft.Invalid && vd.DefaultValue != nil && vd.DefaultValue.Kind == ast.BooleanValue {
			dst = append(dst, vd.DefaultValue.Raw == "true")
			continue
		}
		// Only an explicit null can get here: validation allows a nullable
		// variable in "if" only when it has a default.
		c.def, c.at = vd, i
		c.fail(`Argument "if" of non-null type "Boolean!" must not be null.`)
		return dst, &RequestError{Problems: c.problems}
	}
	return dst, nil
}

type coercer struct {
	d        *graft.Doc
	op       *Operation
	def      *ast.VariableDefinition
	at       int        // the index of def
	path     []pathStep // inside the variable
	vals     []graft.Ref
	name     []byte
	problems []Problem
}

// pathStep is a step of a path inside a variable: a field or an index.
type pathStep struct {
	field string // "" for an index
	index int
}

// fail records a problem located at the current variable definition.
func (c *coercer) fail(msg string) {
	var locs []shape.Location
	if c.def != nil && c.at >= 0 {
		locs = []shape.Location{c.op.varLocs[c.at]}
	}
	c.problems = append(c.problems, Problem{Message: msg, Locations: locs})
}

// invalid records graphql-js's "got invalid value" problem for the value v
// at the current path.
func (c *coercer) invalid(v graft.Ref, reason string) {
	b := []byte(`Variable "$` + c.def.Variable + `" got invalid value `)
	if c.d.Kind(v) == graft.Invalid {
		b = append(b, "undefined"...)
	} else {
		b = shape.AppendInspect(b, c.d, v)
	}
	if len(c.path) > 0 {
		b = append(b, ` at "`+c.def.Variable...)
		for _, s := range c.path {
			if s.field != "" {
				b = append(append(b, '.'), s.field...)
			} else {
				b = append(strconv.AppendInt(append(b, '['), int64(s.index), 10), ']')
			}
		}
		b = append(b, '"')
	}
	b = append(b, "; "...)
	b = append(b, reason...)
	c.fail(string(b))
}

// coerce checks the input value v (present) against t: CoerceInputValue.
func (c *coercer) coerce(v graft.Ref, t *inType) {
	d := c.d
	k := d.Kind(v)
	if k == graft.Null {
		if t.t.NonNull {
			c.invalid(v, `Expected non-nullable type "`+t.t.String()+`" not to be null.`)
		}
		return
	}
	if t.elem != nil {
		if k != graft.Array {
			c.coerce(v, t.elem) // a single value is a list of one
			return
		}
		top := len(c.path)
		for i, item := range d.Items(v) {
			c.path = append(c.path[:top], pathStep{index: i})
			c.coerce(item, t.elem)
		}
		c.path = c.path[:top]
		return
	}
	def := t.def
	if def == nil {
		return
	}
	switch def.Kind {
	case ast.InputObject:
		c.inputObject(v, k, t.in)
	case ast.Enum:
		if k != graft.String {
			msg := shape.AppendInspect([]byte(`Enum "`+def.Name+`" cannot represent non-string value: `), d, v)
			c.invalid(v, string(append(msg, '.')))
			return
		}
		c.name, _ = d.AppendString(c.name[:0], v)
		if !t.enum[string(c.name)] {
			c.invalid(v, `Value "`+string(c.name)+`" does not exist in "`+def.Name+`" enum.`)
		}
	case ast.Scalar:
		if reason := c.scalar(v, k, def.Name); reason != "" {
			c.invalid(v, reason)
		}
	}
}

// inputObject checks an input object value: one walk over its members
// finds the value of each field (the last of a name counts), then the
// fields are checked in definition order, as graphql-js does.
func (c *coercer) inputObject(v graft.Ref, k graft.Kind, in *inputType) {
	d := c.d
	def := in.def
	if k != graft.Object {
		c.invalid(v, `Expected type "`+def.Name+`" to be an object.`)
		return
	}
	top := len(c.vals)
	c.vals = slices.Grow(c.vals, len(in.fields))[:top+len(in.fields)]
	clear(c.vals[top:])
	unknown := false
	prev := -1
	for name, fv := range d.Members(v) {
		// Members usually come in definition order.
		i := prev + 1
		if i >= len(in.fields) || !d.Equals(name, in.fields[i].Name) {
			c.name, _ = d.AppendString(c.name[:0], name)
			var ok bool
			if i, ok = in.index[string(c.name)]; !ok {
				unknown = true
				continue
			}
		}
		c.vals[top+i] = fv
		prev = i
	}
	ptop := len(c.path)
	given, first := 0, -1
	for i, fd := range in.fields {
		fv := c.vals[top+i]
		if fv == 0 {
			if fd.DefaultValue == nil && fd.Type.NonNull {
				c.invalid(v, `Field "`+fd.Name+`" of required type "`+fd.Type.String()+`" was not provided.`)
			}
			continue
		}
		if given++; first < 0 {
			first = i
		}
		c.path = append(c.path[:ptop], pathStep{field: fd.Name})
		c.coerce(fv, in.types[i])
		c.path = c.path[:ptop]
	}
	if unknown {
		// Unknown members are reported in the data's order, each name
		// once.
		var reported map[string]bool
		for name := range d.Members(v) {
			s, _ := d.Text(name)
			if _, ok := in.index[s]; ok || reported[s] {
				continue
			}
			if reported == nil {
				reported = map[string]bool{}
			}
			reported[s] = true
			c.invalid(v, `Field "`+s+`" is not defined by type "`+def.Name+`".`)
		}
	}
	if in.oneOf {
		// Exactly one field given, and not null (graphql-js's order: the
		// given fields are counted in definition order).
		if given != 1 {
			c.invalid(v, `Exactly one key must be specified for OneOf type "`+def.Name+`".`)
		}
		if first >= 0 && d.Kind(c.vals[top+first]) == graft.Null {
			c.path = append(c.path[:ptop], pathStep{field: in.fields[first].Name})
			c.invalid(c.vals[top+first], `Field "`+in.fields[first].Name+`" must be non-null.`)
			c.path = c.path[:ptop]
		}
	}
	c.vals = c.vals[:top]
}

// scalar returns the reason the built-in scalar named name cannot take the
// input value v, or "" if it can (graphql-js's parseValue). Custom scalars
// take any value.
func (c *coercer) scalar(v graft.Ref, k graft.Kind, name string) string {
	d := c.d
	inspect := func(prefix string) string { return string(shape.AppendInspect([]byte(prefix), d, v)) }
	switch name {
	case "Int":
		if k == graft.Number && smallInt(d.Raw(v)) {
			return ""
		}
		f, _ := d.Float64(v)
		if k != graft.Number || math.IsInf(f, 0) || f != math.Trunc(f) {
			return inspect("Int cannot represent non-integer value: ")
		}
		if f > math.MaxInt32 || f < math.MinInt32 {
			return string(wire.AppendJSNumber([]byte("Int cannot represent non 32-bit signed integer value: "), f))
		}
	case "Float":
		if k == graft.Number && !hasExponent(d.Raw(v)) {
			return "" // finite
		}
		f, _ := d.Float64(v)
		if k != graft.Number || math.IsInf(f, 0) {
			return inspect("Float cannot represent non numeric value: ")
		}
	case "String":
		if k != graft.String {
			return inspect("String cannot represent a non string value: ")
		}
	case "Boolean":
		if k != graft.Bool {
			return inspect("Boolean cannot represent a non boolean value: ")
		}
	case "ID":
		if k == graft.String || k == graft.Number && smallInt(d.Raw(v)) {
			return ""
		}
		f, _ := d.Float64(v)
		if k != graft.String && (k != graft.Number || math.IsInf(f, 0) || f != math.Trunc(f)) {
			return inspect("ID cannot represent value: ")
		}
	}
	return ""
}

// smallInt reports whether the JSON number text t is an integer of at most
// nine digits: a 32-bit integer, whatever its value.
func smallInt(t []byte) bool {
	if len(t) > 0 && t[0] == '-' {
		t = t[1:]
	}
	if len(t) == 0 || len(t) > 9 {
		return false
	}
	for _, c := range t {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// hasExponent reports whether the JSON number text t has an exponent
// (without one it is finite as a float64).
func hasExponent(t []byte) bool {
	for _, c := range t {
		if c == 'e' || c == 'E' {
			return true
		}
	}
	return len(t) > 300
}
