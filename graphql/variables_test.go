package graphql_test

import (
	"testing"

	"github.com/graftjson/graft/graphql"
)

// Unknown fields of an input object variable are reported once per name,
// in the order the variables give them. graphql-js lists integer-like
// names first (JavaScript's key order); graft does not (DEVIATIONS.md).
func TestVariableUnknownFields(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []specCase{
		{name: "a name given twice is reported once",
			vars: `{"f":{"name":"a","nope":1,"nope":2}}`,
			want: `{"errors":[{"message":"Variable \"$f\" got invalid value { name: \"a\", nope: 1, nope: 2 }; Field \"nope\" is not defined by type \"Filter\".","locations":[{"line":1,"column":7}]}]}`},
		{name: "names in the order of the variables",
			vars: `{"f":{"name":"a","zz":1,"7":2}}`,
			want: `{"errors":[{"message":"Variable \"$f\" got invalid value { name: \"a\", zz: 1, 7: 2 }; Field \"zz\" is not defined by type \"Filter\".","locations":[{"line":1,"column":7}]},{"message":"Variable \"$f\" got invalid value { name: \"a\", zz: 1, 7: 2 }; Field \"7\" is not defined by type \"Filter\".","locations":[{"line":1,"column":7}]}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.query = `query($f: Filter) { filter(f: $f) }`
			tc.data = `{}`
			if got := respond(t, schema, tc); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
