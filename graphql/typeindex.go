package graphql

import (
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// inputType is an input object type, indexed for transcoding literals and
// coercing values.
type inputType struct {
	def      *ast.Definition
	fields   ast.FieldList
	names    []string       // of fields
	keys     []string       // of fields, as JSON member names and colons: "name":
	types    []*inType      // of fields, resolved
	index    map[string]int // field name -> index in fields
	required int            // non-null fields without a default
	oneOf    bool
}

// inType is an input type resolved once: what checking a value of it
// needs, without map lookups on the way.
type inType struct {
	t    *ast.Type
	elem *inType         // a list's item type
	def  *ast.Definition // a named type's definition (nil if unknown)
	in   *inputType      // an input object's index
	enum map[string]bool // an enum's values
	// For literals: the values of a small enum, to look through before
	// the map; and the literal kinds (bits 1<<litKind) a built-in scalar
	// or an input object takes (0 for other types), an Int's text checked
	// further.
	few    []string
	accept uint16
	isInt  bool
}

// indexTypes builds the lookups the normalizer and the coercer need, once
// per schema: the fields of every object and interface type by name, the
// input object types, the enum values, and the resolved types of field
// arguments and input fields.
func (s *Schema) indexTypes() {
	s.fields = map[string]map[string]*ast.FieldDefinition{}
	s.inputs = map[string]*inputType{}
	s.enums = map[string]map[string]bool{}
	s.argTypes = map[*ast.Type]*inType{}
	s.leaves = map[string]*[2]shape.Type{}
	for name, def := range s.s.Types {
		if def.Kind == ast.Scalar || def.Kind == ast.Enum {
			s.leaves[name] = leafTypes(def)
		}
		switch def.Kind {
		case ast.Object, ast.Interface:
			m := make(map[string]*ast.FieldDefinition, len(def.Fields))
			for _, f := range def.Fields {
				m[f.Name] = f
			}
			s.fields[name] = m
		case ast.InputObject:
			in := &inputType{def: def, fields: def.Fields, index: make(map[string]int, len(def.Fields)), oneOf: def.Directives.ForName("oneOf") != nil}
			for i, f := range def.Fields {
				in.index[f.Name] = i
				in.names = append(in.names, f.Name)
				in.keys = append(in.keys, `"`+f.Name+`":`) // a Name needs no escape
				if f.Type.NonNull && f.DefaultValue == nil {
					in.required++
				}
			}
			s.inputs[name] = in
		case ast.Enum:
			m := make(map[string]bool, len(def.EnumValues))
			for _, v := range def.EnumValues {
				m[v.Name] = true
			}
			s.enums[name] = m
		}
	}
	for _, in := range s.inputs {
		for _, f := range in.fields {
			in.types = append(in.types, s.resolve(f.Type))
		}
	}
	for _, def := range s.s.Types {
		if def.Kind == ast.Object || def.Kind == ast.Interface {
			for _, f := range def.Fields {
				for _, a := range f.Arguments {
					s.argTypes[a.Type] = s.resolve(a.Type)
				}
			}
		}
	}
}

// resolve returns the resolved form of the input type t.
func (s *Schema) resolve(t *ast.Type) *inType {
	r := &inType{t: t}
	if t.Elem != nil {
		r.elem = s.resolve(t.Elem)
		return r
	}
	r.def = s.s.Types[t.NamedType]
	if r.def == nil {
		return r
	}
	r.in = s.inputs[t.NamedType]
	r.enum = s.enums[t.NamedType]
	switch r.def.Kind {
	case ast.Enum:
		if len(r.def.EnumValues) <= 8 {
			for _, v := range r.def.EnumValues {
				r.few = append(r.few, v.Name)
			}
		}
	case ast.InputObject:
		r.accept = 1 << litObject
	case ast.Scalar:
		switch r.def.Name { // custom scalars take any value
		case "Int":
			r.accept, r.isInt = 1<<litInt, true
		case "Float":
			r.accept = 1<<litInt | 1<<litFloat
		case "String":
			r.accept = 1 << litString
		case "Boolean":
			r.accept = 1 << litBool
		case "ID":
			r.accept = 1<<litString | 1<<litInt
		}
	}
	return r
}

// leafTypes returns the response plan types of a scalar or enum type,
// nullable and non-null. Every position of that type shares them (they
// are never changed), so compiling an operation builds none.
func leafTypes(def *ast.Definition) *[2]shape.Type {
	t := shape.Type{Name: def.Name}
	switch def.Name {
	case "Int":
		t.Kind = shape.Int
	case "Float":
		t.Kind = shape.Float
	case "String":
		t.Kind = shape.String
	case "Boolean":
		t.Kind = shape.Boolean
	case "ID":
		t.Kind = shape.ID
	default:
		t.Kind = shape.Custom
	}
	if def.Kind == ast.Enum {
		t.Kind = shape.Enum
		for _, v := range def.EnumValues {
			t.Values = append(t.Values, v.Name)
		}
	}
	nonNull := t
	nonNull.NonNull = true
	return &[2]shape.Type{t, nonNull}
}
