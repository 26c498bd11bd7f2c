package stream_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/stream"
)

// A case reads in through every reader of readers() and expects the items
// (compact) or an error: wrapping errIs, at offset off (line:col at) when
// at is set, with a reason containing reason.
type streamCase struct {
	name   string
	in     string
	opts   stream.Options
	items  []string
	errIs  error
	at     string // "line:col"
	reason string
}

var arrayCases = []streamCase{
	{name: "top-level array", in: ` [ 1 , "a" , {"b":[true,null]} , -2.5e3 ] `, items: []string{`1`, `"a"`, `{"b":[true,null]}`, `-2.5e3`}},
	{name: "empty array", in: `[]`},
	{name: "empty array with space", in: " [ \n ] \n"},
	{name: "empty array at a path", in: `{"a":{"b":[]}}`, opts: stream.Options{Path: "/a/b"}},
	{name: "nested path", in: `{"x":{"y":1,"z":[9]},"data":{"items":[{"a":1},{"a":2}]},"after":"q"}`,
		opts: stream.Options{Path: "/data/items"}, items: []string{`{"a":1}`, `{"a":2}`}},
	{name: "path through an array", in: `[[0],[1,[7,8]]]`, opts: stream.Options{Path: "/1/1"}, items: []string{`7`, `8`}},
	{name: "escaped pointer tokens", in: `{"a/b":{"m~n":[1]}}`, opts: stream.Options{Path: "/a~1b/m~0n"}, items: []string{`1`}},
	{name: "escaped member name", in: `{"\u0061":["x"]}`, opts: stream.Options{Path: "/a"}, items: []string{`"x"`}},
	{name: "a duplicate on the path is an error", in: `{"a":[1],"a":[2]}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}, errIs: graft.ErrPointer, at: "1:10", reason: "member \"a\" occurs twice on the path"},
	{name: "a duplicate on the path read in two pieces", in: `{"abcdefgh":[1],"abcdefgh":[2]}`, opts: stream.Options{Path: "/abcdefgh"}, items: []string{`1`}, errIs: graft.ErrPointer, at: "1:17", reason: "member \"abcdefgh\" occurs twice on the path"},
	{name: "strings keep escapes", in: `["caf\u00e9 \"q\" \\ \/", "\uD83D\uDE00"]`, items: []string{`"caf\u00e9 \"q\" \\ \/"`, `"\uD83D\uDE00"`}},
	{name: "numbers keep text", in: `[12345678901234567890123, 1.0e+2, -0.0]`, items: []string{`12345678901234567890123`, `1.0e+2`, `-0.0`}},
	{name: "scalars next to brackets", in: `[true,false,null,0,"",[],{}]`, items: []string{`true`, `false`, `null`, `0`, `""`, `[]`, `{}`}},

	{name: "path not found", in: `{"data":{"other":[]}}`, opts: stream.Options{Path: "/data/items"},
		errIs: graft.ErrNotFound, at: "1:20", reason: `no value at "/data/items"`},
	{name: "path not found in empty object", in: `{}`, opts: stream.Options{Path: "/a/b"}, errIs: graft.ErrNotFound, at: "1:2", reason: `no value at "/a"`},
	{name: "path index out of range", in: `[[1]]`, opts: stream.Options{Path: "/1"}, errIs: graft.ErrNotFound, at: "1:5"},
	{name: "path through a scalar", in: `{"a":1}`, opts: stream.Options{Path: "/a/b"}, errIs: graft.ErrNotFound, at: "1:6"},
	{name: "path at an object", in: `{"a":{"b":1}}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrKind, at: "1:6", reason: "an object, not an array"},
	{name: "top level not an array", in: `"s"`, errIs: graft.ErrKind, reason: "a string, not an array"},
	{name: "malformed path", in: `[]`, opts: stream.Options{Path: "a"}, errIs: graft.ErrPointer},

	{name: "trailing comma", in: `[1,]`, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:4", reason: "invalid character ']' at the start of a value (after 1 item)"},
	{name: "missing comma", in: `[1 2]`, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:4", reason: "expected ',' or ']' after an array item"},
	{name: "bad item", in: "[\n{\"a\":1},\n{\"a\" 1}]", items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "3:6", reason: "expected ':'"},
	{name: "truncated", in: "[{\"a\":1},\n{\"a\":", items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "2:6", reason: "unexpected end of input"},
	{name: "truncated between items", in: "[1,2", items: []string{`1`, `2`}, errIs: graft.ErrSyntax, at: "1:5", reason: "unexpected end of input inside an array (after 2 items)"},
	{name: "garbage after the array", in: "[1] x", items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:5", reason: "after the top-level value"},
	{name: "invalid after the array", in: `{"a":[1],"b":tru}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:17"},
	{name: "invalid before the array", in: `{"x":[1,,2],"a":[1]}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:9"},
	{name: "invalid UTF-8 skipped", in: "{\"x\":\"\xff\",\"a\":[1]}", opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:7", reason: "invalid UTF-8"},
	{name: "invalid UTF-8 allowed", in: "{\"x\":\"\xff\",\"a\":[\"\xfe\"]}", opts: stream.Options{Path: "/a", Doc: graft.Options{AllowInvalidUTF8: true}}, items: []string{"\"\xfe\""}},
	{name: "lone surrogate in an item", in: `["\ud800"]`, errIs: graft.ErrSyntax, at: "1:3"},
	{name: "byte order mark", in: "\ufeff[]", errIs: graft.ErrSyntax, at: "1:1"},
	{name: "empty input", in: "", errIs: graft.ErrSyntax, at: "1:1", reason: "unexpected end of input"},
	{name: "duplicate names rejected in items", in: `[{"a":1,"a":2}]`, opts: stream.Options{Doc: graft.Options{RejectDuplicateNames: true}}, errIs: graft.ErrSyntax, reason: "duplicate"},

	{name: "truncated after '['", in: "[", errIs: graft.ErrSyntax, at: "1:2", reason: "unexpected end of input, expected a value"},
	{name: "truncated after a comma", in: "[1,", items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:4", reason: "unexpected end of input, expected a value (after 1 item)"},
	{name: "truncated in an object before the path", in: `{"a":1`, opts: stream.Options{Path: "/b"}, errIs: graft.ErrSyntax, at: "1:7", reason: "unexpected end of input inside an object"},
	{name: "truncated in an array before the path", in: `{"a":[1`, opts: stream.Options{Path: "/a/1"}, errIs: graft.ErrSyntax, at: "1:8", reason: "unexpected end of input inside an array"},
	{name: "truncated at an array on the path", in: `{"a":[`, opts: stream.Options{Path: "/a/0"}, errIs: graft.ErrSyntax, at: "1:7", reason: "unexpected end of input, expected a value"},
	{name: "truncated at a value on the path", in: `{"a":`, opts: stream.Options{Path: "/a/b"}, errIs: graft.ErrSyntax, at: "1:6", reason: "unexpected end of input, expected a value"},
	{name: "truncated at the array of the path", in: `{"a":`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:6", reason: "unexpected end of input, expected a value"},
	{name: "missing comma before the path", in: `{"a":[1 2]}`, opts: stream.Options{Path: "/a/1"}, errIs: graft.ErrSyntax, at: "1:9", reason: "expected ',' or ']' after an array item, found '2'"},
	{name: "missing comma in an object before the path", in: `{"a":1 "b"}`, opts: stream.Options{Path: "/b"}, errIs: graft.ErrSyntax, at: "1:8", reason: "expected ',' or '}' after an object member, found '\"'"},
	{name: "missing colon before the path", in: `{"a" 1}`, opts: stream.Options{Path: "/b"}, errIs: graft.ErrSyntax, at: "1:6", reason: "expected ':' after object member name, found '1'"},
	{name: "member name not a string after the array", in: `{"a":[1],1}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:10", reason: "expected a string for an object member name, found '1' (after 1 item)"},
	{name: "missing colon after the array", in: `{"a":[1],"b" 1}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:14", reason: "expected ':' after object member name, found '1' (after 1 item)"},
	{name: "invalid value on the path", in: `{"a":x}`, opts: stream.Options{Path: "/a/b"}, errIs: graft.ErrSyntax, at: "1:6", reason: "invalid character 'x' at the start of a value"},
	{name: "invalid value at the path", in: `{"a":x}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:6", reason: "invalid character 'x' at the start of a value"},
	{name: "invalid top level with a path", in: `x`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrSyntax, at: "1:1", reason: "invalid character 'x' at the start of a value"},
	{name: "path at a string", in: `{"a":"x"}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrKind, at: "1:6", reason: "a string, not an array"},
	{name: "path at a boolean", in: `{"a":true}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrKind, at: "1:6", reason: "a boolean, not an array"},
	{name: "path at null", in: `{"a":null}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrKind, at: "1:6", reason: "null, not an array"},
	{name: "path at a number", in: `{"a":-1}`, opts: stream.Options{Path: "/a"}, errIs: graft.ErrKind, at: "1:6", reason: "a number, not an array"},
	{name: "bad member name after the array", in: `{"a":[1],"b\u00zz":1}`, opts: stream.Options{Path: "/a"}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:13", reason: "invalid \\u escape in string (needs four hex digits) (after 1 item)"},
	{name: "node limit of the Doc in an item", in: `[[1,2,3,4,5]]`, opts: stream.Options{Doc: graft.Options{MaxNodes: 3}}, errIs: graft.ErrLimit, at: "1:7", reason: "node count exceeds the limit of 3"},
	{name: "depth at the limit", in: `[[[[1]]]]`, opts: stream.Options{MaxDepth: 4}, items: []string{`[[[1]]]`}},
	{name: "depth over the limit in an item", in: `[[[[[1]]]]]`, opts: stream.Options{MaxDepth: 4}, errIs: graft.ErrLimit, at: "1:5", reason: "nesting depth exceeds the limit of 4"},
	{name: "depth counts the path", in: `{"a":{"b":[[[1]]]}}`, opts: stream.Options{Path: "/a/b", MaxDepth: 4}, errIs: graft.ErrLimit, at: "1:13"},
	{name: "depth in skipped text", in: `{"x":[[[[]]]],"a":[]}`, opts: stream.Options{Path: "/a", MaxDepth: 4}, errIs: graft.ErrLimit, at: "1:9"},
	{name: "depth: the path fills the limit", in: `{"a":[1,[]]}`, opts: stream.Options{Path: "/a", MaxDepth: 2}, items: []string{`1`}, errIs: graft.ErrLimit, at: "1:9", reason: "nesting depth exceeds the limit of 2 (after 1 item)"},
	{name: "depth over the limit deep in a long item", in: `[[` + strings.Repeat("1,", 40) + `[1]]]`, opts: stream.Options{MaxDepth: 2}, errIs: graft.ErrLimit, at: "1:83", reason: "nesting depth exceeds the limit of 2"},
	{name: "syntax error before the depth limit", in: `[[1 [[[[`, opts: stream.Options{MaxDepth: 4}, errIs: graft.ErrSyntax, at: "1:5"},
	{name: "item over the size limit", in: `[1,"` + strings.Repeat("x", 100) + `"]`, opts: stream.Options{MaxItemBytes: 50},
		items: []string{`1`}, errIs: graft.ErrLimit, at: "1:54", reason: "item longer than the size limit of 50 bytes"},
	{name: "syntax error before the size limit", in: `[{"a" 1` + strings.Repeat(" ", 100) + `}]`, opts: stream.Options{MaxItemBytes: 50}, errIs: graft.ErrSyntax, at: "1:7"},
	{name: "syntax error just before the size limit", in: `[[1,2,3,,` + strings.Repeat("4,", 30) + `4]]`, opts: stream.Options{MaxItemBytes: 10}, errIs: graft.ErrSyntax, at: "1:9"},
	{name: "escape cut by the size limit", in: `["abcdef\u00e9` + strings.Repeat("x", 30) + `"]`, opts: stream.Options{MaxItemBytes: 10}, errIs: graft.ErrLimit, at: "1:12", reason: "item longer than the size limit of 10 bytes"},
	{name: "item cut at the size limit after a zero", in: `["abc01234"]`, opts: stream.Options{MaxItemBytes: 5}, errIs: graft.ErrLimit, at: "1:7", reason: "item longer than the size limit of 5 bytes"},
	{name: "duplicate names before the size limit", in: `[{"a":1,"a":2,"b":"` + strings.Repeat("x", 100) + `"}]`, opts: stream.Options{MaxItemBytes: 50, Doc: graft.Options{RejectDuplicateNames: true}},
		errIs: graft.ErrLimit, at: "1:52", reason: "item longer than the size limit of 50 bytes"},
	{name: "item at the size limit", in: `["` + strings.Repeat("x", 48) + `"]`, opts: stream.Options{MaxItemBytes: 50}, items: []string{`"` + strings.Repeat("x", 48) + `"`}},
}

var modeCases = []streamCase{
	{name: "lines", in: "{\"a\":1}\n[2]\n\"s\"\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`{"a":1}`, `[2]`, `"s"`}},
	{name: "lines CRLF and blank lines", in: "\r\n1\r\n\r\n  \t\n 2 \r\n\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`, `2`}},
	{name: "lines without a final newline", in: "1\n2", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`, `2`}},
	{name: "lines empty", in: "", opts: stream.Options{Mode: stream.Lines}},
	{name: "lines only blank", in: "\n\n \r\n", opts: stream.Options{Mode: stream.Lines}},
	{name: "lines value spanning lines", in: "[1,\n2]\n", opts: stream.Options{Mode: stream.Lines}, errIs: graft.ErrSyntax, at: "1:4", reason: "unexpected end of line, expected a value"},
	{name: "lines object spanning lines", in: "{\"a\":1}\n{\"c\":\n3}\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "2:6", reason: "unexpected end of line, expected a value (after 1 item)"},
	{name: "lines name cut by the line end", in: "{\"a\"\n:1}\n", opts: stream.Options{Mode: stream.Lines}, errIs: graft.ErrSyntax, at: "1:5", reason: "expected ':' after object member name, found end of line"},
	{name: "lines value cut by the end of input", in: "1\n[2,", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "2:4", reason: "unexpected end of input, expected a value (after 1 item)"},
	{name: "lines two values on a line", in: "1\n2 3\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "2:3"},
	{name: "lines bad value", in: "{\"a\":1}\n{\"a\":01}\n", opts: stream.Options{Mode: stream.Lines}, items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "2:7"},
	{name: "lines too long", in: "1\n" + strings.Repeat(" ", 60) + "2\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50}, items: []string{`1`}, errIs: graft.ErrLimit, at: "2:51", reason: "line longer than the item size limit of 50 bytes (after 1 item)"},
	// A syntax error before the point where a line crosses the size limit
	// is the first error in the input, and the one reported; one at or
	// after it, or one the cut may cause (an escape cut short), is not.
	{name: "lines syntax error before the size limit", in: "1\n{\"a\" 1" + strings.Repeat(" ", 60) + "}\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50}, items: []string{`1`},
		errIs: graft.ErrSyntax, at: "2:6", reason: "expected ':' after object member name, found '1' (after 1 item)"},
	{name: "lines syntax error in the last byte before the size limit", in: "[" + strings.Repeat(" ", 48) + "x" + strings.Repeat(" ", 20) + "]\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50},
		errIs: graft.ErrSyntax, at: "1:50", reason: "invalid character 'x' at the start of a value"},
	{name: "lines syntax error at the size limit", in: "[" + strings.Repeat(" ", 49) + "x" + strings.Repeat(" ", 20) + "]\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50},
		errIs: graft.ErrLimit, at: "1:51", reason: "line longer than the item size limit of 50 bytes"},
	{name: "lines escape cut by the size limit", in: `"` + strings.Repeat("x", 46) + `\u00e9` + strings.Repeat("x", 20) + "\"\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50},
		errIs: graft.ErrLimit, at: "1:51", reason: "line longer than the item size limit of 50 bytes"},
	{name: "lines string not closed, whitespace past the size limit", in: "1\n\"00" + strings.Repeat(" ", 30) + "\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 4}, items: []string{`1`},
		errIs: graft.ErrSyntax, at: "2:4", reason: "unterminated string (after 1 item)"},
	{name: "lines string going on past the size limit after whitespace", in: "1\n\"00" + strings.Repeat(" ", 30) + "x\"\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 4}, items: []string{`1`},
		errIs: graft.ErrLimit, at: "2:5", reason: "line longer than the item size limit of 4 bytes (after 1 item)"},
	{name: "lines value then garbage before the size limit", in: "1 x" + strings.Repeat(" ", 60) + "\n", opts: stream.Options{Mode: stream.Lines, MaxItemBytes: 50},
		errIs: graft.ErrSyntax, at: "1:3", reason: "after the top-level value"},

	{name: "concatenated", in: `1 2{}{"a":[]}"x""y"[3]`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`1`, `2`, `{}`, `{"a":[]}`, `"x"`, `"y"`, `[3]`}},
	{name: "concatenated number then string", in: `1"a"`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`1`, `"a"`}},
	{name: "concatenated run-together literals", in: `true false truefalse`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`true`, `false`}, errIs: graft.ErrSyntax, at: "1:16",
		reason: "invalid character 'f' after a number or literal (whitespace must separate it from the next value) (after 2 items)"},
	{name: "concatenated number then literal", in: `1true`, opts: stream.Options{Mode: stream.Concatenated}, errIs: graft.ErrSyntax, at: "1:2", reason: "invalid character 't' after a number or literal"},
	{name: "concatenated number then number", in: `1-2`, opts: stream.Options{Mode: stream.Concatenated}, errIs: graft.ErrSyntax, at: "1:2", reason: "invalid character '-' after a number or literal"},
	{name: "concatenated leading zero", in: `01`, opts: stream.Options{Mode: stream.Concatenated}, errIs: graft.ErrSyntax, at: "1:2", reason: "number with a leading zero"},
	{name: "concatenated scalars then punctuation", in: `null"a"1[2]true{}-3.5e1"b"`, opts: stream.Options{Mode: stream.Concatenated},
		items: []string{`null`, `"a"`, `1`, `[2]`, `true`, `{}`, `-3.5e1`, `"b"`}},
	{name: "concatenated after closers", in: `[1]2{"a":3}false"x"[]`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`[1]`, `2`, `{"a":3}`, `false`, `"x"`, `[]`}},
	{name: "concatenated bad literal", in: "1 nul 2", opts: stream.Options{Mode: stream.Concatenated}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:6", reason: "invalid literal (expected true, false or null) (after 1 item)"},
	{name: "concatenated bad number", in: "1 - 2", opts: stream.Options{Mode: stream.Concatenated}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "1:4", reason: "invalid number (after 1 item)"},
	{name: "concatenated stray closer", in: `[1] ]`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`[1]`}, errIs: graft.ErrSyntax, at: "1:5"},
	{name: "concatenated empty", in: " \n", opts: stream.Options{Mode: stream.Concatenated}},
	{name: "concatenated truncated", in: `{"a":1} {"b":`, opts: stream.Options{Mode: stream.Concatenated}, items: []string{`{"a":1}`}, errIs: graft.ErrSyntax, at: "1:14"},

	{name: "sequence", in: "\x1e{\"a\":1}\n\x1e[2]\n\x1e3\n", opts: stream.Options{Mode: stream.Sequence}, items: []string{`{"a":1}`, `[2]`, `3`}},
	{name: "sequence empty records", in: "\x1e\x1e\n\x1e 1 \n\x1e", opts: stream.Options{Mode: stream.Sequence}, items: []string{`1`}},
	{name: "sequence truncated number", in: "\x1e1\n\x1e23", opts: stream.Options{Mode: stream.Sequence}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "2:4", reason: "may be truncated"},
	{name: "sequence truncated object", in: "\x1e{\"a\":\n\x1e{}\n", opts: stream.Options{Mode: stream.Sequence}, errIs: graft.ErrSyntax, at: "1:7", reason: "unexpected end of JSON text, expected a value"},
	{name: "sequence text at the end of input", in: "\x1e{\"a\":", opts: stream.Options{Mode: stream.Sequence}, errIs: graft.ErrSyntax, at: "1:7", reason: "unexpected end of input, expected a value"},
	{name: "sequence whitespace before the text", in: "\x1e \r\n\t[1]\n\x1e\n\n\x1e  2 \n", opts: stream.Options{Mode: stream.Sequence}, items: []string{`[1]`, `2`}},
	{name: "sequence without separator", in: "{}\n", opts: stream.Options{Mode: stream.Sequence}, errIs: graft.ErrSyntax, at: "1:1", reason: "expected a record separator"},
	{name: "sequence too long", in: "\x1e1\n\x1e[" + strings.Repeat("1,", 40) + "1]\n", opts: stream.Options{Mode: stream.Sequence, MaxItemBytes: 50}, items: []string{`1`},
		errIs: graft.ErrLimit, at: "2:52", reason: "JSON text longer than the item size limit of 50 bytes (after 1 item)"},
	// Whitespace in a string not closed, past what the limit allows after a
	// text: the text ends at the next separator (an unterminated string)
	// or goes on (a tab in a string), each error at its own offset.
	{name: "sequence string not closed, whitespace past the allowance", in: "\x1e\"000 \t" + strings.Repeat(" ", 20) + "\x1e1\n", opts: stream.Options{Mode: stream.Sequence, MaxItemBytes: 7},
		errIs: graft.ErrSyntax, at: "1:6", reason: "unterminated string"},
	{name: "sequence tab in a string, whitespace past the allowance", in: "\x1e\"000 \t" + strings.Repeat(" ", 20) + "00\n", opts: stream.Options{Mode: stream.Sequence, MaxItemBytes: 7},
		errIs: graft.ErrSyntax, at: "1:7", reason: "control character in string"},
	{name: "sequence syntax error before the size limit", in: "\x1e1\n\x1e[1,,2" + strings.Repeat(",2", 40) + "]\n", opts: stream.Options{Mode: stream.Sequence, MaxItemBytes: 50}, items: []string{`1`},
		errIs: graft.ErrSyntax, at: "2:5", reason: "(after 1 item)"},

	{name: "auto array", in: " \r\n\t[1, [2]]", opts: stream.Options{Mode: stream.Auto}, items: []string{`1`, `[2]`}},
	{name: "auto array after much whitespace", in: strings.Repeat(" ", 70000) + "\n[1,2]", opts: stream.Options{Mode: stream.Auto}, items: []string{`1`, `2`}},
	{name: "auto error after much whitespace", in: strings.Repeat("\n", 70000) + "  [1,x]", opts: stream.Options{Mode: stream.Auto}, items: []string{`1`},
		errIs: graft.ErrSyntax, at: "70001:6", reason: "invalid character 'x' at the start of a value (after 1 item)"},
	{name: "auto ignores Path", in: `[1]`, opts: stream.Options{Mode: stream.Auto, Path: "/a"}, items: []string{`1`}},
	{name: "auto array then more", in: "[1]\n[2]\n", opts: stream.Options{Mode: stream.Auto}, items: []string{`1`}, errIs: graft.ErrSyntax, at: "2:1", reason: "after the top-level value"},
	{name: "auto sequence", in: "\x1e1\n\x1e[2]\n", opts: stream.Options{Mode: stream.Auto}, items: []string{`1`, `[2]`}},
	{name: "auto sequence after whitespace", in: " \x1e1\n", opts: stream.Options{Mode: stream.Auto}, errIs: graft.ErrSyntax, at: "1:2", reason: "invalid character byte 0x1e at the start of a value"},
	{name: "auto NDJSON", in: "{\"a\":1}\n\n{\"a\":2}\n", opts: stream.Options{Mode: stream.Auto}, items: []string{`{"a":1}`, `{"a":2}`}},
	{name: "auto scalars", in: " 1 \"s\" null", opts: stream.Options{Mode: stream.Auto}, items: []string{`1`, `"s"`, `null`}},
	{name: "auto empty", in: "", opts: stream.Options{Mode: stream.Auto}},
	{name: "auto only whitespace", in: " \n\t\r\n", opts: stream.Options{Mode: stream.Auto}},
}

func TestArray(t *testing.T) { runCases(t, arrayCases) }
func TestModes(t *testing.T) { runCases(t, modeCases) }

func runCases(t *testing.T, cases []streamCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for rname, rd := range readers([]byte(tc.in)) {
				for _, size := range []int{0, 1, 40} {
					opts := tc.opts
					opts.BufferSize = size
					res := collect(stream.NewReader(rd(), opts))
					checkRaws(t, []byte(tc.in), res, opts.Doc)
					if !equal(res.items, tc.items) {
						t.Errorf("%s, buffer %d: items %q, want %q (error %v)", rname, size, res.items, tc.items, res.err)
					}
					checkCaseError(t, tc, res.err, rname, size)
				}
			}
		})
	}
}

func checkCaseError(t *testing.T, tc streamCase, err error, rname string, size int) {
	t.Helper()
	if tc.errIs == nil {
		if err != nil {
			t.Errorf("%s, buffer %d: error %v", rname, size, err)
		}
		return
	}
	if !errors.Is(err, tc.errIs) {
		t.Errorf("%s, buffer %d: error %v, want %v", rname, size, err, tc.errIs)
		return
	}
	if tc.reason != "" && !strings.Contains(err.Error(), tc.reason) {
		t.Errorf("%s, buffer %d: error %q, want it to contain %q", rname, size, err, tc.reason)
	}
	var ge *graft.Error
	if tc.at != "" && (!errors.As(err, &ge) || itoa(ge.Line)+":"+itoa(ge.Column) != tc.at) {
		t.Errorf("%s, buffer %d: error %v at %d:%d, want %s", rname, size, err, ge.Line, ge.Column, tc.at)
	}
	if ge != nil {
		if line, col := position([]byte(tc.in), ge.Offset); line != ge.Line || col != ge.Column {
			t.Errorf("%s, buffer %d: error %v: offset %d is %d:%d", rname, size, err, ge.Offset, line, col)
		}
	}
}

func itoa(n int) string {
	b := []byte{}
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestItemErrorsLikeParse: an item cut short by the next byte of the
// array (not by the end of the input) fails with the error a full Parse
// reports: the same reason at the same offset, line and column.
func TestItemErrorsLikeParse(t *testing.T) {
	for _, tc := range []struct{ name, in, path string }{
		{"literal cut by a comma", "[1,\n tru,2]", ""},
		{"literal cut by a space", "[1,\n nul ,2]", ""},
		{"minus alone", "[1,\n -,2]", ""},
		{"leading zero", "[1,\n 01,2]", ""},
		{"number then slash", "[1,\n 1/2]", ""},
		{"fraction without digits", "[1.,2]", ""},
		{"exponent without digits", "[1e]", ""},
		{"literal cut by a bracket", `{"a":[1,fals]}`, "/a"},
		{"literal run on", `[truex]`, ""},
		{"number run on", `[12a]`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d graft.Doc
			_, perr := d.Parse([]byte(tc.in))
			var want *graft.Error
			if !errors.As(perr, &want) {
				t.Fatalf("Parse: %v", perr)
			}
			for rname, rd := range readers([]byte(tc.in)) {
				r := stream.NewReader(rd(), stream.Options{Path: tc.path})
				for r.Next() {
				}
				var got *graft.Error
				if !errors.As(r.Err(), &got) {
					t.Fatalf("%s: error %v", rname, r.Err())
				}
				if got.Offset != want.Offset || got.Line != want.Line || got.Column != want.Column || stripCount(got.Reason) != want.Reason {
					t.Errorf("%s: stream error %d:%d (offset %d) %q\nParse error %d:%d (offset %d) %q", rname,
						got.Line, got.Column, got.Offset, got.Reason, want.Line, want.Column, want.Offset, want.Reason)
				}
			}
		})
	}
}

// TestErrorItemCount: the reason says how many items came before the
// error once there were any, "(after 1 item)", "(after N items)", and
// says nothing of items when none was delivered.
func TestErrorItemCount(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     string
		mode   stream.Mode
		count  int
		suffix string
	}{
		{"array, none", `[x]`, stream.Array, 0, "at the start of a value"},
		{"lines, none", "x\n", stream.Lines, 0, "at the start of a value"},
		{"concatenated, none", "x", stream.Concatenated, 0, "at the start of a value"},
		{"sequence, none", "\x1ex\n", stream.Sequence, 0, "at the start of a value"},
		{"array, one", `[1,x]`, stream.Array, 1, "at the start of a value (after 1 item)"},
		{"lines, two", "1\n2\nx\n", stream.Lines, 2, "at the start of a value (after 2 items)"},
		{"array, end of input after one", `[1`, stream.Array, 1, "unexpected end of input inside an array (after 1 item)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := stream.NewReader(strings.NewReader(tc.in), stream.Options{Mode: tc.mode})
			for r.Next() {
			}
			var ge *graft.Error
			if !errors.As(r.Err(), &ge) || r.Count() != tc.count || !strings.HasSuffix(ge.Reason, tc.suffix) {
				t.Errorf("%d items, error %v; want %d items and a reason ending in %q", r.Count(), r.Err(), tc.count, tc.suffix)
			}
		})
	}
}

// TestBufferSizeClamped: a BufferSize beyond what MaxItemBytes can use
// neither panics nor takes the memory it asks for.
func TestBufferSizeClamped(t *testing.T) {
	for _, tc := range []struct {
		name          string
		buffer, limit int
	}{
		{"a quarter of the largest int", math.MaxInt / 4, 1024},
		{"largest int", math.MaxInt, 100},
		{"negative", -1, 10},
		{"limit below the smallest window", 1 << 20, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r := stream.NewReader(strings.NewReader(`[1,[]]`), stream.Options{BufferSize: tc.buffer, MaxItemBytes: tc.limit})
			res := collect(r)
			runtime.ReadMemStats(&after)
			if res.err != nil || !equal(res.items, []string{"1", "[]"}) {
				t.Errorf("items %q, error %v", res.items, res.err)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
				t.Errorf("%d bytes allocated for items of at most %d bytes", n, tc.limit)
			}
		})
	}
}

// TestPaths: paths through escaped member names, array indices and
// "-", read whole and one byte at a time.
func TestPaths(t *testing.T) {
	for _, tc := range []struct {
		name, in, path string
		items          []string
		errIs          error
	}{
		{"escaped slash in input", `{"a\/b":[1]}`, "/a~1b", []string{"1"}, nil},
		{"tilde and slash", `{"~1":{"/0":[2]}}`, "/~01/~10", []string{"2"}, nil},
		{"unicode escape name", `{"\u00e9":[3]}`, "/\u00e9", []string{"3"}, nil},
		{"surrogate pair name", `{"\ud83d\ude00":[4]}`, "/\U0001F600", []string{"4"}, nil},
		{"empty name", `{"":[5]}`, "/", []string{"5"}, nil},
		{"index through arrays", `[[],[0,[6,7]]]`, "/1/1", []string{"6", "7"}, nil},
		{"dash", `[[1]]`, "/-", nil, graft.ErrNotFound},
		{"leading zero index", `[[1],[2]]`, "/01", nil, graft.ErrNotFound},
		{"index past end", `[[1],[2]]`, "/2", nil, graft.ErrNotFound},
		{"huge index", `[[1]]`, "/99999999999999999999999", nil, graft.ErrNotFound},
		{"name prefix", `{"ab":[1],"a":[2]}`, "/a", []string{"2"}, nil},
		{"long name skipped", `{"` + strings.Repeat("a", 200) + `":1,"a":[8]}`, "/a", []string{"8"}, nil},
		{"long name matched", `{"` + strings.Repeat("b", 200) + `":[9]}`, "/" + strings.Repeat("b", 200), []string{"9"}, nil},
	} {
		for rname, rd := range readers([]byte(tc.in)) {
			for _, size := range []int{0, 32} {
				r := stream.NewReader(rd(), stream.Options{Path: tc.path, BufferSize: size})
				res := collect(r)
				if tc.errIs != nil {
					if !errors.Is(res.err, tc.errIs) {
						t.Errorf("%s/%s/%d: error %v, want %v", tc.name, rname, size, res.err, tc.errIs)
					}
					continue
				}
				if res.err != nil || !equal(res.items, tc.items) {
					t.Errorf("%s/%s/%d: items %q error %v, want %q", tc.name, rname, size, res.items, res.err, tc.items)
				}
			}
		}
	}
}

// positionedInput returns more than two windows of items on many lines with
// CR LF, tabs and multibyte UTF-8, then a broken item.
func positionedInput() (data []byte, badOff int) {
	var b bytes.Buffer
	b.WriteString("[\r\n")
	for i := 0; i < 3000; i++ {
		b.WriteString("\t{\"k\":\t\"é€😀 ")
		b.WriteString(strings.Repeat("x", i%50))
		b.WriteString("\"},\r\n")
	}
	b.WriteString("\t{\"k\": \"é\" \"z\"}]")
	data = b.Bytes()
	return data, bytes.LastIndex(data, []byte(`"z"`))
}

// TestErrorPositions: error offset, line and column in the whole stream,
// past several windows, through every kind of reader.
func TestErrorPositions(t *testing.T) {
	data, bad := positionedInput()
	wantLine, wantCol := position(data, int64(bad))
	rs := readers(data)
	rs["half"] = func() io.Reader { return iotest.HalfReader(bytes.NewReader(data)) }
	for rname, rd := range rs {
		for _, size := range []int{0, 100} {
			r := stream.NewReader(rd(), stream.Options{BufferSize: size})
			res := collect(r)
			var ge *graft.Error
			if !errors.As(res.err, &ge) {
				t.Fatalf("%s/%d: error %v", rname, size, res.err)
			}
			if len(res.items) != 3000 || ge.Offset != int64(bad) || ge.Line != wantLine || ge.Column != wantCol {
				t.Errorf("%s/%d: %d items, error at %d (%d:%d), want 3000 items, %d (%d:%d): %v",
					rname, size, len(res.items), ge.Offset, ge.Line, ge.Column, bad, wantLine, wantCol, ge)
			}
			checkRaws(t, data, res, graft.Options{})
		}
	}
}

// TestLimitsAtBoundary: MaxItemBytes at the boundary in every mode, and
// MaxDepth counted from the top of the stream.
func TestLimitsAtBoundary(t *testing.T) {
	item := `"` + strings.Repeat("y", 48) + `"` // 50 bytes
	for _, tc := range []struct {
		mode stream.Mode
		in   string
	}{
		{stream.Array, "[" + item + "]"},
		{stream.Lines, item + "\n"},
		{stream.Concatenated, item},
		{stream.Sequence, "\x1e" + item + "\n"},
	} {
		for rname, rd := range readers([]byte(tc.in)) {
			res := collect(stream.NewReader(rd(), stream.Options{Mode: tc.mode, MaxItemBytes: 50}))
			if res.err != nil || len(res.items) != 1 {
				t.Errorf("%v/%s: item of 50 bytes at a limit of 50: %q, %v", tc.mode, rname, res.items, res.err)
			}
			res = collect(stream.NewReader(rd(), stream.Options{Mode: tc.mode, MaxItemBytes: 49}))
			if !errors.Is(res.err, graft.ErrLimit) {
				t.Errorf("%v/%s: item of 50 bytes at a limit of 49: %q, %v", tc.mode, rname, res.items, res.err)
			}
		}
	}
	// An array at depth 2, MaxDepth 3: an item may nest one more level.
	for rname, rd := range readers([]byte(`{"a":[[1],[[2]]]}`)) {
		res := collect(stream.NewReader(rd(), stream.Options{Path: "/a", MaxDepth: 3}))
		if !equal(res.items, []string{"[1]"}) || !errors.Is(res.err, graft.ErrLimit) {
			t.Errorf("depth %s: %q, %v", rname, res.items, res.err)
		}
	}
	for _, mode := range []stream.Mode{stream.Lines, stream.Concatenated, stream.Sequence} {
		in := "\x1e[[[1]]]\n\x1e[[[[1]]]]\n"
		if mode != stream.Sequence {
			in = "[[[1]]]\n[[[[1]]]]\n"
		}
		res := collect(stream.NewReader(strings.NewReader(in), stream.Options{Mode: mode, MaxDepth: 3}))
		if len(res.items) != 1 || !errors.Is(res.err, graft.ErrLimit) {
			t.Errorf("depth %v: %q, %v", mode, res.items, res.err)
		}
	}
}

// TestItemsStraddleWindow: items that straddle the default 64 KiB window, and
// items larger than it, through every reader.
func TestItemsStraddleWindow(t *testing.T) {
	var b bytes.Buffer
	var want []string
	b.WriteString(`{"pad":"` + strings.Repeat("p", 65536-20) + `","items":[`)
	for i, n := range []int{10, 70000, 5, 200000, 65536, 65535, 1} {
		if i > 0 {
			b.WriteByte(',')
		}
		item := `{"s":"` + strings.Repeat("\\\"", n/2) + `","n":[` + strings.Repeat("1,", n%7) + `0]}`
		b.WriteString(item)
		want = append(want, item)
	}
	b.WriteString("]}")
	data := b.Bytes()
	for rname, rd := range readers(data) {
		res := collect(stream.NewReader(rd(), stream.Options{Path: "/items"}))
		if res.err != nil || !equal(res.raws, want) {
			t.Errorf("%s: %d items, error %v", rname, len(res.raws), res.err)
		}
	}
}

// TestBackslashRuns: strings with runs of backslashes before quotes
// and brackets, at every offset modulo the 64-byte block of the scan.
func TestBackslashRuns(t *testing.T) {
	for pad := 0; pad < 130; pad++ {
		for run := 0; run <= 5; run++ {
			s := `"` + strings.Repeat("a", pad) + strings.Repeat(`\\`, run) + `\"]}[{` + strings.Repeat(`\\`, run) + `"`
			items := []string{`[` + s + `,{"k":` + s + `}]`, s, `{"` + strings.Repeat("b", pad%7) + `":[` + s + `]}`}
			in := "[" + strings.Join(items, ",") + "]"
			var d graft.Doc
			if _, err := d.Parse([]byte(in)); err != nil {
				t.Fatalf("bad test input %q: %v", in, err)
			}
			for _, size := range []int{0, 32} {
				res := collect(stream.NewReader(strings.NewReader(in), stream.Options{BufferSize: size}))
				if res.err != nil || !equal(res.raws, items) {
					t.Fatalf("pad %d run %d size %d: raws %q, error %v", pad, run, size, res.raws, res.err)
				}
				res = collect(stream.NewReader(strings.NewReader(strings.Join(items, "")), stream.Options{Mode: stream.Concatenated, BufferSize: size}))
				if res.err != nil || !equal(res.raws, items) {
					t.Fatalf("concatenated pad %d run %d size %d: raws %q, error %v", pad, run, size, res.raws, res.err)
				}
			}
		}
	}
}

// splitDoc has items with escapes, surrogate pairs, non-ASCII text,
// numbers and literals, behind members the scanner skips.
const splitDoc = "{\"skip\":{\"s\":\"a\\\"b\\\\c\\u00e9\\uD83D\\uDE00 caf\u00e9 \u65e5\u672c\u8a9e\",\"n\":[-12.5e+3,0,1E-2,true,false,null]},\n" +
	"\"items\":[{\"id\":1,\"name\":\"x\\\"y\",\"tags\":[\"\u00e9\u00e9\",\"\\n\\t\"]},-0.25e-1,\"\\uD83D\\uDE00\\\\\",true,null,false,\n" +
	"  {\"deep\":[[{\"k\":\"\\\\\\\"\"}]]},12345678901234567890],\"tail\":\"\u65e5\u672c\"}"

// TestSplitEverywhere cuts the input at every byte, so that every token
// meets the end of what one Read returned, with windows of several sizes
// (the smallest makes strings cross the window and be validated in
// pieces).
func TestSplitEverywhere(t *testing.T) {
	data := []byte(splitDoc)
	for _, size := range []int{1, 33, 47, 64, 1 << 12} {
		for at := 0; at <= len(data); at++ {
			res := checkArray(t, data, "/items", &splitReader{data: data, at: at}, stream.Options{BufferSize: size})
			if len(res.items) != 8 {
				t.Fatalf("buffer %d, split at %d: %d items", size, at, len(res.items))
			}
		}
		// Every byte in its own Read, and the items of a top-level array.
		checkArray(t, data, "/items", iotest.OneByteReader(bytes.NewReader(data)), stream.Options{BufferSize: size})
		arr := []byte("[" + splitDoc + "," + splitDoc + "]")
		for at := 0; at <= len(arr); at += 7 {
			checkArray(t, arr, "", &splitReader{data: arr, at: at}, stream.Options{BufferSize: size})
		}
	}
}

// TestSplitErrors: an error is found at the same place wherever the input
// is cut.
func TestSplitErrors(t *testing.T) {
	for _, doc := range []string{
		`{"skip":"abc\u00e9\ud800x","items":[]}`,
		"{\"skip\":\"abcdefghijklmnopqrstuvwxyz0123456789 \xc3\x28\",\"items\":[]}",
		`{"skip":"abcdefghijklmnopqrstuvwxyz0123456789 \q","items":[]}`,
		`{"skip":[1,2,3.],"items":[]}`,
		`{"items":[1,2,{"a":"b\x"}]}`,
		"{\"items\":[1,\n2,\n{\"a\":nul}]}",
		`{"skip":"` + strings.Repeat("\\u00e9", 30) + `\uDBFF\uDFFF\uD800\u0041","items":[]}`,
		`{"skip":"` + strings.Repeat("long", 30) + `","items":[1],"x":"` + strings.Repeat("\u65e5", 30) + "\xe6\x97" + `"}`,
	} {
		data := []byte(doc)
		for _, size := range []int{1, 40, 64} {
			for at := 0; at <= len(data); at++ {
				checkArray(t, data, "/items", &splitReader{data: data, at: at}, stream.Options{BufferSize: size})
			}
		}
	}
}

// errReader returns its data, then err.
type errReader struct {
	data []byte
	err  error
}

func (e *errReader) Read(p []byte) (int, error) {
	if len(e.data) == 0 {
		return 0, e.err
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

var errBroken = errors.New("connection reset")

// TestReaderError: an error of the reader comes back as it is, after every
// item that was complete before it; none is delivered twice.
func TestReaderError(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		path  string
		mode  stream.Mode
		items int
		limit int // MaxItemBytes
	}{
		{"inside an item", `[1,2,{"a":`, "", stream.Array, 2, 0},
		{"inside a string of an item", `[1,"ab`, "", stream.Array, 1, 0},
		{"after an item", `[1,2`, "", stream.Array, 1, 0}, // 2 may go on: 2 ends at the error
		{"in skipped text", `{"x":"abc`, "/y", stream.Array, 0, 0},
		{"in a number outside", `{"x":12`, "/y", stream.Array, 0, 0},
		{"in a literal outside", `{"x":tr`, "/y", stream.Array, 0, 0},
		{"before the end of the array", `[1,2,3]`, "", stream.Array, 3, 0},
		{"after the array", `{"a":[1,2,3],"b":`, "/a", stream.Array, 3, 0},
		{"after '['", `[`, "", stream.Array, 0, 0},
		{"after a comma", `[1,`, "", stream.Array, 1, 0},
		{"in an object before the path", `{"a":1`, "/b", stream.Array, 0, 0},
		{"in an array before the path", `{"a":[1`, "/a/1", stream.Array, 0, 0},
		{"after a member before the path", `{"a":1,`, "/b", stream.Array, 0, 0},
		{"after a name before the path", `{"a":1,"b"`, "/b", stream.Array, 0, 0},
		{"after the array, before a name", `{"a":[1],`, "/a", stream.Array, 1, 0},
		{"after the array, after a name", `{"a":[1],"b"`, "/a", stream.Array, 1, 0},
		// Over the size limit, the whitespace after the limit tells
		// which error comes first, and the reader breaks inside it.
		{"in whitespace after a line over the limit", "1\n\"00" + strings.Repeat(" ", 30), "", stream.Lines, 1, 4},
		{"in whitespace past the allowance of a sequence", "\x1e\"000 \t" + strings.Repeat(" ", 20), "", stream.Sequence, 0, 7},
		{"lines", "1\n2\n3", "", stream.Lines, 2, 0},
		{"sequence", "\x1e1\n\x1e2\n\x1e3", "", stream.Sequence, 2, 0},
		{"concatenated", "1 2 3", "", stream.Concatenated, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, size := range []int{0, 1} {
				r := stream.NewReader(&errReader{data: []byte(tc.in), err: errBroken}, stream.Options{Mode: tc.mode, Path: tc.path, BufferSize: size, MaxItemBytes: tc.limit})
				res := collect(r)
				if res.err != errBroken {
					t.Fatalf("error %v, want %v as it is", res.err, errBroken)
				}
				if len(res.items) != tc.items || r.Count() != tc.items {
					t.Fatalf("%d items (Count %d), want %d: %q", len(res.items), r.Count(), tc.items, res.items)
				}
				if r.Next() || r.Err() != errBroken {
					t.Fatal("Next after the error")
				}
			}
		})
	}
}

// TestReaderTimeout: iotest.TimeoutReader fails its second Read with
// ErrTimeout; every item read before comes out, then the error as it is.
func TestReaderTimeout(t *testing.T) {
	for _, mode := range []stream.Mode{stream.Array, stream.Lines, stream.Concatenated} {
		in := "[1,2,3]"
		if mode != stream.Array {
			in = "1\n2\n3\n"
		}
		r := stream.NewReader(iotest.TimeoutReader(strings.NewReader(in)), stream.Options{Mode: mode})
		res := collect(r)
		if !errors.Is(res.err, iotest.ErrTimeout) || len(res.items) != 3 {
			t.Errorf("%v: items %q, error %v; want 3 items, then ErrTimeout", mode, res.items, res.err)
		}
		if r.Next() || !errors.Is(r.Err(), iotest.ErrTimeout) {
			t.Errorf("%v: Next after the error", mode)
		}
	}
}

// eofWithData returns everything with io.EOF in one call.
type eofWithData struct{ data []byte }

func (e *eofWithData) Read(p []byte) (int, error) {
	n := copy(p, e.data)
	e.data = e.data[n:]
	if len(e.data) == 0 {
		return n, io.EOF
	}
	return n, nil
}

// errWithData returns everything with a non-EOF error in one call.
type errWithData struct{ data []byte }

func (e *errWithData) Read(p []byte) (int, error) {
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, errBroken
}

// TestReaderDataWithError: a reader that returns its last bytes together
// with io.EOF, or with another error, loses none of them.
func TestReaderDataWithError(t *testing.T) {
	for _, tc := range []struct {
		in    string
		mode  stream.Mode
		items int
	}{
		{"[1,2,3]", stream.Array, 3},
		{"1\n2\n3", stream.Lines, 3},
		{"1 2 3", stream.Concatenated, 3},
		{"\x1e1\n\x1e2\n\x1e3\n", stream.Sequence, 3},
	} {
		res := collect(stream.NewReader(&eofWithData{[]byte(tc.in)}, stream.Options{Mode: tc.mode}))
		if res.err != nil || len(res.items) != tc.items {
			t.Errorf("EOF with data, %v %q: items %q, error %v", tc.mode, tc.in, res.items, res.err)
		}
		res = collect(stream.NewReader(&errWithData{[]byte(tc.in)}, stream.Options{Mode: tc.mode}))
		if !errors.Is(res.err, errBroken) {
			t.Errorf("error with data, %v %q: items %q, error %v", tc.mode, tc.in, res.items, res.err)
		}
	}
}

// TestReaderMisbehaves: a reader that returns nothing forever ends with
// io.ErrNoProgress.
func TestReaderMisbehaves(t *testing.T) {
	r := stream.NewReader(zeroReader{}, stream.Options{})
	if r.Next() || !errors.Is(r.Err(), io.ErrNoProgress) {
		t.Fatalf("error %v", r.Err())
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

// TestLongTokensOutsideItems: strings and member names far longer than the
// window beside the array are validated without growing the window.
func TestLongTokensOutsideItems(t *testing.T) {
	long := strings.Repeat("caf\u00e9 \\\" \\uD83D\\uDE00 \u65e5\u672c ", 5000)
	doc := `{"` + long + `":"` + long + `","items":[1,2],"` + long + `":["` + long + `"]}`
	for _, rd := range readers([]byte(doc)) {
		r := stream.NewReader(rd(), stream.Options{Path: "/items", BufferSize: 64})
		res := collect(r)
		if res.err != nil || !equal(res.items, []string{"1", "2"}) {
			t.Fatalf("items %q, error %v", res.items, res.err)
		}
	}
	// The invalid byte at the end of a long string is found.
	bad := `{"x":"` + long + "\xff" + `","items":[]}`
	r := stream.NewReader(strings.NewReader(bad), stream.Options{Path: "/items", BufferSize: 64})
	var ge *graft.Error
	if r.Next() || !errors.As(r.Err(), &ge) || ge.Offset != int64(6+len(long)) {
		t.Fatalf("error %v, want invalid UTF-8 at %d", r.Err(), 6+len(long))
	}
}

// TestReset reuses a Reader for other inputs.
func TestReset(t *testing.T) {
	r := stream.NewReader(strings.NewReader(`[1,2`), stream.Options{})
	if res := collect(r); res.err == nil {
		t.Fatal("no error")
	}
	r.Reset(strings.NewReader(`[3,4]`))
	if res := collect(r); res.err != nil || !equal(res.items, []string{"3", "4"}) || r.Count() != 2 {
		t.Fatalf("after Reset: %q, %v", res.items, res.err)
	}
	bad := stream.NewReader(strings.NewReader(`[]`), stream.Options{Path: "x"})
	bad.Reset(strings.NewReader(`[]`))
	if bad.Next() || !errors.Is(bad.Err(), graft.ErrPointer) {
		t.Fatalf("malformed path forgotten by Reset: %v", bad.Err())
	}
}

// TestResetMidStream: Reset in the middle of a stream and after an error
// forgets everything of the old input.
func TestResetMidStream(t *testing.T) {
	r := stream.NewReader(strings.NewReader(`{"a":[[1],[2],[3]]}`), stream.Options{Path: "/a", BufferSize: 32})
	if !r.Next() {
		t.Fatal(r.Err())
	}
	r.Reset(strings.NewReader("\n\n{\"a\":[4,\n5 x]}"))
	if r.Item() != 0 || r.Raw() != nil || r.Count() != 0 || r.Err() != nil {
		t.Fatalf("after Reset: item %d raw %q count %d err %v", r.Item(), r.Raw(), r.Count(), r.Err())
	}
	res := collect(r)
	var ge *graft.Error
	if !equal(res.items, []string{"4", "5"}) || !errors.As(res.err, &ge) || ge.Line != 4 || ge.Column != 3 || ge.Offset != 13 {
		t.Fatalf("after Reset: items %q, error %v (%+v)", res.items, res.err, ge)
	}
	if res.offs[0] != 8 {
		t.Errorf("Offset of the first item after Reset %d, want 8", res.offs[0])
	}
}

// TestItemLifetime: Raw and the Doc hold the current item only; a copy
// outlives Next.
func TestItemLifetime(t *testing.T) {
	r := stream.NewReader(strings.NewReader(`[{"a":"first"},{"a":"second"}]`), stream.Options{BufferSize: 1})
	if !r.Next() {
		t.Fatal(r.Err())
	}
	kept := append([]byte(nil), r.Raw()...)
	var mine graft.Doc
	ref, err := mine.Parse(r.Raw())
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() || string(r.Raw()) != `{"a":"second"}` {
		t.Fatalf("second item %q, %v", r.Raw(), r.Err())
	}
	if string(kept) != `{"a":"first"}` || string(mine.AppendJSON(nil, ref)) != `{"a":"first"}` {
		t.Fatalf("copies changed: %q, %q", kept, mine.AppendJSON(nil, ref))
	}
	if r.Next() || r.Err() != nil || r.Item() != 0 || r.Raw() != nil {
		t.Fatalf("after the end: item %d, raw %q, error %v", r.Item(), r.Raw(), r.Err())
	}
}

func TestModeString(t *testing.T) {
	for m, want := range map[stream.Mode]string{stream.Array: "array", stream.Lines: "lines", stream.Concatenated: "concatenated", stream.Sequence: "sequence", stream.Auto: "auto", 9: "unknown"} {
		if m.String() != want {
			t.Errorf("Mode(%d).String() = %q", m, m.String())
		}
	}
	r := stream.NewReader(strings.NewReader(`1`), stream.Options{Mode: 9})
	if r.Next() || r.Err() == nil {
		t.Error("unknown mode accepted")
	}
}

// TestDuplicateOnPath: one rule for duplicate members everywhere — Doc
// lookups take the last; the Reader, which read the first, reports the
// second instead of disagreeing in silence. Elsewhere duplicates are fine.
func TestDuplicateOnPath(t *testing.T) {
	cases := []struct {
		name, in, path string
		items          int
		dup            bool
	}{
		{"twice on the path", `{"rows":[1,2],"rows":[3]}`, "/rows", 2, true},
		{"twice one level up", `{"a":{"rows":[1]},"x":0,"a":{}}`, "/a/rows", 1, true},
		{"escaped the second time", `{"rows":[1],"\u0072ows":[]}`, "/rows", 1, true},
		{"twice beside the path", `{"rows":[1],"x":1,"x":2}`, "/rows", 1, false},
		{"twice inside an item", `{"rows":[{"a":1,"a":2}]}`, "/rows", 1, false},
		{"twice before the path", `{"x":1,"x":2,"rows":[1]}`, "/rows", 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := stream.NewReader(strings.NewReader(c.in), stream.Options{Path: c.path})
			n := 0
			for r.Next() {
				n++
			}
			err := r.Err()
			if n != c.items || c.dup != errors.Is(err, graft.ErrPointer) || !c.dup && err != nil {
				t.Fatalf("%d items, %v; want %d items, duplicate error %v", n, err, c.items, c.dup)
			}
			if c.dup && !strings.Contains(err.Error(), "occurs twice on the path") {
				t.Fatalf("message %q", err)
			}
		})
	}
}

// TestValidate: Validate accepts what Doc.Parse accepts and reports the
// same reason at the same offset, read one byte at a time through a small
// window, so that no value fits in it.
func TestValidate(t *testing.T) {
	inputs := []string{
		`{"a":[1,2,{"b":null}],"c":"x\u00e9y"}`, ` [true, false] `, `"` + strings.Repeat("long string ", 100) + `"`,
		`-12.5e+3`, ``, `   `, `{"a":1,}`, `[1 2]`, `01`, "\ufeff[1]", `{"a":1}x`, `[1,[2,[3]]`, `"\ud800"`, "\"\xff\"", `tru`, `{"a" 1}`,
		strings.Repeat("[", 1001) + strings.Repeat("]", 1001),
	}
	// An escape, then a UTF-8 continuation byte or a whole character, at
	// every place against the window's end: a long string is checked in
	// pieces cut at character boundaries, never inside the escape.
	for k := range 24 {
		for _, tail := range []string{`\0` + "\xab", `\n` + "\xab", `\n` + "é", `\u00e9` + "\x80"} {
			inputs = append(inputs, `"`+strings.Repeat("0", k)+tail+strings.Repeat("0", 12)+`"`)
		}
	}
	for _, in := range inputs {
		var d graft.Doc
		_, want := d.Parse([]byte(in))
		got := stream.Validate(iotest.OneByteReader(strings.NewReader(in)), stream.Options{BufferSize: 16})
		var ge, we *graft.Error
		switch {
		case want == nil && got != nil, want != nil && got == nil:
			t.Errorf("%.40q: Validate %v, Parse %v", in, got, want)
		case want != nil && (!errors.As(got, &ge) || !errors.As(want, &we) || ge.Offset != we.Offset || ge.Reason != we.Reason || ge.Err != we.Err):
			t.Errorf("%.40q:\nValidate %v\nParse    %v", in, got, want)
		}
	}
}

// TestFormat: Compact and Indent print what encoding/json's Compact and
// Indent print, reading one byte at a time through a small window, so
// that strings cross the window's end; on invalid input they fail as
// Validate does.
func TestFormat(t *testing.T) {
	inputs := []string{
		`{"a":[1,2,{"b":null}],"c":"x\u00e9y"}`, " [ true ,\n false ] ", `"` + strings.Repeat("long \\\"string\\\" ", 100) + `"`,
		`-12.5e+3`, `{ }`, `[ ]`, `{"a" : { } , "b" : [ [ ] , { "c" : [ 1 ] } ]}`, `[1, "a b", {"x y": " z "}]`,
		"\t{\"k\":\r\n\"" + strings.Repeat("é", 40) + "\"}\n",
	}
	for _, in := range inputs {
		for _, indent := range []string{"", " ", "\t"} {
			var want bytes.Buffer
			var got bytes.Buffer
			var err error
			src := iotest.OneByteReader(strings.NewReader(in))
			if indent == "" {
				json.Compact(&want, []byte(in))
				err = stream.Compact(&got, src, stream.Options{BufferSize: 16})
			} else {
				json.Indent(&want, []byte(in), "", indent)
				err = stream.Indent(&got, src, indent, stream.Options{BufferSize: 16})
			}
			// encoding/json.Indent keeps the whitespace after the value.
			if w := strings.TrimRight(want.String(), " \t\r\n"); err != nil || got.String() != w {
				t.Errorf("%.30q indent %q: %v\ngot  %q\nwant %q", in, indent, err, got.String(), w)
			}
		}
	}
	for _, in := range []string{`{"a":1,}`, `[1 2]`, "\ufeff[1]", ``} {
		var d graft.Doc
		_, want := d.Parse([]byte(in))
		err := stream.Indent(io.Discard, strings.NewReader(in), "  ", stream.Options{})
		if err == nil || err.Error() != want.Error() {
			t.Errorf("%q: %v, want %v", in, err, want)
		}
	}
}
