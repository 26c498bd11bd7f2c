// Package httptransport is the HTTP transport of package resolve: it sends
// each upstream request as a GraphQL-over-HTTP POST to the upstream's URL,
// over a keep-alive connection pool of its own, with a timeout and a
// response size limit per upstream and gzip-compressed responses
// accepted.
//
// # Headers
//
// The headers of resolve.Request.Header are the ones forwarded, and the
// caller chooses them: Forward picks the named headers out of a client's
// request, so that nothing is forwarded that was not asked for (a gateway
// typically names Authorization and a few of its own). Whatever the
// caller passes, the transport never forwards the headers it owns itself:
// the hop-by-hop headers of RFC 9110 (Connection, Keep-Alive,
// Proxy-Authenticate, Proxy-Authorization, TE, Trailer, Transfer-Encoding,
// Upgrade, and any the client's Connection header names must be dropped
// by the caller), Host, Content-Length, Content-Type, Content-Encoding,
// Accept and Accept-Encoding. It sends Content-Type: application/json and
// Accept: application/graphql-response+json, application/json.
//
// # Errors
//
// A transport error, a timeout, a status other than 2xx (a redirect
// included: redirects are not followed, so that the body and the forwarded
// headers go to the configured URL only) and a body over the limit are *resolve.Error values wrapping resolve.ErrUpstream (or the
// context's error); their text never holds the upstream's URL, since the
// engine shows it to clients.
package httptransport

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/graftjson/graft/resolve"
)

// Defaults for the zero fields of Options.
const (
	DefaultTimeout          = 30 * time.Second
	DefaultMaxResponseBytes = 64 << 20
	DefaultMaxIdleConns     = 64
)

// Options configure a Transport. Only URLs is required; the zero values of
// the others are the defaults above.
type Options struct {
	// URLs maps each upstream name (resolve.Fetch.Upstream) to its GraphQL
	// endpoint, an http or https URL.
	URLs map[string]string
	// Timeout bounds one upstream request, from connecting to reading the
	// last byte of the response.
	Timeout time.Duration
	// Timeouts overrides Timeout for the upstreams it names.
	Timeouts map[string]time.Duration
	// MaxResponseBytes bounds a response body, after decompression.
	MaxResponseBytes int64
	// MaxIdleConns bounds the idle keep-alive connections kept for each
	// upstream.
	MaxIdleConns int
}

// Transport sends upstream requests over HTTP. It is safe for concurrent
// use; each upstream has its own connection pool.
type Transport struct {
	upstreams map[string]*upstream
	max       int64
}

type upstream struct {
	url     string
	timeout time.Duration
	rt      http.RoundTripper // an *http.Transport; tests put another in its place
}

// New checks opts and returns a Transport. It returns an *resolve.Error
// wrapping ErrConfig for a URL that is not an absolute http or https URL.
func New(opts Options) (*Transport, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxResponseBytes <= 0 {
		opts.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if opts.MaxIdleConns <= 0 {
		opts.MaxIdleConns = DefaultMaxIdleConns
	}
	t := &Transport{upstreams: map[string]*upstream{}, max: opts.MaxResponseBytes}
	for name, raw := range opts.URLs {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, &resolve.Error{Upstream: name, Reason: "not an absolute http or https URL: " + strconv.Quote(raw), Err: ErrConfig}
		}
		timeout := opts.Timeout
		if d, ok := opts.Timeouts[name]; ok && d > 0 {
			timeout = d
		}
		tr := &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			DialContext:         (&net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}).DialContext,
			ForceAttemptHTTP2:   true,
			MaxIdleConns:        opts.MaxIdleConns,
			MaxIdleConnsPerHost: opts.MaxIdleConns,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: timeout,
		}
		// Requests go to the transport itself, not through an
		// http.Client: a redirect is not followed (it would send the body
		// and the forwarded headers to a URL the upstream names, not the
		// one configured; the 3xx is then a failed fetch like any
		// non-2xx), and the client's copy of each request's headers,
		// kept for redirects, is not made.
		t.upstreams[name] = &upstream{url: u.String(), timeout: timeout, rt: tr}
	}
	return t, nil
}

// ErrConfig: Options are not usable (New).
var ErrConfig = errors.New("invalid transport options")

// CloseIdleConnections closes the idle keep-alive connections of every
// upstream.
func (t *Transport) CloseIdleConnections() {
	for _, u := range t.upstreams {
		if c, ok := u.rt.(interface{ CloseIdleConnections() }); ok {
			c.CloseIdleConnections()
		}
	}
}

// owned are the headers the transport sets or that must not cross a
// proxy; they are never forwarded.
var owned = map[string]bool{
	"Connection": true, "Keep-Alive": true, "Proxy-Authenticate": true, "Proxy-Authorization": true,
	"Te": true, "Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
	"Host": true, "Content-Length": true, "Content-Type": true, "Content-Encoding": true,
	"Accept": true, "Accept-Encoding": true,
}

// Header values of every request, shared: nothing changes them.
var (
	contentType = []string{"application/json"}
	accept      = []string{"application/graphql-response+json, application/json"}
)

// Forward returns the headers of h named in names (in any case), for
// resolve.Request.Header; nil if there is none. Headers the transport
// owns are left out even if named.
func Forward(h http.Header, names []string) map[string][]string {
	var out map[string][]string
	for _, n := range names {
		k := http.CanonicalHeaderKey(n)
		if owned[k] {
			continue
		}
		if v, ok := h[k]; ok {
			if out == nil {
				out = make(map[string][]string, len(names))
			}
			out[k] = v
		}
	}
	return out
}

// Do posts r.Body to the upstream's URL and appends the response body to
// dst. Nothing reads r.Body after Do returned, even where net/http would
// (see body.go): the engine reuses the buffer for its next request.
func (t *Transport) Do(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
	u := t.upstreams[r.Upstream]
	if u == nil {
		return dst, &resolve.Error{Upstream: r.Upstream, Reason: "no URL for this upstream", Err: resolve.ErrUpstream}
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, u.timeout)
	defer cancel()
	b := newBody(r.Body)
	defer b.end() // r.Body is the engine's again once Do returns
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.url, b)
	if err != nil {
		return dst, &resolve.Error{Upstream: r.Upstream, Reason: "cannot build the request", Err: err}
	}
	req.ContentLength, req.GetBody = int64(len(r.Body)), b.again
	if len(r.Body) == 0 {
		req.Body, req.GetBody = http.NoBody, nil
	}
	for k, v := range r.Header {
		if k = http.CanonicalHeaderKey(k); !owned[k] {
			req.Header[k] = v
		}
	}
	req.Header["Content-Type"] = contentType
	req.Header["Accept"] = accept
	resp, err := u.rt.RoundTrip(req)
	if err != nil {
		return dst, t.fail(parent, ctx, r.Upstream, u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // let the connection be reused
		// The reason phrase is the standard one, never the upstream's own:
		// a client must not read what a subgraph chose to write there.
		reason := "status " + strconv.Itoa(resp.StatusCode)
		if text := http.StatusText(resp.StatusCode); text != "" { // none for a code net/http does not know
			reason += " " + text
		}
		return dst, &resolve.Error{Upstream: r.Upstream, Reason: reason, Err: resolve.ErrUpstream}
	}
	if resp.ContentLength > t.max {
		return dst, t.tooLarge(r.Upstream)
	}
	start := len(dst)
	if resp.ContentLength > 0 && int64(cap(dst)-start) < resp.ContentLength {
		dst = append(dst, make([]byte, resp.ContentLength)...)[:start]
	}
	for {
		if len(dst) == cap(dst) {
			dst = append(dst, 0)[:len(dst)]
		}
		n, err := resp.Body.Read(dst[len(dst):min(cap(dst), start+int(t.max)+1)])
		dst = dst[:len(dst)+n]
		if int64(len(dst)-start) > t.max {
			return dst[:start], t.tooLarge(r.Upstream)
		}
		if err == io.EOF {
			return dst, nil
		}
		if err != nil {
			return dst[:start], t.fail(parent, ctx, r.Upstream, u, err)
		}
	}
}

func (t *Transport) tooLarge(name string) error {
	return &resolve.Error{Upstream: name, Reason: "response larger than " + strconv.FormatInt(t.max, 10) + " bytes", Err: resolve.ErrUpstream}
}

// fail words a failed exchange without the URL or the address: the
// engine shows the text to clients.
func (t *Transport) fail(parent, ctx context.Context, name string, u *upstream, err error) error {
	if c := parent.Err(); c != nil {
		return &resolve.Error{Upstream: name, Reason: "request canceled", Err: c}
	}
	var op *net.OpError
	isOp := errors.As(err, &op)
	// A connection that could not be made within the timeout is a timeout
	// too, even when the request's own deadline has not passed yet:
	// net/http may hand a request the outcome of a dial another request
	// started earlier.
	if ctx.Err() != nil || isOp && op.Op == "dial" && op.Timeout() {
		return &resolve.Error{Upstream: name, Reason: "no response within " + u.timeout.String(), Err: context.DeadlineExceeded}
	}
	// A connection the upstream closed before answering fails as one it
	// reset: which of the two a client sees depends on timing alone (a
	// close with the request unread resets the connection).
	reason := "request failed"
	switch {
	case isOp && op.Op == "dial":
		reason = "cannot connect"
	case isOp || errors.Is(err, io.EOF):
		reason = "connection failed"
	case errors.Is(err, io.ErrUnexpectedEOF):
		reason = "response cut short"
	}
	return &resolve.Error{Upstream: name, Reason: reason, Err: resolve.ErrUpstream}
}
