package schema

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinels for errors.Is: every error of this package is an *Error whose
// Err is one of these.
var (
	// ErrSchema: the schema is not a valid draft 2020-12 schema, or uses
	// something this package does not support (an unknown draft, a
	// pattern RE2 cannot compile, a $ref to nowhere, a cycle of in-place
	// applicators that could never terminate).
	ErrSchema = errors.New("invalid schema")
	// ErrLoad: the loader failed, or there is no loader for a reference
	// to another document.
	ErrLoad = errors.New("cannot load schema")
	// ErrLimit: a limit of Options was reached while compiling or
	// validating.
	ErrLimit = errors.New("schema limit reached")
	// ErrInvalid: the instance does not conform to the schema.
	ErrInvalid = errors.New("instance invalid")
	// ErrShape: the document cannot be shaped as asked (a coercion that
	// does not apply, or the document is invalid against a closed object).
	ErrShape = errors.New("cannot shape")
)

// Error is the one error type of the package.
//
// For a compile error, KeywordLocation names the place in the schema
// (URI#JSON-Pointer; the URI is empty for the document given to Compile)
// and InstanceLocation is empty. For a failed validation, Validate returns
// one Error with Err ErrInvalid whose Causes list each failure in the
// spirit of the specification's "basic" output: the JSON Pointer of the
// instance value, the location of the keyword that failed, a message.
type Error struct {
	Err              error
	InstanceLocation string
	KeywordLocation  string
	Message          string
	Causes           []*Error // each failure, for ErrInvalid; at most Options.MaxErrors
}

// Error formats the error: for validation, the first failure and how many
// more there are.
func (e *Error) Error() string {
	if len(e.Causes) > 0 {
		s := "schema: " + e.Causes[0].line()
		if n := len(e.Causes) - 1; n > 0 {
			s += " (and " + strconv.Itoa(n) + " more)"
		}
		return s
	}
	return "schema: " + e.line()
}

// line is "instance-pointer: message (keyword-location)", the form the
// CLI prints, or "keyword-location: message" without an instance.
func (e *Error) line() string {
	var b strings.Builder
	if e.InstanceLocation != "" || e.Err == ErrInvalid {
		b.WriteString(pointerOrRoot(e.InstanceLocation))
		b.WriteString(": ")
		b.WriteString(e.Message)
		if e.KeywordLocation != "" {
			b.WriteString(" (")
			b.WriteString(e.KeywordLocation)
			b.WriteString(")")
		}
		return b.String()
	}
	if e.KeywordLocation != "" {
		b.WriteString(e.KeywordLocation)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// Line formats one failure as "instance-pointer: message (keyword-location)",
// or a compile error as "keyword-location: message". The root value, whose
// JSON Pointer is empty, is written "(root)".
func (e *Error) Line() string { return e.line() }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

func pointerOrRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

func schemaError(loc, msg string) *Error {
	return &Error{Err: ErrSchema, KeywordLocation: loc, Message: msg}
}
