package cpp_test

import (
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// benchInputs is a fixed sample of the C++ corpus: every n-th of its
// sorted files, about 200 of them (libstdc++ mostly).
func benchInputs(b *testing.B) ([]extract.Input, int64) {
	files := cpptest.Sample(cpptest.CPPFiles(b), 200)
	contents, total := cpptest.Read(b, files)
	ins := make([]extract.Input, len(files))
	for i, f := range files {
		ins[i] = extract.Input{Path: f.Path, Content: contents[i]}
	}
	return ins, total
}

func BenchmarkExtract(b *testing.B) {
	ins, total := benchInputs(b)
	ex := cpp.New()
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			ex.Extract(in)
		}
	}
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	ins, total := benchInputs(b)
	l := tsutil.NewLang(tscpp.Language())
	b.SetBytes(total)
	for b.Loop() {
		for _, in := range ins {
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
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
