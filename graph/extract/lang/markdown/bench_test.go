package markdown_test

import (
	"os"
	"slices"
	"testing"
	"time"

	tsmd "github.com/tree-sitter-grammars/tree-sitter-markdown/bindings/go"
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/markdown"
)

// benchFiles is how many files BenchmarkExtract reads: every n-th of the
// sorted Markdown files of the Go distribution and /usr/share/doc that are
// under benchMaxSize (Node.js's changelogs would otherwise be most of it).
const (
	benchFiles   = 200
	benchMaxSize = 256 << 10
)

// benchTimeout keeps a loaded machine's slow parses from timing out and
// dropping out of the measurement.
const benchTimeout = time.Minute

// benchInputs reads every n-th file of the sorted list.
func benchInputs(b *testing.B) ([]extract.Input, int64) {
	files := slices.DeleteFunc(corpusFiles(b, benchRoots(b)), func(p string) bool {
		fi, err := os.Stat(p)
		return err != nil || fi.Size() > benchMaxSize
	})
	step := max(1, len(files)/benchFiles)
	var ins []extract.Input
	var total int64
	for i := 0; i < len(files) && len(ins) < benchFiles; i += step {
		content, err := os.ReadFile(files[i])
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
	e := markdown.New().WithTimeout(benchTimeout)
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range ins {
			e.Extract(in)
		}
	}
	b.ReportMetric(float64(len(ins))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: the block
// grammar's parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	ins, total := benchInputs(b)
	l := tsutil.NewLang(tsmd.Language())
	l.Timeout = benchTimeout
	b.SetBytes(total)
	for b.Loop() {
		for _, in := range ins {
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
