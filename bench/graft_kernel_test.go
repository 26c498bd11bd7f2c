package bench

// graft's S2 and S3 rows on the AVX2 stage-one kernel, beside the default
// (AVX-512) one, on machines that have both: the figures of AVX2-only
// machines (AMD Zen 2 and 3, Intel client parts) measured side by side.

import (
	"slices"
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

func init() {
	if k := wire.Kernels(); len(k) < 2 || !slices.Contains(k, "avx2") {
		return
	}
	s2Rows = append(s2Rows, fileRow{name: "graft-avx2", setup: func(tb testing.TB, in []byte) op {
		tb.Cleanup(wire.UseKernel("avx2"))
		return setupS2Graft(tb, in)
	}})
	s3Rows = append(s3Rows, parseRow{name: "graft-avx2", setup: func(tb testing.TB, in []byte) (func() error, func() error) {
		tb.Cleanup(wire.UseKernel("avx2"))
		return setupS3Graft(tb, in)
	}})
}
