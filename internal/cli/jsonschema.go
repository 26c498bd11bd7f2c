package cli

import (
	"errors"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

// refList is the repeatable --ref URI-PREFIX=DIR flag.
type refList []schemaRef

type schemaRef struct{ prefix, dir string }

func (l *refList) String() string { return "" }

func (l *refList) Set(s string) error {
	prefix, dir, ok := strings.Cut(s, "=")
	if !ok || prefix == "" || dir == "" {
		return errors.New("want URI-PREFIX=DIR")
	}
	*l = append(*l, schemaRef{prefix, dir})
	return nil
}

// loader serves the documents a schema refers to: URIs under a --ref
// prefix from its directory, and file: URIs from the directory of the
// schema file. Nothing else is read, and nothing outside those directories.
func (l refList) loader(schemaDir string) func(uri string) ([]byte, error) {
	return func(uri string) ([]byte, error) {
		for _, m := range l {
			if rest, ok := strings.CutPrefix(uri, m.prefix); ok {
				return readUnder(m.dir, rest)
			}
		}
		if u, err := url.Parse(uri); err == nil && u.Scheme == "file" && schemaDir != "" {
			if rel, err := filepath.Rel(schemaDir, filepath.FromSlash(u.Path)); err == nil {
				return readUnder(schemaDir, filepath.ToSlash(rel))
			}
		}
		return nil, errors.New("no --ref maps it to a directory")
	}
}

// readUnder reads the file at the slash-separated relative path rel in dir,
// refusing paths that leave dir, and at most maxInput bytes.
func readUnder(dir, rel string) ([]byte, error) {
	rel = strings.TrimPrefix(rel, "/")
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return nil, errors.New("the path leaves " + dir)
	}
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, maxInput, 0)
}

// compileSchema reads and compiles the JSON Schema in file, or reports why
// not and returns nil.
func (r *runner) compileSchema(file string, refs refList, opts schema.Options) *schema.Plan {
	text, err := r.read(file)
	if err != nil {
		r.report(describe(displayName(file), err))
		return nil
	}
	dir := ""
	if file != stdinArg {
		if abs, err := filepath.Abs(file); err == nil {
			dir = filepath.Dir(abs)
			opts.BaseURI = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
		}
	}
	opts.Loader = refs.loader(dir)
	plan, err := schema.Compile(text, opts)
	if err != nil {
		var se *schema.Error
		var ge *graft.Error
		switch {
		case errors.As(err, &ge) && ge.Line > 0:
			r.report(describe(displayName(file), ge))
		case errors.As(err, &se):
			r.report(displayName(file) + ": " + se.Line())
		default:
			r.report(displayName(file) + ": " + err.Error())
		}
		return nil
	}
	return plan
}

// validateSchema validates each file against the schema: one line on
// standard error for each failure, FILE: instance-pointer: message
// (keyword-location).
func (r *runner) validateSchema(schemaFile string, refs refList, files []string) int {
	plan := r.compileSchema(schemaFile, refs, schema.Options{})
	if plan == nil {
		return exitFail
	}
	var d graft.Doc
	code := exitOK
	for _, f := range files {
		root, ok := r.load(&d, f, true)
		if !ok {
			code = exitFail
			continue
		}
		err := plan.Validate(&d, root)
		var se *schema.Error
		switch {
		case err == nil:
		case errors.As(err, &se) && len(se.Causes) > 0:
			code = exitFail
			for _, c := range se.Causes {
				r.report(displayName(f) + ": " + c.Line())
			}
		default:
			code = exitFail
			r.report(displayName(f) + ": " + err.Error())
		}
	}
	return code
}

// shapeSchema prints file shaped by the schema.
func (r *runner) shapeSchema(schemaFile string, refs refList, opts schema.Options, file string) int {
	plan := r.compileSchema(schemaFile, refs, opts)
	if plan == nil {
		return exitFail
	}
	var d graft.Doc
	root, ok := r.load(&d, file, true)
	if !ok {
		return exitFail
	}
	out, err := plan.AppendShape(nil, &d, root)
	if err != nil {
		var se *schema.Error
		if errors.As(err, &se) {
			r.report(displayName(file) + ": " + se.Line())
		} else {
			r.report(displayName(file) + ": " + err.Error())
		}
		return exitFail
	}
	return r.output(append(out, '\n'))
}

// runJSONSchemaShape is graft shape --json-schema.
func (r *runner) runJSONSchemaShape(c *command, fs *flag.FlagSet, schemaFile string, refs refList, opts schema.Options, operands []string) int {
	for _, name := range []string{"schema", "query", "variables", "operation", "max-depth"} {
		if isSet(fs, name) {
			return r.usageError(c, "--json-schema excludes --"+name)
		}
	}
	if len(operands) > 1 {
		return r.usageError(c, "want at most one FILE")
	}
	file := stdinArg
	if len(operands) == 1 {
		file = operands[0]
	}
	if msg, ok := claimStdin([]string{schemaFile, file}); !ok {
		return r.usageError(c, msg)
	}
	return r.shapeSchema(schemaFile, refs, opts, file)
}
