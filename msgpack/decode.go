package msgpack

import (
	"encoding/base64"
	"encoding/binary"
	"math"
	"strconv"
	"time"

	"github.com/graftjson/graft/internal/transcode"
	"github.com/graftjson/graft/internal/wire"
)

// decoder is the state of one transcoding from MessagePack to JSON text.
type decoder struct {
	src  []byte
	pos  int
	out  []byte
	opts *Options
}

func (s *decoder) fail(off int, reason string, err error) *Error {
	return &Error{Offset: int64(off), Reason: reason, Err: err}
}

func (s *decoder) truncated() *Error {
	return s.fail(len(s.src), "unexpected end of input", ErrSyntax)
}

// uint reads an n-byte big-endian argument (n is 1, 2, 4 or 8).
func (s *decoder) uint(n int) (uint64, error) {
	if n > len(s.src)-s.pos {
		return 0, s.truncated()
	}
	b := s.src[s.pos:]
	s.pos += n
	switch n {
	case 1:
		return uint64(b[0]), nil
	case 2:
		return uint64(binary.BigEndian.Uint16(b)), nil
	case 4:
		return uint64(binary.BigEndian.Uint32(b)), nil
	}
	return binary.BigEndian.Uint64(b), nil
}

// take returns the next n bytes of input, checking n against what is
// left before anything is allocated or copied.
func (s *decoder) take(n uint64) ([]byte, error) {
	if n > uint64(len(s.src)-s.pos) {
		return nil, s.fail(s.pos, "length "+strconv.FormatUint(n, 10)+" exceeds the "+strconv.Itoa(len(s.src)-s.pos)+" bytes left", ErrSyntax)
	}
	b := s.src[s.pos : s.pos+int(n)]
	s.pos += int(n)
	return b, nil
}

// value transcodes one value.
func (s *decoder) value(depth int) error {
	if s.pos >= len(s.src) {
		return s.truncated()
	}
	start := s.pos
	c := s.src[s.pos]
	s.pos++
	switch {
	case c < 0x80:
		s.out = transcode.AppendUint(s.out, uint64(c))
		return nil
	case c >= 0xe0:
		s.out = transcode.AppendInt(s.out, int64(int8(c)))
		return nil
	case c < 0x90:
		return s.object(start, uint64(c&0x0f), depth)
	case c < 0xa0:
		return s.array(start, uint64(c&0x0f), depth)
	case c < 0xc0:
		return s.str(start, uint64(c&0x1f))
	}
	switch c {
	case mpNil:
		s.out = append(s.out, "null"...)
	case mpFalse:
		s.out = append(s.out, "false"...)
	case mpTrue:
		s.out = append(s.out, "true"...)
	case mpNever:
		return s.fail(start, "byte 0xc1 is never used", ErrSyntax)
	case mpBin8, mpBin16, mpBin32:
		n, err := s.uint(1 << (c - mpBin8))
		if err != nil {
			return err
		}
		return s.bin(start, n)
	case mpExt8, mpExt16, mpExt32:
		n, err := s.uint(1 << (c - mpExt8))
		if err != nil {
			return err
		}
		return s.ext(start, n)
	case mpFloat32, mpFloat64:
		v, err := s.uint(4 << (c - mpFloat32))
		if err != nil {
			return err
		}
		f := math.Float64frombits(v)
		if c == mpFloat32 {
			f = float64(math.Float32frombits(uint32(v)))
		}
		return s.float(start, f)
	case mpUint8, mpUint16, mpUint32, mpUint64:
		v, err := s.uint(1 << (c - mpUint8))
		if err != nil {
			return err
		}
		s.out = transcode.AppendUint(s.out, v)
	case mpInt8, mpInt16, mpInt32, mpInt64:
		n := 1 << (c - mpInt8)
		v, err := s.uint(n)
		if err != nil {
			return err
		}
		shift := 64 - 8*n // sign-extend
		s.out = transcode.AppendInt(s.out, int64(v<<shift)>>shift)
	case mpFixExt1, mpFixExt1 + 1, mpFixExt1 + 2, mpFixExt1 + 3, mpFixExt16:
		return s.ext(start, 1<<(c-mpFixExt1))
	case mpStr8, mpStr16, mpStr32:
		n, err := s.uint(1 << (c - mpStr8))
		if err != nil {
			return err
		}
		return s.str(start, n)
	case mpArray16, mpArray32:
		n, err := s.uint(2 << (c - mpArray16))
		if err != nil {
			return err
		}
		return s.array(start, n, depth)
	case mpMap16, mpMap32:
		n, err := s.uint(2 << (c - mpMap16))
		if err != nil {
			return err
		}
		return s.object(start, n, depth)
	}
	return nil
}

func (s *decoder) array(start int, n uint64, depth int) error {
	if depth >= s.opts.MaxDepth {
		return s.fail(start, "nesting deeper than "+strconv.Itoa(s.opts.MaxDepth), ErrLimit)
	}
	// Every item takes at least one byte.
	if n > uint64(len(s.src)-s.pos) {
		return s.fail(start, "array of "+strconv.FormatUint(n, 10)+" items in "+strconv.Itoa(len(s.src)-s.pos)+" bytes", ErrSyntax)
	}
	s.out = append(s.out, '[')
	for i := uint64(0); i < n; i++ {
		if i > 0 {
			s.out = append(s.out, ',')
		}
		if err := s.value(depth + 1); err != nil {
			return err
		}
	}
	s.out = append(s.out, ']')
	return nil
}

func (s *decoder) object(start int, n uint64, depth int) error {
	if depth >= s.opts.MaxDepth {
		return s.fail(start, "nesting deeper than "+strconv.Itoa(s.opts.MaxDepth), ErrLimit)
	}
	if n > uint64(len(s.src)-s.pos)/2 {
		return s.fail(start, "map of "+strconv.FormatUint(n, 10)+" pairs in "+strconv.Itoa(len(s.src)-s.pos)+" bytes", ErrSyntax)
	}
	s.out = append(s.out, '{')
	for i := uint64(0); i < n; i++ {
		if i > 0 {
			s.out = append(s.out, ',')
		}
		if err := s.key(depth); err != nil {
			return err
		}
		s.out = append(s.out, ':')
		if err := s.value(depth + 1); err != nil {
			return err
		}
	}
	s.out = append(s.out, '}')
	return nil
}

// key transcodes a map key to a member name.
func (s *decoder) key(depth int) error {
	if s.pos >= len(s.src) {
		return s.truncated()
	}
	start := s.pos
	c := s.src[start]
	if c&0xe0 == 0xa0 || c >= mpStr8 && c <= mpStr32 {
		return s.value(depth + 1)
	}
	if !s.opts.StringKeys {
		return s.fail(start, "map key is not a str", ErrUnsupported)
	}
	mark := len(s.out)
	if err := s.value(depth + 1); err != nil {
		return err
	}
	if o := s.out[mark]; o == '"' || o == '[' || o == '{' {
		return s.fail(start, "map key is not a number, boolean or nil", ErrUnsupported)
	}
	// Number and literal text needs no escaping.
	s.out = append(s.out, 0)
	copy(s.out[mark+1:], s.out[mark:])
	s.out[mark] = '"'
	s.out = append(s.out, '"')
	return nil
}

func (s *decoder) str(start int, n uint64) error {
	b, err := s.take(n)
	if err != nil {
		return err
	}
	if !wire.ValidUTF8(b) {
		return s.fail(start, "str is not valid UTF-8", ErrSyntax)
	}
	s.out = append(s.out, '"')
	s.out = transcode.AppendEscaped(s.out, b)
	s.out = append(s.out, '"')
	return nil
}

func (s *decoder) bin(start int, n uint64) error {
	if !s.opts.BinAsBase64URL {
		return s.fail(start, "bin (set BinAsBase64URL to decode as base64url)", ErrUnsupported)
	}
	b, err := s.take(n)
	if err != nil {
		return err
	}
	s.out = append(s.out, '"')
	s.out = base64.RawURLEncoding.AppendEncode(s.out, b)
	s.out = append(s.out, '"')
	return nil
}

// ext transcodes an extension of n data bytes: its type byte is next.
func (s *decoder) ext(start int, n uint64) error {
	if s.pos >= len(s.src) {
		return s.truncated()
	}
	typ := int8(s.src[s.pos])
	s.pos++
	data, err := s.take(n)
	if err != nil {
		return err
	}
	switch typ {
	case NumberExt:
		if len(data) == 0 || data[0] != '-' && data[0]-'0' > 9 {
			return s.fail(start, "number extension does not hold a JSON number", ErrSyntax)
		}
		if end, code := wire.ScanNumber(data, 0); code != wire.OK || end != len(data) {
			return s.fail(start, "number extension does not hold a JSON number", ErrSyntax)
		}
		s.out = append(s.out, data...)
		return nil
	case TimestampExt:
		return s.timestamp(start, data)
	}
	if !s.opts.UnknownExtAsNull {
		return s.fail(start, "extension type "+strconv.Itoa(int(typ))+" (set UnknownExtAsNull to decode as null)", ErrUnsupported)
	}
	s.out = append(s.out, "null"...)
	return nil
}

// timestamp transcodes the data of a timestamp extension (32, 64 or 96
// bits) to an RFC 3339 string in UTC.
func (s *decoder) timestamp(start int, data []byte) error {
	var sec int64
	var nsec uint32
	switch len(data) {
	case 4:
		sec = int64(binary.BigEndian.Uint32(data))
	case 8:
		v := binary.BigEndian.Uint64(data)
		nsec, sec = uint32(v>>34), int64(v&(1<<34-1))
	case 12:
		nsec, sec = binary.BigEndian.Uint32(data), int64(binary.BigEndian.Uint64(data[4:]))
	default:
		return s.fail(start, "timestamp of "+strconv.Itoa(len(data))+" bytes", ErrSyntax)
	}
	t := time.Unix(sec, int64(nsec)).UTC()
	if nsec >= 1e9 || t.Year() < 0 || t.Year() > 9999 {
		return s.fail(start, "timestamp out of range", ErrUnsupported)
	}
	s.out = append(s.out, '"')
	s.out = t.AppendFormat(s.out, time.RFC3339Nano)
	s.out = append(s.out, '"')
	return nil
}

func (s *decoder) float(start int, f float64) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if !s.opts.NonFiniteAsNull {
			return s.fail(start, "NaN or infinity (set NonFiniteAsNull to decode as null)", ErrUnsupported)
		}
		s.out = append(s.out, "null"...)
		return nil
	}
	s.out = transcode.AppendFloat(s.out, f)
	return nil
}
