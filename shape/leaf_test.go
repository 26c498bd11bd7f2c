package shape_test

import (
	"encoding/json"
	"testing"

	"github.com/graftjson/graft/shape"
)

// A leafCase renders the value data (JSON text) in a nullable field "v" of
// type typ and expects want as the field's value and, if err is set, that
// error message. The expectations are graphql-js's serializers (v16):
// GraphQLInt, GraphQLFloat, GraphQLString, GraphQLBoolean, GraphQLID and
// GraphQLEnumType.serialize, with values as JSON.parse reads them, except
// where DEVIATIONS.md says otherwise.
type leafCase struct {
	typ  *shape.Type
	data string
	want string
	err  string
}

var leafCases = []leafCase{
	// Int: integral numbers in signed 32-bit range; booleans; numeric strings.
	{tInt, `0`, `0`, ``},
	{tInt, `-0`, `0`, ``},
	{tInt, `2147483647`, `2147483647`, ``},
	{tInt, `-2147483648`, `-2147483648`, ``},
	{tInt, `2147483648`, `null`, `Int cannot represent non 32-bit signed integer value: 2147483648`},
	{tInt, `-2147483649`, `null`, `Int cannot represent non 32-bit signed integer value: -2147483649`},
	{tInt, `12345678901234567890`, `null`, `Int cannot represent non 32-bit signed integer value: 12345678901234567000`},
	{tInt, `1.0`, `1`, ``},
	{tInt, `1e2`, `100`, ``},
	{tInt, `-0.0`, `0`, ``},
	{tInt, `1.5`, `null`, `Int cannot represent non-integer value: 1.5`},
	{tInt, `1e400`, `null`, `Int cannot represent non-integer value: Infinity`},
	{tInt, `1e-400`, `0`, ``},
	{tInt, `true`, `1`, ``},
	{tInt, `false`, `0`, ``},
	{tInt, `"123"`, `123`, ``},
	{tInt, `" 12 "`, `12`, ``},
	{tInt, `"0x1F"`, `31`, ``},
	{tInt, `"1e3"`, `1000`, ``},
	{tInt, `" "`, `0`, ``},
	{tInt, `""`, `null`, `Int cannot represent non-integer value: ""`},
	{tInt, `"abc"`, `null`, `Int cannot represent non-integer value: "abc"`},
	{tInt, `"1.5"`, `null`, `Int cannot represent non-integer value: "1.5"`},
	{tInt, `"9999999999"`, `null`, `Int cannot represent non 32-bit signed integer value: "9999999999"`},
	{tInt, `[1]`, `null`, `Int cannot represent non-integer value: [1]`},
	{tInt, `{"a":1}`, `null`, `Int cannot represent non-integer value: { a: 1 }`},

	// Float: finite numbers (text kept), booleans, numeric strings.
	{tFloat, `1.5`, `1.5`, ``},
	{tFloat, `12.50`, `12.50`, ``},
	{tFloat, `1E+2`, `1E+2`, ``},
	{tFloat, `-0`, `-0`, ``},
	{tFloat, `1e400`, `null`, `Float cannot represent non numeric value: Infinity`},
	{tFloat, `-1e400`, `null`, `Float cannot represent non numeric value: -Infinity`},
	{tFloat, `true`, `1`, ``},
	{tFloat, `false`, `0`, ``},
	{tFloat, `"1.25"`, `1.25`, ``},
	{tFloat, `"1e21"`, `1e+21`, ``},
	{tFloat, `".5"`, `0.5`, ``},
	{tFloat, `"Infinity"`, `null`, `Float cannot represent non numeric value: "Infinity"`},
	{tFloat, `"1,5"`, `null`, `Float cannot represent non numeric value: "1,5"`},
	{tFloat, `""`, `null`, `Float cannot represent non numeric value: ""`},
	{tFloat, `[]`, `null`, `Float cannot represent non numeric value: []`},

	// String: strings as received; booleans and finite numbers as text.
	{tString, `"a\"b\u00e9"`, `"a\"b\u00e9"`, ``},
	{tString, `true`, `"true"`, ``},
	{tString, `false`, `"false"`, ``},
	{tString, `42`, `"42"`, ``},
	{tString, `-0`, `"0"`, ``},
	{tString, `1.50`, `"1.5"`, ``},
	{tString, `1e21`, `"1e+21"`, ``},
	{tString, `0.0000001`, `"1e-7"`, ``},
	{tString, `123456789012345678901234`, `"123456789012345678901234"`, ``},
	{tString, `1e400`, `null`, `String cannot represent value: Infinity`},
	{tString, `[1,"a",{"b":[2]}]`, `null`, `String cannot represent value: [1, "a", { b: [Array] }]`},
	{tString, `{"a":{"b":{"c":1}},"d":[]}`, `null`, `String cannot represent value: { a: { b: [Object] }, d: [] }`},
	{tString, `[1,2,3,4,5,6,7,8,9,10,11]`, `null`, `String cannot represent value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 1 more item]`},
	{tString, `[1,2,3,4,5,6,7,8,9,10,11,12]`, `null`, `String cannot represent value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items]`},

	// Boolean: booleans; finite numbers as number != 0.
	{tBoolean, `true`, `true`, ``},
	{tBoolean, `false`, `false`, ``},
	{tBoolean, `0`, `false`, ``},
	{tBoolean, `-0.0`, `false`, ``},
	{tBoolean, `2.5`, `true`, ``},
	{tBoolean, `1e400`, `null`, `Boolean cannot represent a non boolean value: Infinity`},
	{tBoolean, `"true"`, `null`, `Boolean cannot represent a non boolean value: "true"`},
	{tBoolean, `{}`, `null`, `Boolean cannot represent a non boolean value: {}`},

	// ID: strings; integers, written as strings.
	{tID, `"abc"`, `"abc"`, ``},
	{tID, `"\u0041"`, `"\u0041"`, ``},
	{tID, `7`, `"7"`, ``},
	{tID, `-12`, `"-12"`, ``},
	{tID, `9007199254740993`, `"9007199254740993"`, ``},
	{tID, `1.0`, `"1"`, ``},
	{tID, `1e3`, `"1000"`, ``},
	{tID, `1.5`, `null`, `ID cannot represent value: 1.5`},
	{tID, `true`, `null`, `ID cannot represent value: true`},
	{tID, `["a"]`, `null`, `ID cannot represent value: ["a"]`},

	// Enum: members only.
	{tColor, `"RED"`, `"RED"`, ``},
	{tColor, `"GR\u0045EN"`, `"GREEN"`, ``},
	{tColor, `"red"`, `null`, `Enum "Color" cannot represent value: "red"`},
	{tColor, `"PURPLE"`, `null`, `Enum "Color" cannot represent value: "PURPLE"`},
	{tColor, `1`, `null`, `Enum "Color" cannot represent value: 1`},
	{tColor, `"new\nline"`, `null`, `Enum "Color" cannot represent value: "new\nline"`},

	// Custom scalars: anything, verbatim.
	{tJSON, `{"a":[1,"\u00e9",null]}`, `{"a":[1,"\u00e9",null]}`, ``},
	{tJSON, `1.50`, `1.50`, ``},
	{tJSON, `"x"`, `"x"`, ``},
}

func TestLeaf(t *testing.T) {
	for _, tc := range leafCases {
		t.Run(tc.typ.Name+" "+tc.data, func(t *testing.T) {
			got := render(t, q(f("v", tc.typ, 3)), nil, `{"v":`+tc.data+`}`)
			want := `{"data":{"v":` + tc.want + `}}`
			if tc.err != "" {
				msg, _ := json.Marshal(tc.err)
				want = `{"errors":[{"message":` + string(msg) + `,"locations":[{"line":1,"column":3}],"path":["v"]}],` + want[1:]
			}
			if got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}
