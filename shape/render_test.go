package shape_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// A renderCase renders data through the plan of root with vars and expects
// exactly want. The expectations follow the GraphQL specification's
// "Value Completion" and "Handling Field Errors" and what graphql-js's
// executor returns for the same schema, operation and root value.
type renderCase struct {
	name string
	root *shape.Type
	vars []bool
	data string
	want string
}

func q(fields ...shape.Field) *shape.Type { return obj("Query", fields...) }

var (
	user      = obj("User", f("id", nn(tID), 10), f("name", tString, 20))
	userNN    = obj("User", f("id", nn(tID), 10), f("name", nn(tString), 20))
	nodeIface = &shape.Type{Kind: shape.Abstract, Name: "Node", Cases: []shape.Case{
		{Type: "User", Fields: []shape.Field{f("__typename", tName, 5), f("id", nn(tID), 10), f("name", tString, 20)}},
		{Type: "Post", Fields: []shape.Field{f("__typename", tName, 5), f("id", nn(tID), 10), f("title", nn(tString), 30)}},
	}}
	skipA    = shape.Cond{{{Var: "a", Value: false}}}
	includeA = shape.Cond{{{Var: "a", Value: true}}}
	includeB = shape.Cond{{{Var: "b", Value: true}}}
)

var renderCases = []renderCase{
	// selection, order, aliases
	{name: "selection order and unselected members",
		root: q(f("b", tInt, 1), f("a", tString, 2)),
		data: `{"a":"x","c":{"deep":[1]},"b":1}`,
		want: `{"data":{"b":1,"a":"x"}}`},
	{name: "alias reads the schema name",
		root: q(alias("first", "user", user, 1), alias("second", "user", obj("User", f("name", tString, 20)), 2)),
		data: `{"user":{"id":"1","name":"Ann"}}`,
		want: `{"data":{"first":{"id":"1","name":"Ann"},"second":{"name":"Ann"}}}`},
	{name: "missing member is null", root: q(f("a", tInt, 1)), data: `{}`, want: `{"data":{"a":null}}`},
	{name: "last duplicate member wins", root: q(f("a", tInt, 1)), data: `{"a":1,"a":2}`, want: `{"data":{"a":2}}`},
	{name: "root not an object", root: q(f("a", tInt, 1)), data: `[1]`, want: `{"data":{"a":null}}`},
	{name: "escaped member name", root: q(f("a", tInt, 1), f("b", tInt, 2)), data: `{"\u0062":2,"\u0061":1}`, want: `{"data":{"a":1,"b":2}}`},
	{name: "last duplicate wins escaped or not", root: q(f("a", tInt, 1), f("b", tInt, 2)), data: `{"a":1,"\u0061":2,"\u0062":3,"b":4}`,
		want: `{"data":{"a":2,"b":4}}`},
	{name: "key that needs escaping", root: q(alias("q", `a"b\c`, tInt, 1)), data: `{"a\"b\\c":1}`, want: `{"data":{"q":1}}`},
	{name: "key with a backslash is not its raw text", root: q(alias("q", `a\b`, tInt, 1)), data: `{"a\b":1}`, want: `{"data":{"q":null}}`},
	{name: "key with a backslash decoded", root: q(alias("q", `a\b`, tInt, 1)), data: `{"a\\b":1}`, want: `{"data":{"q":1}}`},
	{name: "several aliases of one key", root: q(alias("x", "a", tInt, 1), f("b", tInt, 2), alias("y", "a", tString, 3)), data: `{"b":2,"a":1}`,
		want: `{"data":{"x":1,"b":2,"y":"1"}}`},
	{name: "typename of object", root: q(f("__typename", tName, 1), f("u", user, 2)),
		data: `{"u":{"id":1}}`, want: `{"data":{"__typename":"Query","u":{"id":"1","name":null}}}`},

	// nullability and bubbling
	{name: "nullable field null", root: q(f("u", user, 1)), data: `{"u":null}`, want: `{"data":{"u":null}}`},
	{name: "non-null root field null nulls data",
		root: q(f("a", tInt, 1), f("u", nn(user), 2)), data: `{"a":1,"u":null}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.u.","locations":[{"line":1,"column":2}],"path":["u"]}],"data":null}`},
	{name: "non-null leaf bubbles to nullable parent",
		root: q(f("u", userNN, 1), f("after", tInt, 3)), data: `{"u":{"id":"1"},"after":3}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field User.name.","locations":[{"line":1,"column":20}],"path":["u","name"]}],"data":{"u":null,"after":3}}`},
	{name: "long non-null chain to nullable grandparent",
		root: q(f("a", obj("A", f("b", nn(obj("B", f("c", nn(obj("C", f("d", nn(tInt), 4))), 3))), 2)), 1)),
		data: `{"a":{"b":{"c":{"d":null}}}}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field C.d.","locations":[{"line":1,"column":4}],"path":["a","b","c","d"]}],"data":{"a":null}}`},
	{name: "long non-null chain to root",
		root: q(f("a", nn(obj("A", f("b", nn(obj("B", f("c", nn(tInt), 3))), 2))), 1)),
		data: `{"a":{"b":{"c":"x"}}}`,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":3}],"path":["a","b","c"]}],"data":null}`},
	{name: "nullable sibling errors each reported",
		root: q(f("a", tInt, 1), f("b", tInt, 2), f("c", tString, 3)), data: `{"a":1.5,"b":"x","c":"ok"}`,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: 1.5","locations":[{"line":1,"column":1}],"path":["a"]},{"message":"Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":2}],"path":["b"]}],"data":{"a":null,"b":null,"c":"ok"}}`},
	{name: "fields after a failed non-null sibling are not looked at",
		root: q(f("o", obj("O", f("x", tInt, 1), f("y", nn(tInt), 2), f("z", nn(tInt), 3), f("w", tInt, 4)), 5)),
		data: `{"o":{"x":"bad","y":null,"z":null,"w":"bad"}}`,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: \"bad\"","locations":[{"line":1,"column":1}],"path":["o","x"]},{"message":"Cannot return null for non-nullable field O.y.","locations":[{"line":1,"column":2}],"path":["o","y"]}],"data":{"o":null}}`},
	{name: "no errors below a null parent",
		root: q(f("u", userNN, 1)), data: `{"u":null}`, want: `{"data":{"u":null}}`},

	{name: "sibling items fail each with its error", root: q(f("l", list(userNN), 1)), data: `{"l":[{"id":null,"name":"a"},{"id":2,"name":"b"},{"id":3}]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field User.id.","locations":[{"line":1,"column":10}],"path":["l",0,"id"]},{"message":"Cannot return null for non-nullable field User.name.","locations":[{"line":1,"column":20}],"path":["l",2,"name"]}],"data":{"l":[null,{"id":"2","name":"b"},null]}}`},
	{name: "sibling subtrees: one bubbles, one stays", root: q(f("a", obj("A", f("x", nn(tInt), 1)), 2), f("b", obj("B", f("y", tInt, 3)), 4)),
		data: `{"a":{"x":"no"},"b":{"y":"no"}}`,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: \"no\"","locations":[{"line":1,"column":1}],"path":["a","x"]},{"message":"Int cannot represent non-integer value: \"no\"","locations":[{"line":1,"column":3}],"path":["b","y"]}],"data":{"a":null,"b":{"y":null}}}`},

	// lists
	{name: "[T!] null list", root: q(f("l", list(nn(tInt)), 1)), data: `{"l":null}`, want: `{"data":{"l":null}}`},
	{name: "[T!]! missing list bubbles", root: q(f("o", obj("O", f("l", nn(list(nn(tInt))), 1)), 2), f("p", tInt, 3)), data: `{"o":{},"p":1}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field O.l.","locations":[{"line":1,"column":1}],"path":["o","l"]}],"data":{"o":null,"p":1}}`},
	{name: "[[T]!]! null inner list bubbles to root", root: q(f("m", nn(list(nn(list(tInt)))), 1)), data: `{"m":[[1,null],null]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.m.","locations":[{"line":1,"column":1}],"path":["m",1]}],"data":null}`},
	{name: "[T] with null item", root: q(f("l", list(tInt), 1)), data: `{"l":[1,null,3]}`, want: `{"data":{"l":[1,null,3]}}`},
	{name: "[T] null list", root: q(f("l", list(tInt), 1)), data: `{"l":null}`, want: `{"data":{"l":null}}`},
	{name: "[T] bad item nulls only the item", root: q(f("l", list(tInt), 1)), data: `{"l":[1,"x",3]}`,
		want: `{"errors":[{"message":"Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":1}],"path":["l",1]}],"data":{"l":[1,null,3]}}`},
	{name: "[T!] null item nulls the list", root: q(f("l", list(nn(tInt)), 1), f("m", tInt, 2)), data: `{"l":[1,null,3],"m":4}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.l.","locations":[{"line":1,"column":1}],"path":["l",1]}],"data":{"l":null,"m":4}}`},
	{name: "[T!] stops at the first null item", root: q(f("l", list(nn(tInt)), 1)), data: `{"l":[null,null]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.l.","locations":[{"line":1,"column":1}],"path":["l",0]}],"data":{"l":null}}`},
	{name: "[T]! null list bubbles", root: q(f("o", obj("O", f("l", nn(list(tInt)), 1)), 2)), data: `{"o":{"l":null}}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field O.l.","locations":[{"line":1,"column":1}],"path":["o","l"]}],"data":{"o":null}}`},
	{name: "[T]! null item stays", root: q(f("l", nn(list(tInt)), 1)), data: `{"l":[null]}`, want: `{"data":{"l":[null]}}`},
	{name: "[T!]! null item bubbles past the list", root: q(f("o", obj("O", f("l", nn(list(nn(tInt))), 1)), 2)), data: `{"o":{"l":[1,null]}}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field O.l.","locations":[{"line":1,"column":1}],"path":["o","l",1]}],"data":{"o":null}}`},
	{name: "[T!]! empty list", root: q(f("l", nn(list(nn(tInt))), 1)), data: `{"l":[]}`, want: `{"data":{"l":[]}}`},
	{name: "nested lists with indices", root: q(f("m", list(list(nn(tInt))), 1)), data: `{"m":[[1,2],[3,null],null,[]]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.m.","locations":[{"line":1,"column":1}],"path":["m",1,1]}],"data":{"m":[[1,2],null,null,[]]}}`},
	{name: "list of objects with alias in path", root: q(alias("people", "users", list(userNN), 1)), data: `{"users":[{"id":1,"name":"a"},{"id":2}]}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field User.name.","locations":[{"line":1,"column":20}],"path":["people",1,"name"]}],"data":{"people":[{"id":"1","name":"a"},null]}}`},
	{name: "non-list for a list", root: q(f("l", list(tInt), 1)), data: `{"l":{"a":1}}`,
		want: `{"errors":[{"message":"Expected Iterable, but did not find one for field \"Query.l\".","locations":[{"line":1,"column":1}],"path":["l"]}],"data":{"l":null}}`},
	{name: "string for a list", root: q(f("l", list(tString), 1)), data: `{"l":"abc"}`,
		want: `{"errors":[{"message":"Expected Iterable, but did not find one for field \"Query.l\".","locations":[{"line":1,"column":1}],"path":["l"]}],"data":{"l":null}}`},
	{name: "scalar for an object", root: q(f("u", user, 1)), data: `{"u":"x"}`,
		want: `{"errors":[{"message":"Expected value of type \"User\" but got: \"x\".","locations":[{"line":1,"column":1}],"path":["u"]}],"data":{"u":null}}`},

	// abstract types
	{name: "abstract dispatch", root: q(f("n", list(nodeIface), 1)),
		data: `{"n":[{"__typename":"Post","id":"p","title":"T","name":"ignored"},{"__typename":"User","id":1}]}`,
		want: `{"data":{"n":[{"__typename":"Post","id":"p","title":"T"},{"__typename":"User","id":"1","name":null}]}}`},
	{name: "abstract case error names the runtime type", root: q(f("n", nodeIface, 1)), data: `{"n":{"__typename":"Post","id":"p"}}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Post.title.","locations":[{"line":1,"column":30}],"path":["n","title"]}],"data":{"n":null}}`},
	{name: "abstract without typename", root: q(f("n", nodeIface, 1)), data: `{"n":{"id":"p"}}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" must resolve to an Object type at runtime for field \"Query.n\".","locations":[{"line":1,"column":1}],"path":["n"]}],"data":{"n":null}}`},
	{name: "abstract with scalar data", root: q(f("n", nodeIface, 1)), data: `{"n":5}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" must resolve to an Object type at runtime for field \"Query.n\".","locations":[{"line":1,"column":1}],"path":["n"]}],"data":{"n":null}}`},
	{name: "abstract unknown type", root: q(f("n", nodeIface, 1)), data: `{"n":{"__typename":"Nope"}}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" was resolved to a type \"Nope\" that does not exist inside the schema.","locations":[{"line":1,"column":1}],"path":["n"]}],"data":{"n":null}}`},
	{name: "impossible runtime type", root: q(f("n", nodeIface, 1)), data: `{"n":{"__typename":"Thing","id":"t"}}`,
		want: `{"errors":[{"message":"Runtime Object type \"Thing\" is not a possible type for \"Node\".","locations":[{"line":1,"column":1}],"path":["n"]}],"data":{"n":null}}`},
	{name: "runtime type not an object type", root: q(f("n", list(nodeIface), 1)), data: `{"n":[{"__typename":"String"},{"__typename":"User","id":1}]}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" was resolved to a non-object type \"String\".","locations":[{"line":1,"column":1}],"path":["n",0]}],"data":{"n":[null,{"__typename":"User","id":"1","name":null}]}}`},
	{name: "abstract escaped typename", root: q(f("n", nodeIface, 1)), data: `{"n":{"__typename":"\u0055ser","id":"u"}}`,
		want: `{"data":{"n":{"__typename":"User","id":"u","name":null}}}`},

	// values the schema hides (Options.Hidden)
	{name: "hidden enum value is null", root: q(f("c", list(tColor), 1)), data: `{"c":["RED","BLUE","BL\u0055E"]}`,
		want: `{"data":{"c":["RED",null,null]}}`},
	{name: "hidden enum value at a non-null position", root: q(f("c", nn(tColor), 1)), data: `{"c":"BLUE"}`,
		want: `{"errors":[{"message":"Enum \"Color\" cannot represent value: \"BLUE\"","locations":[{"line":1,"column":1}],"path":["c"]}],"data":null}`},
	{name: "enum value hidden in another enum", root: q(f("c", tColor, 1)), data: `{"c":"Secret"}`,
		want: `{"errors":[{"message":"Enum \"Color\" cannot represent value: \"Secret\"","locations":[{"line":1,"column":1}],"path":["c"]}],"data":{"c":null}}`},
	{name: "object of a hidden type is null", root: q(f("n", list(nodeIface), 1)), data: `{"n":[{"__typename":"Secret","id":"s"},{"__typename":"User","id":1}]}`,
		want: `{"data":{"n":[null,{"__typename":"User","id":"1","name":null}]}}`},
	{name: "object of a hidden type at a non-null position", root: q(f("n", nn(nodeIface), 1)), data: `{"n":{"__typename":"Secret"}}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" was resolved to a type \"Secret\" that does not exist inside the schema.","locations":[{"line":1,"column":1}],"path":["n"]}],"data":null}`},
	{name: "type named like a hidden enum value", root: q(f("n", nodeIface, 1)), data: `{"n":{"__typename":"Color.BLUE"}}`,
		want: `{"errors":[{"message":"Abstract type \"Node\" was resolved to a type \"Color.BLUE\" that does not exist inside the schema.","locations":[{"line":1,"column":1}],"path":["n"]}],"data":{"n":null}}`},

	// conditions and merging
	{name: "skip and include", vars: []bool{true, false},
		root: q(when(f("x", tInt, 1), skipA), when(f("y", tInt, 2), includeA), when(f("z", tInt, 3), includeB)),
		data: `{"x":1,"y":2,"z":3}`, want: `{"data":{"y":2}}`},
	{name: "skip and include false", vars: []bool{false, true},
		root: q(when(f("x", tInt, 1), skipA), when(f("y", tInt, 2), includeA), when(f("z", tInt, 3), includeB)),
		data: `{"x":1,"y":2,"z":3}`, want: `{"data":{"x":1,"z":3}}`},
	{name: "both directives must pass", vars: []bool{true, false},
		root: q(when(f("x", tInt, 1), shape.Cond{{{Var: "a", Value: true}, {Var: "b", Value: true}}})),
		data: `{"x":1}`, want: `{"data":{}}`},
	{name: "merged field at first included occurrence", vars: []bool{true},
		root: q(when(f("a", tInt, 1), skipA), f("b", tInt, 2), f("a", tInt, 3)),
		data: `{"a":1,"b":2}`, want: `{"data":{"b":2,"a":1}}`},
	{name: "merged field at first occurrence", vars: []bool{false},
		root: q(when(f("a", tInt, 1), skipA), f("b", tInt, 2), f("a", tInt, 3)),
		data: `{"a":1,"b":2}`, want: `{"data":{"a":1,"b":2}}`},
	{name: "merged field error lists included locations", vars: []bool{false},
		root: q(f("a", nn(tInt), 1), f("a", nn(tInt), 5), when(f("a", nn(tInt), 9), includeA)),
		data: `{}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.a.","locations":[{"line":1,"column":1},{"line":1,"column":5}],"path":["a"]}],"data":null}`},
	{name: "merged field error lists a location once", vars: []bool{true, true},
		root: q(when(f("a", nn(tInt), 1), includeA), f("a", nn(tInt), 5), when(f("a", nn(tInt), 1), includeB), f("a", nn(tInt), 1)),
		data: `{}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.a.","locations":[{"line":1,"column":1},{"line":1,"column":5}],"path":["a"]}],"data":null}`},
	{name: "merged field error lists a location at its first included occurrence", vars: []bool{false, true},
		root: q(when(f("a", nn(tInt), 1), includeA), f("a", nn(tInt), 5), when(f("a", nn(tInt), 1), includeB), f("a", nn(tInt), 1)),
		data: `{}`,
		want: `{"errors":[{"message":"Cannot return null for non-nullable field Query.a.","locations":[{"line":1,"column":5},{"line":1,"column":1}],"path":["a"]}],"data":null}`},
}

func TestRender(t *testing.T) {
	for _, tc := range renderCases {
		t.Run(tc.name, func(t *testing.T) {
			got := render(t, tc.root, tc.vars, tc.data)
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func render(t *testing.T, root *shape.Type, vars []bool, data string) string {
	t.Helper()
	p, err := shape.New(root, shape.Options{
		Types:  map[string]bool{"User": true, "Post": true, "Query": true, "Thing": true, "Node": false, "String": false},
		Hidden: map[string]bool{"Secret": true, "Color.BLUE": true},
	})
	if err != nil {
		t.Fatal(err)
	}
	var d graft.Doc
	ref, err := d.Parse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var r shape.Renderer
	out := r.Render([]byte("prefix"), p, &d, ref, vars)
	if string(out[:6]) != "prefix" {
		t.Fatalf("Render changed the bytes before dst's end: %q", out)
	}
	out = out[6:]
	if !json.Valid(out) {
		t.Fatalf("invalid JSON: %s", out)
	}
	if again := string(d.AppendJSON(nil, ref)); again != compact(data) {
		t.Fatalf("Render changed the Doc: %s", again)
	}
	return string(out)
}

func compact(s string) string {
	var d graft.Doc
	r, _ := d.Parse([]byte(s))
	return string(d.AppendJSON(nil, r))
}

func TestUnknownLocationLeftOut(t *testing.T) {
	fl := shape.Field{Name: "a", Key: "a", Type: nn(tInt)}
	got := render(t, q(fl), nil, `{}`)
	want := `{"errors":[{"message":"Cannot return null for non-nullable field Query.a.","path":["a"]}],"data":null}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// New rejects an incomplete or cyclic description, naming the position.
func TestNewRejects(t *testing.T) {
	cyclic := obj("T")
	cyclic.Fields = []shape.Field{f("self", cyclic, 1)}
	for _, tc := range []struct {
		name string
		root *shape.Type
		want string
	}{
		{"nil root", nil, "shape: the root type must be an Object"},
		{"root not object", tInt, "shape: the root type must be an Object"},
		{"no kind", q(f("a", &shape.Type{Name: "X"}, 1)), "shape: Query.a: invalid kind 0"},
		{"no field type", q(shape.Field{Name: "a", Key: "a"}), "shape: Query.a: no type"},
		{"no key", q(shape.Field{Name: "a", Type: tInt}), "shape: Query.a: a field needs a key"},
		{"no name", q(shape.Field{Key: "a", Type: tInt}), "shape: Query: a field needs a response name"},
		{"list without of", q(f("a", list(list(nil)), 1)), "shape: Query.a[][]: no type"},
		{"unnamed object", q(f("a", obj(""), 1)), "shape: Query.a: an object type needs a name"},
		{"cyclic", q(f("t", cyclic, 1)), "shape: Query.t.self: the type description is cyclic"},
		{"duplicate case", q(f("n", &shape.Type{Kind: shape.Abstract, Name: "N", Cases: []shape.Case{{Type: "A"}, {Type: "A"}}}, 1)), "shape: Query.n: two cases for A"},
		{"in a case", q(f("n", &shape.Type{Kind: shape.Abstract, Name: "N", Cases: []shape.Case{{Type: "A", Fields: []shape.Field{{Name: "b", Type: tInt}}}}}, 1)), "shape: Query.n on A.b: a field needs a key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := shape.New(tc.root, shape.Options{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
}

func TestVariables(t *testing.T) {
	p, err := shape.New(q(when(f("x", tInt, 1), shape.Cond{{{Var: "b", Value: true}}, {{Var: "a", Value: false}}}), when(f("y", tInt, 2), includeA)), shape.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Variables(); len(got) != 2 || got[0] != "b" || got[1] != "a" {
		t.Errorf("Variables() = %q", got)
	}
}

// TestManyKeys renders an object of 300 fields from data whose members come
// in the reverse order, among unselected ones: every field finds its
// member whatever the order and the number of keys.
func TestManyKeys(t *testing.T) {
	var fields []shape.Field
	data := []byte(`{`)
	want := []byte(`{"data":{`)
	for i := 299; i >= 0; i-- {
		data = fmt.Appendf(data, `"unselected%d":0,"f%d":%d,`, i, i, i)
	}
	for i := range 300 {
		fields = append(fields, f(fmt.Sprint("f", i), tInt, 1))
		want = fmt.Appendf(want, `"f%d":%d,`, i, i)
	}
	data[len(data)-1] = '}'
	want = append(want[:len(want)-1], "}}"...)
	if got := render(t, q(fields...), nil, string(data)); got != string(want) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
