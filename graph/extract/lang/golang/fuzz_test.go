package golang_test

import (
	"reflect"
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
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "package", "package p\nfunc (", "package p; type T[", "}}}}((((",
		"package p\nvar x = &cobra.Command{Use: }", "package p\nimport (", "package p\nimport \"",
		"package p\nfunc (T) M[", "package p\ntype I interface{ ~int | ", "package p\nvar _ = os.Getenv(",
		"package p\nfunc f() { go func() { defer", "package p\n//go:generate\n//go:embed\nvar x",
		"package p\nconst ( a = iota; b", "package p\ntype T struct{ T; *T; p.T }",
		"\xff\xfe garbage \xef\xbb\xbf", strings.Repeat("(", 3000), "package p\nvar x = " + strings.Repeat("[]", 2000),
	} {
		f.Add(s)
	}
	ex := golang.New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "pkg/fuzz.go", Content: []byte(src), Module: extract.ModuleContext{Path: "example.com/m"}}
		got := ex.Extract(in)
		if msg := wellFormed(got, uint32(len(in.Content))); msg != "" {
			t.Errorf("%q: %s", src, msg)
		}
		if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
		for _, d := range got.Diagnostics {
			if strings.HasPrefix(d.Message, "parse:") && !strings.Contains(d.Message, "timed out") {
				t.Errorf("parse failed: %s", d.Message)
			}
		}
	})
}
