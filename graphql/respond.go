package graphql

import (
	"github.com/graftjson/graft"
	"github.com/graftjson/graft/shape"
)

// Respond appends to dst the whole GraphQL response for a request: it
// coerces the variables vars (a JSON object in vd, or the zero Ref) and
// renders data (in d) through the plan with r. A variable problem gives a
// response with "errors" and no "data", and the *RequestError is returned
// too; otherwise the error is nil even when the response holds field
// errors (r.Errors() counts them). d and vd may be the same Doc. Respond
// allocates only for the variable values; callers that keep those across
// requests call Variables once and Render directly.
//
// For the common call, see Answer.
func (o *Operation) Respond(dst []byte, r *shape.Renderer, d *graft.Doc, data graft.Ref, vd *graft.Doc, vars graft.Ref) ([]byte, error) {
	var buf [8]bool
	values, err := o.Variables(buf[:0], vd, vars)
	if err != nil {
		return err.(*RequestError).AppendResponse(dst), err
	}
	return r.Render(dst, o.plan, d, data, values), nil
}

// Answer is Respond for the common call: data and the variables in one Doc
// (vars may be the zero Ref), with a Renderer of its own. That Renderer's
// scratch memory is allocated per call; a server that answers request
// after request keeps a Renderer per goroutine and calls Respond.
func (o *Operation) Answer(dst []byte, d *graft.Doc, data, vars graft.Ref) ([]byte, error) {
	var r shape.Renderer
	return o.Respond(dst, &r, d, data, d, vars)
}
