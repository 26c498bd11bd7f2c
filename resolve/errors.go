package resolve

import "errors"

// Sentinels for errors.Is, wrapped by *Error.
var (
	// ErrPlan: a plan description is incomplete or inconsistent (NewPlan).
	ErrPlan = errors.New("invalid plan")
	// ErrRequest: a Request does not fit its Plan (Execute).
	ErrRequest = errors.New("invalid request")
	// ErrUpstream: a transport could not get a response from an upstream.
	ErrUpstream = errors.New("upstream request failed")
)

// Error is the one error type of package resolve and of its transports.
type Error struct {
	// Upstream names the service concerned, if any.
	Upstream string
	// Where locates the fault in a plan description ("Sequence.Nodes[1]
	// .Path[2]"), if the error is about one.
	Where string
	// Reason is a short lower-case description.
	Reason string
	// Err is the sentinel it wraps, or the cause (a context's error, a
	// network error).
	Err error
}

// Error formats the position and the reason.
func (e *Error) Error() string {
	s := "resolve: "
	if e.Upstream != "" {
		s += "upstream " + quote(e.Upstream) + ": "
	}
	if e.Where != "" {
		s += e.Where + ": "
	}
	s += e.Reason
	if e.Err != nil && e.Err != ErrPlan && e.Err != ErrRequest && e.Err != ErrUpstream {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the sentinel or the cause.
func (e *Error) Unwrap() error { return e.Err }

func quote(s string) string { return string(appendQuote(nil, s)) }
