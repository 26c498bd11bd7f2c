package gateway

import (
	"net/url"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/resolve"
)

// request is one GraphQL-over-HTTP request decoded into a pooled Doc. Its
// byte slices are scratch space reused by the next request of the same
// state; none of them outlives the request.
type request struct {
	doc        *graft.Doc
	query      []byte              // the document, unescaped
	operation  []byte              // the operation name, unescaped; empty for none
	variables  graft.Ref           // a JSON object in doc, or 0 for none
	extensions graft.Ref           // a JSON object in doc, or 0 for none
	vars       []byte              // the variables printed compactly, for the engine
	header     map[string][]string // the client headers forwarded, or nil
	engine     resolve.Request     // what the engine gets, kept here so as not to allocate it
}

// decodeBody reads a POST body, {"query","operationName","variables",
// "extensions"}, into r. Members of other names are ignored, as GraphQL
// over HTTP allows.
func (r *request) decodeBody(body []byte) error {
	d := r.doc
	root, err := d.Parse(body)
	if err != nil {
		return badRequest("The request body is not valid JSON: " + err.Error())
	}
	if d.Kind(root) != graft.Object {
		return badRequest("The request body must be a JSON object.")
	}
	q := d.Member(root, "query")
	switch d.Kind(q) {
	case graft.String:
	case graft.Invalid, graft.Null:
		return badRequest(`The request has no "query".`)
	default:
		return badRequest(`The request's "query" must be a string.`)
	}
	if r.query, err = d.AppendString(r.query[:0], q); err != nil {
		return badRequest(`The request's "query" is not a valid string: ` + err.Error())
	}
	r.operation = r.operation[:0]
	switch n := d.Member(root, "operationName"); d.Kind(n) {
	case graft.Invalid, graft.Null:
	case graft.String:
		if r.operation, err = d.AppendString(r.operation, n); err != nil {
			return badRequest(`The request's "operationName" is not a valid string: ` + err.Error())
		}
	default:
		return badRequest(`The request's "operationName" must be a string.`)
	}
	if r.variables, err = r.object(root, "variables"); err != nil {
		return err
	}
	r.extensions, err = r.object(root, "extensions")
	return err
}

func (r *request) object(root graft.Ref, name string) (graft.Ref, error) {
	v := r.doc.Member(root, name)
	switch r.doc.Kind(v) {
	case graft.Invalid, graft.Null:
		return 0, nil
	case graft.Object:
		return v, nil
	}
	return 0, badRequest(`The request's "` + name + `" must be an object.`)
}

// maxCompared bounds the name comparisons of mergeLiterals: past it, the
// request is normalized again, which merges in time linear in the names.
const maxCompared = 256

// mergeLiterals returns an object of the client's variables and the
// literals c.lits of its document, in r.doc (r.vars is its scratch space).
// It reports false, and the request is then normalized again, when a
// client variable has the name of a literal's (one the document does not
// define, which normalization drops) or there are too many names to
// compare. The client's variables the operation does not define stay, as
// coercion ignores them, and defaults are left to coercion and to the
// subgraphs' operations, which define them too.
func (r *request) mergeLiterals(c cached) (graft.Ref, bool) {
	d := r.doc
	b := append(r.vars[:0], '{')
	if r.variables != 0 && d.Len(r.variables) > 0 {
		if d.Len(r.variables)*len(c.names) > maxCompared {
			return 0, false
		}
		for name := range d.Members(r.variables) {
			for _, l := range c.names {
				if d.Equals(name, l) {
					return 0, false
				}
			}
		}
		b = d.AppendJSON(b[:0], r.variables)
		b[len(b)-1] = ','
	}
	r.vars = append(b, c.lits[1:]...) // c.lits is an object: its members and "}"
	v, err := d.Append(r.vars)
	if err != nil { // the Doc's limits: normalization reports them
		return 0, false
	}
	return v, true
}

// decodeQuery reads the parameters of a GET request into r: query,
// operationName, and variables and extensions as JSON text.
func (r *request) decodeQuery(raw string) error {
	params, err := url.ParseQuery(raw)
	if err != nil {
		return badRequest("The request's URL query is malformed: " + err.Error())
	}
	q, ok := params["query"]
	if !ok || len(q) == 0 {
		return badRequest(`The request has no "query".`)
	}
	r.query = append(r.query[:0], q[0]...)
	r.operation = r.operation[:0]
	if n := params["operationName"]; len(n) > 0 {
		r.operation = append(r.operation, n[0]...)
	}
	if r.variables, err = r.jsonParam(params, "variables"); err != nil {
		return err
	}
	r.extensions, err = r.jsonParam(params, "extensions")
	return err
}

func (r *request) jsonParam(params url.Values, name string) (graft.Ref, error) {
	v := params[name]
	if len(v) == 0 || v[0] == "" {
		return 0, nil
	}
	ref, err := r.doc.Append([]byte(v[0]))
	if err != nil {
		return 0, badRequest(`The request's "` + name + `" is not valid JSON: ` + err.Error())
	}
	switch r.doc.Kind(ref) {
	case graft.Null:
		return 0, nil
	case graft.Object:
		return ref, nil
	}
	return 0, badRequest(`The request's "` + name + `" must be an object.`)
}
