package cbor

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/big"
	"strconv"

	"github.com/graftjson/graft/internal/transcode"
	"github.com/graftjson/graft/internal/wire"
)

// decoder is the state of one transcoding from CBOR to JSON text.
type decoder struct {
	src  []byte
	pos  int
	out  []byte
	opts *Options
	conv byte // expected conversion of byte strings: 0 (none), 21, 22 or 23
}

// Byte-string conversions (RFC 8949 §3.4.5.2).
const (
	convBase64URL = 21
	convBase64    = 22
	convBase16    = 23
)

func (s *decoder) fail(off int, reason string, err error) *Error {
	return &Error{Offset: int64(off), Reason: reason, Err: err}
}

func (s *decoder) truncated() *Error {
	return s.fail(len(s.src), "unexpected end of input", ErrSyntax)
}

// head reads the head of the item at s.pos: its major type (shifted),
// additional information and argument. For ai 31 (indefinite length or
// break) arg is 0.
func (s *decoder) head() (major, ai byte, arg uint64, err error) {
	if s.pos >= len(s.src) {
		return 0, 0, 0, s.truncated()
	}
	ib := s.src[s.pos]
	major, ai = ib&0xe0, ib&0x1f
	p := s.pos + 1
	switch {
	case ai < 24:
		arg = uint64(ai)
	case ai == 24:
		if p+1 > len(s.src) {
			return 0, 0, 0, s.truncated()
		}
		arg = uint64(s.src[p])
		p++
	case ai == 25:
		if p+2 > len(s.src) {
			return 0, 0, 0, s.truncated()
		}
		arg = uint64(binary.BigEndian.Uint16(s.src[p:]))
		p += 2
	case ai == 26:
		if p+4 > len(s.src) {
			return 0, 0, 0, s.truncated()
		}
		arg = uint64(binary.BigEndian.Uint32(s.src[p:]))
		p += 4
	case ai == 27:
		if p+8 > len(s.src) {
			return 0, 0, 0, s.truncated()
		}
		arg = binary.BigEndian.Uint64(s.src[p:])
		p += 8
	case ai == 31:
		if major == majorUint || major == majorNeg || major == majorTag {
			return 0, 0, 0, s.fail(s.pos, "indefinite length for major type "+strconv.Itoa(int(major>>5)), ErrSyntax)
		}
	default:
		return 0, 0, 0, s.fail(s.pos, "reserved additional information "+strconv.Itoa(int(ai)), ErrSyntax)
	}
	s.pos = p
	return major, ai, arg, nil
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

// atBreak reports whether the next byte is a break, consuming it.
func (s *decoder) atBreak() (bool, error) {
	if s.pos >= len(s.src) {
		return false, s.truncated()
	}
	if s.src[s.pos] == cborBreak {
		s.pos++
		return true, nil
	}
	return false, nil
}

// value transcodes one data item.
func (s *decoder) value(depth int) error {
	start := s.pos
	major, ai, arg, err := s.head()
	if err != nil {
		return err
	}
	switch major {
	case majorUint:
		s.out = transcode.AppendUint(s.out, arg)
	case majorNeg:
		s.out = transcode.AppendNegInt(s.out, arg)
	case majorBytes:
		return s.bytes(start, ai, arg)
	case majorText:
		s.out = append(s.out, '"')
		if err := s.textBody(ai, arg); err != nil {
			return err
		}
		s.out = append(s.out, '"')
	case majorArray:
		return s.array(start, ai, arg, depth)
	case majorMap:
		return s.object(start, ai, arg, depth)
	case majorTag:
		return s.tag(start, arg, depth)
	default:
		return s.simple(start, ai, arg)
	}
	return nil
}

func (s *decoder) enter(start, depth int) error {
	if depth >= s.opts.MaxDepth {
		return s.fail(start, "nesting deeper than "+strconv.Itoa(s.opts.MaxDepth), ErrLimit)
	}
	return nil
}

func (s *decoder) array(start int, ai byte, n uint64, depth int) error {
	if err := s.enter(start, depth); err != nil {
		return err
	}
	s.out = append(s.out, '[')
	if ai == 31 {
		for i := 0; ; i++ {
			if brk, err := s.atBreak(); brk || err != nil {
				if err != nil {
					return err
				}
				break
			}
			if i > 0 {
				s.out = append(s.out, ',')
			}
			if err := s.value(depth + 1); err != nil {
				return err
			}
		}
	} else {
		// Every item takes at least one byte.
		if n > uint64(len(s.src)-s.pos) {
			return s.fail(start, "array of "+strconv.FormatUint(n, 10)+" items in "+strconv.Itoa(len(s.src)-s.pos)+" bytes", ErrSyntax)
		}
		for i := uint64(0); i < n; i++ {
			if i > 0 {
				s.out = append(s.out, ',')
			}
			if err := s.value(depth + 1); err != nil {
				return err
			}
		}
	}
	s.out = append(s.out, ']')
	return nil
}

func (s *decoder) object(start int, ai byte, n uint64, depth int) error {
	if err := s.enter(start, depth); err != nil {
		return err
	}
	s.out = append(s.out, '{')
	if ai == 31 {
		for i := 0; ; i++ {
			if brk, err := s.atBreak(); brk || err != nil {
				if err != nil {
					return err
				}
				break
			}
			if err := s.member(i, depth); err != nil {
				return err
			}
		}
	} else {
		if n > uint64(len(s.src)-s.pos)/2 {
			return s.fail(start, "map of "+strconv.FormatUint(n, 10)+" pairs in "+strconv.Itoa(len(s.src)-s.pos)+" bytes", ErrSyntax)
		}
		for i := 0; i < int(n); i++ {
			if err := s.member(i, depth); err != nil {
				return err
			}
		}
	}
	s.out = append(s.out, '}')
	return nil
}

// member transcodes one key/value pair, the i-th of its map.
func (s *decoder) member(i, depth int) error {
	if i > 0 {
		s.out = append(s.out, ',')
	}
	if err := s.key(depth); err != nil {
		return err
	}
	s.out = append(s.out, ':')
	return s.value(depth + 1)
}

// key transcodes a map key to a member name.
func (s *decoder) key(depth int) error {
	if s.pos >= len(s.src) {
		return s.truncated()
	}
	start := s.pos
	switch major := s.src[start] & 0xe0; {
	case major == majorText:
		return s.value(depth + 1)
	case s.src[start] == cborBreak:
		return s.fail(start, "break in place of a map value", ErrSyntax)
	case s.opts.StringKeys && (major == majorUint || major == majorNeg || major == majorTag || major == majorOther):
		mark := len(s.out)
		if err := s.value(depth + 1); err != nil {
			return err
		}
		switch s.out[mark] {
		case '"': // a tagged string (a date, a URI, base64 of bytes)
			return nil
		case '[', '{':
			return s.fail(start, "map key is an array or a map", ErrUnsupported)
		}
		// Number and literal text needs no escaping.
		s.out = append(s.out, 0)
		copy(s.out[mark+1:], s.out[mark:])
		s.out[mark] = '"'
		s.out = append(s.out, '"')
		return nil
	}
	return s.fail(start, "map key is not a text string", ErrUnsupported)
}

// textBody transcodes the contents of a text string whose head has been
// read into JSON string contents (no quotes).
func (s *decoder) textBody(ai byte, n uint64) error {
	if ai != 31 {
		start := s.pos
		b, err := s.take(n)
		if err != nil {
			return err
		}
		if !wire.ValidUTF8(b) {
			return s.fail(start, "text string is not valid UTF-8", ErrSyntax)
		}
		s.out = transcode.AppendEscaped(s.out, b)
		return nil
	}
	for {
		if brk, err := s.atBreak(); brk || err != nil {
			return err
		}
		start := s.pos
		major, ai, n, err := s.head()
		if err != nil {
			return err
		}
		if major != majorText || ai == 31 {
			return s.fail(start, "chunk of an indefinite-length text string is not a definite text string", ErrSyntax)
		}
		if err := s.textBody(ai, n); err != nil {
			return err
		}
	}
}

// bytes transcodes a byte string as its base64url, base64 or base16 text,
// as the enclosing tag or the options say.
func (s *decoder) bytes(start int, ai byte, n uint64) error {
	conv := s.conv
	if conv == 0 {
		if !s.opts.BytesAsBase64URL {
			return s.fail(start, "byte string (set BytesAsBase64URL to decode as base64url)", ErrUnsupported)
		}
		conv = convBase64URL
	}
	mark := len(s.out)
	s.out = append(s.out, '"')
	if ai != 31 {
		b, err := s.take(n)
		if err != nil {
			return err
		}
		s.out = appendConverted(s.out, b, conv)
		s.out = append(s.out, '"')
		return nil
	}
	// Chunks are joined before encoding, since base64 groups cross them.
	for {
		if brk, err := s.atBreak(); err != nil {
			return err
		} else if brk {
			break
		}
		cs := s.pos
		major, ai, n, err := s.head()
		if err != nil {
			return err
		}
		if major != majorBytes || ai == 31 {
			return s.fail(cs, "chunk of an indefinite-length byte string is not a definite byte string", ErrSyntax)
		}
		b, err := s.take(n)
		if err != nil {
			return err
		}
		s.out = append(s.out, b...)
	}
	raw := len(s.out) - mark - 1
	s.out = appendConverted(s.out, s.out[mark+1:], conv)
	s.out = append(s.out[:mark+1], s.out[mark+1+raw:]...)
	s.out = append(s.out, '"')
	return nil
}

func appendConverted(dst, b []byte, conv byte) []byte {
	switch conv {
	case convBase64:
		return base64.StdEncoding.AppendEncode(dst, b)
	case convBase16:
		return hex.AppendEncode(dst, b)
	}
	return base64.RawURLEncoding.AppendEncode(dst, b)
}

// tag transcodes a tagged item (RFC 8949 §3.4).
func (s *decoder) tag(start int, tag uint64, depth int) error {
	if err := s.enter(start, depth); err != nil {
		return err
	}
	switch tag {
	case 2, 3:
		return s.bignum(start, tag == 3)
	case 4, 5:
		return s.fraction(start, tag == 5, depth)
	case convBase64URL, convBase64, convBase16:
		saved := s.conv
		s.conv = byte(tag)
		err := s.value(depth + 1)
		s.conv = saved
		return err
	case 0, 1, 32, 33, 34, 35, 36, 55799:
		// Date/time string, epoch time, URI, base64url and base64 text,
		// regular expression, MIME message: the content is the JSON
		// form. Self-described CBOR marks the whole input.
		return s.value(depth + 1)
	}
	if !s.opts.DropUnknownTags {
		return s.fail(start, "tag "+strconv.FormatUint(tag, 10)+" (set DropUnknownTags to decode its content alone)", ErrUnsupported)
	}
	return s.value(depth + 1)
}

// readBignum reads the byte string of a bignum at s.pos.
func (s *decoder) readBignum() (*big.Int, error) {
	start := s.pos
	major, ai, n, err := s.head()
	if err != nil {
		return nil, err
	}
	if major != majorBytes || ai == 31 {
		return nil, s.fail(start, "bignum content is not a definite byte string", ErrUnsupported)
	}
	if n > MaxBignumBytes {
		return nil, s.fail(start, "bignum of "+strconv.FormatUint(n, 10)+" bytes exceeds "+strconv.Itoa(MaxBignumBytes), ErrLimit)
	}
	b, err := s.take(n)
	if err != nil {
		return nil, err
	}
	return new(big.Int).SetBytes(b), nil
}

// bignum transcodes tag 2 (n) or 3 (-1-n).
func (s *decoder) bignum(start int, neg bool) error {
	m, err := s.readBignum()
	if err != nil {
		return err
	}
	if neg {
		m.Add(m, big.NewInt(1))
		s.out = append(s.out, '-')
	}
	s.out = m.Append(s.out, 10)
	return nil
}

// maxBigfloatExp bounds the binary exponent of a bigfloat (tag 5): beyond
// the range of a float64's the decimal text grows without a useful bound.
const maxBigfloatExp = 1100

// fraction transcodes a decimal fraction (tag 4) or bigfloat (tag 5):
// [exponent, mantissa], the mantissa an integer or a bignum.
func (s *decoder) fraction(start int, binary bool, depth int) error {
	if !binary && s.pos+2 < len(s.src) && s.src[s.pos] == majorArray|2 && s.src[s.pos+1]&^0x1f == majorNeg && s.src[s.pos+1]&0x1f < 24 {
		// The common form: two items, an exponent of -1 to -24.
		eMag := uint64(s.src[s.pos+1]&0x1f) + 1
		s.pos += 2
		return s.mantissa(start, false, true, eMag)
	}
	major, ai, n, err := s.head()
	if err != nil {
		return err
	}
	if major != majorArray || ai == 31 || n != 2 {
		return s.fail(start, "decimal fraction or bigfloat is not an array of two items", ErrUnsupported)
	}
	es := s.pos
	emaj, eai, eMag, err := s.head()
	if err != nil {
		return err
	}
	if (emaj != majorUint && emaj != majorNeg) || eai == 31 {
		return s.fail(es, "exponent is not an integer", ErrUnsupported)
	}
	expNeg := emaj == majorNeg
	if expNeg {
		eMag++ // -1-n; n = 2^64-1 wraps to 0 and is caught below
		if eMag == 0 {
			return s.fail(es, "exponent out of range", ErrUnsupported)
		}
	}
	if binary && eMag > maxBigfloatExp {
		return s.fail(es, "bigfloat exponent beyond ±"+strconv.Itoa(maxBigfloatExp), ErrLimit)
	}
	return s.mantissa(start, binary, expNeg, eMag)
}

// mantissa transcodes the mantissa of a decimal fraction or bigfloat
// whose exponent fraction has read (for a bigfloat, within
// maxBigfloatExp).
func (s *decoder) mantissa(start int, binary, expNeg bool, eMag uint64) error {
	ms := s.pos
	mmaj, mai, mArg, err := s.head()
	if err != nil {
		return err
	}
	neg := mmaj == majorNeg
	var digits [24]byte
	switch {
	case mai == 31:
		return s.fail(ms, "mantissa is not an integer or bignum", ErrUnsupported)
	case !binary && mmaj == majorUint:
		s.out = transcode.AppendDecimalUint(s.out, false, mArg, expNeg, eMag)
		return nil
	case !binary && neg && mArg != math.MaxUint64:
		s.out = transcode.AppendDecimalUint(s.out, true, mArg+1, expNeg, eMag)
		return nil
	}
	var mant *big.Int
	switch {
	case mmaj == majorUint || neg:
		mant = new(big.Int).SetUint64(mArg)
	case mmaj == majorTag && (mArg == 2 || mArg == 3):
		if mant, err = s.readBignum(); err != nil {
			return err
		}
		neg = mArg == 3
	default:
		return s.fail(ms, "mantissa is not an integer or bignum", ErrUnsupported)
	}
	if neg {
		mant.Add(mant, big.NewInt(1))
	}
	if binary {
		// m × 2^e: an integer for e >= 0, else m × 5^-e × 10^e.
		if !expNeg {
			mant.Lsh(mant, uint(eMag))
			eMag = 0
		} else {
			mant.Mul(mant, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(eMag)), nil))
		}
	}
	s.out = transcode.AppendDecimal(s.out, neg && mant.Sign() != 0, mant.Append(digits[:0], 10), expNeg, eMag)
	if binary && len(s.out) > maxExpansion*len(s.src)+1<<16 {
		// A bigfloat of six bytes prints up to 770 digits.
		return s.fail(start, "bigfloats print more than "+strconv.Itoa(maxExpansion)+" times the input", ErrLimit)
	}
	return nil
}

// maxExpansion bounds the JSON text written per byte of input (beyond a
// first 64 KiB); only bigfloats can reach it.
const maxExpansion = 8

// simple transcodes major type 7: false, true, null, undefined, floats.
func (s *decoder) simple(start int, ai byte, arg uint64) error {
	var f float64
	switch ai {
	case 20:
		s.out = append(s.out, "false"...)
		return nil
	case 21:
		s.out = append(s.out, "true"...)
		return nil
	case 22:
		s.out = append(s.out, "null"...)
		return nil
	case 23:
		if !s.opts.UndefinedAsNull {
			return s.fail(start, "undefined (set UndefinedAsNull to decode as null)", ErrUnsupported)
		}
		s.out = append(s.out, "null"...)
		return nil
	case 24:
		if arg < 32 {
			return s.fail(start, "simple value "+strconv.FormatUint(arg, 10)+" in two bytes", ErrSyntax)
		}
		return s.fail(start, "simple value "+strconv.FormatUint(arg, 10), ErrUnsupported)
	case 25:
		f = fromHalf(uint16(arg))
	case 26:
		f = float64(math.Float32frombits(uint32(arg)))
	case 27:
		f = math.Float64frombits(arg)
	case 31:
		return s.fail(start, "break outside an indefinite-length item", ErrSyntax)
	default:
		return s.fail(start, "simple value "+strconv.FormatUint(arg, 10), ErrUnsupported)
	}
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
