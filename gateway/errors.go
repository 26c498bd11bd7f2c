package gateway

import (
	"net/http"
	"strconv"
)

// Error is a request the gateway refused before running it, or a gateway
// that could not be built: the HTTP status it answers with (0 for New's
// errors) and a message, which the response carries as a GraphQL error.
type Error struct {
	Status  int
	Message string
	Err     error // the cause, if any
}

// Error returns the message, after the status when there is one.
func (e *Error) Error() string {
	if e.Status == 0 {
		return "gateway: " + e.Message
	}
	return "gateway: " + strconv.Itoa(e.Status) + " " + http.StatusText(e.Status) + ": " + e.Message
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func badRequest(msg string) error { return &Error{Status: http.StatusBadRequest, Message: msg} }
