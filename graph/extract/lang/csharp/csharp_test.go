package csharp_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/csharp"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, csharp.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, csharp.New(), "csharp", map[string]bool{
		"a.cs": true, "src/App/Program.CS": true, "a.csx": false, "a.csproj": true, "cs": false,
	})
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result, with the namespace still read.
func TestParseTimeout(t *testing.T) {
	e := csharp.New().WithTimeout(time.Nanosecond)
	src := "namespace Slow.App;\nclass C {\n" + strings.Repeat("void F() { var a = b + c * d; G(a); }\n", 20000) + "}\n"
	got := e.Extract(extract.Input{Path: "Slow.cs", Content: []byte(src)})
	extracttest.TimedOut(t, got, "csharp", "Slow.App")
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, csharp.New(), extracttest.GoldenInputs(t))
}
