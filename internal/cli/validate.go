package cli

import "github.com/graftjson/graft"

func validateCommand() *command {
	return &command{
		name:     "validate",
		summary:  "check that files are valid JSON",
		synopsis: "graft validate [FILE...]",
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

Exit status:
  0  every FILE is valid JSON
  1  some FILE is not valid JSON or cannot be read
  2  usage error

Examples:
  graft validate examples/*.json
  curl -s https://api.example.com/products | graft validate
`,
		run: runValidate,
	}
}

func runValidate(r *runner, c *command, args []string) int {
	files, code, ok := r.parseFlags(c, flags(c), args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		files = []string{stdinArg}
	}
	if msg, ok := claimStdin(files); !ok {
		return r.usageError(c, msg)
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
