package graphql

import "github.com/vektah/gqlparser/v2/ast"

// inputType is an input object type, indexed for transcoding literals.
type inputType struct {
	def      *ast.Definition
	fields   ast.FieldList
	index    map[string]int // field name -> index in fields
	required int            // non-null fields without a default
	oneOf    bool
}

// indexTypes builds the lookups the normalizer needs, once per schema: the
// fields of every object and interface type by name, and the input types.
func (s *Schema) indexTypes() {
	s.fields = map[string]map[string]*ast.FieldDefinition{}
	s.inputs = map[string]*inputType{}
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
		}
	}
}
