package cli

import (
	"errors"
	"flag"
	"io"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/graftjson/graft"
)

// Exit codes.
const (
	exitOK    = 0 // success
	exitFail  = 1 // invalid input or a failed operation
	exitUsage = 2 // unknown command, wrong arguments, bad flag
)

// A command is one subcommand of graft.
type command struct {
	name     string
	summary  string // one line for the command list of graft --help
	synopsis string // the usage line, without "usage: "
	help     string // the rest of the help text, after the usage line
	run      func(r *runner, c *command, args []string) int
}

// commands returns the subcommands in the order graft --help lists them.
func commands() []*command {
	return []*command{validateCommand(), fmtCommand(), getCommand(), mergeCommand(), patchCommand(), streamCommand(), shapeCommand(), normalizeCommand(), planCommand(), serveCommand()}
}

func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

const mainSynopsis = "graft <command> [flags] [arguments]"

const mainIntro = `graft checks, reformats, reads, merges and patches JSON documents. It is
the command-line face of the Go package github.com/graftjson/graft, a JSON
engine for API gateways, GraphQL routers and backend-for-frontend services:
programs that receive JSON from several upstream services and stitch it into
one response. graft keeps strings and numbers exactly as they were written
(escapes stay escaped, big numbers are not rounded) and merges documents the
way a gateway combines the answers of its upstreams. It also applies the
standard transforms: JSON Patch, JSON Merge Patch and canonical JSON, and
runs a GraphQL federation gateway over a supergraph (graft serve).
`

const mainDetails = `
FILE is a path, or "-" for standard input; where a FILE is optional, no
FILE means standard input. Flags may come before or after the arguments;
"--" ends the flags.

validate without --schema, and fmt without --canonical, --to or --from,
read input of any size in bounded memory. The other commands need the
whole document in memory and refuse an input of more than 268435456 bytes
(256 MiB): --max-bytes N, given to any command, raises the limit up to
4294967295 (2147483647 on 32-bit platforms). "graft stream" reads the
items of a huge array, or NDJSON, in memory bounded by the largest item.

Exit status:
  0  success
  1  invalid input or a failed operation; stderr names the file, and the
     line and column for text that is not valid JSON: FILE:LINE:COLUMN: reason
     (LINE and COLUMN count from 1; COLUMN counts bytes)
  2  usage error: unknown command, missing argument, bad flag

Examples:
  graft serve --demo
  graft validate examples/*.json
  graft validate --schema order.schema.json order.json
  graft fmt --indent 2 examples/base.json
  graft get examples/base.json /products/0/name
  graft merge examples/base.json examples/reviews.json examples/inventory.json
  graft patch config.json changes.json
  graft fmt --canonical document.json | sha256sum
  curl -s https://api.example.com/products | graft fmt --indent 2

Run "graft help COMMAND" or "graft COMMAND --help" for the details of a
command, and "graft --version" for the version.
`

// mainUsage appends the usage line and the command list.
func mainUsage(b []byte) []byte {
	b = append(b, "usage: "+mainSynopsis+"\n\nCommands:\n"...)
	width := 0
	for _, c := range commands() {
		width = max(width, len(c.name))
	}
	for _, c := range commands() {
		b = append(b, "  "...)
		b = append(b, c.name...)
		b = append(b, strings.Repeat(" ", width+2-len(c.name))...)
		b = append(b, c.summary...)
		b = append(b, '\n')
	}
	return b
}

func mainHelp() []byte {
	b := append([]byte(nil), mainIntro...)
	b = append(b, '\n')
	b = mainUsage(b)
	return append(b, mainDetails...)
}

// Run runs graft with the arguments args (without the program name) and the
// given standard streams, and returns the exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r := &runner{stdin: stdin, stdout: stdout, stderr: stderr, maxBytes: maxInput}
	if len(args) == 0 {
		return r.mainUsageError("no command given")
	}
	switch name := args[0]; name {
	case "help", "-h", "-help", "--help": // help for graft or for one command
		if name == "help" && len(args) > 1 && !isHelpFlag(args[1]) {
			if len(args) > 2 {
				return r.mainUsageError("help takes at most one command")
			}
			if args[1] == "help" { // help on help: graft help
				return r.output(mainHelp())
			}
			c := lookup(args[1])
			if c == nil {
				return r.mainUsageError("unknown command " + quote(args[1]))
			}
			return r.output(commandHelp(c))
		}
		return r.output(mainHelp())
	case "-version", "--version":
		return r.output([]byte("graft " + version() + "\n"))
	default:
		c := lookup(name)
		if c == nil {
			if strings.HasPrefix(name, "-") && name != "-" {
				return r.mainUsageError("unknown flag " + quote(name))
			}
			return r.mainUsageError("unknown command " + quote(name))
		}
		return c.run(r, c, args[1:])
	}
}

func isHelpFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// version returns the module version graft was built from, or "(devel)".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

func commandHelp(c *command) []byte {
	return []byte("usage: " + c.synopsis + "\n\n" + c.help)
}

// runner holds the streams of one run.
type runner struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	maxBytes       int // the most bytes read from one input

	hooks serveHooks // tests watch graft serve through them

	// isTerminal, when set, replaces the check of whether a stream is a
	// terminal (and its width): tests set it to see the progress line.
	isTerminal func(io.Writer) (width int, ok bool)
	// stdinTerminal, when set, replaces the check of whether standard
	// input is a terminal.
	stdinTerminal func() bool
}

// output writes b to standard output in one Write.
func (r *runner) output(b []byte) int {
	if _, err := r.stdout.Write(b); err != nil {
		r.report("graft: writing output: " + err.Error())
		return exitFail
	}
	return exitOK
}

// report writes one line to standard error.
func (r *runner) report(msg string) {
	io.WriteString(r.stderr, msg+"\n")
}

func (r *runner) mainUsageError(msg string) int {
	b := append([]byte("graft: "), msg...)
	b = append(b, "\n"...)
	b = mainUsage(b)
	b = append(b, "\nRun \"graft --help\" for details.\n"...)
	r.stderr.Write(b)
	return exitUsage
}

// usageError reports a usage error of command c: the message, the usage line
// and where to find help, on standard error.
func (r *runner) usageError(c *command, msg string) int {
	io.WriteString(r.stderr, "graft "+c.name+": "+msg+"\nusage: "+c.synopsis+
		"\nRun \"graft help "+c.name+"\" for details.\n")
	return exitUsage
}

// flags returns an empty flag set for command c that reports nothing itself:
// parseFlags prints help and errors.
func flags(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("graft "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses the flags of c from args, where flags may come before,
// between or after the operands and "--" ends the flags. It returns the
// operands and ok, or, after printing help (-h, --help) or a usage error, the
// exit code and !ok.
func (r *runner) parseFlags(c *command, fs *flag.FlagSet, args []string) (operands []string, code int, ok bool) {
	if fs.Lookup("max-bytes") == nil {
		fs.IntVar(&r.maxBytes, "max-bytes", r.maxBytes, "the most bytes of one input")
	}
	defer func() {
		if ok && (r.maxBytes <= 0 || r.maxBytes > graft.MaxArenaBytes) {
			operands, code, ok = nil, r.usageError(c, "--max-bytes must be between 1 and "+strconv.Itoa(graft.MaxArenaBytes)), false
		}
	}()
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, r.output(commandHelp(c)), false
			}
			return nil, r.usageError(c, flagError(err)), false
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(operands, rest...), exitOK, true
		}
		if len(rest) == 0 {
			return operands, exitOK, true
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// flagError rewrites an error of package flag, which spells flags with one
// dash ("-indent"), in the "--indent" spelling of graft's help.
func flagError(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag --" + name
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "flag --" + name + " needs a value"
	}
	// invalid value "v" for flag -name: reason
	// invalid boolean value "v" for -name: reason
	if rest, ok := strings.CutPrefix(msg, "invalid "); ok {
		at, colon := strings.LastIndex(rest, " for "), strings.LastIndex(rest, ": ")
		if v := strings.Index(rest, "value "); v >= 0 && v < at && at < colon {
			name := strings.TrimPrefix(rest[at+len(" for "):colon], "flag ")
			reason := rest[colon+2:]
			if strings.HasPrefix(rest, "boolean ") {
				reason = "want true or false"
			}
			return "invalid value " + rest[v+len("value "):at] + " for -" + name + ": " + reason
		}
	}
	return msg
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
