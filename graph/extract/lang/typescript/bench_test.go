package typescript_test

import (
	"os"
	"path/filepath"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/typescript"
)

// benchFiles is how many corpus files the benchmarks read: every n-th
// file of the sorted list, so the sample spans the whole corpus.
const benchFiles = 200

// maxBenchFile leaves bundles out of the sample (typescript.js alone is
// 9 MB) so that it is made of code people write.
const maxBenchFile = 256 << 10

func benchInputs(b *testing.B) ([]extract.Input, int64) {
	dir, files := corpusFiles(b)
	var ins []extract.Input
	var total int64
	step := max(1, len(files)/benchFiles)
	for i := 0; i < len(files) && len(ins) < benchFiles; i += step {
		src, err := os.ReadFile(filepath.Join(dir, files[i]))
		if err != nil {
			b.Fatal(err)
		}
		if len(src) > maxBenchFile {
			continue
		}
		ins = append(ins, extract.Input{Path: files[i], Content: src})
		total += int64(len(src))
	}
	return ins, total
}

// BenchmarkExtract measures parse plus walk over a fixed sample of the
// corpus.
func BenchmarkExtract(b *testing.B) {
	ins, total := benchInputs(b)
	ex := typescript.New()
	b.SetBytes(total)
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		for _, in := range ins {
			ex.Extract(in)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: tree-sitter's
// parse of the same files with the same grammars, nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	ins, total := benchInputs(b)
	ts, tsx, js := tsutil.NewLang(tsts.LanguageTypescript()), tsutil.NewLang(tsts.LanguageTSX()),
		tsutil.NewLang(tsjs.Language())
	b.SetBytes(total)
	cpu := processCPU()
	for b.Loop() {
		for _, in := range ins {
			l := ts
			switch filepath.Ext(in.Path) {
			case ".tsx", ".jsx":
				l = tsx
			case ".js", ".mjs", ".cjs":
				l = js
			}
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportCPU(b, cpu)
}
