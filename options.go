package graft

import "github.com/graftjson/graft/internal/wire"

// Options configure a Doc. They are set at construction (New, NewPool) and
// the zero value is safe: strict RFC 8259 parsing with the default limits and
// merge conflicts reported as errors.
type Options struct {
	// MaxDepth limits the nesting of arrays and objects in one input.
	// Zero means DefaultMaxDepth.
	MaxDepth int
	// MaxBytes limits the size of one input text. Zero means
	// DefaultMaxBytes; the hard ceiling is MaxArenaBytes for the whole Doc.
	// Parsing an input of n bytes, valid or not, makes the Doc hold at most
	// about 16n bytes (13n for what the densest JSON text builds), so a
	// Doc fed untrusted input needs 16 × MaxBytes at worst.
	MaxBytes int
	// MaxNodes limits the number of nodes (values and member names) one Doc
	// holds across all its inputs. Zero means DefaultMaxNodes.
	MaxNodes int

	// AllowInvalidUTF8 accepts strings holding bytes that are not UTF-8 and
	// keeps them as received. Gateways that must forward what an upstream
	// sent set it; printing then reproduces the same bytes.
	AllowInvalidUTF8 bool
	// AllowLoneSurrogates accepts \u escapes of unpaired UTF-16 surrogate
	// halves (valid by the RFC 8259 grammar, but not text). They are kept
	// as received and decode to U+FFFD.
	AllowLoneSurrogates bool
	// RejectDuplicateNames makes parsing fail on an object with two members
	// of the same (decoded) name. By default duplicates are accepted and
	// lookups, Set and Merge act on the last occurrence.
	RejectDuplicateNames bool

	// Conflict says what Merge does where the two sides cannot be merged.
	Conflict Conflict
}

// Default limits used where Options leave a field zero.
const (
	DefaultMaxDepth = 1000
	DefaultMaxBytes = 256 << 20
	DefaultMaxNodes = 32 << 20
)

// MaxArenaBytes is the most text one Doc can hold: byte offsets are 32-bit
// (and on 32-bit platforms, the largest int).
const MaxArenaBytes = min(1<<32-1, maxInt)

// maxInt is math.MaxInt, an untyped constant: 1<<63 - 1, or 1<<31 - 1 on
// 32-bit platforms.
const maxInt = 1<<(32<<(^uint(0)>>63)-1) - 1

// Conflict is the merge policy for positions where the two documents have
// shapes that cannot be merged (see Doc.Merge).
type Conflict uint8

const (
	// ConflictError fails the merge with an error naming the JSON Pointer of
	// the position and leaves the destination unchanged.
	ConflictError Conflict = iota
	// ConflictReplace lets the source win: its value replaces the
	// destination's.
	ConflictReplace
	// ConflictKeep lets the destination win: the source value is dropped.
	ConflictKeep
)

func (o Options) normalized() Options {
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	// No input nests deeper than its length: a larger limit is no limit,
	// and the vectorized parse keeps it as an address range (MaxDepth
	// frames of 16 bytes), which must not overflow.
	if o.MaxDepth > MaxArenaBytes {
		o.MaxDepth = MaxArenaBytes
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxBytes > MaxArenaBytes {
		o.MaxBytes = MaxArenaBytes
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.MaxNodes > maxNodeIndex {
		o.MaxNodes = maxNodeIndex
	}
	return o
}

func (o *Options) mode() wire.Mode {
	return wire.ModeOf(o.AllowInvalidUTF8, o.AllowLoneSurrogates)
}
