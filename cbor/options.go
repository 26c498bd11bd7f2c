package cbor

// Options controls encoding and decoding. The zero value is strict and
// safe: deterministic encoding off, every CBOR item without an exact JSON
// form an error, default limits.
type Options struct {
	// Deterministic encodes with the core deterministic encoding
	// requirements of RFC 8949 §4.2.1: shortest heads (always the case),
	// definite lengths (always the case), and map keys sorted by the bytes
	// of their encoded form. Where an object has a member name twice only
	// the last member is kept, since a CBOR map may not repeat a key.
	Deterministic bool

	// BytesAsBase64URL decodes byte strings to JSON strings holding their
	// base64url encoding without padding (RFC 8949 §6.1) instead of
	// failing. Byte strings under tags 21, 22 and 23 (expected later
	// conversion to base64url, base64, base16) are converted as the tag
	// says in any case.
	BytesAsBase64URL bool
	// DropUnknownTags decodes the content of a tag this package does not
	// know as if the tag were absent, instead of failing. Known tags are
	// listed in the package documentation.
	DropUnknownTags bool
	// StringKeys decodes map keys that are integers, floats, booleans or
	// null to member names holding their JSON text (1 becomes "1")
	// instead of failing, and tagged keys the member name their content
	// decodes to (a date string, a bignum's digits). Byte strings, arrays
	// and maps as keys always fail.
	StringKeys bool
	// UndefinedAsNull decodes undefined (simple value 23) as null instead
	// of failing.
	UndefinedAsNull bool
	// NonFiniteAsNull decodes NaN and the infinities as null instead of
	// failing.
	NonFiniteAsNull bool

	// MaxDepth limits the nesting of arrays, maps and tags, in both
	// directions. Default DefaultMaxDepth.
	MaxDepth int
	// MaxBytes limits the size of a CBOR input. Default DefaultMaxBytes.
	MaxBytes int
}

// Default limits.
const (
	DefaultMaxDepth = 1000
	DefaultMaxBytes = 256 << 20
	// MaxBignumBytes is the longest bignum (tags 2 and 3) decoded: 4096
	// bytes, about 9,860 decimal digits. Converting a bignum to decimal
	// takes time that grows faster than its length.
	MaxBignumBytes = 4096
)

func (o Options) normalized() Options {
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	return o
}
