package shape_test

import "github.com/graftjson/graft/shape"

// Builders for plans in tests.

func nn(t *shape.Type) *shape.Type { c := *t; c.NonNull = true; return &c }

func scalar(k shape.Kind, name string) *shape.Type { return &shape.Type{Kind: k, Name: name} }

var (
	tInt     = scalar(shape.Int, "Int")
	tFloat   = scalar(shape.Float, "Float")
	tString  = scalar(shape.String, "String")
	tBoolean = scalar(shape.Boolean, "Boolean")
	tID      = scalar(shape.ID, "ID")
	tJSON    = scalar(shape.Custom, "JSON")
	tColor   = &shape.Type{Kind: shape.Enum, Name: "Color", Values: []string{"RED", "GREEN"}}
	tName    = &shape.Type{Kind: shape.Typename}
)

func list(of *shape.Type) *shape.Type { return &shape.Type{Kind: shape.List, Of: of} }

func obj(name string, fields ...shape.Field) *shape.Type {
	return &shape.Type{Kind: shape.Object, Name: name, Fields: fields}
}

// f is a field at line 1, column col, keyed by its response name.
func f(name string, t *shape.Type, col int) shape.Field {
	return shape.Field{Name: name, Key: name, Type: t, Loc: shape.Location{Line: 1, Column: col}}
}

// alias is a field whose response name differs from its key.
func alias(name, key string, t *shape.Type, col int) shape.Field {
	fl := f(name, t, col)
	fl.Key = key
	return fl
}

func when(fl shape.Field, c shape.Cond) shape.Field { fl.If = c; return fl }
