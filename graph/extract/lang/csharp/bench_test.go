package csharp_test

import (
	"os"
	"path/filepath"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tscsharp "github.com/tree-sitter/tree-sitter-c-sharp/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/csharp"
)

// benchInputs reads a fixed sample of about 200 corpus files: every n-th of
// the sorted list.
func benchInputs(b *testing.B) ([]extract.Input, int64) {
	dir, files := corpusFiles(b)
	step := max(1, len(files)/200)
	var ins []extract.Input
	var total int64
	for i := 0; i < len(files) && len(ins) < 200; i += step {
		content, err := os.ReadFile(filepath.Join(dir, files[i]))
		if err != nil {
			b.Fatal(err)
		}
		ins = append(ins, extract.Input{Path: files[i], Content: content})
		total += int64(len(content))
	}
	return ins, total
}

func BenchmarkExtract(b *testing.B) {
	ins, total := benchInputs(b)
	e := csharp.New()
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			e.Extract(in)
		}
	}
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	ins, total := benchInputs(b)
	l := tsutil.NewLang(tscsharp.Language())
	b.SetBytes(total)
	for b.Loop() {
		for _, in := range ins {
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
