// Command graft runs a GraphQL federation gateway over a supergraph (graft
// serve; graft serve --demo runs it over built-in subgraphs), and checks,
// reformats, reads, merges and patches JSON documents with the graft JSON
// engine. Run "graft --help" for the commands; the work is done by package
// internal/cli.
package main

import (
	"os"

	"github.com/graftjson/graft/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
