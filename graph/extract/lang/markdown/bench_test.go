package markdown_test

import (
	"os"
	"slices"
	"testing"
	"time"

	tsmd "github.com/tree-sitter-grammars/tree-sitter-markdown/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
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
func benchInputs(b *testing.B) []extract.Input {
	files := slices.DeleteFunc(corpusFiles(b, benchRoots(b)), func(p string) bool {
		fi, err := os.Stat(p)
		return err != nil || fi.Size() > benchMaxSize
	})
	step := max(1, len(files)/benchFiles)
	var ins []extract.Input
	for i := 0; i < len(files) && len(ins) < benchFiles; i += step {
		content, err := os.ReadFile(files[i])
		if err != nil {
			b.Fatal(err)
		}
		ins = append(ins, extract.Input{Path: files[i], Content: content})
	}
	return ins
}

func BenchmarkExtract(b *testing.B) {
	extracttest.BenchExtract(b, markdown.New().WithTimeout(benchTimeout), benchInputs(b))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on: the block
// grammar's parse of the same files, with nothing walked.
func BenchmarkParseOnly(b *testing.B) {
	l := tsutil.NewLang(tsmd.Language())
	l.Timeout = benchTimeout
	extracttest.BenchParse(b, l, benchInputs(b))
}
