package schema

// Options configure Compile. The zero value is safe: draft 2020-12, no
// loader (references to other documents are errors, except the draft
// 2020-12 meta-schemas, which are built in), formats as annotations, and
// the default limits.
type Options struct {
	// BaseURI is the URI of the document given to Compile, against which
	// its relative references resolve when it has no "$id". Empty means
	// DefaultBaseURI.
	BaseURI string
	// Pointer is a JSON Pointer to the schema inside the document, such as
	// "/components/schemas/Order" in an OpenAPI 3.1 document. Empty means
	// the whole document is the schema.
	Pointer string
	// Loader returns the text of the document at an absolute URI (without
	// fragment) that a reference names. Nil means other documents cannot
	// be loaded; nothing reaches the network unless a loader does.
	Loader func(uri string) ([]byte, error)
	// AssertFormat makes "format" an assertion for the formats this
	// package knows (see Formats); unknown formats stay annotations.
	AssertFormat bool

	// DeclaredOnly makes AppendShape drop the members that no properties
	// or patternProperties declare from every object whose subschema
	// declares some, not only from closed objects.
	DeclaredOnly bool
	// Coerce makes AppendShape convert scalars to the type their subschema
	// names where the value is the same: "42" to 42 for a number, 7 to "7"
	// for a string, "true" to true for a boolean. Anything else that does
	// not have the type is an error. Off, values are copied as received.
	Coerce bool

	// MaxSchemaBytes limits the total size of the documents compiled (the
	// one given and those loaded). Zero means DefaultMaxSchemaBytes.
	MaxSchemaBytes int
	// MaxDocuments limits how many documents the loader may return. Zero
	// means DefaultMaxDocuments.
	MaxDocuments int
	// MaxDepth limits the nesting of subschemas in one document, and of
	// in-place applicators ($ref, allOf, anyOf, …) applied one inside the
	// other to the same instance value. Zero means DefaultMaxDepth.
	MaxDepth int
	// MaxSteps limits the work of one validation: the number of times a
	// subschema is applied to a value. Zero means DefaultMaxSteps. It
	// bounds schemas whose references fan out exponentially.
	MaxSteps int
	// MaxErrors limits how many failures one validation collects. Zero
	// means DefaultMaxErrors.
	MaxErrors int
}

// Defaults of Options.
const (
	DefaultBaseURI        = "urn:graft:schema"
	DefaultMaxSchemaBytes = 16 << 20
	DefaultMaxDocuments   = 64
	DefaultMaxDepth       = 256
	DefaultMaxSteps       = 1 << 24
	DefaultMaxErrors      = 64
)

func (o *Options) withDefaults() Options {
	c := *o
	if c.BaseURI == "" {
		c.BaseURI = DefaultBaseURI
	}
	if c.MaxSchemaBytes <= 0 {
		c.MaxSchemaBytes = DefaultMaxSchemaBytes
	}
	if c.MaxDocuments <= 0 {
		c.MaxDocuments = DefaultMaxDocuments
	}
	if c.MaxDepth <= 0 {
		c.MaxDepth = DefaultMaxDepth
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = DefaultMaxSteps
	}
	if c.MaxErrors <= 0 {
		c.MaxErrors = DefaultMaxErrors
	}
	return c
}
