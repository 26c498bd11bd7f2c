package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Binary inputs for the --from cases.
const (
	cborDoc    = "\xa2\x61a\x82\x01\xc4\x82\x20\x01\x61b\xf5"                     // {"a":[1,0.1],"b":true}
	msgpackDoc = "\x82\xa1a\x92\x01\xcb\x3f\xb9\x99\x99\x99\x99\x99\x9a\xa1b\xc3" // the same
)

var binaryCases = []golden{
	{name: "fmt --from cbor", args: []string{"fmt", "--from", "cbor", "$D/a.cbor"}, files: map[string]string{"a.cbor": cborDoc}, stdout: `{"a":[1,0.1],"b":true}` + "\n"},
	{name: "fmt --from msgpack", args: []string{"fmt", "--from", "msgpack", "-"}, stdin: msgpackDoc, stdout: `{"a":[1,0.1],"b":true}` + "\n"},
	{name: "fmt --from cbor --indent 1", args: []string{"fmt", "--from=cbor", "--indent", "1"}, stdin: cborDoc, stdout: "{\n \"a\": [\n  1,\n  0.1\n ],\n \"b\": true\n}\n"},
	{name: "fmt --from cbor --canonical", args: []string{"fmt", "--from", "cbor", "--canonical"}, stdin: "\xa2\x61b\x01\x61a\x02", stdout: `{"a":2,"b":1}` + "\n"},
	{name: "fmt --from cbor truncated", args: []string{"fmt", "--from", "cbor", "$D/a.cbor"}, files: map[string]string{"a.cbor": cborDoc[:8]}, stderr: "$D/a.cbor: cbor: at byte 8: unexpected end of input", code: 1},
	{name: "fmt --from cbor byte string", args: []string{"fmt", "--from", "cbor"}, stdin: "\x41\x00", stderr: "<stdin>: cbor: at byte 0: byte string", code: 1},
	{name: "fmt --from msgpack bad", args: []string{"fmt", "--from", "msgpack"}, stdin: "\xc1", stderr: "<stdin>: msgpack: at byte 0: byte 0xc1 is never used", code: 1},
	{name: "fmt --from snapshot not one", args: []string{"fmt", "--from", "snapshot"}, stdin: "{}", stderr: "<stdin>: snapshot byte 0: shorter than the header", code: 1},
	{name: "fmt --to xml", args: []string{"fmt", "--to", "xml"}, stderr: "--to and --from take cbor, msgpack or snapshot", code: 2},
	{name: "fmt --from json", args: []string{"fmt", "--from", "json"}, stderr: "--to and --from take cbor, msgpack or snapshot", code: 2},
	{name: "fmt --to with --indent", args: []string{"fmt", "--to", "cbor", "--indent", "2"}, stderr: "--to excludes --indent, --compact and --canonical", code: 2},
	{name: "fmt --to cbor invalid JSON", args: []string{"fmt", "--to", "cbor"}, stdin: "[1,", stderr: "<stdin>:1:4:", code: 1},
	{name: "fmt --to cbor no form", args: []string{"fmt", "--to", "cbor"}, stdin: "1e99999999999999999999", stderr: "<stdin>: no cbor form: cbor: number 1e99999999999999999999 has an exponent beyond", code: 1},
}

func TestBinaryFormats(t *testing.T) { runGolden(t, binaryCases) }

// TestBinaryRoundTrip: --to then --from prints the document as fmt does,
// for every format, and --from one format --to another transcodes.
func TestBinaryRoundTrip(t *testing.T) {
	const doc = `{"id":12345678901234567890123,"v":[0.1,-65.613616999999977,1.5,-0,true,null],"s":"caf\u00e9\n","o":{}}`
	const decoded = `{"id":12345678901234567890123,"v":[0.1,-65.613616999999977,1.5,-0,true,null],"s":"café\n","o":{}}` + "\n"
	dir := t.TempDir()
	for _, format := range []string{"cbor", "msgpack", "snapshot"} {
		t.Run(format, func(t *testing.T) {
			code, bin, stderr := run([]string{"fmt", "--to", format}, doc)
			if code != 0 || stderr != "" || len(bin) == 0 {
				t.Fatalf("--to %s: exit %d, stderr %q", format, code, stderr)
			}
			want := decoded
			if format == "snapshot" {
				want = doc + "\n" // the text as parsed, escapes kept
			}
			if code, out, stderr := run([]string{"fmt", "--from", format}, bin); code != 0 || out != want {
				t.Fatalf("--from %s: exit %d, stdout %q, stderr %q; want %q", format, code, out, stderr, want)
			}
			file := filepath.Join(dir, "doc."+format)
			if err := os.WriteFile(file, []byte(bin), 0o666); err != nil {
				t.Fatal(err)
			}
			other := map[string]string{"cbor": "msgpack", "msgpack": "snapshot", "snapshot": "cbor"}[format]
			code, bin2, stderr := run([]string{"fmt", "--from", format, "--to", other, file}, "")
			if code != 0 {
				t.Fatalf("--from %s --to %s: exit %d, stderr %q", format, other, code, stderr)
			}
			if code, out, _ := run([]string{"fmt", "--from", other}, bin2); code != 0 || strings.ReplaceAll(out, `\u00e9`, "é") != decoded {
				t.Fatalf("--from %s after --to %s: exit %d, stdout %q", other, other, code, out)
			}
		})
	}
}
