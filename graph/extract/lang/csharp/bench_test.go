package csharp_test

import (
	"testing"

	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/csharp"
)

func BenchmarkExtract(b *testing.B) {
	dir, files := corpusFiles(b)
	extracttest.BenchExtract(b, csharp.New(), extracttest.Sample(b, dir, files, 200))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on.
func BenchmarkParseOnly(b *testing.B) {
	dir, files := corpusFiles(b)
	extracttest.BenchParse(b, tsutil.NewLang(tscsharp.Language()), extracttest.Sample(b, dir, files, 200))
}
