package ruby_test

import (
	"testing"

	tsruby "github.com/tree-sitter/tree-sitter-ruby/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
)

func BenchmarkExtract(b *testing.B) {
	dir, files := corpusFiles(b)
	extracttest.BenchExtract(b, ruby.New(), extracttest.Sample(b, dir, files, 200))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on.
func BenchmarkParseOnly(b *testing.B) {
	dir, files := corpusFiles(b)
	extracttest.BenchParse(b, tsutil.NewLang(tsruby.Language()), extracttest.Sample(b, dir, files, 200))
}
