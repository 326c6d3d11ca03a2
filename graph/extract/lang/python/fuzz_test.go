package python_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce spans outside the file or differ between runs.
// Seeds are the golden sources plus a few broken fragments; run it for real
// with `go test -fuzz FuzzExtract ./graph/extract/lang/python`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "def", "def (", "class :", "@\n", "import", "from . import", "from import x",
		"x: = 1", "f\"{", "'''", "lambda: (", "match x:\n case", "@click.command(\ndef f(): pass",
		"def f(a, (b, c)): pass", "print 'py2'", "\xff\xfe garbage \xef\xbb\xbf",
	}
	extracttest.Fuzz(f, python.New(), extract.Input{Path: "pkg/test_mod.py"}, seeds, checkFuzz)
}

func checkFuzz(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
	checkFile(t, in.Path, in.Content, got)
	extracttest.NoParseFailure(t, got)
}
