package golang_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/golang"
)

func TestGolden(t *testing.T) {
	extracttest.Run(t, golang.New())
}

func TestSupports(t *testing.T) {
	e := golang.New()
	if e.Lang() != "go" {
		t.Errorf("Lang() = %q", e.Lang())
	}
	for path, want := range map[string]bool{"a.go": true, "x/y_test.go": true, "a.py": false, "go.mod": false} {
		if got := e.Supports(path); got != want {
			t.Errorf("Supports(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestParseTimeout(t *testing.T) {
	e := golang.New().WithTimeout(time.Nanosecond)
	src := "package slow\n" + strings.Repeat("func f() { a := b + c*d; g(a) }\n", 20000)
	got := e.Extract(extract.Input{Path: "x/slow.go", Content: []byte(src), Module: extract.ModuleContext{Path: "example.com/m"}})
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
		t.Fatalf("diagnostics = %+v, want one timeout", got.Diagnostics)
	}
	if got.Lang != "go" || got.Namespace != "example.com/m/x" {
		t.Errorf("Lang, Namespace = %q, %q", got.Lang, got.Namespace)
	}
	if len(got.Symbols)+len(got.Refs)+len(got.Strings) != 0 {
		t.Errorf("want an otherwise empty result, got %d symbols, %d refs", len(got.Symbols), len(got.Refs))
	}
}

func TestNoPanicOnGarbage(t *testing.T) {
	e := golang.New()
	inputs := []string{"", "package", "\x00\xff\xfe", "package p\nfunc (", "package p; type T[", "}}}}((((",
		"package p\nvar x = &cobra.Command{Use: }", strings.Repeat("(", 5000)}
	for _, src := range inputs {
		got := e.Extract(extract.Input{Path: "p.go", Content: []byte(src)})
		for _, d := range got.Diagnostics {
			if strings.Contains(d.Message, "internal error") {
				t.Errorf("Extract(%.20q): %s", src, d.Message)
			}
		}
	}
}
