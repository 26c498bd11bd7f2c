package httptransport

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"

	"github.com/graftjson/graft/resolve"
)

// TestFailReasons: how a failed exchange is worded for clients. A dial
// that timed out is the upstream's timeout even while the request's own
// context is still live (net/http may hand a waiting request the outcome
// of a dial another request started).
func TestFailReasons(t *testing.T) {
	u := &upstream{timeout: 200 * time.Millisecond}
	live := context.Background()
	expired, cancel := context.WithDeadline(live, time.Unix(1, 0))
	defer cancel()
	canceled, cancel2 := context.WithCancel(live)
	cancel2()
	dialTimeout := &net.OpError{Op: "dial", Net: "tcp", Err: os.ErrDeadlineExceeded}
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	reset := &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset by peer")}
	for _, c := range []struct {
		name        string
		parent, ctx context.Context
		err         error
		reason      string
		is          error
	}{
		{"client went away", canceled, canceled, refused, "request canceled", context.Canceled},
		{"deadline passed", live, expired, reset, "no response within 200ms", context.DeadlineExceeded},
		{"dial timed out", live, live, dialTimeout, "no response within 200ms", context.DeadlineExceeded},
		{"dial refused", live, live, refused, "cannot connect", resolve.ErrUpstream},
		{"connection reset", live, live, reset, "connection failed", resolve.ErrUpstream},
		{"cut short", live, live, errors.Join(errors.New("x"), io.ErrUnexpectedEOF), "response cut short", resolve.ErrUpstream},
		{"other", live, live, errors.New("x"), "request failed", resolve.ErrUpstream},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := (&Transport{}).fail(c.parent, c.ctx, "a", u, c.err)
			var re *resolve.Error
			if !errors.As(err, &re) || re.Reason != c.reason || re.Upstream != "a" || !errors.Is(err, c.is) {
				t.Errorf("fail = %#v, want reason %q and %v", err, c.reason, c.is)
			}
		})
	}
}
