package transcode

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestAppendUint(t *testing.T) {
	cases := []uint64{0, 9, 10, 99, 100, 101, 9999, 10000, 99999999, 1e8, 1e8 + 1, 123456789, 1e16 - 1, 1e16, 1e19, math.MaxUint64 - 1, math.MaxUint64}
	for p := uint64(1); p < 1e19; p *= 10 {
		cases = append(cases, p-1, p, p+1)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		cases = append(cases, rng.Uint64()>>rng.IntN(64))
	}
	for _, n := range cases {
		if got, want := string(AppendUint([]byte("x"), n)), "x"+strconv.FormatUint(n, 10); got != want {
			t.Fatalf("AppendUint(%d) = %s, want %s", n, got, want)
		}
	}
}

func BenchmarkAppendUint(b *testing.B) {
	buf := make([]byte, 0, 32)
	for i := range b.N {
		buf = AppendUint(buf[:0], 65613616999999977+uint64(i))
	}
}

// TestAppendDecimalUint: the in-place form writes what AppendDecimal
// writes for the same digits.
func TestAppendDecimalUint(t *testing.T) {
	for _, m := range []uint64{0, 7, 10, 65613616999999977, 1e19, math.MaxUint64} {
		for _, neg := range []bool{false, true} {
			for _, expNeg := range []bool{false, true} {
				for _, e := range []uint64{0, 1, 2, 16, 17, 19, 20, 21, 40, 1 << 40} {
					want := string(AppendDecimal([]byte("x"), neg, strconv.AppendUint(nil, m, 10), expNeg, e))
					if got := string(AppendDecimalUint([]byte("x"), neg, m, expNeg, e)); got != want {
						t.Fatalf("AppendDecimalUint(%v, %d, %v, %d) = %s, want %s", neg, m, expNeg, e, got, want)
					}
				}
			}
		}
	}
}
