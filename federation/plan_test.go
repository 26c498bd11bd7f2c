package federation_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graftjson/graft/federation"
)

var update = flag.Bool("update", false, "rewrite the expected plans in testdata/plans")

// planCases are operations over the fixtures whose plans are kept in
// testdata/plans/NAME.plan (the operation, a line "----", the plan), each
// read and checked by hand when it was written.
var planCases = []struct {
	name, fixture, query, operation string
}{
	// Root fields.
	{name: "root-one-subgraph", fixture: "shop", query: `{ me { id name } }`},
	{name: "root-grouped-in-parallel", fixture: "shop", query: `{ me { name } topProducts { name } latestReviews { body } users(role: ADMIN) { username } }`},
	{name: "typename-only", fixture: "shop", query: `{ __typename t: __typename }`},
	{name: "introspection", fixture: "shop", query: `query Q($n: String!) { __schema { queryType { name } } me { name } t: __type(name: $n) { ...K } } fragment K on __Type { kind name }`},
	// Entity jumps through @key.
	{name: "entity-jump", fixture: "shop", query: `{ topProducts { name reviews { body } } }`},
	{name: "entity-jump-nested", fixture: "shop", query: `query Top { topProducts { upc reviews { body author { name } } } }`},
	{name: "two-keys", fixture: "shop", query: `{ product(upc: "1") { sku inStock reviews { stars } } }`},
	{name: "key-name-taken-by-alias", fixture: "shop", query: `{ me { id: name reviews { body } } }`},
	{name: "key-private-alias-taken-by-alias", fixture: "shop", query: `{ me { id: name graft__id: username graft__id_2: role reviews { body } } }`},
	{name: "key-from-another-subgraph", fixture: "shop", query: `{ latestReviews { product { discount } } }`},
	{name: "key-from-another-subgraph-mixed", fixture: "shop", query: `{ topProducts { discount inStock } latestReviews { body product { name discount } } }`},
	{name: "jump-from-entity-fetch", fixture: "shop", query: `{ me { reviews { product { name inStock } } } }`},
	// @provides and @external.
	{name: "provides-no-jump", fixture: "shop", query: `{ latestReviews(limit: 2) { author { username } } }`},
	{name: "provides-and-jump", fixture: "shop", query: `{ latestReviews { author { username name } } }`},
	{name: "external-not-provided", fixture: "shop", query: `{ me { reviews { author { username } } } }`},
	// @requires.
	{name: "requires", fixture: "shop", query: `{ topProducts { shippingEstimate } }`},
	{name: "requires-nested", fixture: "shop", query: `{ topProducts { packaging dimensions { weight } } }`},
	{name: "requires-name-taken-by-alias", fixture: "shop", query: `{ topProducts { price: name weight: upc shippingEstimate } }`},
	{name: "requires-from-own-root-fetch", fixture: "shop", query: `{ lowStock { inStock shippingEstimate } }`},
	{name: "requires-from-another-jump", fixture: "shop", query: `{ latestReviews { product { shippingEstimate } } }`},
	// Mutations.
	{name: "mutation-in-order", fixture: "shop", query: `mutation { a: login(username: "a", password: "p") { id } addReview(upc: "1", body: "b") { id } updateName(id: "1", name: "n") { name } }`},
	{name: "mutation-grouped", fixture: "shop", query: `mutation M { login(username: "a", password: "p") { id } updateName(id: "1", name: "n") { name } createProduct(upc: "9") { upc } }`},
	{name: "mutation-with-jumps", fixture: "shop", query: `mutation { addReview(upc: "1", body: "b", stars: 5) { author { name } product { name inStock } } }`},
	// Selections.
	{name: "aliases-different-arguments", fixture: "shop", query: `{ a: user(id: "1") { name } b: user(id: "2") { name reviews { body } } }`},
	{name: "skip-include", fixture: "shop", query: `query($x: Boolean!, $y: Boolean = true) { me { name @skip(if: true) username @include(if: $x) reviews @include(if: $x) { body } role @skip(if: $y) } }`},
	{name: "skip-include-fragments", fixture: "shop", query: `query($x: Boolean!) { me { ... @include(if: $x) { name } ...R @skip(if: $x) } } fragment R on User { reviews { body } }`},
	{name: "conditions-merged", fixture: "shop", query: `query($x: Boolean!, $y: Boolean!) { me { name @include(if: $x) name @include(if: $y) username @include(if: $x) ... @include(if: $x) { username } } }`},
	{name: "variables-forwarded-by-use", fixture: "shop", query: `query($n: Int = 3, $min: Int, $loc: String = "fr") { topProducts(first: $n) { reviews(minStars: $min) { body author { birthDate(locale: $loc) } } } }`},
	{name: "fragments", fixture: "shop", query: `query { me { ...U } } fragment U on User { name ... on User { reviews { ...R } } } fragment R on Review { body product { name } }`},
	{name: "argument-literals", fixture: "shop", query: `{ user(id: "q\"\\\n\u00e9") { birthDate(locale: """block "text" """) } }`},
	// Interfaces, unions, @interfaceObject, @override, resolvable: false.
	{name: "interface-across-subgraphs", fixture: "media", query: `{ media { id title rating ... on Book { price stock } ... on Movie { director } } }`},
	{name: "union", fixture: "media", query: `{ search(q: "x") { __typename ... on Book { title price } ... on Movie { director } } }`},
	{name: "union-member-unknown-elsewhere", fixture: "media", query: `{ offers { ... on Book { author } ... on Gadget { name } } }`},
	{name: "interface-object-root", fixture: "media", query: `{ topRated { id rating title ... on Book { stock } } }`},
	{name: "interface-object-requires", fixture: "media", query: `{ topRated { id headline ... on Book { stock } } }`},
	{name: "interface-object-only-own-fields", fixture: "media", query: `{ topRated { id rating } }`},
	{name: "interface-object-field-again-in-a-case", fixture: "media", query: `{ topRated { critic { score } ... on Movie { critic { name } } } }`},
	// A field of every possible type selected again in cases, fetched
	// once with the union of the sub-selections; and where the union
	// would give one response name to two fields, per type as before.
	{name: "interface-object-field-again-in-two-cases", fixture: "media", query: `{ topRated { critic { name } ... on Book { critic { score } } ... on Movie { critic { n: name } } } }`},
	{name: "interface-object-field-again-under-include", fixture: "media", query: `query($v: Boolean!) { topRated { critic { score } ... on Movie @include(if: $v) { critic { name } } } }`},
	{name: "interface-object-field-again-argument-below", fixture: "media", query: `{ topRated { related { id } ... on Movie { related { s: score(scale: 2) critic { score } } } } }`},
	{name: "interface-object-field-again-another-subgraph-below", fixture: "media", query: `{ topRated { related { id } ... on Movie { related { title ... on Book { author } } } } }`},
	{name: "interface-object-field-in-crossed-cases", fixture: "media", query: `{ topRated { ... on Book { related { ... on Movie { s: score(scale: 2) } } } ... on Movie { related { ... on Book { s: score(scale: 3) critic { score } } } } } }`},
	{name: "interface-object-field-in-each-case-with-arguments", fixture: "media", query: `{ topRated { s: score(scale: 2) ... on Movie { s: score(scale: 2) r: score(scale: 3) } ... on Book { r: rating } } }`},
	{name: "interface-object-field-again-arguments-below", fixture: "media", query: `{ topRated { related { id } ... on Book { related { s: score(scale: 2) } } ... on Movie { related { s: score(scale: 3) } } } }`},
	{name: "interface-object-field-again-clash-below", fixture: "media", query: `{ topRated { ... on Book { related { x: title } } ... on Movie { related { x: headline } } } }`},
	{name: "interface-object-field-in-each-case-clash-below-object", fixture: "media", query: `{ topRated { ... on Book { critic { q: name } } ... on Movie { critic { q: quote(lang: "fr") } } } }`},
	{name: "interface-object-field-in-each-case-type-only-field", fixture: "media", query: `{ topRated { ... on Book { s: pages(from: 3) } ... on Movie { s: score(scale: 2) } } }`},
	{name: "narrowed-field-not-through-interface-object", fixture: "media", query: `{ latestBook { rating similar { format } a: stock b: stock } }`},
	{name: "interface-object-field-narrowed-in-a-type", fixture: "media", query: `{ topRated { similar { id } ... on Book { similar { author } } } }`},
	{name: "interface-object-aliases-in-cases", fixture: "media", query: `{ topRated { id ... on Book { s: score(scale: 10) r: rating } ... on Movie { s: score(scale: 100) r: score(scale: 1) } } }`},
	{name: "interface-object-field-on-object", fixture: "media", query: `{ bestseller { rating author } }`},
	{name: "override", fixture: "media", query: `{ book(id: "1") { price author } }`},
	{name: "resolvable-false", fixture: "media", query: `{ featured { id title } }`},
	{name: "shareable-root-by-selection", fixture: "media", query: `{ a: latestBook { stock price } b: latestBook { author } }`},
	{name: "shareable-stays", fixture: "media", query: `{ bestseller { title stock format } book(id: "1") { title author format } }`},
	// Fields whose types differ between subgraphs (join__field(type:)),
	// under the members of a union: private aliases.
	{name: "type-mismatch-union", fixture: "mismatch", query: `{ users { id name } accounts { ... on User { id name } ... on Admin { id photo } } }`},
	{name: "type-mismatch-nested", fixture: "mismatch", query: `{ accounts { ...A } } fragment A on Account { ... on User { id nicknames s: similarAccounts { ...B } } ... on Admin { id nicknames s: similarAccounts { ...B } } } fragment B on Account { ... on User { id similarAccounts { ... on User { id } ... on Admin { id photo } } } ... on Admin { id similarAccounts { ... on User { id email } } } }`},
	{name: "type-mismatch-composite-key", fixture: "mismatch", query: `{ accounts { ... on User { pair { score } } ... on Admin { id } } }`},
	{name: "type-mismatch-path-and-key", fixture: "mismatch", query: `{ accounts { ... on User { id: name email friends { email } } ... on Admin { friends { id } } } }`},
	// Client aliases that take the private aliases' names: the planner's
	// take a suffix.
	{name: "type-mismatch-alias-taken", fixture: "mismatch", query: `{ accounts { ... on User { graft__User__id: name id } ... on Admin { id photo graft__User__id_2: name } } }`},
	{name: "type-mismatch-nested-key-alias-taken", fixture: "mismatch", query: `{ accounts { ... on User { pair { user { graft__User__id: name } score } } ... on Admin { id } } }`},
	{name: "type-mismatch-key-alias-taken", fixture: "mismatch", query: `{ users { id: name graft__id: email } accounts { ... on User { id: name graft__User__graft__id: email } ... on Admin { graft__id: name } } }`},
	// One response name for two fields, or for one field with two sets of
	// arguments, under sibling cases: one private alias each.
	{name: "type-mismatch-sibling-fields", fixture: "mismatch", query: `{ accounts { ... on User { similarAccounts { ... on User { a: id email } } } ... on Admin { similarAccounts { ... on User { a: tag } } } } }`},
	{name: "type-mismatch-sibling-arguments", fixture: "mismatch", query: `{ accounts { ... on User { similarAccounts { ... on User { a: tag(n: 1) } } } ... on Admin { similarAccounts { ... on User { a: tag(n: 2) } } } } }`},
	// An entity fetch below one case of a union takes only the objects
	// reached through it: the other case fetched no key for them.
	{name: "type-mismatch-entity-below-one-case", fixture: "mismatch", query: `{ a1: accounts { ...F0 ... on Admin { similarAccounts { ...F1 } } } } fragment F0 on User { similarAccounts { ... on User { a2: email } } } fragment F1 on Admin { id }`},
	// A Federation 1 supergraph (join v0.1).
	{name: "fed1", fixture: "fed1", query: `{ topProducts { name shippingEstimate reviews { author { username name } } } }`},
}

func TestPlans(t *testing.T) {
	for _, tc := range planCases {
		t.Run(tc.name, func(t *testing.T) {
			f := loadFixture(t, tc.fixture)
			p, err := f.super.Plan(tc.query, tc.operation)
			if err != nil {
				t.Fatal(err)
			}
			f.checkUpstream(t, p.Root)
			got := tc.query + "\n----\n" + string(p.AppendText(nil))
			file := filepath.Join("testdata", "plans", tc.name+".plan")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("plan differs from %s:\n%s", file, got)
			}
		})
	}
}

func TestPlanErrors(t *testing.T) {
	for _, tc := range []struct {
		name, fixture, query, operation, want string
	}{
		{"unknown field", "shop", `{ me { nope } }`, "", `1:8: Cannot query field "nope" on type "User". Did you mean "name" or "role"?`},
		{"inaccessible field", "shop", `{ me { secret } }`, "", `1:8: Cannot query field "secret" on type "User".`},
		{"syntax", "shop", `{ me { `, "", `1:8: Expected Name, found <EOF>`},
		{"unknown operation", "shop", `query A { me { id } }`, "B", `Unknown operation named "B".`},
		{"subscription", "shop", `subscription S { me { id } }`, "", `1:1: Schema does not support operation type "subscription"`},
		{"representations taken", "shop", `query($representations: Int) { topProducts { reviews(minStars: $representations) { body } } }`, "", `1:7: The variable "$representations" cannot be used where the gateway fetches entities: the name is taken by the entity fetch.`},
		{"join machinery hidden", "shop", `{ me { id } _entities { __typename } }`, "", `1:13: Cannot query field "_entities" on type "Query".`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadFixture(t, tc.fixture).super.Plan(tc.query, tc.operation)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("got %v, want %s", err, tc.want)
			}
		})
	}
}

func TestPlansCovered(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "plans", "*.plan"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tc := range planCases {
		names[tc.name] = true
	}
	for _, f := range files {
		if n := strings.TrimSuffix(filepath.Base(f), ".plan"); !names[n] {
			t.Errorf("%s has no case", f)
		}
	}
}

// TestPlanLimits: a small document whose fragments nest to thousands of
// fetches, or that selects more fields than allowed, is a request error.
func TestPlanLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("{ me { ...F0 } }\n")
	const n = 12 // 2^12 paths, each needing its own fetch
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "fragment F%d on User { reviews { a: author { ...F%d } b: author { ...F%d } } }\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "fragment F%d on User { name }\n", n)
	fx := loadFixture(t, "shop")
	_, err := fx.super.Plan(b.String(), "")
	if want := "1:1: The operation is too large to plan: it needs more than 1000 fetches."; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}

	sdl, err := os.ReadFile("testdata/shop/supergraph.graphql")
	if err != nil {
		t.Fatal(err)
	}
	s, err := federation.Parse(sdl, federation.Options{MaxFields: 5, MaxFetches: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ query, want string }{
		{`{ me { id name } }`, ""},
		{`{ me { id name username role birthDate } }`, "1:1: The operation is too large to plan: with its fragments expanded, it selects more than 5 fields."},
		// Fragments that select the same fields again count once: what
		// the planner plans is one field per response name.
		{`{ me { id ...A ...B ...C ...D ...E } } fragment A on User { id name } fragment B on User { id name } fragment C on User { name } fragment D on User { id } fragment E on User { id name }`, ""},
		{`{ me { ...A ...B } } fragment A on User { id name } fragment B on User { id username role birthDate }`, "1:1: The operation is too large to plan: with its fragments expanded, it selects more than 5 fields."},
		// Repeats are work all the same: a spread under a condition is
		// expanded each time, and 32 selections per field are read at most.
		{`query($v: Boolean!) { me { ` + strings.Repeat(`...N @include(if: $v) `, 158) + `} } fragment N on User { id }`, ""},
		{`query($v: Boolean!) { me { ` + strings.Repeat(`...N @include(if: $v) `, 160) + `} } fragment N on User { id }`, "1:1: The operation is too large to plan: with its fragments expanded, it has more than 160 field selections, repeated ones included."},
		{`{ me { reviews { body } } }`, ""},
		{`{ me { reviews { body author { name } } } }`, "1:1: The operation is too large to plan: it needs more than 2 fetches."},
	} {
		_, err := s.Plan(tc.query, "")
		if (err == nil) != (tc.want == "") || err != nil && err.Error() != tc.want {
			t.Errorf("%s: got %v, want %q", tc.query, err, tc.want)
		}
	}
}
