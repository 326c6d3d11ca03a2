package python_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, python.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, python.New(), "python", map[string]bool{
		"a/b.py": true, "a/b.pyi": true, "B.PY": true, "a/b.pyc": false, "a/b.pyx": false, "py": false,
	})
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, python.New(), extracttest.GoldenInputs(t))
}
