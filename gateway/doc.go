// Package gateway serves a federated GraphQL API over HTTP: the server of
// `graft serve`. Clients send operations to one endpoint; the gateway
// plans which subgraph owns each field (package federation), fetches from
// the subgraphs and merges their answers (package resolve), and sends one
// response.
//
// # Flow
//
//	g, err := gateway.New(supergraphSDL, gateway.Options{})  // once
//	http.Handle("/", g)                                     // POST/GET /graphql, GET /health
//
// A request is decoded into a pooled graft.Doc; its document is
// normalized against the API schema (the planner's own, parsed once at
// start-up: federation.Supergraph.Schema) in one pass (graphql.Normalize: every
// argument literal becomes a variable, its value written into the Doc
// beside the client's variables); the normalized document and operation
// name are looked up in a plan cache (checked against the limits,
// planned and cached on a miss), so that requests that differ only in
// their literal values share a plan; its variables, the client's and the
// literals, are coerced; the engine runs the plan, sending each subgraph
// the variables its fetch uses, and writes the whole response, which is sent as
// application/json, or as application/graphql-response+json when the
// client's Accept header prefers it. Once warm, a request allocates
// nothing in the gateway and the engine, its deadline
// (Options.RequestTimeout) included (TestRequestPathAllocs holds the
// budget), one allocation when a log record is written.
//
// # GraphQL over HTTP
//
// POST takes {"query","operationName","variables","extensions"} with
// Content-Type application/json (else 415); GET takes the same as URL
// parameters, for queries only (a mutation over GET is 405). A request
// that is not well formed — a body that is not JSON or has no string
// "query", a body over Options.MaxBodyBytes (413) — is 400 with a
// GraphQL error. A request that cannot run (syntax, validation, an
// unknown operation name, a variable missing or of the wrong type, a
// limit passed) gets {"errors":[…]} with locations and no "data": status
// 200 under application/json, 400 under application/graphql-response+json.
// A response with data is always 200, even with errors in it.
//
// Introspection (__schema, __type) is answered in process from the API
// schema; __typename anywhere, by the planner.
//
// # Failing subgraphs
//
// A subgraph that answers an error status, garbage, a truncated body, a
// body over Options.SubgraphMaxBytes, the wrong number of _entities,
// GraphQL errors, drops the connection or does not answer within its
// timeout (Options.SubgraphTimeouts, else Options.SubgraphTimeout) never
// fails the response: its fields are null, the rest of the data is sent,
// and every error names the subgraph (extensions.upstream). The errors a
// subgraph returns are masked unless Options.ExposeSubgraphErrors is set:
// their path and extensions.code are kept, their message becomes
// "Upstream NAME returned an error.", and the original goes to
// Options.Logger (level Warn, at most 10 records a second). A client that
// goes away cancels the subgraph requests made for it. A panic in the
// gateway is recovered and answered with 500 and a GraphQL error, and
// logged.
//
// With Options.Dedup, identical subgraph requests in flight at once share
// one call: same subgraph, body and forwarded headers, so that clients
// whose forwarded headers differ never share a response.
//
// # Security Considerations
//
// Every limit has a safe default (see Options): the body size, the
// nesting of selection sets, the aliases and the tokens of an operation
// (counted by gqlparser's lexer on the normalized operation before it is
// parsed, and only for operations not yet in the cache: a literal is one
// variable there), the fields it selects with fragments expanded (counted
// by the planner, which refuses an operation past Options.MaxFields before
// any fetch), the time and size of each subgraph response. The body
// size bounds the literals, which normalization reads in one pass, in time
// and memory linear in their size. The planner's compiler applies the
// depth limit again with fragments expanded. The plan cache holds at most
// Options.CacheSize operations, and as many client documents with their
// literals, of documents up to 64 KiB (longer ones are normalized, and
// their normalized documents looked up, for each request), the request
// errors of validation and planning included (not those of normalization,
// which may come of the variables). Client headers are forwarded to subgraphs only when
// Options.ForwardHeaders names them.
//
// # Concurrency and memory
//
// A Gateway is safe for concurrent use. Planned operations are immutable
// and shared by every request; per-request state (the Doc, buffers) is
// pooled and nothing of it outlives the request.
package gateway
