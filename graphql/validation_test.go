package graphql_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft/graphql"
)

// Fields of one response name that cannot merge are refused whether or
// not the document needs the rule that finds them (Compile leaves it out
// of a document without fragments whose response names are unique per
// selection set).
func TestFieldConflicts(t *testing.T) {
	many := func(n int) string { // n fields with their own response names
		var b strings.Builder
		for i := range n {
			b.WriteString(" a" + strconv.Itoa(i) + ": int")
		}
		return b.String()
	}
	const conflict = `Fields "x" conflict because "int" and "color" are different fields.`
	for _, tc := range []struct {
		name, query, want string // want: "" when the operation compiles
	}{
		{"unique names", `{ x: int y: color user { id name } }`, ""},
		{"the same field twice", `{ x: int x: int }`, ""},
		{"two fields, one name", `{ x: int x: color }`, conflict},
		{"many unique names", "{" + many(40) + " }", ""},
		{"a name again after many", "{ x: int" + many(40) + " x: color }", conflict},
		{"a name again in a sub-selection", `{ user { id best { x: id x: name } } }`, `Fields "x" conflict because "id" and "name" are different fields.`},
		{"the same name in two sets", `{ user { x: id } best: user { x: id } }`, ""},
		{"through an inline fragment", `{ x: int ... on Query { x: color } }`, conflict},
		{"through a fragment spread", `{ x: int ...F } fragment F on Query { x: color }`, conflict},
		{"different arguments", `{ x: filter(n: 1) x: filter(n: 2) }`, `Fields "x" conflict because they have differing arguments.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schema, err := graphql.ParseSchema(sdl, graphql.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = graphql.Compile(schema, tc.query, "")
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
