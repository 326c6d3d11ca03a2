package markdown_test

import (
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/markdown"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file or differ between runs.
// Seeds are the golden sources plus a few fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/markdown`.
func FuzzExtract(f *testing.F) {
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "#", "# ", "#\n=", "a\n=", "[", "](", "[a](", "[a](<", "![a](b)", "`", "``[a](b)`",
		"> # q\n---", "- a\n  ===", "```\n# x", "---\n", "+++\n", "\\", "[a]: <", "| a |\n|-|\n| [b](c) |",
		"\r\n# a\r\n", "\xff\xfe# \xef\xbb\xbf",
	} {
		f.Add(s)
	}
	e := markdown.New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "docs/fuzz.md", Content: []byte(src)}
		got := e.Extract(in)
		checkFile(t, in.Path, in.Content, got)
		if again := e.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
		for _, d := range got.Diagnostics {
			if strings.HasPrefix(d.Message, "parse:") {
				t.Errorf("parse failed: %s", d.Message)
			}
		}
	})
}
