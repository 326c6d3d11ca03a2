package csharp_test

import (
	"reflect"
	"strings"
	"sync"
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
	e := csharp.New()
	if e.Lang() != "csharp" {
		t.Errorf("Lang() = %q", e.Lang())
	}
	for path, want := range map[string]bool{
		"a.cs": true, "src/App/Program.CS": true, "a.csx": false, "a.csproj": false, "cs": false,
	} {
		if got := e.Supports(path); got != want {
			t.Errorf("Supports(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result, with the namespace still read.
func TestParseTimeout(t *testing.T) {
	e := csharp.New().WithTimeout(time.Nanosecond)
	src := "namespace Slow.App;\nclass C {\n" + strings.Repeat("void F() { var a = b + c * d; G(a); }\n", 20000) + "}\n"
	got := e.Extract(extract.Input{Path: "Slow.cs", Content: []byte(src)})
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
		t.Fatalf("diagnostics = %+v, want one timeout", got.Diagnostics)
	}
	if got.Lang != "csharp" || got.Namespace != "Slow.App" {
		t.Errorf("Lang, Namespace = %q, %q", got.Lang, got.Namespace)
	}
	if len(got.Symbols)+len(got.Refs)+len(got.Strings) != 0 {
		t.Errorf("want an otherwise empty result, got %d symbols, %d refs", len(got.Symbols), len(got.Refs))
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	inputs := extracttest.GoldenInputs(t)
	e := csharp.New()
	want := make([]*extract.ExtractedFile, len(inputs))
	for i, in := range inputs {
		want[i] = e.Extract(in)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range inputs {
				j := (i + g*len(inputs)/4) % len(inputs)
				if got := e.Extract(inputs[j]); !reflect.DeepEqual(got, want[j]) {
					t.Errorf("%s: concurrent extraction differs", inputs[j].Path)
				}
			}
		})
	}
	wg.Wait()
}
