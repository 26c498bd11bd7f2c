package cli

import "github.com/graftjson/graft"

func validateCommand() *command {
	return &command{
		name:    "validate",
		summary: "check that files are valid JSON (or valid against a JSON Schema)",
		synopsis: "graft validate [FILE...]\n" +
			"       graft validate --schema S.json [--ref URI-PREFIX=DIR]... [FILE...]",
		help: `Validate checks that each FILE holds exactly one JSON value, strictly as
RFC 8259 defines it: UTF-8 text, escapes and numbers as the grammar allows,
no comments, no trailing commas, no NaN or Infinity, no byte order mark,
and arrays and objects nested at most 1000 deep. Member names that occur
twice in one object are accepted (RFC 8259 allows them).

Validate prints nothing for a valid file and one line on standard error
for each invalid one, then goes on with the next file:

  FILE:LINE:COLUMN: reason

LINE and COLUMN count from 1; COLUMN counts bytes. With no FILE, or with
"-", validate reads standard input.

With --schema, each FILE must also be valid against the JSON Schema
(draft 2020-12) in S.json, and each failure is one line on standard error:

  FILE: INSTANCE-POINTER: message (KEYWORD-LOCATION)

INSTANCE-POINTER is the JSON Pointer of the value in FILE ("(root)" for
the whole document), KEYWORD-LOCATION the JSON Pointer of the keyword in
S.json that failed (prefixed with the URI of another schema document).
Formats are annotations, not checked. Patterns are RE2 regular
expressions. A schema refers to other documents by URI: those in the
directory of S.json by relative references, and others through --ref.

Flags:
  --schema FILE              the JSON Schema to validate against
  --ref URI-PREFIX=DIR       load the schema documents whose URI starts
                             with URI-PREFIX from DIR (the rest of the URI
                             is the path in DIR); may be repeated. No
                             document is fetched from the network.

Exit status:
  0  every FILE is valid JSON (and valid against the schema)
  1  some FILE is not valid JSON, not valid against the schema, or cannot
     be read; or the schema cannot be compiled (S.json: location: reason)
  2  usage error

Examples:
  graft validate examples/*.json
  graft validate --schema order.schema.json orders/*.json
  graft validate --schema api.json --ref https://example.com/s/=schemas/ a.json
  curl -s https://api.example.com/products | graft validate
`,
		run: runValidate,
	}
}

func runValidate(r *runner, c *command, args []string) int {
	fs := flags(c)
	schemaFile := fs.String("schema", "", "the JSON Schema `FILE`")
	var refs refList
	fs.Var(&refs, "ref", "`URI-PREFIX=DIR`")
	files, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		files = []string{stdinArg}
	}
	if msg, ok := claimStdin(append([]string{*schemaFile}, files...)); !ok {
		return r.usageError(c, msg)
	}
	if len(refs) > 0 && *schemaFile == "" {
		return r.usageError(c, "--ref needs --schema")
	}
	if *schemaFile != "" {
		return r.validateSchema(*schemaFile, refs, files)
	}
	var d graft.Doc
	code = exitOK
	for _, f := range files {
		if _, ok := r.load(&d, f, true); !ok {
			code = exitFail
		}
	}
	return code
}
