package graphql

import "github.com/vektah/gqlparser/v2/ast"

// inputType is an input object type, indexed for transcoding literals and
// coercing values.
type inputType struct {
	def      *ast.Definition
	fields   ast.FieldList
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
	for name, def := range s.s.Types {
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
	if r.def != nil {
		r.in = s.inputs[t.NamedType]
		r.enum = s.enums[t.NamedType]
	}
	return r
}
