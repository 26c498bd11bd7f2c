package graphqlbench

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/graphql"
	"github.com/vektah/gqlparser/v2"
	gqlast "github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astnormalization"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/astparser"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/asttransform"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/variablesvalidation"
)

// The normalization scenarios, generated once.
var normalizeCases = sync.OnceValue(func() []struct {
	name string
	c    hugeCase
} {
	return []struct {
		name string
		c    hugeCase
	}{
		{"items-70000", bulkImport(hugeItems)},
		{"aliased-1000", aliased(1000)},
		{"aliased-4000", aliased(4000)},
		{"aliased-16000", aliased(16000)},
		{"deep-250", deep(250)}, // graphql-go-tools refuses variables nested past 300 levels
	}
})

// normalizeRow is one way to take a request from its text to what runs:
// it returns the values of the argument literals as JSON (to be checked).
type normalizeRow struct {
	name string
	// setup prepares the row for an operation and returns its run.
	setup func(tb testing.TB, query string) func() error
	// values returns the literal values of the last run, in any order.
	values func(tb testing.TB) []string
	skip   func(caseName string) bool
}

func normalizeRows(tb testing.TB) []normalizeRow {
	schema, err := graphql.ParseSchema(normalizeSchema, graphql.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	sch := gqlparserSchema(tb)
	def := gqtSchema(tb)

	var graftDoc graft.Doc
	var graftVars graft.Ref
	graftValues := func(tb testing.TB) []string {
		var out []string
		for _, v := range graftDoc.Members(graftVars) {
			out = append(out, string(graftDoc.AppendJSON(nil, v)))
		}
		return out
	}
	var gqlDoc *gqlast.QueryDocument
	var gqtDoc ast.Document
	return []normalizeRow{
		{name: "graft", setup: func(tb testing.TB, query string) func() error {
			return func() error {
				graftDoc.Reset()
				req, err := graphql.Normalize(schema, query, "", &graftDoc, 0)
				if err != nil {
					return err
				}
				op, err := graphql.Compile(schema, req.Query, req.OperationName)
				if err != nil {
					return err
				}
				if _, err := op.Variables(nil, &graftDoc, req.Variables); err != nil {
					return err
				}
				graftVars = req.Variables
				return nil
			}
		}, values: graftValues},
		{name: "graft-cached", setup: func(tb testing.TB, query string) func() error {
			// A gateway's path for a document it has seen: the plan comes
			// from a Cache keyed by the normalized text.
			cache := graphql.NewCache(4, graphql.Options{})
			run := func() error {
				graftDoc.Reset()
				req, err := graphql.Normalize(schema, query, "", &graftDoc, 0)
				if err != nil {
					return err
				}
				op, err := cache.Compile(normalizeSchema, req.Query, req.OperationName)
				if err != nil {
					return err
				}
				if _, err := op.Variables(nil, &graftDoc, req.Variables); err != nil {
					return err
				}
				graftVars = req.Variables
				return nil
			}
			if err := run(); err != nil { // the plan is cached from here on
				tb.Fatal(err)
			}
			return run
		}, values: graftValues},
		{name: "gqlparser-parse", setup: func(tb testing.TB, query string) func() error {
			return func() error {
				var err error
				gqlDoc, err = parser.ParseQuery(&gqlast.Source{Input: query})
				return errOrNil(err)
			}
		}, values: func(tb testing.TB) []string { return gqlparserValues(tb, gqlDoc) }},
		{name: "gqlparser-parse-validate", setup: func(tb testing.TB, query string) func() error {
			return func() error {
				var err error
				if gqlDoc, err = parser.ParseQuery(&gqlast.Source{Input: query}); errOrNil(err) != nil {
					return err
				}
				if errs := validator.ValidateWithRules(sch, gqlDoc, nil); len(errs) > 0 {
					return errs
				}
				return nil
			}
		}, values: func(tb testing.TB) []string { return gqlparserValues(tb, gqlDoc) }},
		{name: "graphql-go-tools", setup: func(tb testing.TB, query string) func() error {
			return func() error {
				var err error
				gqtDoc, err = gqtPipeline(def, query)
				return err
			}
		}, values: func(tb testing.TB) []string {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(gqtDoc.Input.Variables, &m); err != nil {
				tb.Fatal(err)
			}
			var out []string
			for _, v := range m {
				out = append(out, string(v))
			}
			return out
		}, skip: func(c string) bool { return c == "aliased-16000" }}, // super-linear: minutes per run
	}
}

func errOrNil(err error) error {
	var e *gqlerror.Error
	if errors.As(err, &e) && e == nil {
		return nil
	}
	return err
}

func gqlparserSchema(tb testing.TB) *gqlast.Schema {
	s, err := gqlparser.LoadSchema(&gqlast.Source{Input: normalizeSchema})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// gqlparserValues returns the values of the arguments of the root fields
// of the first operation, as JSON.
func gqlparserValues(tb testing.TB, doc *gqlast.QueryDocument) []string {
	var out []string
	for _, sel := range doc.Operations[0].SelectionSet {
		for _, a := range sel.(*gqlast.Field).Arguments {
			v, err := a.Value.Value(nil)
			if err != nil {
				tb.Fatal(err)
			}
			b, err := json.Marshal(v)
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, string(b))
		}
	}
	return out
}

func gqtSchema(tb testing.TB) *ast.Document {
	def, report := astparser.ParseGraphqlDocumentString(normalizeSchema)
	if report.HasErrors() {
		tb.Fatal(report.Error())
	}
	if err := asttransform.MergeDefinitionWithBaseSchema(&def); err != nil {
		tb.Fatal(err)
	}
	return &def
}

// gqtPipeline is what graphql-go-tools' router does with a request before
// planning: parse, normalize (the named operation kept, fragments inlined,
// unused variables removed), extract the inline values into variables,
// and validate the variables against the schema.
func gqtPipeline(def *ast.Document, query string) (ast.Document, error) {
	op, report := astparser.ParseGraphqlDocumentString(query)
	if report.HasErrors() {
		return op, report
	}
	norm := astnormalization.NewWithOpts(
		astnormalization.WithRemoveNotMatchingOperationDefinitions(),
		astnormalization.WithRemoveFragmentDefinitions(),
		astnormalization.WithInlineFragmentSpreads(),
		astnormalization.WithRemoveUnusedVariables(),
	)
	norm.NormalizeNamedOperation(&op, def, op.OperationDefinitionNameBytes(0), &report)
	if report.HasErrors() {
		return op, report
	}
	astnormalization.NewVariablesNormalizer().NormalizeOperation(&op, def, &report)
	if report.HasErrors() {
		return op, report
	}
	if err := variablesvalidation.NewVariablesValidator(variablesvalidation.VariablesValidatorOptions{}).Validate(&op, def, op.Input.Variables); err != nil {
		return op, err
	}
	return op, nil
}

// sameValues reports whether got and want hold the same JSON values, in
// any order (numbers compared as float64, keys in any order).
func sameValues(got, want []string) error {
	canon := func(list []string) ([]string, error) {
		out := make([]string, len(list))
		for i, s := range list {
			var v any
			if err := json.Unmarshal([]byte(s), &v); err != nil {
				return nil, fmt.Errorf("%.80s: %v", s, err)
			}
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			out[i] = string(b)
		}
		sort.Strings(out)
		return out, nil
	}
	g, err := canon(got)
	if err != nil {
		return err
	}
	w, err := canon(want)
	if err != nil {
		return err
	}
	if len(g) != len(w) {
		return fmt.Errorf("%d values, want %d", len(g), len(w))
	}
	for i := range g {
		if g[i] != w[i] {
			return fmt.Errorf("value %d:\n got  %.300s\n want %.300s", i, g[i], w[i])
		}
	}
	if !reflect.DeepEqual(g, w) {
		return errors.New("values differ")
	}
	return nil
}

// knownWrong lists the rows whose values are known to be wrong, and why.
var knownWrong = map[string]string{
	// Its block strings keep the backslash of an escaped triple quote,
	// which BlockStringValue reads as three quotes.
	"items-70000/graphql-go-tools": "block string escape kept",
}

// TestNormalizeRows checks every row's values against the generator's on
// every scenario (graphql-go-tools' on those it finishes in seconds).
func TestNormalizeRows(t *testing.T) {
	for _, nc := range normalizeCases() {
		for _, r := range normalizeRows(t) {
			// graphql-go-tools takes about a minute on 4,000 aliased
			// fields: the benchmark checks its output there.
			if r.skip != nil && r.skip(nc.name) || r.name == "graphql-go-tools" && (nc.name == "aliased-4000" || testing.Short() && nc.name != "aliased-1000") {
				continue
			}
			t.Run(nc.name+"/"+r.name, func(t *testing.T) {
				if err := r.setup(t, nc.c.query)(); err != nil {
					t.Fatal(err)
				}
				err := sameValues(r.values(t), nc.c.values)
				if known := knownWrong[nc.name+"/"+r.name]; known != "" {
					if err == nil {
						t.Fatalf("the output is right now (it was wrong: %s): update knownWrong", known)
					}
					t.Logf("wrong, as known (%s): %v", known, err)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// BenchmarkNormalize runs every row on every scenario. Besides time and
// allocation it reports the operation's size (in-bytes), and for graft
// the bytes it retains per input byte (retained-B/in-B: the variables Doc
// and the compiled operation, measured once after a GC).
func BenchmarkNormalize(b *testing.B) {
	for _, nc := range normalizeCases() {
		for _, r := range normalizeRows(b) {
			if r.skip != nil && r.skip(nc.name) {
				continue
			}
			b.Run(nc.name+"/"+r.name, func(b *testing.B) {
				run := r.setup(b, nc.c.query)
				b.ReportAllocs()
				b.SetBytes(int64(len(nc.c.query)))
				cpu := cpuTime()
				for i := 0; i < b.N; i++ {
					if err := run(); err != nil {
						b.Fatal(err)
					}
				}
				cpu = cpuTime() - cpu
				b.StopTimer()
				// CPU time of the process (garbage collection included),
				// which a loaded machine does not inflate as it does ns/op.
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(len(nc.c.query)), "in-bytes")
				if err := sameValues(r.values(b), nc.c.values); err != nil {
					if strings.HasPrefix(r.name, "graft") {
						b.Fatal(err)
					}
					// A peer's wrong output is reported, not hidden: the
					// report marks the row.
					b.Logf("%s: wrong values: %v", r.name, err)
					b.ReportMetric(1, "wrong-values")
				}
				if r.name == "graft" {
					b.ReportMetric(graftRetained(b, nc.c.query)/float64(len(nc.c.query)), "retained-B/in-B")
				}
			})
		}
	}
}

// cpuTime returns the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// graftRetained returns the bytes that stay live after a request is
// normalized, compiled and its variables coerced: the variables Doc and
// the Operation.
func graftRetained(tb testing.TB, query string) float64 {
	schema, err := graphql.ParseSchema(normalizeSchema, graphql.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC() // the second frees what sync.Pools held
	runtime.ReadMemStats(&before)
	d := new(graft.Doc)
	req, err := graphql.Normalize(schema, query, "", d, 0)
	if err != nil {
		tb.Fatal(err)
	}
	op, err := graphql.Compile(schema, req.Query, req.OperationName)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := op.Variables(nil, d, req.Variables); err != nil {
		tb.Fatal(err)
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(d)
	runtime.KeepAlive(op)
	runtime.KeepAlive(schema)
	return float64(after.HeapAlloc) - float64(before.HeapAlloc)
}
