package cpp_test

import (
	"testing"

	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// benchInputs is a fixed sample of the C++ corpus: every n-th of its
// sorted files, about 200 of them (libstdc++ mostly).
func benchInputs(b *testing.B) []extract.Input {
	files := cpptest.Sample(cpptest.CPPFiles(b), 200)
	contents, _ := cpptest.Read(b, files)
	ins := make([]extract.Input, len(files))
	for i, f := range files {
		ins[i] = extract.Input{Path: f.Path, Content: contents[i]}
	}
	return ins
}

func BenchmarkExtract(b *testing.B) {
	extracttest.BenchExtract(b, cpp.New(), benchInputs(b))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	extracttest.BenchParse(b, tsutil.NewLang(tscpp.Language()), benchInputs(b))
}

// BenchmarkLooksLikeCPP measures the lexical scan package c runs on every
// .h file, over a fixed sample of the C corpus's headers.
func BenchmarkLooksLikeCPP(b *testing.B) {
	contents, total := cpptest.Read(b, cpptest.Sample(cpptest.CFiles(b), 400))
	b.SetBytes(total)
	for b.Loop() {
		for _, c := range contents {
			cpp.LooksLikeCPP(c)
		}
	}
}
