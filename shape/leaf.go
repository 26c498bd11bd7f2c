package shape

import (
	"math"
	"strconv"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/wire"
)

// Leaf coercion follows the serializers of graphql-js (v16): what each
// scalar accepts beyond its own JSON type, and the wording of each error.
// See DEVIATIONS.md for where the text of numbers is kept instead.

// leaf writes the scalar or enum value v (not null) of type t, or records
// an error and returns false.
func (r *Renderer) leaf(t *typ, v graft.Ref, k graft.Kind) bool {
	switch t.kind {
	case Custom:
		r.out = r.d.AppendJSON(r.out, v)
		return true
	case Int:
		return r.leafInt(v, k)
	case Float:
		return r.leafFloat(v, k)
	case String:
		return r.leafString(v, k)
	case Boolean:
		return r.leafBoolean(v, k)
	case ID:
		return r.leafID(v, k)
	case Enum:
		return r.leafEnum(t, v, k)
	}
	return false
}

// scalarError records "prefix<inspected v>".
func (r *Renderer) scalarError(prefix string, v graft.Ref) bool {
	r.msg = append(r.msg[:0], prefix...)
	r.msg = r.inspect(r.msg, v)
	r.fieldError()
	return false
}

// number returns the value of the number v as JavaScript's JSON.parse
// reads it: the nearest float64, ±Inf beyond its range.
func (r *Renderer) number(v graft.Ref) float64 {
	f, _ := r.d.Float64(v)
	return f
}

// finite reports whether the number text raw certainly names a finite
// float64: it has no exponent and fewer digits than the largest float64
// has. Longer texts and exponents are decided by converting the number.
func finite(raw []byte) bool {
	if len(raw) > 300 {
		return false
	}
	for _, c := range raw {
		if c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// plainInt reports whether raw is an integer written without fraction or
// exponent, and whether it fits in 32 bits.
func plainInt(raw []byte) (plain, fits bool) {
	digits := raw
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 {
		return false, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false, false
		}
	}
	if len(digits) < 10 {
		return true, true
	}
	if len(digits) > 10 {
		return true, false
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return true, err == nil && n >= math.MinInt32 && n <= math.MaxInt32
}

func (r *Renderer) leafInt(v graft.Ref, k graft.Kind) bool {
	var f float64
	switch k {
	case graft.Number:
		raw := r.d.Raw(v)
		if plain, fits := plainInt(raw); plain && fits {
			if len(raw) == 2 && raw[0] == '-' && raw[1] == '0' {
				raw = raw[1:] // -0 is written 0, as JSON.stringify does
			}
			r.out = append(r.out, raw...)
			return true
		}
		f = r.number(v)
	case graft.Bool:
		f = 0
		if r.d.Raw(v)[0] == 't' {
			f = 1
		}
	case graft.String:
		r.tmp, _ = r.d.AppendString(r.tmp[:0], v)
		if len(r.tmp) == 0 {
			return r.scalarError("Int cannot represent non-integer value: ", v)
		}
		f = jsNumber(r.tmp)
	default:
		return r.scalarError("Int cannot represent non-integer value: ", v)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
		return r.scalarError("Int cannot represent non-integer value: ", v)
	}
	if f > math.MaxInt32 || f < math.MinInt32 {
		return r.scalarError("Int cannot represent non 32-bit signed integer value: ", v)
	}
	r.out = strconv.AppendInt(r.out, int64(f), 10)
	return true
}

func (r *Renderer) leafFloat(v graft.Ref, k graft.Kind) bool {
	var f float64
	switch k {
	case graft.Number:
		if raw := r.d.Raw(v); finite(raw) || !math.IsInf(r.number(v), 0) {
			r.out = append(r.out, raw...) // the text as received
			return true
		}
	case graft.Bool:
		if r.d.Raw(v)[0] == 't' {
			r.out = append(r.out, '1')
		} else {
			r.out = append(r.out, '0')
		}
		return true
	case graft.String:
		r.tmp, _ = r.d.AppendString(r.tmp[:0], v)
		if len(r.tmp) > 0 {
			if f = jsNumber(r.tmp); !math.IsNaN(f) && !math.IsInf(f, 0) {
				r.out = wire.AppendJSNumber(r.out, f)
				return true
			}
		}
	}
	return r.scalarError("Float cannot represent non numeric value: ", v)
}

func (r *Renderer) leafString(v graft.Ref, k graft.Kind) bool {
	switch k {
	case graft.String:
		r.out = append(r.out, r.d.Raw(v)...)
		return true
	case graft.Bool:
		r.out = append(r.out, '"')
		r.out = append(r.out, r.d.Raw(v)...)
		r.out = append(r.out, '"')
		return true
	case graft.Number:
		if r.quoteNumber(v) {
			return true
		}
	}
	return r.scalarError("String cannot represent value: ", v)
}

// quoteNumber writes the number v as a JSON string: an integer written
// without fraction or exponent keeps its digits; any other finite number
// is written as JavaScript's String(number) writes it. It reports false for
// a number beyond the range of a float64.
func (r *Renderer) quoteNumber(v graft.Ref) bool {
	raw := r.d.Raw(v)
	if plain, _ := plainInt(raw); plain {
		if len(raw) == 2 && raw[0] == '-' && raw[1] == '0' {
			raw = raw[1:]
		}
		r.out = append(r.out, '"')
		r.out = append(r.out, raw...)
		r.out = append(r.out, '"')
		return true
	}
	f := r.number(v)
	if math.IsInf(f, 0) {
		return false
	}
	r.out = append(r.out, '"')
	r.out = wire.AppendJSNumber(r.out, f)
	r.out = append(r.out, '"')
	return true
}

func (r *Renderer) leafBoolean(v graft.Ref, k graft.Kind) bool {
	switch k {
	case graft.Bool:
		r.out = append(r.out, r.d.Raw(v)...)
		return true
	case graft.Number:
		if f := r.number(v); !math.IsInf(f, 0) {
			r.out = strconv.AppendBool(r.out, f != 0)
			return true
		}
	}
	return r.scalarError("Boolean cannot represent a non boolean value: ", v)
}

func (r *Renderer) leafID(v graft.Ref, k graft.Kind) bool {
	switch k {
	case graft.String:
		r.out = append(r.out, r.d.Raw(v)...)
		return true
	case graft.Number:
		// A plainly written integer is one; other texts are decided by
		// value (1.0 and 1e3 are integers).
		if plain, _ := plainInt(r.d.Raw(v)); !plain && r.number(v) != math.Trunc(r.number(v)) {
			break
		}
		if r.quoteNumber(v) {
			return true
		}
	}
	return r.scalarError("ID cannot represent value: ", v)
}

func (r *Renderer) leafEnum(t *typ, v graft.Ref, k graft.Kind) bool {
	if k == graft.String {
		r.tmp, _ = r.d.AppendString(r.tmp[:0], v)
		if q, ok := t.enum[string(r.tmp)]; ok {
			r.out = append(r.out, q...)
			return true
		}
	}
	r.msg = append(r.msg[:0], `Enum "`...)
	r.msg = append(r.msg, t.name...)
	r.msg = append(r.msg, `" cannot represent value: `...)
	r.msg = r.inspect(r.msg, v)
	r.fieldError()
	return false
}
