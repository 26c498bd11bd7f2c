package gateway

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/resolve"
)

// transport sends the engine's fetches to the subgraphs over HTTP, and
// answers the introspection fetch in process. It is safe for concurrent
// use.
type transport struct {
	urls          map[string]*url.URL      // subgraph name -> URL
	rt            http.RoundTripper        // Options.Client's Transport
	timeout       time.Duration            // Options.SubgraphTimeout
	timeouts      map[string]time.Duration // Options.SubgraphTimeouts
	maxBytes      int64
	introspection *introspection
}

// upstreamError is a failed fetch: the engine reports its text in the
// response, next to the subgraph's name.
type upstreamError struct{ msg string }

func (e *upstreamError) Error() string { return e.msg }

// Do posts the request to the subgraph and appends its response body.
func (t *transport) Do(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
	if r.Upstream == federation.IntrospectionUpstream {
		return t.answerIntrospection(ctx, r.Body, dst)
	}
	u, ok := t.urls[r.Upstream]
	if !ok {
		return dst, &upstreamError{"unknown subgraph " + strconv.Quote(r.Upstream)}
	}
	timeout := t.timeout
	if d, ok := t.timeouts[r.Upstream]; ok {
		timeout = d
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	h := requestHeader // a RoundTripper does not modify a request
	if len(r.Header) > 0 {
		h = make(http.Header, len(r.Header)+2)
		for k, v := range r.Header {
			h[k] = v
		}
		h["Content-Type"] = jsonType
		h["Accept"] = acceptJSON
	}
	// A *bytes.Reader (in io.NopCloser) is a body net/http knows to be in
	// memory: it writes the headers and the body with one write, where a
	// reader of another type gets the headers flushed first.
	body := r.Body
	getBody := func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	rc, _ := getBody()
	// The RoundTripper itself, not http.Client.Do: a subgraph request is
	// never redirected, and Client.Do would copy the headers and the URL
	// of every request for redirects that do not happen.
	resp, err := t.rt.RoundTrip((&http.Request{
		Method: http.MethodPost, URL: u, Host: u.Host,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: h, Body: rc, ContentLength: int64(len(r.Body)),
		GetBody: getBody, // a request on a stale kept-alive connection is retried
	}).WithContext(ctx))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			return dst, &upstreamError{"the subgraph did not answer within " + timeout.String()}
		}
		// The *url.Error names the URL; clients need not see it.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		// Nor the addresses a *net.OpError names.
		var oe *net.OpError
		if errors.As(err, &oe) {
			err = oe.Err
		}
		return dst, &upstreamError{"the subgraph could not be reached: " + err.Error()}
	}
	defer resp.Body.Close()
	start := len(dst)
	if n := resp.ContentLength; n > 0 && n <= t.maxBytes {
		// Room for the whole body and the read that sees its end, so
		// that the buffer neither grows by doubling nor is copied.
		dst = slices.Grow(dst, int(n)+1)
	}
	dst, err = readBody(dst, resp.Body, t.maxBytes)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Status == http.StatusRequestEntityTooLarge {
			return dst[:start], &upstreamError{"the subgraph's response is larger than " + strconv.FormatInt(t.maxBytes, 10) + " bytes"}
		}
		if ctx.Err() != nil {
			return dst[:start], &upstreamError{"the subgraph did not answer within " + timeout.String()}
		}
		if e := (*Error)(nil); errors.As(err, &e) && e.Err != nil {
			err = e.Err // the cause, not the words for a client's body
		}
		return dst[:start], &upstreamError{"reading the subgraph's response: " + err.Error()}
	}
	// GraphQL over HTTP: a graphql-response+json body with a 4xx/5xx
	// status is still a GraphQL response; a plain error status is not.
	if resp.StatusCode != http.StatusOK && !bytes.HasPrefix(bytes.TrimSpace(dst[start:]), []byte("{")) {
		return dst[:start], &upstreamError{"the subgraph answered " + resp.Status}
	}
	return dst, nil
}

// newTransport is the HTTP transport of a gateway's own client: net/http's
// defaults, except that it keeps as many idle connections to each
// subgraph as requests in flight may need (net/http keeps 2 per host,
// so that under load most subgraph requests would open a connection and
// close it again).
func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 0 // no limit across hosts
	t.MaxIdleConnsPerHost = maxIdlePerSubgraph
	return t
}

// maxIdlePerSubgraph bounds the idle connections kept to one subgraph.
const maxIdlePerSubgraph = 256

var (
	acceptJSON    = []string{"application/graphql-response+json, application/json;q=0.9"}
	requestHeader = http.Header{"Content-Type": jsonType, "Accept": acceptJSON}
)
