package graphql

import (
	"unicode/utf8"

	"github.com/graftjson/graft/shape"
)

// nesting reports whether the braces and brackets of the GraphQL document
// query nest more than limit levels, and where the first one too deep is.
// Strings, block strings and comments are skipped. It runs before the
// parser, whose recursion (and memory) grows with the nesting; a document
// it misreads only gets the parser's syntax error.
func nesting(query string, limit int) (shape.Location, bool) {
	depth, line, start := 0, 1, 0
	for i := 0; i < len(query); i++ {
		switch c := query[i]; c {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(query) && query[i+1] == '\n' {
				i++
			}
			line, start = line+1, i+1
		case '#':
			for i+1 < len(query) && query[i+1] != '\n' && query[i+1] != '\r' {
				i++
			}
		case '"':
			if len(query)-i >= 3 && query[i+1] == '"' && query[i+2] == '"' {
				// A block string ends at """ not escaped as \""".
				for i += 3; i < len(query); i++ {
					if query[i] == '\n' {
						line, start = line+1, i+1
					} else if query[i] == '\\' && len(query)-i >= 4 && query[i+1:i+4] == `"""` {
						i += 3
					} else if len(query)-i >= 3 && query[i:i+3] == `"""` {
						i += 2
						break
					}
				}
				continue
			}
			for i++; i < len(query) && query[i] != '"'; i++ {
				if query[i] == '\n' || query[i] == '\r' {
					i-- // an unterminated string: count the line break
					break
				}
				if query[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			if depth++; depth > limit {
				// Columns count characters, as gqlparser's do.
				return shape.Location{Line: line, Column: utf8.RuneCountInString(query[start:i]) + 1}, true
			}
		case '}', ']':
			depth--
		}
	}
	return shape.Location{}, false
}
