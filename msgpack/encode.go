package msgpack

import (
	"bytes"
	"encoding/binary"
	"math"
	"strconv"
	"unsafe"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/internal/transcode"
	"github.com/graftjson/graft/internal/wire"
)

// Format bytes of the MessagePack specification.
const (
	mpNil      = 0xc0
	mpNever    = 0xc1
	mpFalse    = 0xc2
	mpTrue     = 0xc3
	mpBin8     = 0xc4
	mpBin16    = 0xc5
	mpBin32    = 0xc6
	mpExt8     = 0xc7
	mpExt16    = 0xc8
	mpExt32    = 0xc9
	mpFloat32  = 0xca
	mpFloat64  = 0xcb
	mpUint8    = 0xcc
	mpUint16   = 0xcd
	mpUint32   = 0xce
	mpUint64   = 0xcf
	mpInt8     = 0xd0
	mpInt16    = 0xd1
	mpInt32    = 0xd2
	mpInt64    = 0xd3
	mpFixExt1  = 0xd4
	mpFixExt16 = 0xd8
	mpStr8     = 0xd9
	mpStr16    = 0xda
	mpStr32    = 0xdb
	mpArray16  = 0xdc
	mpArray32  = 0xdd
	mpMap16    = 0xde
	mpMap32    = 0xdf
)

// encoder is the state of one AppendMsgpack call; pooled by the Codec.
type encoder struct {
	doc     *graft.Doc
	opts    *Options
	scratch []byte
}

func (e *encoder) value(dst []byte, r graft.Ref, depth int) ([]byte, error) {
	d := e.doc
	switch d.Kind(r) {
	case graft.Null:
		return append(dst, mpNil), nil
	case graft.Bool:
		if b, _ := d.Bool(r); b {
			return append(dst, mpTrue), nil
		}
		return append(dst, mpFalse), nil
	case graft.Number:
		return e.number(dst, d.Raw(r))
	case graft.String:
		return e.str(dst, r)
	case graft.Array:
		if depth >= e.opts.MaxDepth {
			return dst, encodeError("nesting deeper than the depth limit", ErrLimit)
		}
		dst = appendLen(dst, 0x90, mpArray16, uint64(d.Len(r)))
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
		dst = appendLen(dst, 0x80, mpMap16, uint64(d.Len(r)))
		var err error
		for k, v := range d.Members(r) {
			if dst, err = e.str(dst, k); err != nil {
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

// appendLen appends the head of an array (fix 0x90, then array 16/32) or
// a map (fix 0x80, map 16/32) of n entries. A Doc holds fewer than 2^32
// values.
func appendLen(dst []byte, fix, b16 byte, n uint64) []byte {
	switch {
	case n < 16:
		return append(dst, fix|byte(n))
	case n <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(dst, b16), uint16(n))
	}
	return binary.BigEndian.AppendUint32(append(dst, b16+1), uint32(n))
}

// str writes the decoded contents of the string or member name r.
func (e *encoder) str(dst []byte, r graft.Ref) ([]byte, error) {
	raw := e.doc.Raw(r)
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 {
		e.scratch, _ = e.doc.AppendString(e.scratch[:0], r)
		body = e.scratch
	}
	if !wire.ValidUTF8(body) {
		return dst, encodeError("string is not valid UTF-8", ErrUnsupported)
	}
	n := len(body)
	switch {
	case n < 32:
		dst = append(dst, 0xa0|byte(n))
	case n <= math.MaxUint8:
		dst = append(dst, mpStr8, byte(n))
	case n <= math.MaxUint16:
		dst = binary.BigEndian.AppendUint16(append(dst, mpStr16), uint16(n))
	default:
		dst = binary.BigEndian.AppendUint32(append(dst, mpStr32), uint32(n))
	}
	return append(dst, body...), nil
}

// number writes the number text t: an integer within 64 bits as the
// shortest integer format; a number whose text a double prints back
// exactly as float 32 or 64; anything else as a number extension, or with
// RoundNumbers the nearest float64.
func (e *encoder) number(dst []byte, t []byte) ([]byte, error) {
	dec, ok := transcode.Split(t)
	if ok && dec.Integer && !dec.Big {
		switch {
		case !dec.Neg:
			return appendUint(dst, dec.Mant), nil
		case dec.Mant != 0 && dec.Mant <= 1<<63:
			return appendInt(dst, int64(-dec.Mant)), nil
		}
	}
	if f, short := transcode.ShortDecimal(dec, t[len(t)-1]); ok && short {
		return appendFloat(dst, f), nil
	}
	if f, back, known := transcode.PlainFloat(dec); ok && known {
		if back || e.opts.RoundNumbers {
			return appendFloat(dst, f), nil
		}
		return appendExt(dst, NumberExt, t), nil
	}
	// A double prints at most 17 significant digits.
	if ok && !dec.Big && dec.Mant < 1e17 || e.opts.RoundNumbers {
		f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(t), len(t)), 64)
		if err != nil && e.opts.RoundNumbers {
			return dst, encodeError("number "+string(t)+" is beyond the range of a float64", ErrUnsupported)
		}
		var keeps bool
		if err == nil {
			keeps, e.scratch = transcode.Keeps(e.scratch, f, t)
		}
		if keeps || e.opts.RoundNumbers {
			return appendFloat(dst, f), nil
		}
	}
	return appendExt(dst, NumberExt, t), nil
}

// appendFloat writes f as float 32 if that holds it exactly, else float 64.
func appendFloat(dst []byte, f float64) []byte {
	if f32 := float32(f); float64(f32) == f {
		return binary.BigEndian.AppendUint32(append(dst, mpFloat32), math.Float32bits(f32))
	}
	return binary.BigEndian.AppendUint64(append(dst, mpFloat64), math.Float64bits(f))
}

func appendUint(dst []byte, v uint64) []byte {
	switch {
	case v < 128:
		return append(dst, byte(v))
	case v <= math.MaxUint8:
		return append(dst, mpUint8, byte(v))
	case v <= math.MaxUint16:
		return binary.BigEndian.AppendUint16(append(dst, mpUint16), uint16(v))
	case v <= math.MaxUint32:
		return binary.BigEndian.AppendUint32(append(dst, mpUint32), uint32(v))
	}
	return binary.BigEndian.AppendUint64(append(dst, mpUint64), v)
}

// appendInt writes v < 0.
func appendInt(dst []byte, v int64) []byte {
	switch {
	case v >= -32:
		return append(dst, byte(v))
	case v >= math.MinInt8:
		return append(dst, mpInt8, byte(v))
	case v >= math.MinInt16:
		return binary.BigEndian.AppendUint16(append(dst, mpInt16), uint16(v))
	case v >= math.MinInt32:
		return binary.BigEndian.AppendUint32(append(dst, mpInt32), uint32(v))
	}
	return binary.BigEndian.AppendUint64(append(dst, mpInt64), uint64(v))
}

// appendExt writes an extension of type typ holding data.
func appendExt(dst []byte, typ int8, data []byte) []byte {
	n := len(data)
	switch {
	case n == 1 || n == 2 || n == 4 || n == 8 || n == 16:
		dst = append(dst, mpFixExt1+byte(bitsLen(n)), byte(typ))
	case n <= math.MaxUint8:
		dst = append(dst, mpExt8, byte(n), byte(typ))
	case n <= math.MaxUint16:
		dst = append(binary.BigEndian.AppendUint16(append(dst, mpExt16), uint16(n)), byte(typ))
	default:
		dst = append(binary.BigEndian.AppendUint32(append(dst, mpExt32), uint32(n)), byte(typ))
	}
	return append(dst, data...)
}

// bitsLen returns log2 of 1, 2, 4, 8 or 16.
func bitsLen(n int) int {
	i := 0
	for n > 1 {
		n >>= 1
		i++
	}
	return i
}

func encodeError(reason string, err error) *Error {
	return &Error{Offset: -1, Reason: reason, Err: err}
}
