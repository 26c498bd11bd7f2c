package schema

import (
	"embed"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/graftjson/graft"
)

// Plan is a compiled schema: immutable data, safe for concurrent use by any
// number of goroutines. It keeps the schema documents (in one graft.Doc that
// is only read) and no reference to the caller's bytes.
type Plan struct {
	root         *node
	sd           *graft.Doc // every schema document; const and enum values are read here
	maxSteps     int
	maxErrors    int
	declaredOnly bool
	coerce       bool
	check        bool      // Validate asks the valid-only pass first (check.go)
	pool         sync.Pool // *vm
}

// draft2020 is the meta-schema URI of draft 2020-12.
const draft2020 = "https://json-schema.org/draft/2020-12/schema"

//go:embed metaschema/*.json
var metaFS embed.FS

// metaFiles maps the URIs of the draft 2020-12 meta-schemas to their files.
var metaFiles = map[string]string{
	draft2020: "schema.json",
	"https://json-schema.org/draft/2020-12/meta/core":              "meta-core.json",
	"https://json-schema.org/draft/2020-12/meta/applicator":        "meta-applicator.json",
	"https://json-schema.org/draft/2020-12/meta/unevaluated":       "meta-unevaluated.json",
	"https://json-schema.org/draft/2020-12/meta/validation":        "meta-validation.json",
	"https://json-schema.org/draft/2020-12/meta/meta-data":         "meta-meta-data.json",
	"https://json-schema.org/draft/2020-12/meta/format-annotation": "meta-format-annotation.json",
	"https://json-schema.org/draft/2020-12/meta/format-assertion":  "meta-format-assertion.json",
	"https://json-schema.org/draft/2020-12/meta/content":           "meta-content.json",
}

// otherDrafts are meta-schemas of drafts this package does not implement.
var otherDrafts = []string{
	"http://json-schema.org/draft-03/schema", "http://json-schema.org/draft-04/schema",
	"http://json-schema.org/draft-06/schema", "http://json-schema.org/draft-07/schema",
	"https://json-schema.org/draft/2019-09/schema",
}

// Vocabulary URIs that change what a schema's keywords mean.
const (
	vocabValidation      = "https://json-schema.org/draft/2020-12/vocab/validation"
	vocabFormatAssertion = "https://json-schema.org/draft/2020-12/vocab/format-assertion"
)

// A resource is a schema resource: a document root or a subschema with
// "$id". It is the unit of the dynamic scope.
type resource struct {
	uri          string
	dynamic      map[string]*node     // $dynamicAnchor name → its subschema, once compiled
	dynamicRefs  map[string]graft.Ref // $dynamicAnchor name → where it is
	noValidation bool                 // its meta-schema leaves out the validation vocabulary
	assertFormat bool                 // its meta-schema requires format assertion
}

// position is what the scan learned about one subschema.
type position struct {
	res  *resource
	base *url.URL
	loc  string // keyword location of the subschema
}

// anchor is the target of a "$anchor" or "$dynamicAnchor".
type anchor struct {
	r       graft.Ref
	dynamic bool
}

type compiler struct {
	opts      Options
	sd        *graft.Doc
	bytes     int
	docs      int
	resources map[string]graft.Ref // resource URI (no fragment) → its root
	anchors   map[string]anchor    // URI#name → target
	pos       map[graft.Ref]*position
	nodes     map[graft.Ref]*node
	resList   []*resource
	views     []*view
	err       *Error
}

// Compile compiles a JSON Schema (draft 2020-12) into a Plan. The schema is
// data: nothing in it is executed, regular expressions are RE2 (linear
// time), and references are resolved now, once. Other documents come only
// from opts.Loader, except the draft 2020-12 meta-schemas, which are built
// in. Errors are *Error values wrapping ErrSchema, ErrLoad or ErrLimit.
func Compile(schemaJSON []byte, opts Options) (*Plan, error) {
	o := opts.withDefaults()
	c := &compiler{
		opts:      o,
		sd:        graft.New(graft.Options{MaxDepth: o.MaxDepth + 8, MaxBytes: o.MaxSchemaBytes}),
		resources: map[string]graft.Ref{},
		anchors:   map[string]anchor{},
		pos:       map[graft.Ref]*position{},
		nodes:     map[graft.Ref]*node{},
	}
	base, err := url.Parse(o.BaseURI)
	if err != nil || !base.IsAbs() {
		return nil, &Error{Err: ErrSchema, Message: "base URI " + strconv.Quote(o.BaseURI) + " is not an absolute URI"}
	}
	base.Fragment, base.RawFragment = "", ""
	root, e := c.addDocument(base.String(), schemaJSON, "")
	if e != nil {
		return nil, e
	}
	target := root
	if o.Pointer != "" {
		target, err = c.sd.Find(root, o.Pointer)
		if err != nil || target == 0 {
			return nil, schemaError(o.Pointer, "the pointer names no value of the document")
		}
		// An OpenAPI document is no schema: its Schema Objects are.
		c.scanOpenAPI(root, base)
		if c.pos[target] == nil {
			c.scan(target, c.docPosition(base, o.Pointer), 0)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	n := c.compile(target, c.pos[target])
	if c.err == nil {
		c.compileDynamicAnchors()
	}
	if c.err == nil {
		c.checkCycles(n)
	}
	if c.err != nil {
		return nil, c.err
	}
	c.collapseRefs()
	c.shapeView(n)
	c.markPassThrough()
	// The valid-only pass keeps no dynamic scope: plans with $dynamicRef
	// do without it.
	check := true
	for _, s := range c.nodes {
		s.prepareCheck()
		check = check && s.dynRef == nil
	}
	return &Plan{root: n, sd: c.sd, maxSteps: o.MaxSteps, maxErrors: o.MaxErrors,
		declaredOnly: o.DeclaredOnly, coerce: o.Coerce, check: check}, nil
}

// addDocument parses a document retrieved from uri and scans it. prefix is
// the keyword-location prefix of its subschemas ("" for the document given
// to Compile, uri elsewhere).
func (c *compiler) addDocument(uri string, text []byte, prefix string) (graft.Ref, *Error) {
	c.bytes += len(text)
	if c.bytes > c.opts.MaxSchemaBytes {
		return 0, &Error{Err: ErrLimit, KeywordLocation: uri, Message: "the schema documents exceed " + strconv.Itoa(c.opts.MaxSchemaBytes) + " bytes"}
	}
	r, err := c.sd.Append(text)
	if err != nil {
		e := &Error{Err: ErrSchema, KeywordLocation: prefix, Message: "not JSON: " + err.Error()}
		if errors.Is(err, graft.ErrLimit) {
			e.Err = ErrLimit
		}
		return 0, e
	}
	base, _ := url.Parse(uri)
	c.resources[uri] = r
	if c.opts.Pointer == "" || prefix != "" || c.sd.Kind(r) != graft.Object || c.sd.Member(r, "openapi") == 0 {
		p := c.docPosition(base, prefix)
		c.scan(r, p, 0)
	}
	return r, c.err
}

func (c *compiler) docPosition(base *url.URL, loc string) *position {
	return &position{res: c.newResource(base.String(), nil), base: base, loc: loc}
}

// newResource makes a resource that inherits the vocabularies of parent.
func (c *compiler) newResource(uri string, parent *resource) *resource {
	res := &resource{uri: uri}
	if parent != nil {
		res.noValidation, res.assertFormat = parent.noValidation, parent.assertFormat
	}
	c.resList = append(c.resList, res)
	return res
}

// scanOpenAPI scans the Schema Objects of an OpenAPI 3.1 document so that
// references between them find their anchors and identifiers.
func (c *compiler) scanOpenAPI(root graft.Ref, base *url.URL) {
	schemas := c.sd.Get(root, "components", "schemas")
	res := c.newResource(base.String(), nil)
	for k, v := range c.sd.Members(schemas) {
		name, _ := c.sd.Text(k)
		c.scan(v, &position{res: res, base: base, loc: "/components/schemas/" + escapeToken(name)}, 0)
	}
}

// Keywords whose values are subschemas, by the shape of the value.
var (
	kwSchema = []string{"additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
		"unevaluatedItems", "unevaluatedProperties", "contentSchema"}
	kwSchemaMap   = []string{"properties", "patternProperties", "dependentSchemas", "$defs", "definitions"}
	kwSchemaArray = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
)

// scan records the position of each subschema under r: its resource, base
// URI and location, and registers "$id", "$anchor" and "$dynamicAnchor".
func (c *compiler) scan(r graft.Ref, p *position, depth int) {
	if c.err != nil || c.pos[r] != nil {
		return
	}
	if depth > c.opts.MaxDepth {
		c.err = &Error{Err: ErrLimit, KeywordLocation: p.loc, Message: "subschemas nest deeper than " + strconv.Itoa(c.opts.MaxDepth)}
		return
	}
	d := c.sd
	if d.Kind(r) != graft.Object {
		c.pos[r] = p
		return
	}
	if id := d.Member(r, "$id"); id != 0 {
		s, err := d.Text(id)
		if err != nil {
			c.fail(p.loc+"/$id", "$id is not a string")
			return
		}
		u, err := p.base.Parse(s)
		if err != nil || (u.Fragment != "" && u.Fragment != "#") {
			c.fail(p.loc+"/$id", "$id "+strconv.Quote(s)+" is not a URI reference without fragment")
			return
		}
		u.Fragment, u.RawFragment = "", ""
		q := *p
		q.base = u
		if c.resources[p.res.uri] != r { // not the root of its document: a resource of its own
			q.res = c.newResource(u.String(), p.res)
		}
		c.resources[u.String()] = r
		p = &q
	}
	if ms := d.Member(r, "$schema"); ms != 0 {
		c.metaSchema(ms, p)
	}
	c.pos[r] = p
	for _, kw := range []string{"$anchor", "$dynamicAnchor"} {
		if a := d.Member(r, kw); a != 0 {
			s, err := d.Text(a)
			if err != nil || !validAnchor(s) {
				c.fail(p.loc+"/"+kw, kw+" is not a valid anchor name")
				return
			}
			key := p.base.String() + "#" + s
			dyn := kw == "$dynamicAnchor"
			if old, ok := c.anchors[key]; !ok || dyn {
				c.anchors[key] = anchor{r: r, dynamic: dyn || old.dynamic}
			}
			if dyn {
				if p.res.dynamicRefs == nil {
					p.res.dynamicRefs = map[string]graft.Ref{}
				}
				p.res.dynamicRefs[s] = r
			}
		}
	}
	child := func(v graft.Ref, loc string) {
		c.scan(v, &position{res: p.res, base: p.base, loc: loc}, depth+1)
	}
	for _, kw := range kwSchema {
		if v := d.Member(r, kw); v != 0 {
			child(v, p.loc+"/"+kw)
		}
	}
	for _, kw := range kwSchemaMap {
		for k, v := range d.Members(d.Member(r, kw)) {
			name, _ := d.Text(k)
			child(v, p.loc+"/"+kw+"/"+escapeToken(name))
		}
	}
	for _, kw := range kwSchemaArray {
		for i, v := range d.Items(d.Member(r, kw)) {
			child(v, p.loc+"/"+kw+"/"+strconv.Itoa(i))
		}
	}
}

// metaSchema checks the "$schema" of a resource and applies the
// vocabularies of a custom meta-schema.
func (c *compiler) metaSchema(ms graft.Ref, p *position) {
	s, err := c.sd.Text(ms)
	if err != nil {
		c.fail(p.loc+"/$schema", "$schema is not a string")
		return
	}
	uri := strings.TrimSuffix(s, "#")
	if uri == draft2020 {
		return
	}
	for _, o := range otherDrafts {
		if uri == o {
			c.fail(p.loc+"/$schema", "draft "+strconv.Quote(s)+" is not supported: only draft 2020-12 is")
			return
		}
	}
	mr, e := c.document(uri, p.loc+"/$schema")
	if e != nil {
		c.err = e
		return
	}
	// A custom meta-schema must itself be a 2020-12 schema; its
	// $vocabulary says which vocabularies apply.
	if ms2 := c.sd.Member(mr, "$schema"); ms2 == 0 || !c.sd.Equals(ms2, draft2020) && !c.sd.Equals(ms2, draft2020+"#") {
		c.fail(p.loc+"/$schema", "meta-schema "+strconv.Quote(s)+" is not a draft 2020-12 schema")
		return
	}
	if vocab := c.sd.Member(mr, "$vocabulary"); vocab != 0 {
		p.res.noValidation = c.sd.Member(vocab, vocabValidation) == 0
		p.res.assertFormat = c.sd.Member(vocab, vocabFormatAssertion) != 0
	}
}

// document returns the root of the resource at uri (no fragment), loading
// it if need be.
func (c *compiler) document(uri, loc string) (graft.Ref, *Error) {
	if r, ok := c.resources[uri]; ok {
		return r, nil
	}
	var text []byte
	if f, ok := metaFiles[uri]; ok {
		text, _ = metaFS.ReadFile("metaschema/" + f)
	} else {
		if c.opts.Loader == nil {
			return 0, &Error{Err: ErrLoad, KeywordLocation: loc, Message: "no loader for " + strconv.Quote(uri)}
		}
		c.docs++
		if c.docs > c.opts.MaxDocuments {
			return 0, &Error{Err: ErrLimit, KeywordLocation: loc, Message: "more than " + strconv.Itoa(c.opts.MaxDocuments) + " documents loaded"}
		}
		var err error
		text, err = c.opts.Loader(uri)
		if err != nil {
			return 0, &Error{Err: ErrLoad, KeywordLocation: loc, Message: "loading " + strconv.Quote(uri) + ": " + err.Error()}
		}
	}
	return c.addDocument(uri, text, uri+"#")
}

// resolve finds the subschema a reference names, from a subschema at p.
func (c *compiler) resolve(ref string, p *position, loc string) (graft.Ref, bool, *position) {
	u, err := p.base.Parse(ref)
	if err != nil {
		c.fail(loc, "reference "+strconv.Quote(ref)+" is not a URI reference")
		return 0, false, nil
	}
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	uri := u.String()
	root, e := c.document(uri, loc)
	if e != nil {
		c.err = e
		return 0, false, nil
	}
	rp := c.pos[root]
	var r graft.Ref
	dynamic := false
	switch {
	case frag == "":
		r = root
	case frag[0] == '/':
		r, err = c.sd.Find(root, frag)
		if err != nil || r == 0 {
			c.fail(loc, "reference "+strconv.Quote(ref)+" names nothing")
			return 0, false, nil
		}
	default:
		a, ok := c.anchors[uri+"#"+frag]
		if !ok {
			c.fail(loc, "reference "+strconv.Quote(ref)+" names no anchor")
			return 0, false, nil
		}
		r, dynamic = a.r, a.dynamic
	}
	if c.pos[r] == nil && rp != nil {
		// A subschema the scan did not reach (inside an unknown keyword):
		// it belongs to the resource of the document.
		c.scan(r, &position{res: rp.res, base: rp.base, loc: rp.loc + "/" + strings.TrimPrefix(frag, "/")}, 0)
	}
	return r, dynamic, c.pos[r]
}

func (c *compiler) fail(loc, msg string) {
	if c.err == nil {
		c.err = schemaError(loc, msg)
	}
}

func validAnchor(s string) bool {
	if s == "" {
		return false
	}
	for i, ch := range s {
		switch {
		case ch >= 'A' && ch <= 'Z', ch >= 'a' && ch <= 'z', ch == '_':
		case i > 0 && (ch >= '0' && ch <= '9' || ch == '-' || ch == '.'):
		default:
			return false
		}
	}
	return true
}

// escapeToken escapes a JSON Pointer reference token.
func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// compileDynamicAnchors compiles the $dynamicAnchor subschemas of every
// resource, which a $dynamicRef may reach through the dynamic scope.
func (c *compiler) compileDynamicAnchors() {
	for i := 0; i < len(c.resList) && c.err == nil; i++ { // compiling may add resources
		res := c.resList[i]
		for name, ar := range res.dynamicRefs {
			if res.dynamic == nil {
				res.dynamic = map[string]*node{}
			}
			res.dynamic[name] = c.compile(ar, c.pos[ar])
		}
	}
}
