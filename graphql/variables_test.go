package graphql_test

import (
	"testing"

	"github.com/graftjson/graft"
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

// RequestVariables does not check again the literals Normalize checked,
// when the operation types their variables as Normalize did; everything
// else it coerces as Variables does.
func TestRequestVariables(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := graphql.ParseSchema(sdl, graphql.Options{}) // as a Cache does
	if err != nil {
		t.Fatal(err)
	}
	other, err := graphql.ParseSchema(sdl+"\nscalar Other", graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, query, vars string
		compile           string          // the operation compiled; "" for the normalized one
		schema            *graphql.Schema // compiled with; nil for schema
		wantVariables     string          // Variables' error, "" for none
		wantRequest       string          // RequestVariables' error, "" for none
		wantText          string          // its error for AppendNormalized's request, if not wantRequest
	}{
		{name: "a checked literal is not coerced again",
			// A literal Float need not fit a float64 (ValuesOfCorrectType);
			// a variable's value must (CoerceVariableValues).
			query:         `{ filter(x: 1e400, f: {name: "a"}) }`,
			wantVariables: `1:7: Variable "$a" got invalid value Infinity; Float cannot represent non numeric value: Infinity`},
		{name: "the client's values are coerced",
			query: `query($n: Int) { filter(n: $n, x: 1e400) }`, vars: `{"n":"no"}`,
			wantVariables: "1:7: Variable \"$n\" got invalid value \"no\"; Int cannot represent non-integer value: \"no\"\n" +
				"1:16: Variable \"$a\" got invalid value Infinity; Float cannot represent non numeric value: Infinity",
			wantRequest: `1:7: Variable "$n" got invalid value "no"; Int cannot represent non-integer value: "no"`},
		{name: "an operation of a schema of the same text: the literal is not coerced again",
			query: `{ filter(x: 1e400) }`, schema: again,
			wantVariables: `1:7: Variable "$a" got invalid value Infinity; Float cannot represent non numeric value: Infinity`},
		{name: "an operation of another schema checks everything",
			query: `{ filter(x: 1e400) }`, schema: other,
			wantVariables: `1:7: Variable "$a" got invalid value Infinity; Float cannot represent non numeric value: Infinity`,
			wantRequest:   `1:7: Variable "$a" got invalid value Infinity; Float cannot represent non numeric value: Infinity`,
			wantText:      `graphql: the operation does not define $a as the request's literal (Float): it was not compiled from the request's query`},
		{name: "a variable the operation types differently is checked",
			query: `{ filter(x: 1e400) }`, compile: `query($a: Int) { filter(n: $a) }`,
			wantVariables: `1:7: Variable "$a" got invalid value Infinity; Int cannot represent non-integer value: Infinity`,
			wantRequest:   `1:7: Variable "$a" got invalid value Infinity; Int cannot represent non-integer value: Infinity`,
			wantText:      `graphql: the operation does not define $a as the request's literal (Float): it was not compiled from the request's query`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d graft.Doc
			var vars graft.Ref
			if tc.vars != "" {
				if vars, err = d.Parse([]byte(tc.vars)); err != nil {
					t.Fatal(err)
				}
			}
			req, err := graphql.Normalize(schema, tc.query, "", &d, vars)
			if err != nil {
				t.Fatal(err)
			}
			s, query := schema, req.Query
			if tc.schema != nil {
				s = tc.schema
			}
			if tc.compile != "" {
				query = tc.compile
			}
			op, err := graphql.Compile(s, query, "")
			if err != nil {
				t.Fatal(err)
			}
			_, verr := op.Variables(nil, &d, req.Variables)
			_, rerr := op.RequestVariables(nil, &d, req)
			if got := errText(verr); got != tc.wantVariables {
				t.Errorf("Variables: %s\nwant %s", got, tc.wantVariables)
			}
			if got := errText(rerr); got != tc.wantRequest {
				t.Errorf("RequestVariables: %s\nwant %s", got, tc.wantRequest)
			}
			// The same request with its literals as text, not in the Doc.
			_, treq, err := graphql.AppendNormalized(nil, schema, tc.query, "", &d, vars)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.wantRequest
			if tc.wantText != "" {
				want = tc.wantText
			}
			_, terr := op.RequestVariables(nil, &d, treq)
			if got := errText(terr); got != want {
				t.Errorf("RequestVariables of AppendNormalized's request: %s\nwant %s", got, want)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
