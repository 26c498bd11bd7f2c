package graphql

import (
	"strconv"
	"strings"

	"github.com/graftjson/graft/internal/wire"
	"github.com/graftjson/graft/shape"
)

// Problem is one request-level error: a syntax error, a validation error,
// a problem with the operation name or with a variable value.
type Problem struct {
	Message   string
	Locations []shape.Location
}

// RequestError reports that a request cannot be executed at all. Its
// response, written by AppendResponse, has "errors" and no "data" key, as
// the GraphQL specification requires for request errors.
type RequestError struct {
	Problems []Problem
}

// Error returns the problems, one per line, each as LINE:COLUMN: message
// when it has a location.
func (e *RequestError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		if len(p.Locations) > 0 {
			b.WriteString(strconv.Itoa(p.Locations[0].Line) + ":" + strconv.Itoa(p.Locations[0].Column) + ": ")
		}
		b.WriteString(p.Message)
	}
	return b.String()
}

// AppendResponse appends the GraphQL response {"errors":[…]} for the
// problems to dst.
func (e *RequestError) AppendResponse(dst []byte) []byte {
	dst = append(dst, `{"errors":[`...)
	for i, p := range e.Problems {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"message":`...)
		dst = wire.AppendQuote(dst, p.Message)
		if len(p.Locations) > 0 {
			dst = append(dst, `,"locations":[`...)
			for j, l := range p.Locations {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = append(dst, `{"line":`...)
				dst = strconv.AppendInt(dst, int64(l.Line), 10)
				dst = append(dst, `,"column":`...)
				dst = strconv.AppendInt(dst, int64(l.Column), 10)
				dst = append(dst, '}')
			}
			dst = append(dst, ']')
		}
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// SchemaError reports a schema (SDL) that does not parse or is not a valid
// schema.
type SchemaError struct {
	Line, Column int // where, counted from 1; 0 if unknown
	Message      string
}

// Error returns LINE:COLUMN: message, or the message alone.
func (e *SchemaError) Error() string {
	if e.Line > 0 {
		return strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": " + e.Message
	}
	return e.Message
}

func problem(msg string, locs ...shape.Location) Problem {
	return Problem{Message: msg, Locations: locs}
}
