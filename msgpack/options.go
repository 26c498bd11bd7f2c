package msgpack

// Options controls encoding and decoding. The zero value is lossless,
// strict and safe: numbers no MessagePack type holds exactly are written
// as number extensions, every item without an exact JSON form is an error,
// default limits.
type Options struct {
	// RoundNumbers writes numbers that no MessagePack integer or float
	// holds exactly (integers beyond 64 bits, decimals such as
	// -65.613616999999977 whose text no double prints back) as the
	// nearest float64, as most JSON-to-MessagePack converters do, instead
	// of a number extension (NumberExt). Numbers beyond the range of a
	// float64 stay errors.
	RoundNumbers bool

	// BinAsBase64URL decodes bin to JSON strings holding their base64url
	// encoding without padding instead of failing.
	BinAsBase64URL bool
	// UnknownExtAsNull decodes extensions other than timestamps (type -1)
	// and number extensions (NumberExt) as null instead of failing.
	UnknownExtAsNull bool
	// StringKeys decodes map keys that are integers, floats, booleans,
	// nil or number extensions to member names holding their JSON text (1
	// becomes "1") instead of failing. bin, arrays, maps and other
	// extensions as keys always fail.
	StringKeys bool
	// NonFiniteAsNull decodes NaN and the infinities as null instead of
	// failing.
	NonFiniteAsNull bool

	// MaxDepth limits the nesting of arrays and maps, in both
	// directions. Default DefaultMaxDepth.
	MaxDepth int
	// MaxBytes limits the size of a MessagePack input. Default
	// DefaultMaxBytes.
	MaxBytes int
}

// Default limits.
const (
	DefaultMaxDepth = 1000
	DefaultMaxBytes = 256 << 20
)

// NumberExt is the extension type that carries a JSON number's text
// (ASCII, the RFC 8259 grammar) where no MessagePack type holds the number
// exactly. It is an application-specific type (0 to 127) of this package.
const NumberExt int8 = 'N'

// TimestampExt is the timestamp extension type of the MessagePack
// specification; it decodes to an RFC 3339 string in UTC.
const TimestampExt int8 = -1

func (o Options) normalized() Options {
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	return o
}
