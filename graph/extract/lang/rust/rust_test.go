package rust_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, rust.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, rust.New(), "rust", map[string]bool{
		"src/lib.rs": true, "A.RS": true, "a/b.rsx": false, "a/b.r": false, "rs": false, "a/rs": false,
	})
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, rust.New(), extracttest.GoldenInputs(t))
}
