package federation_test

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/graphql"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// FuzzPlan generates a valid operation over a fixture's API schema from
// the fuzzer's bytes (fields, aliases, arguments, fragments on the
// possible types, @skip and @include with literals and variables) and
// plans it: planning must succeed, every upstream operation must be valid
// against its subgraph, and the response of the plan over fake subgraphs
// (merged by the test, and by resolve.Engine) must be the response of one
// server holding all the data.
func FuzzPlan(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 200, 100, 50})
	f.Add([]byte("the quick brown fox jumps over the lazy dog"))
	f.Add([]byte{2, 255, 254, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})
	// { accounts { ... on User { similarAccounts { ... on User { s: id
	// email } } } ... on Admin { similarAccounts { ... on User { s: tag } } } } },
	// and the same with s: tag(n: 1) and s: tag(n: 2): one response name,
	// two fields (or arguments), one private alias each.
	f.Add([]byte{3, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 6, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 224, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 10, 1, 0, 0, 0, 0, 1, 1, 0, 0, 12, 0, 0, 224, 0})
	f.Add([]byte{3, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 6, 1, 0, 0, 0, 0, 1, 1, 0, 1, 12, 1, 1, 1, 0, 224, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 10, 1, 0, 0, 0, 0, 1, 1, 0, 0, 12, 1, 2, 1, 0, 224, 0})
	// { a1: accounts { ...F0 ... on Admin { similarAccounts { ...F1 } } } }
	// fragment F0 on User { similarAccounts { ... on User { a2: email } } }
	// fragment F1 on Admin { id }: the entity fetch for email takes only
	// the User objects below User accounts, not those below the Admin
	// case, which has no key for them.
	f.Add([]byte{3, 0, 1, 3, 0, 1, 0, 0, 1, 0, 0, 0, 6, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 3, 0, 0, 1, 1, 1, 0, 0, 10, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0})
	// { topRated { ... on Book { s: score(scale: 10) } ... on Movie { s:
	// score(scale: 100) } } } (media): one response name, two arguments,
	// in sibling cases of an @interfaceObject's possible types, fetched
	// from it in one selection.
	f.Add([]byte{1, 0, 12, 1, 0, 1, 4, 0, 1, 1, 0, 0, 10, 1, 10, 1, 0, 224, 0, 4, 1, 1, 1, 0, 0, 5, 1, 100, 1, 0, 224, 0})
	// { topRated { critic { score } ... on Movie { critic { name } } } }:
	// a field of every possible type, selected again in one type's case.
	f.Add([]byte{1, 0, 12, 1, 0, 1, 5, 1, 0, 0, 1, 1, 0, 4, 1, 1, 1, 0, 0, 6, 1, 0, 0, 0, 1, 0})
	// { topRated { ... on Book { s: pages(from: 3) } ... on Movie { s:
	// score(scale: 2) } } } (media): one response name for a field with an
	// argument that only Book declares and a field of the interface.
	f.Add([]byte{1, 0, 12, 1, 0, 1, 4, 0, 1, 1, 0, 0, 5, 1, 3, 1, 0, 224, 0, 4, 1, 1, 1, 0, 0, 5, 1, 2, 1, 0, 224, 0})
	// { topRated { ... on Book { critic { s: name } } ... on Movie { critic
	// { s: quote(lang: "s7") } } } }: a field of every possible type whose
	// sub-selections are not one selection (one response name, two fields
	// below).
	f.Add([]byte{1, 0, 12, 1, 0, 1, 4, 0, 1, 1, 0, 0, 11, 1, 0, 0, 0, 0, 224, 0, 4, 1, 1, 1, 0, 0, 6, 1, 0, 0, 2, 1, 7, 1, 0, 224, 0})
	// { topRated { critic { name } ... on Movie { critic { a1: quote(lang:
	// "s7") } } } }: a field of every possible type, selected again in a
	// case with another sub-selection.
	f.Add([]byte{1, 0, 12, 1, 0, 1, 5, 1, 0, 0, 0, 1, 0, 4, 1, 1, 1, 0, 0, 6, 1, 0, 0, 2, 1, 7, 1, 1, 0})
	// query($b0: Boolean!) { topRated { critic { score } ... on Movie
	// @include(if: $b0) { critic { a1: quote(lang: "s7") } } } } with $b0
	// true: the same under @include on the case.
	f.Add([]byte{1, 0, 12, 1, 0, 1, 5, 1, 0, 0, 1, 1, 0, 4, 1, 1, 1, 3, 0, 0, 6, 1, 0, 0, 2, 1, 7, 1, 1, 0, 0})
	// { topRated { ... on Book { s: similar { id } } ... on Movie { s:
	// similar { id } } } }: a field of the interface that Book narrows
	// ([Book], from catalog) in each case; and { topRated { similar { id }
	// ... on Book { similar { author } } } }.
	f.Add([]byte{1, 0, 12, 1, 0, 1, 4, 0, 1, 1, 0, 0, 6, 0, 224, 0, 0, 0, 1, 0, 4, 1, 1, 1, 0, 0, 18, 0, 224, 0, 0, 0, 1, 0})
	f.Add([]byte{1, 0, 12, 1, 0, 1, 8, 1, 0, 0, 0, 1, 0, 4, 0, 1, 1, 0, 0, 6, 1, 0, 0, 2, 1, 0})
	names := []string{"shop", "media", "fed1", "mismatch"}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		fx := loadFixture(t, names[int(data[0])%len(names)])
		g := &gen{b: data[1:], api: fx.super.APISchema()}
		query := g.operation()
		if _, err := gqlparser.LoadQuery(fx.super.APISchema(), query); err != nil {
			return // the generator's own slip (fields that cannot merge, an unused variable)
		}
		p, err := fx.super.Plan(query, "")
		if overLimits(err) {
			return // valid, but past a limit (graphql.MaxRepeats: kept case 15394d3a91474727)
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, query)
		}
		fx.checkUpstream(t, p.Root)
		w := map[string]*world{"shop": shopWorld, "media": mediaWorld, "mismatch": mismatchWorld}[fx.name]
		if w == nil {
			return
		}
		vars := g.variables()
		got := runPlan(t, fx, w, p, vars)
		want := runMonolith(t, fx, w, query, vars)
		if got != want {
			t.Fatalf("the plan's response differs from the monolith's\n%s\nvariables %s\ngot  %s\nwant %s\nplan:\n%s", query, vars, got, want, p.AppendText(nil))
		}
		if got := runEngine(t, fx, w, p, vars); got != want {
			t.Fatalf("resolve.Engine's response differs from the monolith's\n%s\nvariables %s\ngot  %s\nwant %s\nplan:\n%s", query, vars, got, want, p.AppendText(nil))
		}
	})
}

// overLimits reports whether err is a request error of limits alone
// (graphql's and the planner's: "The operation is too large…"), which a
// valid operation can meet.
func overLimits(err error) bool {
	var re *graphql.RequestError
	if !errors.As(err, &re) || len(re.Problems) == 0 {
		return false
	}
	for _, p := range re.Problems {
		if !strings.HasPrefix(p.Message, "The operation is too large") {
			return false
		}
	}
	return true
}

// FuzzPlanText plans arbitrary text: an error or a plan, never a panic.
func FuzzPlanText(f *testing.F) {
	for _, tc := range planCases {
		f.Add(tc.fixture, tc.query)
	}
	for _, tc := range responseCases {
		f.Add(tc.fixture, tc.query)
	}
	// Many private aliases at one position (User.id and Admin.id differ in
	// type), some taken by client aliases, in a case and a nested one.
	f.Add("mismatch", `{ accounts { ... on User { a0: id a1: id a2: id a3: id graft__User__a1: id graft__User__a2: name graft__User__a2_2: email } ... on Admin { a0: id a2: id photo } } }`)
	f.Add("mismatch", `{ accounts { ... on User { a0: id a1: id pair { user { a0: id a1: id graft__User__a0: name } } } ... on Admin { a0: id a1: id } } }`)
	f.Fuzz(func(t *testing.T, fixture, query string) {
		switch fixture {
		case "shop", "media", "fed1", "mismatch":
		default:
			fixture = "shop"
		}
		fx := loadFixture(t, fixture)
		p, err := fx.super.Plan(query, "")
		if err != nil {
			var re *graphql.RequestError
			if !errors.As(err, &re) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		fx.checkUpstream(t, p.Root)
	})
}

// gen writes a random valid operation over an API schema.
type gen struct {
	b         []byte
	i         int
	api       *ast.Schema
	out       strings.Builder
	vars      []string // variable definitions
	fragments []string // fragment definitions
	alias     int
}

// aliases the generator also uses: names of key and @requires fields, so
// that the planner's own fields meet client aliases; for the highest
// bytes, the planner's private aliases (and their suffixed forms), so that
// they meet client aliases too; and for the bytes just below those,
// response names that different fields take in sibling cases (... on
// User { friends { s: id } } ... on Admin { friends { s: tag(n: 1) } }),
// which the operation's validation allows where the two have one shape.
// The bands are bytes the kept cases do not use there, so that their
// operations stay what they were.
var (
	aliases        = []string{"id", "upc", "sku", "price", "weight", "dimensions", "name"}
	privateAliases = []string{"graft__User__id", "graft__User__id_2", "graft__Admin__id", "graft__User__nicknames", "graft__User__friends", "graft__id", "graft__id_2", "graft__upc", "graft__price", "graft__User__graft__id"}
	sharedAliases  = []string{"s", "t"}
)

// sharedBand is the number of bytes below the private aliases' that pick
// one of sharedAliases.
const sharedBand = 22

func (g *gen) next() int {
	if g.i >= len(g.b) {
		return 0
	}
	g.i++
	return int(g.b[g.i-1])
}

// variables returns values for the Boolean variables the operation
// declares without a default, as a JSON object.
func (g *gen) variables() string {
	var parts []string
	for _, v := range g.vars {
		if name, ok := strings.CutSuffix(v, ": Boolean!"); ok {
			parts = append(parts, strconv.Quote(name[1:])+":"+strconv.FormatBool(g.next()%2 == 0))
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func (g *gen) operation() string {
	root, head := g.api.Query, "query"
	if g.api.Mutation != nil && g.next()%4 == 0 {
		root, head = g.api.Mutation, "mutation"
	}
	g.selection(root, 0)
	if len(g.vars) > 0 {
		head += "(" + strings.Join(g.vars, ", ") + ")"
	}
	return head + " " + g.out.String() + strings.Join(g.fragments, " ")
}

func (g *gen) selection(t *ast.Definition, depth int) {
	g.out.WriteString("{ ")
	n := 1 + g.next()%4
	wrote := false
	for k := 0; k < n; k++ {
		choice := g.next()
		if t.Kind == ast.Union || choice%5 == 4 {
			// A fragment on a possible type (or the type itself): inline,
			// or named and spread.
			possible := g.api.GetPossibleTypes(t)
			if len(possible) == 0 || depth > 4 {
				continue
			}
			pt := possible[g.next()%len(possible)]
			if t.Kind != ast.Object && g.next()%3 == 0 {
				pt = t // on the interface or union itself
			}
			if g.next()%2 == 0 {
				name := "F" + strconv.Itoa(len(g.fragments))
				g.fragments = append(g.fragments, "")
				g.out.WriteString("..." + name + g.directive() + " ")
				saved := g.out
				g.out = strings.Builder{}
				g.selection(pt, depth+1)
				g.fragments[len(g.fragments)-1] = "fragment " + name + " on " + pt.Name + " " + g.out.String()
				g.out = saved
			} else {
				g.out.WriteString("... on " + pt.Name + g.directive() + " ")
				g.selection(pt, depth+1)
			}
			wrote = true
			continue
		}
		var fields []*ast.FieldDefinition
		for _, f := range t.Fields {
			if !strings.HasPrefix(f.Name, "__") {
				fields = append(fields, f)
			}
		}
		if len(fields) == 0 {
			continue
		}
		i := choice % len(fields)
		if len(fields)%5 == 0 {
			// choice%5 == 4 is a fragment: shifted by the turn, the
			// fields at i%5 == 4 are picked too.
			i = (choice + choice/len(fields)) % len(fields)
		}
		f := fields[i]
		named := g.api.Types[f.Type.Name()]
		composite := named.Kind == ast.Object || named.Kind == ast.Interface || named.Kind == ast.Union
		if composite && depth > 4 {
			continue
		}
		args := g.arguments(f)
		switch a := g.next(); {
		case a%7 == 0:
			if b := g.next(); b >= 256-len(privateAliases) {
				g.out.WriteString(privateAliases[b-(256-len(privateAliases))] + ": ")
			} else if b >= 256-len(privateAliases)-sharedBand {
				g.out.WriteString(sharedAliases[b%len(sharedAliases)] + ": ")
			} else {
				g.out.WriteString(aliases[b%len(aliases)] + ": ")
			}
		case args != "" || a%3 == 0:
			g.alias++
			g.out.WriteString("a" + strconv.Itoa(g.alias) + ": ")
		}
		g.out.WriteString(f.Name + args + g.directive() + " ")
		if composite {
			g.selection(named, depth+1)
		}
		wrote = true
	}
	if !wrote {
		g.out.WriteString("__typename ")
	}
	g.out.WriteString("} ")
}

// arguments writes the required arguments, and some optional ones, as
// literals or variables.
func (g *gen) arguments(f *ast.FieldDefinition) string {
	var parts []string
	for _, a := range f.Arguments {
		required := a.Type.NonNull && a.DefaultValue == nil
		if !required && g.next()%2 == 0 {
			continue
		}
		v, ok := g.literal(a.Type)
		if !ok {
			if required {
				return "" // the field is left without; validation then fails
			}
			continue
		}
		if g.next()%3 == 0 {
			name := "v" + strconv.Itoa(len(g.vars))
			g.vars = append(g.vars, "$"+name+": "+a.Type.String()+" = "+v)
			v = "$" + name
		}
		parts = append(parts, a.Name+": "+v)
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (g *gen) literal(t *ast.Type) (string, bool) {
	if t.Elem != nil {
		v, ok := g.literal(t.Elem)
		return "[" + v + "]", ok
	}
	def := g.api.Types[t.NamedType]
	switch {
	case t.NamedType == "Int":
		return strconv.Itoa(g.next()), true
	case t.NamedType == "Float":
		return strconv.Itoa(g.next()) + ".5", true
	case t.NamedType == "String" || t.NamedType == "ID":
		return strconv.Quote("s" + strconv.Itoa(g.next())), true
	case t.NamedType == "Boolean":
		return strconv.FormatBool(g.next()%2 == 0), true
	case def != nil && def.Kind == ast.Enum && len(def.EnumValues) > 0:
		return def.EnumValues[g.next()%len(def.EnumValues)].Name, true
	}
	return "", false
}

// directive returns nothing, or @skip/@include with a literal or a
// Boolean variable.
func (g *gen) directive() string {
	switch g.next() % 6 {
	case 1:
		return " @include(if: true)"
	case 2:
		return " @skip(if: " + strconv.FormatBool(g.next()%2 == 0) + ")"
	case 3:
		name := "b" + strconv.Itoa(len(g.vars))
		g.vars = append(g.vars, "$"+name+": Boolean!")
		if g.next()%2 == 0 {
			return " @include(if: $" + name + ")"
		}
		return " @skip(if: $" + name + ")"
	}
	return ""
}

// FuzzParse reads arbitrary supergraph text: a *federation.Error or a
// supergraph, never a panic; a supergraph's API schema is loaded and plans
// an operation on its query root.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"shop", "media", "fed1", "mismatch"} {
		sdl, err := os.ReadFile("testdata/" + name + "/supergraph.graphql")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(sdl))
	}
	f.Add(small)
	f.Add(overridden)
	f.Add(joinV02)
	f.Fuzz(func(t *testing.T, sdl string) {
		s, err := federation.Parse([]byte(sdl), federation.Options{})
		if err != nil {
			var fe *federation.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if s.APISchema() == nil || s.APISchemaSDL() == "" || len(s.Subgraphs()) == 0 {
			t.Fatal("a supergraph without an API schema or subgraphs")
		}
		if q := s.APISchema().Query; q != nil {
			for _, fd := range q.Fields {
				if strings.HasPrefix(fd.Name, "__") {
					continue
				}
				query := "{ " + fd.Name + " }"
				if def := s.APISchema().Types[fd.Type.Name()]; def != nil && def.Kind != ast.Scalar && def.Kind != ast.Enum {
					query = "{ " + fd.Name + " { __typename } }"
				}
				if _, err := s.Plan(query, ""); err != nil {
					var re *graphql.RequestError
					if !errors.As(err, &re) {
						t.Fatalf("%s: error of type %T: %v", query, err, err)
					}
				}
				break
			}
		}
	})
}
