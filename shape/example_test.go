package shape_test

import (
	"fmt"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// A plan for { me: user { id name } } over a schema where User.name is
// non-null: the upstream data misses the name, so the null bubbles to "me".
func Example() {
	user := &shape.Type{Kind: shape.Object, Name: "User", Fields: []shape.Field{
		{Name: "id", Key: "id", Type: &shape.Type{Kind: shape.ID, Name: "ID"}, Loc: shape.Location{Line: 1, Column: 14}},
		{Name: "name", Key: "name", Type: &shape.Type{Kind: shape.String, Name: "String", NonNull: true}, Loc: shape.Location{Line: 1, Column: 17}},
	}}
	root := &shape.Type{Kind: shape.Object, Name: "Query", Fields: []shape.Field{
		{Name: "me", Key: "user", Type: user, Loc: shape.Location{Line: 1, Column: 3}},
		{Name: "ok", Key: "user", Type: &shape.Type{Kind: shape.Object, Name: "User", Fields: user.Fields[:1]}, Loc: shape.Location{Line: 1, Column: 24}},
	}}
	plan, err := shape.New(root, shape.Options{})
	if err != nil {
		panic(err)
	}
	var d graft.Doc
	data, _ := d.Parse([]byte(`{"user": {"id": 7, "email": "a@example.com"}}`))
	var r shape.Renderer
	fmt.Printf("%s\n", r.Render(nil, plan, &d, data, nil))
	// Output:
	// {"errors":[{"message":"Cannot return null for non-nullable field User.name.","locations":[{"line":1,"column":17}],"path":["me","name"]}],"data":{"me":null,"ok":{"id":"7"}}}
}
