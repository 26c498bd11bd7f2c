package cbor

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/big"
	"slices"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/transcode"
	"github.com/graftjson/graft/internal/wire"
)

// Major types (RFC 8949 §3.1), shifted into the initial byte.
const (
	majorUint  = 0 << 5
	majorNeg   = 1 << 5
	majorBytes = 2 << 5
	majorText  = 3 << 5
	majorArray = 4 << 5
	majorMap   = 5 << 5
	majorTag   = 6 << 5
	majorOther = 7 << 5
)

// Initial bytes of simple values and floats.
const (
	cborFalse     = 0xf4
	cborTrue      = 0xf5
	cborNull      = 0xf6
	cborUndefined = 0xf7
	cborFloat16   = 0xf9
	cborFloat32   = 0xfa
	cborFloat64   = 0xfb
	cborBreak     = 0xff
)

// encoder is the state of one AppendCBOR call; pooled by the Codec.
type encoder struct {
	doc     *graft.Doc
	opts    *Options
	scratch []byte
	spans   []span // members of the objects being sorted (a stack)
}

// span is one member of an object written by a deterministic encoding:
// dst[start:key] is its encoded name, dst[key:end] its value.
type span struct{ start, key, end int }

// appendHead appends the head of an item of the given major type with
// argument v in its shortest form (RFC 8949 §3, preferred serialization).
func appendHead(dst []byte, major byte, v uint64) []byte {
	switch {
	case v < 24:
		return append(dst, major|byte(v))
	case v <= math.MaxUint8:
		return append(dst, major|24, byte(v))
	case v <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(dst, major|25), uint16(v))
	case v <= math.MaxUint32:
		return binary.BigEndian.AppendUint32(append(dst, major|26), uint32(v))
	}
	return binary.BigEndian.AppendUint64(append(dst, major|27), v)
}

func (e *encoder) value(dst []byte, r graft.Ref, depth int) ([]byte, error) {
	d := e.doc
	switch d.Kind(r) {
	case graft.Null:
		return append(dst, cborNull), nil
	case graft.Bool:
		if b, _ := d.Bool(r); b {
			return append(dst, cborTrue), nil
		}
		return append(dst, cborFalse), nil
	case graft.Number:
		return e.number(dst, d.Raw(r))
	case graft.String:
		return e.text(dst, r)
	case graft.Array:
		if depth >= e.opts.MaxDepth {
			return dst, encodeError("nesting deeper than the depth limit", ErrLimit)
		}
		dst = appendHead(dst, majorArray, uint64(d.Len(r)))
		var err error
		for _, v := range d.Items(r) {
			if dst, err = e.value(dst, v, depth+1); err != nil {
				return dst, err
			}
		}
		return dst, nil
	case graft.Object:
		if depth >= e.opts.MaxDepth {
			return dst, encodeError("nesting deeper than the depth limit", ErrLimit)
		}
		if e.opts.Deterministic {
			return e.sortedObject(dst, r, depth)
		}
		dst = appendHead(dst, majorMap, uint64(d.Len(r)))
		var err error
		for k, v := range d.Members(r) {
			if dst, err = e.text(dst, k); err != nil {
				return dst, err
			}
			if dst, err = e.value(dst, v, depth+1); err != nil {
				return dst, err
			}
		}
		return dst, nil
	}
	return dst, encodeError("not a value of the Doc", ErrUnsupported)
}

// sortedObject writes the members of obj sorted by their encoded names,
// the last of equal names only (RFC 8949 §4.2.1).
func (e *encoder) sortedObject(dst []byte, obj graft.Ref, depth int) ([]byte, error) {
	base, start := len(e.spans), len(dst)
	defer func() { e.spans = e.spans[:base] }()
	var err error
	for k, v := range e.doc.Members(obj) {
		s := span{start: len(dst)}
		if dst, err = e.text(dst, k); err != nil {
			return dst, err
		}
		s.key = len(dst)
		if dst, err = e.value(dst, v, depth+1); err != nil {
			return dst, err
		}
		s.end = len(dst)
		e.spans = append(e.spans, s)
	}
	spans := e.spans[base:]
	slices.SortStableFunc(spans, func(a, b span) int {
		return bytes.Compare(dst[a.start:a.key], dst[b.start:b.key])
	})
	// The stable sort keeps equal names in document order: keep the last.
	n := 0
	for i, s := range spans {
		if i+1 < len(spans) && bytes.Equal(dst[s.start:s.key], dst[spans[i+1].start:spans[i+1].key]) {
			continue
		}
		spans[n] = s
		n++
	}
	out := appendHead(e.scratch[:0], majorMap, uint64(n))
	for _, s := range spans[:n] {
		out = append(out, dst[s.start:s.end]...)
	}
	e.scratch = out
	return append(dst[:start], out...), nil
}

// text writes the decoded contents of the string or member name r as a
// text string.
func (e *encoder) text(dst []byte, r graft.Ref) ([]byte, error) {
	raw := e.doc.Raw(r)
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 {
		e.scratch, _ = e.doc.AppendString(e.scratch[:0], r)
		body = e.scratch
	}
	if !wire.ValidUTF8(body) {
		return dst, encodeError("string is not valid UTF-8", ErrUnsupported)
	}
	dst = appendHead(dst, majorText, uint64(len(body)))
	return append(dst, body...), nil
}

// number writes the number text t: an integer as major type 0 or 1 (a
// bignum beyond 64 bits); anything else as the shortest float whose value
// is exactly that of t and which prints back as t, or else as a decimal
// fraction (tag 4), so that nothing is rounded.
func (e *encoder) number(dst []byte, t []byte) ([]byte, error) {
	dec, ok := transcode.Split(t)
	if !ok {
		return dst, encodeError("number "+string(t)+" has an exponent beyond ±2^62", ErrUnsupported)
	}
	if dec.Integer {
		switch {
		case dec.Big:
			return appendBignum(dst, dec.Neg, transcode.BigMant(t)), nil
		case !dec.Neg:
			return appendHead(dst, majorUint, dec.Mant), nil
		case dec.Mant != 0:
			return appendHead(dst, majorNeg, dec.Mant-1), nil
		}
		// -0 is a float
	}
	if f, ok := transcode.ExactFloat(dec); ok {
		var keeps bool
		if keeps, e.scratch = transcode.Keeps(e.scratch, f, t); keeps {
			return appendFloat(dst, f), nil
		}
	}
	dst = append(dst, majorTag|4, majorArray|2)
	if dec.Exp >= 0 {
		dst = appendHead(dst, majorUint, uint64(dec.Exp))
	} else {
		dst = appendHead(dst, majorNeg, uint64(-dec.Exp-1))
	}
	switch {
	case dec.Big:
		return appendBignum(dst, dec.Neg, transcode.BigMant(t)), nil
	case dec.Neg && dec.Mant != 0:
		return appendHead(dst, majorNeg, dec.Mant-1), nil
	}
	return appendHead(dst, majorUint, dec.Mant), nil
}

// appendBignum writes ±m, m > 0 and at least 2^64 in magnitude, as
// an integer: major type 1 for -2^64, otherwise tag 2 or 3 (RFC 8949
// §3.4.3).
func appendBignum(dst []byte, neg bool, m *big.Int) []byte {
	tag := byte(2)
	if neg {
		m.Sub(m, big.NewInt(1))
		if m.IsUint64() {
			return appendHead(dst, majorNeg, m.Uint64())
		}
		tag = 3
	}
	b := m.Bytes()
	dst = append(dst, majorTag|tag)
	dst = appendHead(dst, majorBytes, uint64(len(b)))
	return append(dst, b...)
}

// appendFloat writes f in the shortest of the three float widths that
// holds it exactly.
func appendFloat(dst []byte, f float64) []byte {
	if h, ok := toHalf(f); ok {
		return binary.BigEndian.AppendUint16(append(dst, cborFloat16), h)
	}
	if f32 := float32(f); float64(f32) == f {
		return binary.BigEndian.AppendUint32(append(dst, cborFloat32), math.Float32bits(f32))
	}
	return binary.BigEndian.AppendUint64(append(dst, cborFloat64), math.Float64bits(f))
}

// toHalf returns the IEEE 754 binary16 bits of f if it holds f exactly.
// f is finite.
func toHalf(f float64) (uint16, bool) {
	f32 := float32(f)
	if float64(f32) != f {
		return 0, false
	}
	b := math.Float32bits(f32)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23&0xff) - 127
	mant := b & 0x7fffff
	switch {
	case b&0x7fffffff == 0:
		return sign, true
	case exp >= -14 && exp <= 15:
		if mant&0x1fff != 0 {
			return 0, false
		}
		return sign | uint16(exp+15)<<10 | uint16(mant>>13), true
	case exp >= -24 && exp < -14:
		s := mant | 1<<23
		shift := uint(-exp - 1)
		if s&(1<<shift-1) != 0 {
			return 0, false
		}
		return sign | uint16(s>>shift), true
	}
	return 0, false
}

// fromHalf returns the value of the binary16 bits h.
func fromHalf(h uint16) float64 {
	exp := int(h >> 10 & 0x1f)
	mant := float64(h & 0x3ff)
	var f float64
	switch exp {
	case 0:
		f = math.Ldexp(mant, -24)
	case 31:
		if mant == 0 {
			f = math.Inf(1)
		} else {
			f = math.NaN()
		}
	default:
		f = math.Ldexp(mant+1024, exp-25)
	}
	if h&0x8000 != 0 {
		f = -f
	}
	return f
}

func encodeError(reason string, err error) *Error {
	return &Error{Offset: -1, Reason: reason, Err: err}
}
