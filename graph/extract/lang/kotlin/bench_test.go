package kotlin_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tskotlin "github.com/tree-sitter-grammars/tree-sitter-kotlin/bindings/go"
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
	"github.com/orbitgraph/orbit/graph/extract/lang/kotlin"
)

// corpusDir is the real Kotlin corpus: a directory named by
// $ORBIT_KOTLIN_CORPUS, searched for .kt and .kts files. The one measured
// for the report is the unpacked npm tarballs of react-native 0.79.2,
// expo-modules-core, react-native-gesture-handler and react-native-screens
// (`npm pack NAME` then `tar xzf`), whose Android sources are Kotlin.
func corpusDir() string { return os.Getenv("ORBIT_KOTLIN_CORPUS") }

// loadCorpus reads every .kt and .kts file of the corpus, sorted by path;
// sample > 0 keeps that many, evenly spread over the sorted list.
func loadCorpus(tb testing.TB, sample int) []extract.Input {
	dir := corpusDir()
	if dir == "" {
		tb.Skip("no Kotlin corpus: set ORBIT_KOTLIN_CORPUS to a directory of Kotlin sources")
	}
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".kt") || strings.HasSuffix(p, ".kts")) {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		tb.Skipf("walk %s: %v", dir, err)
	}
	slices.Sort(names)
	step := 1
	if sample > 0 {
		step = max(1, len(names)/sample)
	}
	var ins []extract.Input
	for i := 0; i < len(names) && (sample <= 0 || len(ins) < sample); i += step {
		content, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(names[i])))
		if err != nil {
			tb.Fatal(err)
		}
		ins = append(ins, extract.Input{Path: names[i], Content: content})
	}
	return ins
}

func totalBytes(ins []extract.Input) int64 {
	var n int64
	for _, in := range ins {
		n += int64(len(in.Content))
	}
	return n
}

// BenchmarkExtract measures parse plus walk over 200 files of the corpus.
func BenchmarkExtract(b *testing.B) {
	ins := loadCorpus(b, 200)
	e := kotlin.New()
	b.SetBytes(totalBytes(ins))
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
	ins := loadCorpus(b, 200)
	l := tsutil.NewLang(tskotlin.Language())
	b.SetBytes(totalBytes(ins))
	for b.Loop() {
		for _, in := range ins {
			if err := l.Parse(in.Content, func(*sitter.Node) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
