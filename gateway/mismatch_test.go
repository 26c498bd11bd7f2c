package gateway

import (
	"context"
	"strconv"
	"testing"

	"github.com/graftjson/graft/internal/subgraph"
)

// TestTypeMismatch runs the gateway over real subgraph servers (they
// validate what they get) for the federation fixture "mismatch", whose
// subgraph b returns User.id as ID! and Admin.id as ID, User.nicknames as
// [String!]! and Admin.nicknames as [String!] under the union Account:
// the planner fetches one of each pair under a private alias, or b would
// refuse the operation ("Fields "id" conflict because they return
// conflicting types"). User.tag(n) (ID! in a, ID in c) answers with the
// argument it was given, so that a value read back from the wrong private
// alias shows.
func TestTypeMismatch(t *testing.T) {
	read := func(name string) string { return fixtureFile(t, "mismatch", name) }
	type object = map[string]any
	objects := map[string]object{
		"u1": {"__typename": "User", "id": "u1", "name": "Ada", "email": "ada@a", "nicknames": []any{"A"}, "friendIDs": []string{"u2"}, "similarIDs": []string{"u2", "a1"}},
		"u2": {"__typename": "User", "id": "u2", "name": "Alan", "email": "alan@a", "nicknames": []any{}, "friendIDs": []string{"u1"}, "similarIDs": []string{"a1"}},
		"a1": {"__typename": "Admin", "id": "a1", "name": "Root", "photo": "a1.png", "friendIDs": []string{"u1"}, "similarIDs": []string{"u1"}},
	}
	list := func(member string) subgraph.Resolver {
		return func(_ context.Context, parent, _ map[string]any) (any, error) {
			var out []any
			for _, id := range parent[member].([]string) {
				out = append(out, objects[id])
			}
			return out, nil
		}
	}
	// tag(n) tells which argument it was asked with.
	tag := func(_ context.Context, parent, args map[string]any) (any, error) {
		n, _ := args["n"].(int64)
		return parent["id"].(string) + "#" + strconv.FormatInt(n, 10), nil
	}
	byID := func(_ context.Context, rep map[string]any) (map[string]any, error) {
		id, _ := rep["id"].(string)
		return objects[id], nil
	}
	configs := map[string]subgraph.Config{
		"a": {SDL: read("a.graphql"), Root: object{"users": []any{objects["u1"], objects["u2"]}},
			Resolvers: map[string]subgraph.Resolver{"User.friends": list("friendIDs"), "User.tag": tag},
			Entities:  map[string]subgraph.EntityResolver{"User": byID}},
		"b": {SDL: read("b.graphql"), Root: object{"accounts": []any{objects["u1"], objects["a1"]}},
			Resolvers: map[string]subgraph.Resolver{
				"User.friends": list("friendIDs"), "Admin.friends": list("friendIDs"),
				"User.similarAccounts": list("similarIDs"), "Admin.similarAccounts": list("similarIDs"),
			},
			Entities: map[string]subgraph.EntityResolver{"User": byID, "Admin": byID}},
		"c": {SDL: read("c.graphql"), Resolvers: map[string]subgraph.Resolver{"User.tag": tag}, Entities: map[string]subgraph.EntityResolver{"Admin": byID}},
	}
	srv := serveFixture(t, "mismatch", configs)
	for _, c := range []httpCase{
		{name: "union members, two levels down a list", body: post(`{ users { id name } accounts { ... on User { id name similarAccounts { ... on User { id name similarAccounts { ... on User { id } ... on Admin { id } } } ... on Admin { id name } } } ... on Admin { id name similarAccounts { ... on User { id name } ... on Admin { id name similarAccounts { ... on User { id } } } } } } }`),
			status: 200, want: `{"data":{"users":[{"id":"u1","name":"Ada"},{"id":"u2","name":"Alan"}],"accounts":[{"id":"u1","name":"Ada","similarAccounts":[{"id":"u2","name":"Alan","similarAccounts":[{"id":"a1"}]},{"id":"a1","name":"Root"}]},{"id":"a1","name":"Root","similarAccounts":[{"id":"u1","name":"Ada"}]}]}}`},
		{name: "entity and no entity", body: post(`{ accounts { ... on User { id name } ... on Admin { id photo } } }`),
			status: 200, want: `{"data":{"accounts":[{"id":"u1","name":"Ada"},{"id":"a1","photo":"a1.png"}]}}`},
		{name: "lists, a path and a key under aliases", body: post(`{ accounts { ... on User { id: name nicknames friends { email name } } ... on Admin { id: name nicknames friends { id email } photo } } }`),
			status: 200, want: `{"data":{"accounts":[{"id":"Ada","nicknames":["A"],"friends":[{"email":"alan@a","name":"Alan"}]},{"id":"Root","nicknames":null,"friends":[{"id":"u1","email":"ada@a"}],"photo":"a1.png"}]}}`},
		{name: "client aliases that are private aliases", body: post(`{ accounts { ... on User { graft__User__id: name id } ... on Admin { id photo graft__User__id_2: name } } }`),
			status: 200, want: `{"data":{"accounts":[{"graft__User__id":"Ada","id":"u1"},{"id":"a1","photo":"a1.png","graft__User__id_2":"Root"}]}}`},
		{name: "client aliases that are private key aliases", body: post(`{ users { id: name graft__id: email } accounts { ... on User { id: name graft__User__graft__id: email } ... on Admin { graft__id: name } } }`),
			status: 200, want: `{"data":{"users":[{"id":"Ada","graft__id":"ada@a"},{"id":"Alan","graft__id":"alan@a"}],"accounts":[{"id":"Ada","graft__User__graft__id":"ada@a"},{"graft__id":"Root"}]}}`},
		// One response name for two different fields (or one field with
		// two arguments) under sibling cases: each gets its own private
		// alias in the selection they share, and each is read back where
		// it was asked for.
		{name: "one response name, two fields, under sibling cases", body: post(`{ accounts { ... on User { similarAccounts { ... on User { a: id email } } } ... on Admin { similarAccounts { ... on User { a: tag } } } } }`),
			status: 200, want: `{"data":{"accounts":[{"similarAccounts":[{"a":"u2","email":"alan@a"},{}]},{"similarAccounts":[{"a":"u1#0"}]}]}}`},
		{name: "one response name, two arguments, under sibling cases", body: post(`{ accounts { ... on User { similarAccounts { ... on User { a: tag(n: 1) } } } ... on Admin { similarAccounts { ... on User { a: tag(n: 2) } } } } }`),
			status: 200, want: `{"data":{"accounts":[{"similarAccounts":[{"a":"u2#1"},{}]},{"similarAccounts":[{"a":"u1#2"}]}]}}`},
		// The entity fetch for email at accounts.@.similarAccounts.@
		// must not take the User objects reached through the Admin case,
		// whose selection asked nothing of them (not their key either).
		{name: "an entity fetch below one case of a union", body: post(`{ a1: accounts { ...F0 ... on Admin { similarAccounts { ...F1 } } } } fragment F0 on User { similarAccounts { ... on User { a2: email } } } fragment F1 on Admin { id }`),
			status: 200, want: `{"data":{"a1":[{"similarAccounts":[{"a2":"alan@a"},{}]},{"similarAccounts":[{}]}]}}`},
	} {
		t.Run(c.name, func(t *testing.T) { checkHTTP(t, srv, c) })
	}
}
