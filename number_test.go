package graft_test

import (
	"math"
	"strconv"
	"testing"

	"github.com/graftjson/graft"
)

// TestNumberReads is the table of Int64, Uint64 and Float64. Errors are
// compared by identity: typed reads return the sentinels themselves.
//
// "Exact" for Float64 means, as its documentation puts it, that the float64
// stands for the text's number: 0.1 and 5e-324 are exact (their shortest
// round-trip form is the text), and so is 9223372036854775808 = 2^63, whose
// shortest form has other digits but whose binary value is the text's.
func TestNumberReads(t *testing.T) {
	cases := []struct {
		in   string
		i    int64
		ierr error
		u    uint64
		uerr error
		f    float64
		ferr error
	}{
		{in: "0", i: 0, u: 0, f: 0},
		{in: "-0", i: 0, u: 0, f: math.Copysign(0, -1)},
		{in: "1", i: 1, u: 1, f: 1},
		{in: "-1", i: -1, u: 0, uerr: graft.ErrRange, f: -1},
		{in: "1E+2", i: 100, u: 100, f: 100},
		{in: "1e2", i: 100, u: 100, f: 100},
		{in: "1.0", i: 1, u: 1, f: 1},
		{in: "10.0", i: 10, u: 10, f: 10},
		{in: "100e-2", i: 1, u: 1, f: 1},
		{in: "0.1e1", i: 1, u: 1, f: 1},
		{in: "-0.0e5", i: 0, u: 0, f: math.Copysign(0, -1)},
		{in: "1.5", i: 1, ierr: graft.ErrInexact, u: 1, uerr: graft.ErrInexact, f: 1.5},
		{in: "-1.5", i: -1, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrRange, f: -1.5},
		{in: "0.5", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 0.5},
		{in: "12.34e1", i: 123, ierr: graft.ErrInexact, u: 123, uerr: graft.ErrInexact, f: 123.4},
		{in: "123456789012345678", i: 123456789012345678, u: 123456789012345678, f: 123456789012345678, ferr: graft.ErrInexact},
		{in: "9223372036854775807", i: math.MaxInt64, u: math.MaxInt64, f: 9223372036854775807, ferr: graft.ErrInexact},
		{in: "9223372036854775808", i: math.MaxInt64, ierr: graft.ErrRange, u: 1 << 63, f: 1 << 63},
		{in: "-9223372036854775808", i: math.MinInt64, u: 0, uerr: graft.ErrRange, f: -(1 << 63)},
		{in: "-9223372036854775809", i: math.MinInt64, ierr: graft.ErrRange, u: 0, uerr: graft.ErrRange, f: -(1 << 63), ferr: graft.ErrInexact},
		{in: "18446744073709551615", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, f: 1 << 64, ferr: graft.ErrInexact},
		{in: "18446744073709551616", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: 1 << 64},
		{in: "1e19", i: math.MaxInt64, ierr: graft.ErrRange, u: 1e19, f: 1e19},
		{in: "1e20", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: 1e20},
		{in: "100000000000000000000000e-4", i: math.MaxInt64, ierr: graft.ErrRange, u: 1e19, f: 1e19},
		{in: "1e400", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: math.Inf(1), ferr: graft.ErrRange},
		{in: "-1e400", i: math.MinInt64, ierr: graft.ErrRange, u: 0, uerr: graft.ErrRange, f: math.Inf(-1), ferr: graft.ErrRange},
		{in: "1e1000000000", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: math.Inf(1), ferr: graft.ErrRange},
		{in: "1e99999999999999999999", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: math.Inf(1), ferr: graft.ErrRange},
		{in: "1e-1000000000", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 0, ferr: graft.ErrInexact},
		{in: "0e1000000000", i: 0, u: 0, f: 0},
		{in: "5e-324", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 5e-324},
		{in: "2.5e-324", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 5e-324, ferr: graft.ErrInexact},
		{in: "1e-400", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 0, ferr: graft.ErrInexact},
		{in: "0.1", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 0.1},
		{in: "0.30000000000000004", i: 0, ierr: graft.ErrInexact, u: 0, uerr: graft.ErrInexact, f: 0.30000000000000004},
		{in: "1.7976931348623157e308", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: math.MaxFloat64},
		{in: "1.7976931348623159e308", i: math.MaxInt64, ierr: graft.ErrRange, u: math.MaxUint64, uerr: graft.ErrRange, f: math.Inf(1), ferr: graft.ErrRange},
		{in: "505874924095815681", i: 505874924095815681, u: 505874924095815681, f: 505874924095815680, ferr: graft.ErrInexact},
		{in: "9007199254740993", i: 9007199254740993, u: 9007199254740993, f: 9007199254740992, ferr: graft.ErrInexact},
		{in: "9007199254740992", i: 9007199254740992, u: 9007199254740992, f: 9007199254740992},
		{in: "123456789012345", i: 123456789012345, u: 123456789012345, f: 123456789012345},
		{in: "1.00000000000000000000001", i: 1, ierr: graft.ErrInexact, u: 1, uerr: graft.ErrInexact, f: 1, ferr: graft.ErrInexact},
		{in: "0.000000000000000000000000000001e30", i: 1, u: 1, f: 1},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			var d graft.Doc
			r := mustAppend(t, &d, tc.in)
			if i, err := d.Int64(r); i != tc.i || err != tc.ierr {
				t.Errorf("Int64 = %d, %v; want %d, %v", i, err, tc.i, tc.ierr)
			}
			if u, err := d.Uint64(r); u != tc.u || err != tc.uerr {
				t.Errorf("Uint64 = %d, %v; want %d, %v", u, err, tc.u, tc.uerr)
			}
			f, err := d.Float64(r)
			if math.Float64bits(f) != math.Float64bits(tc.f) || err != tc.ferr {
				t.Errorf("Float64 = %v, %v; want %v, %v", f, err, tc.f, tc.ferr)
			}
			if std, _ := strconv.ParseFloat(tc.in, 64); math.Float64bits(std) != math.Float64bits(f) {
				t.Errorf("Float64 = %v, strconv.ParseFloat = %v", f, std)
			}
		})
	}
}

// TestIntegersAgreeWithStrconv: plain integers of every length read as
// strconv reads them.
func TestIntegersAgreeWithStrconv(t *testing.T) {
	var d graft.Doc
	for _, neg := range []bool{false, true} {
		v := uint64(0)
		for digits := 1; digits <= 20; digits++ {
			v = v*10 + uint64(digits%10)
			text := strconv.FormatUint(v, 10)
			if neg {
				text = "-" + text
			}
			r := mustAppend(t, &d, text)
			wantI, errI := strconv.ParseInt(text, 10, 64)
			gotI, err := d.Int64(r)
			if gotI != wantI || (err == nil) != (errI == nil) {
				t.Errorf("Int64(%s) = %d, %v; strconv %d, %v", text, gotI, err, wantI, errI)
			}
			if !neg {
				wantU, errU := strconv.ParseUint(text, 10, 64)
				gotU, err := d.Uint64(r)
				if gotU != wantU || (err == nil) != (errU == nil) {
					t.Errorf("Uint64(%s) = %d, %v; strconv %d, %v", text, gotU, err, wantU, errU)
				}
			}
		}
	}
}

// TestBuiltNumbersReadBack: numbers built with NewInt, NewUint and NewFloat
// read back exactly.
func TestBuiltNumbersReadBack(t *testing.T) {
	var d graft.Doc
	for _, v := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1e18} {
		if got, err := d.Int64(d.NewInt(v)); got != v || err != nil {
			t.Errorf("Int64(NewInt(%d)) = %d, %v", v, got, err)
		}
	}
	for _, v := range []uint64{0, 1, math.MaxUint64, 1 << 63} {
		if got, err := d.Uint64(d.NewUint(v)); got != v || err != nil {
			t.Errorf("Uint64(NewUint(%d)) = %d, %v", v, got, err)
		}
	}
	x := uint64(0x9E3779B97F4A7C15)
	for i := 0; i < 2000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		v := math.Float64frombits(x)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		r, err := d.NewFloat(v)
		if err != nil {
			t.Fatalf("NewFloat(%v): %v", v, err)
		}
		if got, err := d.Float64(r); math.Float64bits(got) != math.Float64bits(v) || err != nil {
			t.Fatalf("Float64(NewFloat(%v)) = %v, %v (text %s)", v, got, err, d.Raw(r))
		}
	}
}
