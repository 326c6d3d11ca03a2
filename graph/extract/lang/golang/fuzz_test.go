package golang_test

import (
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/golang"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce malformed records or differ between runs. Seeds
// are the golden sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/golang`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "package", "package p\nfunc (", "package p; type T[", "}}}}((((",
		"package p\nvar x = &cobra.Command{Use: }", "package p\nimport (", "package p\nimport \"",
		"package p\nfunc (T) M[", "package p\ntype I interface{ ~int | ", "package p\nvar _ = os.Getenv(",
		"package p\nfunc f() { go func() { defer", "package p\n//go:generate\n//go:embed\nvar x",
		"package p\nconst ( a = iota; b", "package p\ntype T struct{ T; *T; p.T }",
		"\xff\xfe garbage \xef\xbb\xbf", strings.Repeat("(", 3000), "package p\nvar x = " + strings.Repeat("[]", 2000),
	}
	extracttest.Fuzz(f, golang.New(), extract.Input{Path: "pkg/fuzz.go", Module: extract.ModuleContext{Path: "example.com/m"}}, seeds, checkFuzz)
}

func checkFuzz(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
	extracttest.CheckWellFormed(wellFormed)(t, in, got)
	for _, d := range got.Diagnostics {
		if strings.HasPrefix(d.Message, "parse:") && !strings.Contains(d.Message, "timed out") {
			t.Errorf("parse failed: %s", d.Message)
		}
	}
}
