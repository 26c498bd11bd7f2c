// Package cli implements the graft command: Run takes the arguments, the
// standard streams and returns the exit status, so the whole command is
// tested in process (cmd/graft only calls Run and exits).
//
// # Commands
//
// One file per subcommand: validate.go, fmt.go, get.go, merge.go,
// patch.go, stream.go, shape.go, plan.go, normalize.go and serve.go
// (jsonschema.go holds the JSON Schema forms of validate and shape). Each
// defines a command value (name, synopsis, help text and a run function)
// and cli.go dispatches to it, prints help and usage, and owns the exit
// codes; input.go reads inputs and turns errors into messages.
//
// # Conventions
//
// Exit status 0 means success, 1 invalid input or a failed operation, 2 a
// usage error (unknown command, wrong number of arguments, bad flag).
// Help asked for (graft --help, graft help, graft help help, graft help
// CMD, graft CMD --help) goes to standard output with status 0; usage errors print the command's usage to
// standard error with status 2.
//
// A FILE argument of "-" reads standard input, which is named "<stdin>"
// in messages and may be read only once per run. Messages about an input
// start with its name: "FILE:LINE:COLUMN: reason" for text that is not
// valid JSON, "FILE: reason" otherwise. Flags may come before, between or
// after the operands; "--" ends the flags.
//
// Every input is read whole (at most graft.DefaultMaxBytes, or --max-bytes)
// and parsed with the default Options: strict RFC 8259, nesting depth
// 1000. Output is built in one buffer and written with one Write. The
// exceptions read their input piece by piece through package stream, so
// their memory does not grow with the input: validate without --schema,
// fmt of an input over the limit (compact or indented), and stream, which
// writes through a 64 KiB buffer; its progress line (only when standard
// error is a terminal, as golang.org/x/term tells) is redrawn with '\r'.
package cli
