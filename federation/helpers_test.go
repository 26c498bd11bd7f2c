package federation_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/graphql"
	"github.com/graftjson/graft/resolve"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
)

// fixture is a supergraph of testdata with its subgraphs' schemas, which
// the upstream operations of its plans must be valid against.
type fixture struct {
	name      string
	super     *federation.Supergraph
	subgraphs map[string]*ast.Schema // nil for fed1 (no subgraph SDLs)
	// client compiles client operations over the API schema alone, as a
	// server holding every field would see them.
	client *graphql.Schema
}

var (
	fixturesMu sync.Mutex
	fixtures   = map[string]*fixture{}
)

// federationDefs makes a subgraph SDL loadable by gqlparser: the
// federation directives, _Any, and the _entities field over the types
// with a @key.
const federationDefs = `
scalar _Any
directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @external on FIELD_DEFINITION | OBJECT
directive @requires(fields: String!) on FIELD_DEFINITION
directive @provides(fields: String!) on FIELD_DEFINITION
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
directive @inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ENUM | ENUM_VALUE | SCALAR | INPUT_OBJECT | INPUT_FIELD_DEFINITION | ARGUMENT_DEFINITION
directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
directive @override(from: String!) on FIELD_DEFINITION
directive @interfaceObject on OBJECT
`

var keyed = regexp.MustCompile(`(?m)^type (\w+)[^{\n]*@key\(`)

func loadFixture(tb testing.TB, name string) *fixture {
	tb.Helper()
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	if f := fixtures[name]; f != nil {
		return f
	}
	dir := filepath.Join("testdata", name)
	sdl, err := os.ReadFile(filepath.Join(dir, "supergraph.graphql"))
	if err != nil {
		tb.Fatal(err)
	}
	s, err := federation.Parse(sdl, federation.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	client, err := graphql.ParseSchema(s.APISchemaSDL(), graphql.Options{KeyByResponseName: true, KeepLiterals: true})
	if err != nil {
		tb.Fatal(err)
	}
	f := &fixture{name: name, super: s, subgraphs: map[string]*ast.Schema{}, client: client}
	for _, sg := range s.Subgraphs() {
		text, err := os.ReadFile(filepath.Join(dir, sg.Name+".graphql"))
		if os.IsNotExist(err) {
			f.subgraphs = nil
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		src := regexp.MustCompile(`(?m)^extend schema @link\(.*\)$`).ReplaceAllString(string(text), "")
		var entities []string
		for _, m := range keyed.FindAllStringSubmatch(src, -1) {
			entities = append(entities, m[1])
		}
		src += federationDefs + "union _Entity = " + strings.Join(entities, " | ") + "\n"
		if strings.Contains(src, "type Query {") {
			src += "extend type Query { _entities(representations: [_Any!]!): [_Entity]! }\n"
		} else {
			src += "type Query { _entities(representations: [_Any!]!): [_Entity]! }\n"
		}
		schema, err := gqlparser.LoadSchema(&ast.Source{Name: sg.Name, Input: src})
		if err != nil {
			tb.Fatalf("subgraph %s: %v", sg.Name, err)
		}
		f.subgraphs[sg.Name] = schema
	}
	fixtures[name] = f
	return f
}

// checkUpstream fails tb unless every fetch of the tree sends an
// operation that is valid against its subgraph's schema and forwards
// exactly the variables it declares.
func (f *fixture) checkUpstream(tb testing.TB, n resolve.Node) {
	tb.Helper()
	switch n := n.(type) {
	case nil:
	case *resolve.Sequence:
		for _, c := range n.Nodes {
			f.checkUpstream(tb, c)
		}
	case *resolve.Parallel:
		for _, c := range n.Nodes {
			f.checkUpstream(tb, c)
		}
	case *resolve.Fetch:
		doc, err := parser.ParseQuery(&ast.Source{Input: n.Operation})
		if err != nil {
			tb.Fatalf("upstream operation of %s does not parse: %v\n%s", n.Upstream, err, n.Operation)
		}
		if len(doc.Operations) != 1 {
			tb.Fatalf("upstream operation of %s: %d operations", n.Upstream, len(doc.Operations))
		}
		var declared []string
		for _, v := range doc.Operations[0].VariableDefinitions {
			if v.Variable != "representations" {
				declared = append(declared, v.Variable)
			}
		}
		if strings.Join(declared, ",") != strings.Join(n.Variables, ",") {
			tb.Errorf("fetch %s declares %v, forwards %v", n.Upstream, declared, n.Variables)
		}
		if (len(n.Entities) > 0) != (doc.Operations[0].VariableDefinitions.ForName("representations") != nil) {
			tb.Errorf("fetch %s: entities and $representations disagree", n.Upstream)
		}
		if n.Upstream == federation.IntrospectionUpstream || f.subgraphs == nil {
			return
		}
		schema := f.subgraphs[n.Upstream]
		if schema == nil {
			tb.Fatalf("fetch to unknown subgraph %q", n.Upstream)
		}
		if errs := validator.Validate(schema, doc); len(errs) > 0 {
			tb.Errorf("upstream operation of %s is not valid: %v\n%s", n.Upstream, errs, n.Operation)
		}
	default:
		tb.Fatalf("unknown node %T", n)
	}
}
