package schema_test

import (
	"errors"
	"fmt"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

func ExamplePlan_Validate() {
	plan, err := schema.Compile([]byte(`{
		"type": "object",
		"required": ["id", "qty"],
		"properties": {
			"id":  {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
			"qty": {"type": "integer", "minimum": 1}
		}
	}`), schema.Options{})
	if err != nil {
		panic(err)
	}
	var d graft.Doc
	for _, in := range []string{`{"id":"ABC-1234","qty":2}`, `{"id":"abc","qty":0.5}`} {
		r, _ := d.Parse([]byte(in))
		err := plan.Validate(&d, r)
		var e *schema.Error
		if errors.As(err, &e) {
			for _, c := range e.Causes {
				fmt.Println(c.Line())
			}
			continue
		}
		fmt.Println("valid")
	}
	// Output:
	// valid
	// /id: must match the pattern "^[A-Z]{3}-[0-9]{4}$" (/properties/id/pattern)
	// /qty: expected integer, got number (/properties/qty/type)
	// /qty: must be ≥ 1 (/properties/qty/minimum)
}

func ExamplePlan_AppendShape() {
	plan, err := schema.Compile([]byte(`{
		"type": "object",
		"additionalProperties": false,
		"properties": {"id": {"type": "integer"}, "name": {"type": "string"}}
	}`), schema.Options{})
	if err != nil {
		panic(err)
	}
	var d graft.Doc
	r, _ := d.Parse([]byte(`{"name":"Ada","passwordHash":"x1f…","id":7}`))
	out, _ := plan.AppendShape(nil, &d, r)
	fmt.Println(string(out))
	// Output:
	// {"name":"Ada","id":7}
}

func ExampleOptions_pointer() {
	openapi := []byte(`{"openapi":"3.1.0","components":{"schemas":{
		"Item":  {"type":"object","required":["sku"]},
		"Order": {"type":"array","items":{"$ref":"#/components/schemas/Item"}}}}}`)
	plan, err := schema.Compile(openapi, schema.Options{Pointer: "/components/schemas/Order"})
	if err != nil {
		panic(err)
	}
	var d graft.Doc
	r, _ := d.Parse([]byte(`[{"sku":"a"},{}]`))
	fmt.Println(plan.Validate(&d, r))
	// Output:
	// schema: /1: missing required property "sku" (/components/schemas/Item/required)
}

func ExampleFormats() {
	fmt.Println(schema.Formats())
	// Output:
	// [date date-time duration email hostname ipv4 ipv6 json-pointer regex relative-json-pointer time uri uri-reference uuid]
}
