package graphql

import (
	"math"
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
	c := coercer{schema: o.schema.s, d: d}
	switch d.Kind(vars) {
	case graft.Invalid, graft.Null:
		vars = 0
	case graft.Object:
	default:
		return dst, &RequestError{Problems: []Problem{problem("Variables must be provided as an Object where each property is a variable value.")}}
	}
	for _, vd := range o.op.VariableDefinitions {
		c.def = vd
		v := d.Member(vars, vd.Variable)
		switch k := d.Kind(v); {
		case k == graft.Invalid:
			if vd.DefaultValue == nil && vd.Type.NonNull {
				c.fail(`Variable "$` + vd.Variable + `" of required type "` + vd.Type.String() + `" was not provided.`)
			}
		case k == graft.Null && vd.Type.NonNull:
			c.fail(`Variable "$` + vd.Variable + `" of non-null type "` + vd.Type.String() + `" must not be null.`)
		default:
			c.path = c.path[:0]
			c.coerce(v, vd.Type)
		}
	}
	if len(c.problems) > 0 {
		return dst, &RequestError{Problems: c.problems}
	}
	for _, name := range o.plan.Variables() {
		vd := o.op.VariableDefinitions.ForName(name)
		v := d.Member(vars, name)
		if d.Kind(v) == graft.Bool {
			b, _ := d.Bool(v)
			dst = append(dst, b)
			continue
		}
		if d.Kind(v) == graft.Invalid && vd != nil && vd.DefaultValue != nil && vd.DefaultValue.Kind == ast.BooleanValue {
			dst = append(dst, vd.DefaultValue.Raw == "true")
			continue
		}
		// Only an explicit null can get here: validation allows a nullable
		// variable in "if" only when it has a default.
		c.def = vd
		c.fail(`Argument "if" of non-null type "Boolean!" must not be null.`)
		return dst, &RequestError{Problems: c.problems}
	}
	return dst, nil
}

type coercer struct {
	schema   *ast.Schema
	d        *graft.Doc
	def      *ast.VariableDefinition
	path     []string // ".name" and "[i]" steps inside the variable
	problems []Problem
}

// fail records a problem located at the current variable definition.
func (c *coercer) fail(msg string) {
	var locs []shape.Location
	if c.def != nil {
		locs = []shape.Location{loc(c.def.Position)}
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
			b = append(b, s...)
		}
		b = append(b, '"')
	}
	b = append(b, "; "...)
	b = append(b, reason...)
	c.fail(string(b))
}

// coerce checks the input value v (present) against t: CoerceInputValue.
func (c *coercer) coerce(v graft.Ref, t *ast.Type) {
	d := c.d
	k := d.Kind(v)
	if k == graft.Null {
		if t.NonNull {
			c.invalid(v, `Expected non-nullable type "`+t.String()+`" not to be null.`)
		}
		return
	}
	if t.Elem != nil {
		if k != graft.Array {
			c.coerce(v, t.Elem) // a single value is a list of one
			return
		}
		top := len(c.path)
		for i, item := range d.Items(v) {
			c.path = append(c.path[:top], "["+strconv.Itoa(i)+"]")
			c.coerce(item, t.Elem)
		}
		c.path = c.path[:top]
		return
	}
	def := c.schema.Types[t.NamedType]
	if def == nil {
		return
	}
	switch def.Kind {
	case ast.InputObject:
		c.inputObject(v, k, def)
	case ast.Enum:
		if k != graft.String {
			msg := shape.AppendInspect([]byte(`Enum "`+def.Name+`" cannot represent non-string value: `), d, v)
			c.invalid(v, string(append(msg, '.')))
			return
		}
		s, _ := d.Text(v)
		if def.EnumValues.ForName(s) == nil {
			c.invalid(v, `Value "`+s+`" does not exist in "`+def.Name+`" enum.`)
		}
	case ast.Scalar:
		if reason := c.scalar(v, k, def.Name); reason != "" {
			c.invalid(v, reason)
		}
	}
}

func (c *coercer) inputObject(v graft.Ref, k graft.Kind, def *ast.Definition) {
	d := c.d
	if k != graft.Object {
		c.invalid(v, `Expected type "`+def.Name+`" to be an object.`)
		return
	}
	top := len(c.path)
	for _, fd := range def.Fields {
		fv := d.Member(v, fd.Name)
		if d.Kind(fv) == graft.Invalid {
			if fd.DefaultValue == nil && fd.Type.NonNull {
				c.invalid(v, `Field "`+fd.Name+`" of required type "`+fd.Type.String()+`" was not provided.`)
			}
			continue
		}
		c.path = append(c.path[:top], "."+fd.Name)
		c.coerce(fv, fd.Type)
		c.path = c.path[:top]
	}
	// Unknown members are reported in the data's order, each name once
	// (a name given twice is one field whose last value counts).
	var reported map[string]bool
	for name := range d.Members(v) {
		s, _ := d.Text(name)
		if def.Fields.ForName(s) != nil || reported[s] {
			continue
		}
		if reported == nil {
			reported = map[string]bool{}
		}
		reported[s] = true
		c.invalid(v, `Field "`+s+`" is not defined by type "`+def.Name+`".`)
	}
	if def.Directives.ForName("oneOf") != nil {
		c.oneOf(v, def)
	}
}

// oneOf checks the value v of a OneOf input object type def: exactly one
// of its fields given, and not null (graphql-js's order: the given fields
// are counted in definition order).
func (c *coercer) oneOf(v graft.Ref, def *ast.Definition) {
	d := c.d
	var first *ast.FieldDefinition
	given := 0
	for _, fd := range def.Fields {
		if d.Kind(d.Member(v, fd.Name)) != graft.Invalid {
			if given == 0 {
				first = fd
			}
			given++
		}
	}
	if given != 1 {
		c.invalid(v, `Exactly one key must be specified for OneOf type "`+def.Name+`".`)
	}
	if first == nil {
		return
	}
	if fv := d.Member(v, first.Name); d.Kind(fv) == graft.Null {
		top := len(c.path)
		c.path = append(c.path, "."+first.Name)
		c.invalid(fv, `Field "`+first.Name+`" must be non-null.`)
		c.path = c.path[:top]
	}
}

// scalar returns the reason the built-in scalar named name cannot take the
// input value v, or "" if it can (graphql-js's parseValue). Custom scalars
// take any value.
func (c *coercer) scalar(v graft.Ref, k graft.Kind, name string) string {
	d := c.d
	inspect := func(prefix string) string { return string(shape.AppendInspect([]byte(prefix), d, v)) }
	switch name {
	case "Int":
		f, _ := d.Float64(v)
		if k != graft.Number || math.IsInf(f, 0) || f != math.Trunc(f) {
			return inspect("Int cannot represent non-integer value: ")
		}
		if f > math.MaxInt32 || f < math.MinInt32 {
			return string(wire.AppendJSNumber([]byte("Int cannot represent non 32-bit signed integer value: "), f))
		}
	case "Float":
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
		f, _ := d.Float64(v)
		if k != graft.String && (k != graft.Number || math.IsInf(f, 0) || f != math.Trunc(f)) {
			return inspect("ID cannot represent value: ")
		}
	}
	return ""
}
