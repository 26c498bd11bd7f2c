// Package subgraph is a minimal GraphQL subgraph server for tests and the
// demo: it answers the queries a federation gateway sends — root fields,
// _entities by @key and _service { sdl } — from fixed data and small Go
// resolvers.
//
// Queries are parsed and validated by github.com/vektah/gqlparser/v2
// against the subgraph's SDL with the federation definitions added
// (_Any, _Entity, _Service and the federation directives). Execution
// follows the GraphQL specification's: variables coerced, fragments and
// aliases collected per object type, @skip and @include applied, values
// completed with non-null errors bubbling to the nearest nullable field,
// and resolver errors reported with their response paths.
//
// It is built for tests, not for production: data are Go values
// (map[string]any, []any, string, bool, json.Number, numbers, nil), and
// a Server never mutates them, but resolvers may.
//
// # Concurrency
//
// A Server is safe for concurrent use if its resolvers are.
package subgraph
