package graphql

import (
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
	"github.com/graftjson/graft/shape"
	"github.com/vektah/gqlparser/v2/ast"
)

// Request is a normalized GraphQL request: what a gateway forwards.
type Request struct {
	// Query is the normalized document: the selected operation, with
	// every variable-free field argument replaced by a fresh variable,
	// and the fragments it spreads (fragments no operation spreads are
	// kept, with their literals in place).
	Query string
	// OperationName is the name of the selected operation ("" when it
	// has none).
	OperationName string
	// Variables is the JSON object of the variable values in the Doc
	// given to Normalize: the operation's variables in definition order
	// (the client's value, or the default when the client gave none),
	// then the extracted literals. From AppendNormalized, which writes
	// that object as text, it is the client's variables.
	Variables graft.Ref
	// Literals is how many of the last members of Variables are
	// extracted literals: they depend on the document alone, so a caller
	// that caches by the document may keep them and merge them with the
	// variables of the next request of the same document. From
	// AppendNormalized, it is how many of the last members of the text
	// are.
	Literals int

	pos position // from Query to the document given to Normalize

	// The schema the literals were checked with, and the types of the
	// extracted literals: the last members of Variables, or, from
	// AppendNormalized, the variables named names (see
	// Operation.RequestVariables).
	schema  *Schema
	checked []*ast.Type
	names   []string
	text    bool // from AppendNormalized: the literals are not in the Doc
}

// Locate returns err with its locations moved from Query, the normalized
// document (as Compile of Query reports them), to the document given to
// Normalize; an error that is not a *RequestError is returned as it is.
// err itself is not modified, so it may be shared (a cached error).
func (r *Request) Locate(err error) error {
	re, ok := err.(*RequestError)
	if !ok {
		return err
	}
	out := &RequestError{Problems: make([]Problem, len(re.Problems))}
	pos := r.pos // its line indexes are built here, for this call
	for i, p := range re.Problems {
		if len(p.Locations) > 0 {
			locs := make([]shape.Location, len(p.Locations))
			for j, l := range p.Locations {
				locs[j] = pos.location(pos.textLines.offset(r.Query, l.Line, l.Column))
			}
			p.Locations = locs
		}
		out.Problems[i] = p
	}
	return out
}

// Normalize reads the GraphQL document query once, selects the operation
// operationName, moves every field argument literal that holds no
// variable into a fresh variable typed from the schema, and appends the
// variables object to d: the literals transcoded to JSON, merged with the
// client's variables vars (a JSON object in d, or the zero Ref) and the
// defaults of the variables the client did not give. The literals are
// checked against their types on the way (gqlparser's messages); the
// document is not otherwise validated (Compile does that). Problems are a
// *RequestError located in query.
//
// s may be nil: nothing can then be typed, so literals stay in place and
// only the variables are merged. Normalize reads vars but writes to d (it
// appends one value); d must not be used concurrently.
func Normalize(s *Schema, query, operationName string, d *graft.Doc, vars graft.Ref) (Request, error) {
	buf, req, err := normalize(pooled(len(query)+64), s, query, operationName, d, vars)
	if err != nil {
		release(buf)
		return Request{}, err
	}
	ref, perr := d.Append(buf)
	release(buf)
	if perr != nil { // the text is valid JSON: only d's limits can refuse it
		return Request{}, &RequestError{Problems: []Problem{problem("The variables do not fit the document: " + perr.Error())}}
	}
	req.Variables = ref
	return req, nil
}

// AppendNormalized is Normalize for a caller that forwards the variables
// as they are: it appends the variables object to dst as JSON text, which
// it returns, instead of parsing it into a Doc. What the request keeps is
// then the text, about as large as the literals' source, and none of the
// Doc's nodes (16 bytes a value). The returned Request's Variables is
// vars, the client's values in d, which Operation.RequestVariables
// coerces (the literals in the text need no coercion). Normalize's
// documentation says the rest; d is only read.
func AppendNormalized(dst []byte, s *Schema, query, operationName string, d *graft.Doc, vars graft.Ref) ([]byte, Request, error) {
	mark := len(dst)
	dst, req, err := normalize(dst, s, query, operationName, d, vars)
	if err != nil {
		return dst[:mark], Request{}, err
	}
	req.Variables, req.text = vars, true
	return dst, req, nil
}

// normalize scans query and appends the variables object to dst; the
// Request it returns lacks Variables. With text, the Request names the
// variables of the extracted literals.
func normalize(dst []byte, s *Schema, query, operationName string, d *graft.Doc, vars graft.Ref) ([]byte, Request, error) {
	var n normalizer
	n.init(s, query)
	defer n.free()
	defer release(n.vals)
	if !n.document() {
		return dst, Request{}, n.requestError()
	}
	out, err := n.write(operationName, false)
	if err != nil {
		return dst, Request{}, err
	}
	dst, err = n.appendVariables(dst, out.op, d, vars, out.used)
	if err != nil {
		return dst, Request{}, err
	}
	req := Request{Query: out.text, OperationName: n.defs[out.op].name, Literals: len(out.used), pos: out.pos, schema: s}
	if len(out.used) > 0 {
		req.checked = make([]*ast.Type, len(out.used))
		req.names = make([]string, len(out.used))
		for i, v := range out.used {
			req.checked[i] = n.vars[v].typ
			req.names[i] = n.vars[v].name
		}
	}
	return dst, req, nil
}

// valsPool keeps the buffers of literal values between requests; a
// buffer stays in it until the garbage collector drops it (sync.Pool's
// policy), so a huge request does not pin its memory for long.
var valsPool sync.Pool

// pooled returns an empty buffer of at least size bytes, from valsPool if
// it holds one. A buffer too small is dropped, not put back: sync.Pool
// hands out first the buffer last put back on the P, so a small one put
// back would be handed out again at the next call, and the large buffers
// behind it never.
func pooled(size int) []byte {
	if b, ok := valsPool.Get().(*[]byte); ok && cap(*b) >= size {
		return (*b)[:0]
	}
	return make([]byte, 0, size)
}

// release returns b to valsPool.
func release(b []byte) {
	b = b[:0]
	valsPool.Put(&b)
}

// DefaultMaxTokens is the token limit of an operation when
// Options.MaxTokens is zero.
const DefaultMaxTokens = 1 << 23

// DefaultMaxBytes is the size limit of an operation when Options.MaxBytes
// is zero.
const DefaultMaxBytes = 64 << 20

// normalizer is the one-pass scanner of an operation.
type normalizer struct {
	s          *Schema // nil: nothing is typed or extracted
	keep       bool    // literals stay, for gqlparser to check (Options.KeepLiterals)
	src        string
	pos        int
	tokEnd     int // the end of the last punctuator expected
	maxDepth   int // < 0: none
	depthLeft  int // levels of nesting before maxDepth is passed
	maxTokens  int // < 0: none
	tokensLeft int // before maxTokens is passed

	vals    []byte // the JSON of the literals scanned, back to back
	sawVar  bool   // the value being scanned holds a variable
	seenSet map[string]struct{}
	seenTop int

	err      *litProblem  // the syntax error or limit that stopped the scan
	problems []litProblem // invalid literals

	*scratch
	// unique (set by Compile) stays true while the document has no
	// fragment and no two fields of one selection set with one response
	// name: no fields can then conflict (OverlappingFieldsCanBeMerged).
	unique   bool
	setBase  int             // the selection set's names in responses
	setLarge map[string]bool // and their index, once there are many
	copyFrom int
	inDef    bool
	nameSeq  int
	typeText map[*ast.Type]string
}

// scratch is the memory of a normalizer that no result keeps. It is kept
// between calls in scratchPool, emptied (nothing in it refers to a
// document then), so that a warm call allocates little besides its
// results. A list is kept whatever its size: emptying it costs what the
// call that filled it wrote, and sync.Pool drops it at the second garbage
// collection that finds it unused; a set that grew past maxPooled entries
// is dropped instead, since clearing a map costs its capacity, which every
// later call would pay.
type scratch struct {
	segs    []segment
	texts   []string // of segText segments
	defs    []definition
	vars    []extracted
	spreads []string // the fragment names spread, by definition (see definition.spreads)
	varDefs []varDef
	uses    []varUse
	seen    []string
	// The response names of the selection sets being scanned (Compile).
	responses []string
	largeSet  map[string]bool // the response names of a large set
	largeUsed bool            // largeSet is some set's
	names     map[string]bool // every variable name of the document
	byHash    map[hashKey]int
	hidden    map[string]bool         // see normalized.hidden
	defIndex  map[string]int          // the operation's variable definitions, by name (hide)
	hash      maphash.Seed            // of byHash
	types     map[namedType]*ast.Type // the named types of variable definitions (shared)
}

// namedType is a named type reference: Name or Name!.
type namedType struct {
	name    string
	nonNull bool
}

var scratchPool sync.Pool

// maxPooled is the most entries a set of a scratch may hold to be kept in
// scratchPool.
const maxPooled = 1 << 16

// free empties n's scratch into scratchPool; n must not be used after.
func (n *normalizer) free() {
	sc := n.scratch
	n.scratch = nil
	sc.segs = emptied(sc.segs)
	sc.texts = emptied(sc.texts)
	sc.defs = emptied(sc.defs)
	sc.vars = emptied(sc.vars)
	sc.spreads = emptied(sc.spreads)
	sc.varDefs = emptied(sc.varDefs)
	sc.uses = emptied(sc.uses)
	sc.seen = emptied(sc.seen)
	sc.responses = emptied(sc.responses)
	sc.largeSet = emptiedMap(sc.largeSet)
	sc.largeUsed = false
	sc.names = emptiedMap(sc.names)
	sc.byHash = emptiedMap(sc.byHash)
	sc.hidden = emptiedMap(sc.hidden)
	sc.defIndex = emptiedMap(sc.defIndex)
	sc.types = emptiedMap(sc.types)
	scratchPool.Put(sc)
}

func emptied[T any](s []T) []T {
	clear(s)
	return s[:0]
}

func emptiedMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) > maxPooled {
		return nil
	}
	clear(m)
	return m
}

// varUse is a reference to a variable in a value of the definition defs[def].
type varUse struct {
	name string
	typ  *ast.Type // the type of the field argument that it is the whole value of; nil otherwise
	def  int
}

// litProblem is a problem at a byte offset of the source.
type litProblem struct {
	off int
	msg string
}

// A segment of the normalized text: src[a:b], texts[b] (in place of the
// source from a), or an extracted variable (vars[a], taken from
// src[b:c]), or the variable definitions of the generated variables of the
// operation defs[a] (mode b).
type segment struct {
	kind    segKind
	a, b, c int
}

type segKind uint8

const (
	segCopy segKind = iota
	segText
	segHole
	segVarDefs
)

// Where an operation's generated variable definitions go.
const (
	defsInParens  = iota // before the ")" of its variable definitions
	defsParens           // after its name: "(…)"
	defsShorthand        // before the "{" of a query shorthand: "query(…)"
)

type definition struct {
	op       bool
	name     string
	start    int // source offset
	segs     [2]int
	spreads  [2]int // range of n.spreads
	varDefs  [2]int // range of n.varDefs
	reach    uint8  // reached from the selected operation (1), from any (2)
	varBlock [2]int // the segments of its "(…)" of variable definitions
}

type hashKey struct {
	sum uint64
	typ *ast.Type
}

// varDef is a variable definition of the document.
type varDef struct {
	name       string
	typ        *ast.Type
	at         int    // source offset of its "$"
	def        [2]int // the JSON of its default value in vals, or [0,0]
	segs       [2]int // its segments
	directives bool
}

// extracted is a literal moved into a variable.
type extracted struct {
	val  [2]int // its JSON in vals
	typ  *ast.Type
	name string // given when the operation is written
}

func (n *normalizer) init(s *Schema, query string) {
	n.s, n.src = s, query
	n.maxDepth, n.maxTokens = DefaultMaxDepth, DefaultMaxTokens
	if s != nil {
		n.maxDepth, n.maxTokens = s.depth, s.maxTokens
	}
	n.tokensLeft, n.depthLeft = n.maxTokens, n.maxDepth
	if n.maxTokens < 0 {
		n.tokensLeft = math.MaxInt
	}
	if n.maxDepth < 0 {
		n.depthLeft = math.MaxInt
	}
	// The JSON of the literals is rarely longer than their text.
	n.vals = pooled(len(query) + 64)
	n.scratch, _ = scratchPool.Get().(*scratch)
	if n.scratch == nil {
		n.scratch = &scratch{hash: maphash.MakeSeed()}
	}
	if n.names == nil {
		n.names = map[string]bool{}
	}
}

// fail records the problem that stops the scan.
func (n *normalizer) fail(off int, msg string) {
	if n.err == nil {
		n.err = &litProblem{off: off, msg: msg}
	}
}

// syntax records a syntax error.
func (n *normalizer) syntax(off int, msg string) { n.fail(off, msg) }

// token counts a token against the limit.
func (n *normalizer) token() bool {
	n.tokensLeft--
	return n.tokensLeft >= 0 || n.tooManyTokens()
}

func (n *normalizer) tooManyTokens() bool {
	n.fail(n.pos, "The operation has more than "+itoa(n.maxTokens)+" tokens.")
	return false
}

// invalid records an invalid literal; the scan goes on. With
// KeepLiterals, gqlparser checks the literals, which stay in the
// operation, and words the problems (with its suggestions).
func (n *normalizer) invalid(off int, msg string) {
	if !n.keep {
		n.problems = append(n.problems, litProblem{off: off, msg: msg})
	}
}

// requestError returns the scan's problems as a *RequestError.
func (n *normalizer) requestError() *RequestError {
	var lines lineIndex
	re := &RequestError{}
	if n.err != nil {
		re.Problems = append(re.Problems, problem(n.err.msg, lines.location(n.src, n.err.off)))
		return re
	}
	for _, p := range n.problems {
		re.Problems = append(re.Problems, problem(p.msg, lines.location(n.src, p.off)))
	}
	return re
}

// found describes the token at i for a syntax error.
func (n *normalizer) found(i int) string {
	if i >= len(n.src) {
		return "<EOF>"
	}
	if nameStart(n.src[i]) {
		end := i
		for end < len(n.src) && nameChar[n.src[end]] {
			end++
		}
		return `Name "` + n.src[i:end] + `"`
	}
	switch c := n.src[i]; {
	case c == '"':
		return "String"
	case c == '-' || c >= '0' && c <= '9':
		return "Number"
	case strings.IndexByte("!$&()[]{}:=@|.", c) >= 0:
		return string(c)
	}
	return n.char(i)
}

// char describes the character at i.
func (n *normalizer) char(i int) string {
	if i >= len(n.src) {
		return "<EOF>"
	}
	c := n.src[i]
	if c >= 0x20 && c < 0x7f {
		if c == '"' {
			return `'"'`
		}
		return "\"" + string(c) + "\""
	}
	r := []rune(n.src[i:min(i+4, len(n.src))])[0]
	return `"\u` + strconv.FormatInt(int64(r)|0x10000, 16)[1:] + `"`
}

// skip passes ignored tokens: white space, line terminators, commas,
// comments and the byte order mark. A carriage return becomes a line feed
// in the normalized text, so that gqlparser counts columns right.
func (n *normalizer) skip() bool {
	if n.pos < len(n.src) && !ignoredStart[n.src[n.pos]] {
		return true // the common case, inlined
	}
	return n.skipSlow()
}

// skipSpace is skip where ignored tokens are common: one space, or a
// comma and a space, before a token is passed without a call.
func (n *normalizer) skipSpace() bool {
	s, i := n.src, n.pos
	if i+2 < len(s) && s[i] == ',' {
		i++
	}
	if i+1 < len(s) && s[i] == ' ' && !ignoredStart[s[i+1]] {
		n.pos = i + 1
		return true
	}
	return n.skip()
}

// ignoredStart marks the bytes skipSlow looks at: those that may start
// an ignored token, and the control and non-ASCII bytes it rejects or
// checks.
var ignoredStart = func() (t [256]bool) {
	for c := range t {
		t[c] = c <= ' ' || c == ',' || c == '#' || c >= 0x80
	}
	return t
}()

func (n *normalizer) skipSlow() bool {
	s := n.src
	i := n.pos
	// The most common: a comma and a space, or one space.
	if i+2 < len(s) && s[i] == ',' && s[i+1] == ' ' && !ignoredStart[s[i+2]] {
		n.pos = i + 2
		return true
	}
	if i+1 < len(s) && s[i] == ' ' && !ignoredStart[s[i+1]] {
		n.pos = i + 1
		return true
	}
	for i < len(s) {
		switch c := s[i]; c {
		case ' ':
			// Indentation: the spaces eight at a time.
			for i++; i+8 <= len(s); i += 8 {
				if k := wire.SpaceRun(load64(s, i)); k < 8 {
					i += k
					break
				}
			}
		case '\t', ',', '\n':
			i++
		case '\r':
			if n.inDef {
				n.flush(i)
				n.text(i, "\n")
			}
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
			n.copyFrom = i
		case '#':
			for i < len(s) && s[i] != '\n' && s[i] != '\r' {
				if s[i] < 0x20 && s[i] != '\t' {
					n.pos = i
					n.syntax(i, "Invalid character "+n.char(i)+".")
					return false
				}
				i++
			}
		case 0xEF:
			if len(s)-i >= 3 && s[i+1] == 0xBB && s[i+2] == 0xBF {
				i += 3
				continue
			}
			n.pos = i
			return true
		default:
			if c < 0x20 {
				n.pos = i
				n.syntax(i, "Invalid character "+n.char(i)+".")
				return false
			}
			n.pos = i
			return true
		}
	}
	n.pos = i
	return true
}

// load64 returns the eight bytes of s at i, little-endian.
func load64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// flush ends the pending copy of the source at i.
func (n *normalizer) flush(i int) {
	if i <= n.copyFrom {
		return
	}
	if n.inDef {
		n.segs = append(n.segs, segment{kind: segCopy, a: n.copyFrom, b: i})
	}
	n.copyFrom = i
}

// replace puts text in place of src[start:end] in the normalized text.
func (n *normalizer) replace(start, end int, text string) {
	if !n.inDef {
		return
	}
	n.flush(start)
	n.text(start, text)
	n.copyFrom = end
}

// text adds a segment of text in place of the source from at.
func (n *normalizer) text(at int, text string) {
	n.segs = append(n.segs, segment{kind: segText, a: at, b: len(n.texts)})
	n.texts = append(n.texts, text)
}

// name returns the end of the Name at n.pos (n.pos if there is none).
func (n *normalizer) name() int {
	s := n.src
	i := n.pos
	if i >= len(s) || !nameStart(s[i]) {
		return i
	}
	for i++; i < len(s) && nameChar[s[i]]; i++ {
	}
	return i
}

// word reads a Name and skips what follows it.
func (n *normalizer) word() (string, bool) {
	end := n.name()
	if end == n.pos {
		n.syntax(n.pos, "Expected Name, found "+n.found(n.pos))
		return "", false
	}
	if !n.token() {
		return "", false
	}
	w := n.src[n.pos:end]
	n.pos = end
	return w, n.skip()
}

// expect consumes the punctuator c (ignored tokens before it skipped).
func (n *normalizer) expect(c byte) bool {
	if n.pos >= len(n.src) || n.src[n.pos] != c {
		n.syntax(n.pos, "Expected "+string(c)+", found "+n.found(n.pos))
		return false
	}
	if !n.token() {
		return false
	}
	n.pos++
	n.tokEnd = n.pos
	return n.skip()
}

func (n *normalizer) at(c byte) bool { return n.pos < len(n.src) && n.src[n.pos] == c }

// document scans every definition.
func (n *normalizer) document() bool {
	if n.s != nil && n.s.maxBytes >= 0 && len(n.src) > n.s.maxBytes || n.s == nil && len(n.src) > DefaultMaxBytes {
		n.fail(0, "The operation is larger than "+itoa(max(n.s.limitBytes(), 0))+" bytes.")
		return false
	}
	if !n.skip() {
		return false
	}
	for n.pos < len(n.src) {
		if !n.definition() {
			return false
		}
	}
	return len(n.problems) == 0
}

func (s *Schema) limitBytes() int {
	if s == nil {
		return DefaultMaxBytes
	}
	return s.maxBytes
}

// definition scans an operation or a fragment definition.
func (n *normalizer) definition() bool {
	d := definition{start: n.pos}
	d.segs[0] = len(n.segs)
	d.spreads[0], d.varDefs[0] = len(n.spreads), len(n.varDefs)
	n.inDef, n.copyFrom = true, n.pos
	idx := len(n.defs)
	n.defs = append(n.defs, d) // filled in below
	var typ *ast.Definition
	ok := true
	if n.at('{') {
		d.op = true
		n.segs = append(n.segs, segment{kind: segVarDefs, a: idx, b: defsShorthand, c: n.pos})
		typ = n.root(ast.Query)
	} else {
		at := n.pos
		w, wok := n.word()
		if !wok {
			return false
		}
		switch w {
		case "query", "mutation", "subscription":
			d.op = true
			typ = n.root(ast.Operation(w))
			if n.name() > n.pos {
				if d.name, ok = n.word(); !ok {
					return false
				}
			}
			if n.at('(') {
				if !n.variableDefinitions(idx) {
					return false
				}
			} else {
				n.flush(n.pos)
				n.segs = append(n.segs, segment{kind: segVarDefs, a: idx, b: defsParens, c: n.pos})
			}
		case "fragment":
			if d.name, ok = n.word(); !ok {
				return false
			}
			if d.name == "on" {
				n.syntax(at, `Unexpected Name "on"`)
				return false
			}
			on, ok := n.word()
			if !ok {
				return false
			}
			if on != "on" {
				n.syntax(n.pos, `Expected "on", found Name "`+on+`"`)
				return false
			}
			tn, ok := n.word()
			if !ok {
				return false
			}
			typ = n.typeNamed(tn)
		default:
			n.syntax(at, `Unexpected Name "`+w+`"`)
			return false
		}
		if !n.directives() {
			return false
		}
	}
	if !n.selectionSet(typ) {
		return false
	}
	// The definition ends at its "}": drop what skipping after it wrote.
	end := n.tokEnd
	for k := len(n.segs); k > d.segs[0] && n.segs[k-1].kind == segText && n.segs[k-1].a >= end; k-- {
		n.segs = n.segs[:k-1]
	}
	if n.copyFrom < end {
		n.flush(end)
	}
	n.inDef = false
	d.segs[1] = len(n.segs)
	d.spreads[1], d.varDefs[1] = len(n.spreads), len(n.varDefs)
	d.varBlock = n.defs[idx].varBlock
	n.defs[idx] = d
	return n.skip()
}

// root returns the schema's root type of an operation kind (nil without
// a schema or a root).
func (n *normalizer) root(kind ast.Operation) *ast.Definition {
	if n.s == nil {
		return nil
	}
	switch kind {
	case ast.Mutation:
		return n.s.s.Mutation
	case ast.Subscription:
		return n.s.s.Subscription
	}
	return n.s.s.Query
}

func (n *normalizer) typeNamed(name string) *ast.Definition {
	if n.s == nil {
		return nil
	}
	return n.s.s.Types[name]
}

// variableDefinitions scans "( $name: Type = default @dir … )" of the
// operation defs[op] and leaves room before the ")" for the generated ones.
func (n *normalizer) variableDefinitions(op int) bool {
	n.flush(n.pos)
	n.defs[op].varBlock[0] = len(n.segs)
	if !n.expect('(') {
		return false
	}
	if n.at(')') {
		n.syntax(n.pos, "Expected $, found )")
		return false
	}
	for !n.at(')') {
		vd := varDef{at: n.pos}
		n.flush(n.pos)
		vd.segs[0] = len(n.segs)
		if !n.expect('$') {
			return false
		}
		var ok bool
		if vd.name, ok = n.word(); !ok {
			return false
		}
		n.names[vd.name] = true
		if !n.expect(':') {
			return false
		}
		if vd.typ, ok = n.typeRef(); !ok {
			return false
		}
		if n.at('=') {
			if !n.expect('=') {
				return false
			}
			start := n.pos
			mark := len(n.vals)
			n.sawVar = false
			var t *inType
			if n.s != nil && n.s.s.Types[vd.typ.Name()] != nil {
				t = n.s.resolve(vd.typ)
			}
			if !n.value(t) {
				return false
			}
			if n.sawVar {
				n.syntax(start, "Unexpected $ in a default value")
				return false
			}
			vd.def = [2]int{mark, len(n.vals)}
			if !n.skip() {
				return false
			}
		}
		vd.directives = n.at('@')
		if !n.directives() {
			return false
		}
		n.flush(n.pos)
		vd.segs[1] = len(n.segs)
		n.varDefs = append(n.varDefs, vd)
		if n.pos >= len(n.src) {
			n.syntax(n.pos, "Expected ), found <EOF>")
			return false
		}
	}
	n.flush(n.pos)
	n.segs = append(n.segs, segment{kind: segVarDefs, a: op, b: defsInParens, c: n.pos})
	if !n.expect(')') {
		return false
	}
	n.flush(n.tokEnd)
	n.defs[op].varBlock[1] = len(n.segs)
	return true
}

// typeRef scans a type reference: Name, [Type], either with "!".
func (n *normalizer) typeRef() (*ast.Type, bool) {
	var t *ast.Type
	if n.at('[') {
		if !n.open(n.pos) || !n.expect('[') {
			return nil, false
		}
		elem, ok := n.typeRef()
		if !ok || !n.expect(']') {
			return nil, false
		}
		n.depthLeft++
		t = &ast.Type{Elem: elem}
	} else {
		name, ok := n.word()
		if !ok {
			return nil, false
		}
		// Named types are shared: a document may define thousands of
		// variables of a few types.
		key := namedType{name, n.at('!')}
		if t = n.types[key]; t == nil {
			t = &ast.Type{NamedType: name, NonNull: key.nonNull}
			if n.types == nil {
				n.types = map[namedType]*ast.Type{}
			}
			n.types[key] = t
		}
		if key.nonNull {
			return t, n.expect('!')
		}
		return t, true
	}
	if n.at('!') {
		t.NonNull = true
		return t, n.expect('!')
	}
	return t, true
}

// directives scans "@name(args)" directives; their arguments stay in place.
func (n *normalizer) directives() bool {
	for n.at('@') {
		if !n.expect('@') {
			return false
		}
		if _, ok := n.word(); !ok {
			return false
		}
		if n.at('(') && !n.arguments(nil) {
			return false
		}
	}
	return true
}

// selectionSet scans "{ selection… }" of the type typ (nil if unknown).
func (n *normalizer) selectionSet(typ *ast.Definition) bool {
	if !n.at('{') {
		n.syntax(n.pos, "Expected {, found "+n.found(n.pos))
		return false
	}
	if !n.open(n.pos) || !n.expect('{') {
		return false
	}
	if n.at('}') {
		n.syntax(n.pos, "Expected Name, found }")
		return false
	}
	var fields map[string]*ast.FieldDefinition // typ's, looked up once
	if typ != nil {
		fields = n.s.fields[typ.Name]
	}
	outer, outerLarge := n.setBase, n.setLarge
	n.setBase, n.setLarge = len(n.responses), nil
	for !n.at('}') {
		if n.pos >= len(n.src) {
			n.syntax(n.pos, "Expected Name, found <EOF>")
			return false
		}
		if !n.selection(typ, fields) {
			return false
		}
	}
	clear(n.responses[n.setBase:])
	n.responses = n.responses[:n.setBase]
	if n.setLarge != nil && n.largeUsed && outerLarge == nil {
		n.largeUsed = false // no enclosing set uses the scratch's set
	}
	n.setBase, n.setLarge = outer, outerLarge
	n.depthLeft++
	return n.expect('}')
}

// newResponse adds the response name resp to those of the selection set
// being scanned (n.responses from n.setBase; indexed by n.setLarge once
// there are many) and reports whether the set did not have it.
func (n *normalizer) newResponse(resp string) bool {
	names := n.responses[n.setBase:]
	if n.setLarge == nil && len(names) >= 16 {
		// The scratch's set serves the first large set of a path;
		// a large set inside it makes its own.
		if n.largeSet != nil && !n.largeUsed {
			clear(n.largeSet)
			n.setLarge, n.largeUsed = n.largeSet, true
		} else {
			n.setLarge = make(map[string]bool, 2*len(names))
			if n.largeSet == nil {
				n.largeSet, n.largeUsed = n.setLarge, true
			}
		}
		for _, r := range names {
			n.setLarge[r] = true
		}
	}
	if n.setLarge != nil {
		if n.setLarge[resp] {
			return false
		}
		n.setLarge[resp] = true
	} else if slices.Contains(names, resp) {
		return false
	}
	n.responses = append(n.responses, resp)
	return true
}

// selection scans a field, a fragment spread or an inline fragment of a
// selection set of the type typ, whose fields are fields.
func (n *normalizer) selection(typ *ast.Definition, fields map[string]*ast.FieldDefinition) bool {
	if len(n.src)-n.pos >= 3 && n.src[n.pos:n.pos+3] == "..." {
		n.unique = false
		n.pos += 2
		if !n.expect('.') {
			return false
		}
		end := n.name()
		if end > n.pos && n.src[n.pos:end] != "on" {
			name, _ := n.word()
			if n.err != nil {
				return false
			}
			n.spreads = append(n.spreads, name)
			return n.directives()
		}
		inner := typ
		if end > n.pos { // "on Type"
			n.word()
			tn, ok := n.word()
			if !ok {
				return false
			}
			inner = n.typeNamed(tn)
		}
		return n.directives() && n.selectionSet(inner)
	}
	name, ok := n.word()
	if !ok {
		return false
	}
	if n.unique { // the first name is the response name
		n.unique = n.newResponse(name)
	}
	if n.at(':') {
		if !n.expect(':') {
			return false
		}
		if name, ok = n.word(); !ok {
			return false
		}
	}
	fd := fields[name]
	if n.at('(') && !n.arguments(fd) {
		return false
	}
	if !n.directives() {
		return false
	}
	if n.at('{') {
		var sub *ast.Definition
		if fd != nil {
			sub = n.s.s.Types[fd.Type.Name()]
		}
		return n.selectionSet(sub)
	}
	return true
}

// arguments scans "(name: value …)". The arguments of the field fd (nil
// for a directive or an unknown field) that hold no variable and are
// valid for their type are moved into variables.
func (n *normalizer) arguments(fd *ast.FieldDefinition) bool {
	if !n.expect('(') {
		return false
	}
	if n.at(')') {
		n.syntax(n.pos, "Expected Name, found )")
		return false
	}
	for !n.at(')') {
		if n.pos >= len(n.src) {
			n.syntax(n.pos, "Expected ), found <EOF>")
			return false
		}
		name, ok := n.word()
		if !ok || !n.expect(':') {
			return false
		}
		var t *inType
		if fd != nil {
			if ad := fd.Arguments.ForName(name); ad != nil {
				t = n.s.argTypes[ad.Type]
			}
		}
		start := n.pos
		n.flush(start)
		segMark, valMark, probMark := len(n.segs), len(n.vals), len(n.problems)
		n.sawVar = false
		if !n.value(t) {
			return false
		}
		if n.src[start] == '$' && t != nil {
			n.uses[len(n.uses)-1].typ = t.t // the whole value is a variable
		}
		switch {
		case n.sawVar:
			// gqlparser checks a value with variables where it stays.
			n.problems = n.problems[:probMark]
			n.vals = n.vals[:valMark]
		case t == nil || len(n.problems) > probMark || n.keep:
			n.vals = n.vals[:valMark]
		default:
			n.segs = n.segs[:segMark]
			n.segs = append(n.segs, segment{kind: segHole, a: n.extract(t.t, valMark), b: start, c: n.pos})
			n.copyFrom = n.pos
		}
		if !n.skip() {
			return false
		}
	}
	return n.expect(')')
}

// maxShared is the size of the largest literal that extract looks for among
// those it has seen: equal small literals (the same arguments of fields
// merged under one response name, for one) share a variable; hashing a
// large one would cost a pass over it for a rare saving.
const maxShared = 4 << 10

// extract records the literal whose JSON is vals[mark:], of type t, and
// returns its variable. Equal literals of one type share a variable: the
// hash of the written bytes finds them.
func (n *normalizer) extract(t *ast.Type, mark int) int {
	if len(n.vals)-mark > maxShared {
		n.vars = append(n.vars, extracted{val: [2]int{mark, len(n.vals)}, typ: t})
		return len(n.vars) - 1
	}
	if n.byHash == nil {
		n.byHash = map[hashKey]int{}
	}
	b := n.vals[mark:]
	key := hashKey{maphash.Bytes(n.hash, b), t}
	if i, ok := n.byHash[key]; ok {
		if v := n.vars[i]; string(n.vals[v.val[0]:v.val[1]]) == string(b) {
			n.vals = n.vals[:mark]
			return i
		}
	} else {
		n.byHash[key] = len(n.vars)
	}
	n.vars = append(n.vars, extracted{val: [2]int{mark, len(n.vals)}, typ: t})
	return len(n.vars) - 1
}
