package kotlin_test

import (
	"os"
	"strings"
	"testing"

	tskotlin "github.com/tree-sitter-grammars/tree-sitter-kotlin/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
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
	files := extracttest.CorpusFiles(tb, dir, func(p string) bool {
		return strings.HasSuffix(p, ".kt") || strings.HasSuffix(p, ".kts")
	})
	return extracttest.Sample(tb, dir, files, sample)
}

// BenchmarkExtract measures parse plus walk over 200 files of the corpus.
func BenchmarkExtract(b *testing.B) {
	extracttest.BenchExtract(b, kotlin.New(), loadCorpus(b, 200))
}

// BenchmarkParseOnly is the floor BenchmarkExtract stands on.
func BenchmarkParseOnly(b *testing.B) {
	extracttest.BenchParse(b, tsutil.NewLang(tskotlin.Language()), loadCorpus(b, 200))
}
