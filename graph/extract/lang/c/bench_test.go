package c_test

import (
	"testing"

	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/c"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// benchInputs is a fixed sample of the C corpus the C grammar reads (C++
// headers left out, so that BenchmarkParseOnly parses the same files):
// every n-th of its sorted files, about 200 of them.
func benchInputs(b *testing.B) []extract.Input {
	files := cpptest.Sample(cpptest.CSourceFiles(b), 200)
	contents, _ := cpptest.Read(b, files)
	ins := make([]extract.Input, len(files))
	for i, f := range files {
		ins[i] = extract.Input{Path: f.Path, Content: contents[i]}
	}
	return ins
}

func BenchmarkExtract(b *testing.B) {
	extracttest.BenchExtract(b, c.New(), benchInputs(b))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	extracttest.BenchParse(b, tsutil.NewLang(tsc.Language()), benchInputs(b))
}
