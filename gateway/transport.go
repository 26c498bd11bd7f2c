package gateway

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/graftjson/graft/federation"
	"github.com/graftjson/graft/resolve"
)

// transport answers the introspection fetch in process and sends every
// other fetch on (to the subgraphs, over package httptransport). It is
// safe for concurrent use.
type transport struct {
	subgraphs     resolve.Transport
	introspection *introspection
}

// Do answers r.
func (t *transport) Do(ctx context.Context, r *resolve.UpstreamRequest, dst []byte) ([]byte, error) {
	if r.Upstream != federation.IntrospectionUpstream {
		return t.subgraphs.Do(ctx, r, dst)
	}
	var req struct {
		Query         string         `json:"query"`
		OperationName string         `json:"operationName"`
		Variables     map[string]any `json:"variables"`
	}
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.UseNumber()
	if err := dec.Decode(&req); err != nil {
		return dst, err
	}
	return append(dst, t.introspection.execute(ctx, req.Query, req.OperationName, req.Variables)...), nil
}
