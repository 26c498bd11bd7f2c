package bench

// graft's rows of the scenarios that parse (S1, S1Parse, S2, S3, S4) once
// more for every other parse path of the machine, beside the default one:
// "graft-avx2" (the AVX2 stage one forced, where the machine has AVX-512
// too: the figures of AVX2-only machines such as AMD Zen 2 and 3 and Intel
// client parts) and "graft-portable" (the kernels off, the scalar parser
// on inputs of every size: what arm64 and amd64 without AVX2 run). S1's
// inputs are below the size the vectorized parse starts at, so its rows
// differ by noise only; they are there to show it.

import (
	"testing"

	"github.com/graftjson/graft/internal/wire"
)

// addKernelRows appends the rows; graft_test.go's init calls it after the
// default rows.
func addKernelRows() {
	for _, k := range forcedKernels() {
		name := "graft-" + k
		s1Rows = append(s1Rows, opRow{name: name, setup: forceOp(k, setupS1Graft)})
		s2Rows = append(s2Rows, fileRow{name: name, setup: forceFile(k, setupS2Graft)})
		s3Rows = append(s3Rows, parseRow{name: name, setup: forceParse(k, setupS3Graft)})
		s4Rows = append(s4Rows, opRow{name: name, setup: forceOp(k, setupS4Graft)})
	}
}

// forcedKernels lists the parse paths the "graft" rows do not take on this
// machine: the stage-one kernels after the default one, and the portable
// parser where there is a kernel at all.
func forcedKernels() []string {
	if !wire.HasCompact() {
		return nil
	}
	return append(wire.Kernels()[1:], "portable")
}

// forceOp, forceFile and forceParse wrap a row's setup so that the row runs
// on kernel k, restored when the benchmark ends. The setup is called
// through a function value, not inlined into the wrapper: inlined, it
// changed what the compiler inlined into the timed op (S4's op allocated
// the iterator of Doc.Items, 3 allocations an op the default row has not).
func forceOp(k string, setup func(testing.TB) op) func(testing.TB) op {
	return func(tb testing.TB) op {
		tb.Cleanup(wire.UseKernel(k))
		return setup(tb)
	}
}

func forceFile(k string, setup func(testing.TB, []byte) op) func(testing.TB, []byte) op {
	return func(tb testing.TB, in []byte) op {
		tb.Cleanup(wire.UseKernel(k))
		return setup(tb, in)
	}
}

func forceParse(k string, setup func(testing.TB, []byte) (func() error, func() error)) func(testing.TB, []byte) (func() error, func() error) {
	return func(tb testing.TB, in []byte) (func() error, func() error) {
		tb.Cleanup(wire.UseKernel(k))
		return setup(tb, in)
	}
}
