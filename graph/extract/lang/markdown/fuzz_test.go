package markdown_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/markdown"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file or differ between runs.
// Seeds are the golden sources plus a few fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/markdown`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "#", "# ", "#\n=", "a\n=", "[", "](", "[a](", "[a](<", "![a](b)", "`", "``[a](b)`",
		"> # q\n---", "- a\n  ===", "```\n# x", "---\n", "+++\n", "\\", "[a]: <", "| a |\n|-|\n| [b](c) |",
		"\r\n# a\r\n", "\xff\xfe# \xef\xbb\xbf",
	}
	extracttest.Fuzz(f, markdown.New(), extract.Input{Path: "docs/fuzz.md"}, seeds, checkFuzz)
}

func checkFuzz(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
	checkFile(t, in.Path, in.Content, got)
	extracttest.NoParseFailure(t, got)
}
