package bench

// S9 build an object: make an object of n members from Go data, one Set
// per member ("field0":0, "field1":1, ...), and print it compact. The
// peers' Set, like graft's, replaces a member of the same name, so each
// call must look the name up first; how that lookup scales decides the
// cost of large objects. Builders are reused from one op to the next where
// the peer allows.

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/bytedance/sonic/ast"
	"github.com/valyala/fastjson"
	"github.com/wundergraph/astjson"
	"github.com/wundergraph/go-arena"
)

// s9Rows is the S9 table; a graft row joins it from an init function.
var s9Rows = []opRow{
	// A map marshals with its keys sorted: checked as a JSON value.
	{name: "stdjson-map~value", valueOnly: true, setup: setupS9Std},
	{name: "fastjson", setup: setupS9Fastjson},
	{name: "astjson-arena", setup: func(tb testing.TB) op { return setupS9Astjson(tb, true) }},
	{name: "astjson-heap", setup: func(tb testing.TB) op { return setupS9Astjson(tb, false) }},
	{name: "sonic-ast", setup: setupS9Sonic},
}

// s9Sizes are the member counts, one table each.
var s9Sizes = []int{100, 10000}

// s9Members returns the names and number texts of n members, and the
// compact object they make.
func s9Members(n int) (names, numbers []string, want []byte) {
	names, numbers = make([]string, n), make([]string, n)
	var b strings.Builder
	b.WriteByte('{')
	for i := range names {
		names[i], numbers[i] = "field"+strconv.Itoa(i), strconv.Itoa(i)
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + names[i] + `":` + numbers[i])
	}
	b.WriteByte('}')
	return names, numbers, []byte(b.String())
}

// s9Setup binds an op to the members of one table.
type s9Setup func(tb testing.TB, names, numbers []string) op

func BenchmarkS9Build(b *testing.B) {
	for _, n := range s9Sizes {
		names, numbers, want := s9Members(n)
		for _, r := range s9Rows {
			b.Run(strconv.Itoa(n)+"/"+r.name, func(b *testing.B) {
				benchOp(b, s9Bind(r.setup, names, numbers)(b), want, r.valueOnly)
			})
		}
	}
}

func TestS9Build(t *testing.T) {
	for _, n := range s9Sizes {
		names, numbers, want := s9Members(n)
		for _, r := range s9Rows {
			t.Run(strconv.Itoa(n)+"/"+r.name, func(t *testing.T) {
				testOp(t, s9Bind(r.setup, names, numbers)(t), want, r.valueOnly)
			})
		}
	}
}

// s9Current holds the members the setups of the table being run read.
var s9Current struct{ names, numbers []string }

// s9Bind makes the members of one table those the row's setup reads.
func s9Bind(setup func(testing.TB) op, names, numbers []string) func(testing.TB) op {
	return func(tb testing.TB) op {
		s9Current.names, s9Current.numbers = names, numbers
		return setup(tb)
	}
}

func setupS9Std(testing.TB) op {
	names := s9Current.names
	return func(dst []byte) ([]byte, error) {
		m := make(map[string]int, len(names))
		for i, name := range names {
			m[name] = i
		}
		b, err := json.Marshal(m)
		return append(dst, b...), err
	}
}

func setupS9Fastjson(testing.TB) op {
	names := s9Current.names
	var a fastjson.Arena
	return func(dst []byte) ([]byte, error) {
		a.Reset()
		o := a.NewObject()
		for i, name := range names {
			o.Set(name, a.NewNumberInt(i))
		}
		return o.MarshalTo(dst), nil
	}
}

// setupS9Astjson takes the number texts from the table: IntValue formats
// into a string the arena's memory holds where the garbage collector does
// not look, and in arena mode such strings were freed and overwritten
// before the print (seen in this test: member field10 printed with a line
// feed for its value).
func setupS9Astjson(_ testing.TB, useArena bool) op {
	names, numbers := s9Current.names, s9Current.numbers
	var a arena.Arena
	if useArena {
		a = arena.NewMonotonicArena()
	}
	return func(dst []byte) ([]byte, error) {
		if a != nil {
			a.Reset()
		}
		o := astjson.ObjectValue(a)
		for i, name := range names {
			o.Set(a, name, astjson.NumberValue(a, numbers[i]))
		}
		return o.MarshalTo(dst), nil
	}
}

func setupS9Sonic(testing.TB) op {
	names, numbers := s9Current.names, s9Current.numbers
	return func(dst []byte) ([]byte, error) {
		o := ast.NewObject(nil)
		for i, name := range names {
			if _, err := o.Set(name, ast.NewNumber(numbers[i])); err != nil {
				return dst, err
			}
		}
		b, err := o.MarshalJSON()
		return append(dst, b...), err
	}
}
