package graft_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/graftjson/graft"
)

// BenchmarkParseSmall times both parsers on upstream-response-like inputs
// of 36 to 200 bytes (an _entities list of 1 to 8 small objects), into a
// warm Doc: the sizes around minFastInput, the threshold below which
// Append keeps to the scalar parser. Each sub-benchmark checks its result
// against encoding/json's compact form of the input.
func BenchmarkParseSmall(b *testing.B) {
	for _, kind := range []string{"stock", "user"} {
		for k := 1; k <= 8; k++ {
			var s strings.Builder
			s.WriteString(`{"data":{"_entities":[`)
			for i := range k {
				if i > 0 {
					s.WriteByte(',')
				}
				if kind == "stock" {
					s.WriteString(`{"stock":` + strconv.Itoa(i*7%10) + `}`)
				} else {
					s.WriteString(`{"name":"u-` + strconv.Itoa(i) + `","__typename":"User"}`)
				}
			}
			s.WriteString(`]}}`)
			if s.Len() > 200 {
				break
			}
			src := []byte(s.String())
			want := []byte(stdCompact(b, s.String()))
			for _, parser := range []string{"scalar", "fast"} {
				b.Run(kind+"/"+strconv.Itoa(len(src))+"/"+parser, func(b *testing.B) {
					defer graft.UseParser(parser)()
					var d graft.Doc
					var root graft.Ref
					var err error
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						d.Reset()
						if root, err = d.Append(src); err != nil {
							b.Fatal(err)
						}
					}
					if got := d.AppendJSON(nil, root); !bytes.Equal(got, want) {
						b.Fatalf("got %s, want %s", got, want)
					}
				})
			}
		}
	}
}
