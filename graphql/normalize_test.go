package graphql_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// normalize runs Normalize with the client variables vars (JSON, or "")
// and returns the query and the variables, or the error text.
func normalize(t testing.TB, schema *graphql.Schema, query, op, vars string) (q, v string, err error) {
	t.Helper()
	var d graft.Doc
	var ref graft.Ref
	if vars != "" {
		var perr error
		if ref, perr = d.Parse([]byte(vars)); perr != nil {
			t.Fatal(perr)
		}
	}
	text, tr, terr := graphql.AppendNormalized([]byte("x"), schema, query, op, &d, ref)
	r, err := graphql.Normalize(schema, query, op, &d, ref)
	if (err == nil) != (terr == nil) || err != nil && err.Error() != terr.Error() {
		t.Fatalf("Normalize: %v; AppendNormalized: %v", err, terr)
	}
	if err != nil {
		if string(text) != "x" {
			t.Fatalf("AppendNormalized failed and appended %q", text)
		}
		return "", "", err
	}
	v = string(d.AppendJSON(nil, r.Variables))
	if string(text) != "x"+v || tr.Query != r.Query || tr.OperationName != r.OperationName || tr.Variables != ref {
		t.Fatalf("AppendNormalized wrote %s %q %q (client variables %d), Normalize %s %q %q", text, tr.Query, tr.OperationName, tr.Variables, v, r.Query, r.OperationName)
	}
	return r.Query, v, nil
}

func TestNormalize(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, query, op, vars string
		wantQuery, wantVars   string
		invalid               bool // the document does not validate
	}{
		{name: "shorthand gets an operation keyword",
			query:     `{ user(id: 5) { id } }`,
			wantQuery: `query($a: ID) { user(id: $a) { id } }`, wantVars: `{"a":5}`},
		{name: "every argument kind, typed from the schema",
			query:     `{ filter(f: {name: "x", tags: ["a", "b"]}, n: -7, c: RED, l: [1, 2], x: 1.5e3) }`,
			wantQuery: `query($a: Filter, $b: Int, $c: Color, $d: [Int], $e: Float) { filter(f: $a, n: $b, c: $c, l: $d, x: $e) }`,
			wantVars:  `{"a":{"name":"x","tags":["a","b"]},"b":-7,"c":"RED","d":[1,2],"e":1.5e3}`},
		{name: "definitions appended to the operation's own",
			query: `query Q($n: Int = 3, $c: Color) { a: filter(n: $n, c: GREEN) b: filter(c: $c) }`, vars: `{"c":"RED","extra":1}`,
			wantQuery: `query Q($n: Int = 3, $c: Color, $a: Color) { a: filter(n: $n, c: $a) b: filter(c: $c) }`,
			wantVars:  `{"n":3,"c":"RED","a":"GREEN"}`},
		{name: "client value wins over the default",
			query: `query Q($n: Int = 3) { filter(n: $n) }`, vars: `{"n":9}`,
			wantQuery: `query Q($n: Int = 3) { filter(n: $n) }`, wantVars: `{"n":9}`},
		{name: "named operation without definitions",
			query:     `query Q @dir { filter(n: 1) }`,
			wantQuery: `query Q ($a: Int) @dir { filter(n: $a) }`, wantVars: `{"a":1}`, invalid: true},
		{name: "a value with a variable stays in place",
			query:     `query($n: String!) { filter(f: {name: $n}, n: 2) }`,
			wantQuery: `query($n: String!, $a: Int) { filter(f: {name: $n}, n: $a) }`, wantVars: `{"a":2}`},
		{name: "equal literals of one type share a variable",
			query:     `{ a: filter(n: 1) b: filter(n: 1) c: filter(x: 1) d: filter(n: 2) }`,
			wantQuery: `query($a: Int, $b: Float, $c: Int) { a: filter(n: $a) b: filter(n: $a) c: filter(x: $b) d: filter(n: $c) }`,
			wantVars:  `{"a":1,"b":1,"c":2}`},
		{name: "generated names skip the document's",
			query:     `query($a: Int, $c: Int) { x: filter(n: $a) y: filter(n: $c) z: filter(n: 5) }`,
			wantQuery: `query($a: Int, $c: Int, $b: Int) { x: filter(n: $a) y: filter(n: $c) z: filter(n: $b) }`,
			wantVars:  `{"b":5}`},
		{name: "directive arguments and unknown fields stay in place",
			query:     `{ int @include(if: true) nope(x: 1) filter(zz: 2) }`,
			wantQuery: `{ int @include(if: true) nope(x: 1) filter(zz: 2) }`, wantVars: `{}`, invalid: true},
		{name: "fragments: the selected operation's, and unused ones with literals in place",
			query: "query A { ...F }\nquery B { ...G }\nfragment F on Query { filter(n: 1) }\nfragment G on Query { filter(n: 2) }\nfragment H on Query { filter(n: 3) }",
			op:    "A",
			wantQuery: "query A ($a: Int) { ...F }\n" +
				"fragment F on Query { filter(n: $a) }\nfragment H on Query { filter(n: 3) }",
			wantVars: `{"a":1}`, invalid: true}, // H is not used
		{name: "carriage returns become line feeds",
			query: "{\r\n  filter(n: 1)\r  int\r\n}", wantQuery: "query($a: Int) {\n  filter(n: $a)\n  int\n}", wantVars: `{"a":1}`},
		{name: "variable-width escapes rewritten where a string stays",
			query: `{ a: filter(n: 1) @skip(if: false) b: user(id: "\u{1F600}") { id } }`,
			// the argument is extracted; the escape is decoded into the JSON
			wantQuery: `query($a: Int, $b: ID) { a: filter(n: $a) @skip(if: false) b: user(id: $b) { id } }`,
			wantVars:  `{"a":1,"b":"😀"}`},
		{name: "variable-width escape kept in place as a JSON string",
			query:     `query($n: Int) { filter(f: {name: "\u{41}\u{1F600}", limit: $n}) }`,
			wantQuery: `query($n: Int) { filter(f: {name: "A😀", limit: $n}) }`, wantVars: `{}`},
		{name: "single value for a list, nested list types",
			query:     `{ filter(l: 3) matrix }`,
			wantQuery: `query($a: [Int]) { filter(l: $a) matrix }`, wantVars: `{"a":3}`},
		{name: "null literals",
			query:     `{ filter(f: null, n: null) }`,
			wantQuery: `query($a: Filter, $b: Int) { filter(f: $a, n: $b) }`, wantVars: `{"a":null,"b":null}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, v, err := normalize(t, schema, tc.query, tc.op, tc.vars)
			if err != nil {
				t.Fatal(err)
			}
			if q != tc.wantQuery || v != tc.wantVars {
				t.Errorf("got  %s %s\nwant %s %s", q, v, tc.wantQuery, tc.wantVars)
			}
			// The normalized document must be valid for gqlparser.
			if _, err := graphql.Compile(schema, q, tc.op); err != nil && !tc.invalid {
				t.Errorf("the normalized query does not compile: %v", err)
			}
		})
	}
}

// Without a schema nothing is typed: literals stay, variables are merged.
func TestNormalizeWithoutSchema(t *testing.T) {
	q, v, err := normalize(t, nil, `query($n: Int = 3, $m: Int) { f(n: 1, m: $m) }`, "", `{"m":2}`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `query($n: Int = 3, $m: Int) { f(n: 1, m: $m) }`; q != want || v != `{"n":3,"m":2}` {
		t.Errorf("got %s %s", q, v)
	}
}

// jsonSchema takes any literal: its argument is a custom scalar, so the
// transcoding is untyped, as graphql-js's valueFromASTUntyped.
const jsonSchema = "scalar JSON\ntype Query { f(v: JSON): Int }\n"

// transcode returns the JSON that Normalize writes for the literal lit.
func transcode(t testing.TB, schema *graphql.Schema, lit string) (string, error) {
	_, v, err := normalize(t, schema, "{ f(v: "+lit+") }", "", "")
	if err != nil {
		return "", err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(v), &m); err != nil {
		t.Fatalf("variables %s: %v", v, err)
	}
	return string(m["a"]), nil
}

// gqlparserValue returns gqlparser's value of the literal lit, as JSON.
func gqlparserValue(lit string) (any, bool) {
	doc, err := parser.ParseQuery(&ast.Source{Input: "{ f(v: " + lit + ") }"})
	if err != nil || len(doc.Operations) != 1 {
		return nil, false
	}
	f, ok := doc.Operations[0].SelectionSet[0].(*ast.Field)
	if !ok || len(f.Arguments) != 1 {
		return nil, false
	}
	v, err := f.Arguments[0].Value.Value(nil)
	if err != nil {
		return nil, false
	}
	return v, true
}

// sameValue reports whether the JSON text got and gqlparser's value want
// are the same value (numbers compared as float64).
func sameValue(t testing.TB, got string, want any) bool {
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("invalid JSON %s: %v", got, err)
	}
	b, err := json.Marshal(emptyLists(want))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(g, w)
}

// Where gqlparser's values are wrong, the specification decides.
func TestTranscodeWhereGqlparserDiffers(t *testing.T) {
	schema, err := graphql.ParseSchema(jsonSchema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, lit, want string }{
		// gqlparser decodes each half to U+FFFD.
		{"surrogate pair", `"\uD83D\uDE00"`, `"😀"`},
		// BlockStringValue leaves the first line alone and takes the
		// common indentation of the others; gqlparser counts the first.
		{"block string first line not dedented", "\"\"\"  first\n    second\n    third\"\"\"", `"  first\nsecond\nthird"`},
		{"block string first line not indented", "\"\"\"0\n 0\"\"\"", `"0\n0"`},
	} {
		got, err := transcode(t, schema, tc.lit)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %s (%v), want %s", tc.name, got, err, tc.want)
		}
		if want, _ := gqlparserValue(tc.lit); sameValue(t, got, want) {
			t.Errorf("%s: gqlparser agrees now (%#v): move the case to TestTranscodeAgainstGqlparser", tc.name, want)
		}
	}
}

// The transcoding agrees with gqlparser's own values of the literals.
func TestTranscodeAgainstGqlparser(t *testing.T) {
	schema, err := graphql.ParseSchema(jsonSchema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, lit, want string }{
		{"int", `-12`, `-12`},
		{"float text kept", `1.50e+3`, `1.50e+3`},
		{"zero", `0`, `0`},
		{"enum as string", `RED`, `"RED"`},
		{"booleans and null", `[true, false, null]`, `[true,false,null]`},
		{"simple escapes", `"a\"b\\c\/d\b\f\n\r\t"`, `"a\"b\\c/d\b\f\n\r\t"`},
		{"unicode escapes to UTF-8", `"\u00e9\u20AC\u0041"`, `"é€A"`},
		{"escaped control stays escaped", `"\u0001\u001f"`, `"\u0001\u001f"`},
		{"raw tab escaped", "\"a\tb\"", `"a\tb"`},
		{"non-ASCII kept", `"Grüße, 世界"`, `"Grüße, 世界"`},
		{"list and object", `[{a: 1, b: [2, {c: "d"}]}, []]`, `[{"a":1,"b":[2,{"c":"d"}]},[]]`},
		{"empty object", `{}`, `{}`},
		{"commas and comments ignored", "[1,,2 # x\n ,3]", `[1,2,3]`},
		{"block string", "\"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \"\"\"", `"Hello,\n  World!\n\nYours,\n  GraphQL."`},
		{"block string escaped triple quote", `"""a \""" b"""`, `"a \"\"\" b"`},
		{"block string keeps backslashes", `"""C:\new\t"""`, `"C:\\new\\t"`},
		{"block string CRLF", "\"\"\"\r\n  a\r\n   b\r\n\"\"\"", `"a\n b"`},
		{"block string only blank lines", "\"\"\"\n   \n\t\n\"\"\"", `""`},
		{"block string tab and quote", "\"\"\"\ta \"q\" \"\"\"", `"\ta \"q\" "`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := transcode(t, schema, tc.lit)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			want, ok := gqlparserValue(tc.lit)
			if !ok {
				t.Fatalf("gqlparser does not accept %s", tc.lit)
			}
			if !sameValue(t, got, want) {
				t.Errorf("got %s, gqlparser's value is %#v", got, want)
			}
		})
	}
}

// Variable-width escapes (GraphQL since October 2021): gqlparser refuses
// them, the normalizer reads them.
func TestVariableWidthEscapes(t *testing.T) {
	schema, err := graphql.ParseSchema(jsonSchema, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ lit, want string }{
		{`"\u{1F600}"`, `"😀"`},
		{`"\u{41}\u{0000E9}"`, `"Aé"`},
		{`"\u{0}"`, `"\u0000"`},
		{`"\u{10FFFF}"`, "\"\U0010FFFF\""},
	} {
		got, err := transcode(t, schema, tc.lit)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %s (%v), want %s", tc.lit, got, err, tc.want)
		}
	}
}

// Bad input: a clear error with line and column, never a panic.
func TestNormalizeBadInput(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl+"input Big { a: Int }\ninput Two { a: Int!, b: Int! }\nextend type Query { big(b: Big): Int two(t: Two): Int }\n", graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, query, want string }{
		{"unterminated string", `{ user(id: "abc) { id } }`, `1:26: Unterminated string.`},
		{"string cut by a line break", "{ user(id: \"abc\n\") { id } }", `1:16: Unterminated string.`},
		{"unterminated block string", `{ user(id: """abc) { id } }`, `1:28: Unterminated string.`},
		{"block string ends at the first three quotes", `{ user(id: """a"""" b") { id } }`, `1:19: Expected Name, found String`},
		{"bad escape", `{ user(id: "a\qb") { id } }`, `1:14: Invalid character escape sequence: \q.`},
		{"short unicode escape", `{ user(id: "\u12") { id } }`, `1:13: Invalid Unicode escape sequence: \u12.`},
		{"lone high surrogate", `{ user(id: "\uD83Dx") { id } }`, `1:13: Invalid Unicode escape sequence: \uD83D.`},
		{"lone low surrogate", `{ user(id: "\uDE00") { id } }`, `1:13: Invalid Unicode escape sequence: \uDE00.`},
		{"surrogate in braces", `{ user(id: "\u{D800}") { id } }`, `1:13: Invalid Unicode escape sequence: \u{D800}.`},
		{"escape past U+10FFFF", `{ user(id: "\u{110000}") { id } }`, `1:13: Invalid Unicode escape sequence: \u{110000}.`},
		{"empty braces", `{ user(id: "\u{}") { id } }`, `1:13: Invalid Unicode escape sequence: \u{}.`},
		{"leading zero", `{ filter(n: 01) }`, `1:14: Invalid number, unexpected digit after 0: "1".`},
		{"dot without digits", `{ filter(x: 1.) }`, `1:15: Invalid number, expected digit but got: ")".`},
		{"exponent without digits", `{ filter(x: 1e) }`, `1:15: Invalid number, expected digit but got: ")".`},
		{"number then name", `{ filter(n: 12abc) }`, `1:15: Invalid number, expected digit but got: "a".`},
		{"raw control character", "{ user(id: \"a\x01\") { id } }", `1:14: Invalid character within String: "\u0001".`},
		{"raw control character outside strings", "{ int \x07 }", `1:7: Invalid character "\u0007".`},
		{"invalid UTF-8", "{ user(id: \"a\xff\") { id } }", `1:14: Invalid UTF-8 within String.`},
		{"invalid UTF-8 after escapes and a long run", "{ user(id: \"\\n\\\"grün and more text\xe2\x82\") { id } }", `1:35: Invalid UTF-8 within String.`},
		{"a sequence cut by the closing quote", "{ user(id: \"ab\xc3\") { id } }", `1:15: Invalid UTF-8 within String.`},
		{"raw control character after escapes", "{ user(id: \"\\t\\\\x\x02\") { id } }", `1:18: Invalid character within String: "\u0002".`},
		{"invalid UTF-8 in a block string", "{ user(id: \"\"\"\n  line \"one\" \\ ok\n  z\xff\"\"\") { id } }", `3:4: Invalid UTF-8 within String.`},
		{"unbalanced brackets", `{ filter(l: [1, 2) }`, `1:18: Unexpected )`},
		{"unbalanced braces", `{ user { id }`, `1:14: Expected Name, found <EOF>`},
		{"deep nesting", "{ filter(l: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + ") }",
			`1:1012: The operation exceeds the maximum depth of 1000.`},
		{"duplicate input field", `{ filter(f: {name: "a", name: "b"}) }`, `1:25: There can be only one input field named "name".`},
		{"duplicate field of a custom scalar", `{ big(b: {a: 1}) filter(f: {name: "a", tags: [], limit: 1, limit: 2}) }`, `1:60: There can be only one input field named "limit".`},
		{"null in a OneOf input object", `{ pick(p: {name: null}) }`, `1:18: Field "Pick.id" must be non-null.`},
		{"a required input field given twice does not stand for another", `{ two(t: {a: 1, a: 2}) }`,
			"1:17: There can be only one input field named \"a\".\n1:10: Field \"Two.b\" of required type \"Int!\" was not provided."},
		{"required input field", `{ filter(f: {limit: 1}) }`, `1:13: Field "Filter.name" of required type "String!" was not provided.`},
		{"wrong literal kind", `{ filter(n: "1", c: "RED", x: true) }`,
			"1:13: Int cannot represent non-integer value: \"1\"\n1:21: Enum \"Color\" cannot represent non-enum value: \"RED\".\n1:31: Float cannot represent non numeric value: true"},
		{"lines and columns after CRLF", "{\r\n  filter(n: 1.5)\r\n}", `2:13: Int cannot represent non-integer value: 1.5`},
		{"columns count characters", `{ user(id: "é😀\x") { id } }`, `1:15: Invalid character escape sequence: \x.`},
		{"type definitions", `type T { a: Int }`, `1:1: Unexpected Name "type"`},
		{"empty document", ` # nothing`, `Must provide an operation.`},
		{"variable in a default", `query($a: Int = $b) { int }`, `1:17: Unexpected $ in a default value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := normalize(t, schema, tc.query, "", "")
			var re *graphql.RequestError
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a *RequestError", err)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
		})
	}
}

// The limits of Options: operation size and tokens.
func TestNormalizeLimits(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{MaxTokens: 10, MaxBytes: 40})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ query, want string }{
		{`{ filter(l: [1, 2, 3, 4, 5, 6, 7, 8]) }`, `The operation has more than 10 tokens.`},
		{`{ int int int int int int int int int int int }`, `The operation is larger than 40 bytes.`},
	} {
		if _, _, err := normalize(t, schema, tc.query, "", ""); err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %s", tc.query, err, tc.want)
		}
	}
}

// FuzzNormalize compares the variables the normalizer writes with
// gqlparser's values, for every literal both accept. No input may panic.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{`1`, `-0.5e7`, `"a\u00e9\n"`, "\"\"\"\n  x\n   y\n\"\"\"", `[1, {a: [true, null, RED]}]`, `{a: "\uD83D\uDE00"}`, `"\u{1F600}"`, `"""a\"""b"""`, `{a: 1, a: 2}`} {
		f.Add(s)
	}
	schema, err := graphql.ParseSchema(jsonSchema, graphql.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		got, err := transcode(t, schema, lit)
		want, ok := gqlparserValue(lit)
		// gqlparser decodes surrogate escapes one by one and counts the
		// first line of a block string in its indentation (see
		// TestTranscodeWhereGqlparserDiffers): those are left to the table
		// tests, and checked here only for panics and valid JSON.
		if err != nil || !ok || got == "" || strings.Contains(strings.ToLower(lit), `\ud`) || strings.Contains(lit, `"`+`""`) {
			return
		}
		if !sameValue(t, got, want) {
			t.Fatalf("literal %q: got %s, gqlparser's value is %#v", lit, got, want)
		}
	})
}

// emptyLists replaces the nil slices of gqlparser's values (empty list
// literals) by empty ones.
func emptyLists(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = emptyLists(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = emptyLists(x)
		}
		return out
	}
	return v
}

// FuzzNormalizeDocument checks the scanner against gqlparser's parser on
// whole documents: a document gqlparser parses normalizes (without a
// schema, so only syntax can fail, and a repeated input field), every
// normalized document (with the test schema) parses, and it compiles if
// and only if the document as written does.
func FuzzNormalizeDocument(f *testing.F) {
	for _, tc := range specCases {
		f.Add(tc.query)
	}
	f.Add("query Q($a: [Int!]! = [1], $b: Color @x) { filter(f: {name: \"\"\"\r\n x\"\"\"}, n: 1) ...F ... on Query @skip(if: $b) { int } }\nfragment F on Query { f: filter(l: [1 2]) }")
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, query string) {
		_, perr := parser.ParseQuery(&ast.Source{Input: query})
		var d graft.Doc
		_, err := graphql.Normalize(nil, query, "", &d, 0)
		// gqlparser reads "0A" as two tokens; the specification (and
		// graphql-js) refuse a name character right after a number, and
		// bytes that are not UTF-8 in a string. gqlparser ends a block
		// string at the last three quotes of a run of more (`"""""""`
		// is the block string `"`), the specification at the first three
		// (an empty block string, then a string).
		if perr == nil && err != nil && !strings.Contains(query, `""""`) && !strings.Contains(err.Error(), "operation") &&
			!strings.Contains(err.Error(), "There can be only one input field") && !strings.Contains(err.Error(), "Invalid number") && !strings.Contains(err.Error(), "UTF-8") {
			t.Fatalf("gqlparser parses %q, the normalizer says %v", query, err)
		}
		r, err := graphql.Normalize(schema, query, "", &d, 0)
		if err != nil {
			return
		}
		if _, perr := parser.ParseQuery(&ast.Source{Input: r.Query}); perr != nil {
			t.Fatalf("normalized %q to %q, which gqlparser does not parse: %v", query, r.Query, perr)
		}
		text, tr, err := graphql.AppendNormalized(nil, schema, query, "", nil, 0)
		if err != nil || string(text) != string(d.AppendJSON(nil, r.Variables)) {
			t.Fatalf("%q: AppendNormalized wrote %s (%v), Normalize %s", query, text, err, d.AppendJSON(nil, r.Variables))
		}
		// What compiles as written compiles normalized, and the other way.
		_, errRaw := graphql.Compile(schema, query, "")
		op, errNorm := graphql.Compile(schema, r.Query, r.OperationName)
		if (errRaw == nil) != (errNorm == nil) {
			t.Fatalf("%q: compiles with error %v; normalized %q: %v", query, errRaw, r.Query, errNorm)
		}
		if errNorm != nil {
			return
		}
		// The literals need no coercion, wherever they are.
		_, errDoc := op.RequestVariables(nil, &d, r)
		_, errText := op.RequestVariables(nil, nil, tr)
		if fmt.Sprint(errDoc) != fmt.Sprint(errText) {
			t.Fatalf("%q: RequestVariables: %v with the literals in the Doc, %v without", query, errDoc, errText)
		}
	})
}

// Compile leaves out of the text it validates the definitions of variables
// used only as whole field arguments of a type they fit; validation must
// still report every problem with variables, and coercion still check
// their values.
func TestCompileHiddenVariables(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []specCase{
		{name: "fits", query: `query($n: Int, $f: Filter!) { filter(n: $n, f: $f) }`, vars: `{"n":1,"f":{"name":"x"}}`, data: `{"filter":2}`,
			want: `{"data":{"filter":2}}`},
		{name: "value still coerced", query: `query($n: Int, $f: Filter!) { filter(n: $n, f: $f) }`, vars: `{"n":"x","f":{}}`, data: `{}`,
			want: `{"errors":[{"message":"Variable \"$n\" got invalid value \"x\"; Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":7}]},{"message":"Variable \"$f\" got invalid value {}; Field \"name\" of required type \"String!\" was not provided.","locations":[{"line":1,"column":16}]}]}`},
		{name: "required variable missing", query: `query($f: Filter!) { filter(f: $f) }`, data: `{}`,
			want: `{"errors":[{"message":"Variable \"$f\" of required type \"Filter!\" was not provided.","locations":[{"line":1,"column":7}]}]}`},
		{name: "wrong position", query: `query($n: String) { filter(n: $n) }`, data: `{}`,
			want: `{"errors":[{"message":"Variable \"$n\" of type \"String\" used in position expecting type \"Int\".","locations":[{"line":1,"column":31}]}]}`},
		{name: "nullable in non-null position", query: `mutation($id: ID) { like(id: $id) }`, data: `{}`,
			want: `{"errors":[{"message":"Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".","locations":[{"line":1,"column":30}]}]}`},
		{name: "defined twice", query: `query($n: Int, $n: Int) { filter(n: $n) }`, data: `{}`,
			// gqlparser's answer for the document as written
			want: `{"errors":[{"message":"Variable \"$n\" is never used.","locations":[{"line":1,"column":16}]},{"message":"There can be only one variable named \"$n\".","locations":[{"line":1,"column":16}]}]}`},
		{name: "unused", query: `query($n: Int) { int }`, data: `{}`,
			want: `{"errors":[{"message":"Variable \"$n\" is never used.","locations":[{"line":1,"column":7}]}]}`},
		{name: "undefined", query: `query($n: Int) { filter(n: $n, x: $zz) }`, data: `{}`,
			want: `{"errors":[{"message":"Variable \"$zz\" is not defined.","locations":[{"line":1,"column":35}]}]}`},
		{name: "used in a list too", query: `query($n: Int) { filter(n: $n, l: [$n]) }`, vars: `{"n":3}`, data: `{"filter":1}`,
			want: `{"data":{"filter":1}}`},
		{name: "used in a reached fragment", query: `query Q($n: Int) { ...F } fragment F on Query { filter(n: $n) }`, vars: `{"n":3}`, op: "Q", data: `{"filter":1}`,
			want: `{"data":{"filter":1}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := respond(t, schema, tc); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// Definition reads as the normalized operation: every variable defined
// (those validation did not need to see too), the literals' values in
// Literals; with KeepLiterals the literals stay in the tree.
func TestCompileDefinition(t *testing.T) {
	const query = `query Q($f: Filter!) { filter(f: $f, n: 3) }`
	for _, keep := range []bool{false, true} {
		schema, err := graphql.ParseSchema(sdl, graphql.Options{KeepLiterals: keep})
		if err != nil {
			t.Fatal(err)
		}
		op, err := graphql.Compile(schema, query, "")
		if err != nil {
			t.Fatal(err)
		}
		def := op.Definition()
		var names []string
		for _, vd := range def.VariableDefinitions {
			names = append(names, vd.Variable+":"+vd.Type.String())
		}
		n := def.SelectionSet[0].(*ast.Field).Arguments.ForName("n").Value
		d, lits := op.Literals()
		got := strings.Join(names, ",") + " n=" + n.String() + " literals=" + string(d.AppendJSON(nil, lits))
		want := "f:Filter!,a:Int n=$a literals={\"a\":3}"
		if keep {
			want = "f:Filter! n=3 literals="
		}
		if got != want {
			t.Errorf("KeepLiterals %v: got %s, want %s", keep, got, want)
		}
	}
}

// With KeepLiterals, gqlparser checks the literals and words the problems,
// suggestions included.
func TestKeepLiteralsErrors(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{KeepLiterals: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = graphql.Compile(schema, `{ filter(c: REDD) }`, "")
	if want := `1:13: Value "REDD" does not exist in "Color" enum. Did you mean the enum value "RED"?`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// Request.Literals counts the extracted literals, the last members of the
// variables, and Request.Locate moves the locations of Compile's problems
// with the normalized document back to the client's document.
func TestNormalizeLiteralsLocate(t *testing.T) {
	schema, err := graphql.ParseSchema(sdl, graphql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	query := "query A { int }\nquery B($n: Int) {\n  a: filter(n: $n, x:   1.5, c: RED)\n  nope\n}"
	var d graft.Doc
	vars, _ := d.Parse([]byte(`{"n":1,"other":2}`))
	r, err := graphql.Normalize(schema, query, "B", &d, vars)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(d.AppendJSON(nil, r.Variables)), `{"n":1,"a":1.5,"b":"RED"}`; got != want || r.Literals != 2 {
		t.Fatalf("variables %s with %d literals, want %s with 2", got, r.Literals, want)
	}
	_, cerr := graphql.Compile(schema, r.Query, r.OperationName)
	var re *graphql.RequestError
	if !errors.As(cerr, &re) || len(re.Problems) != 1 {
		t.Fatalf("Compile of %q: %v", r.Query, cerr)
	}
	before := re.Error()
	located := r.Locate(cerr)
	if got, want := located.Error(), `4:3: Cannot query field "nope" on type "Query". Did you mean "node" or "nodes"?`; got != want {
		t.Errorf("Locate: %q, want %q (normalized %q)", got, want, r.Query)
	}
	if re.Error() != before {
		t.Errorf("Locate modified its argument: %q, was %q", re.Error(), before)
	}
	if other := errors.New("x"); r.Locate(other) != other || r.Locate(nil) != nil {
		t.Error("Locate changed an error that is not a *RequestError")
	}
}
