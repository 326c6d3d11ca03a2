package gomod

import (
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// FuzzExtract checks that no go.mod content makes Extract panic, produce
// spans outside the file or differ between runs. Seeds are the golden
// sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/gomod`.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"", "\x00", "module", "module \"", "module x\nrequire (", "require x", "require x v1\n)",
		"module a\nreplace b => ../c", "module a\ngo 1.2.3.4", "tool (", "module `x`", "retract [",
		"module a // c\nrequire (\n\tb v1.0.0 // indirect\n", "\xff\xfe garbage \xef\xbb\xbf",
		strings.Repeat("(", 3000), "module a\n" + strings.Repeat("require b v1.0.0\n", 500),
	}
	extracttest.Fuzz(f, New(), extract.Input{Path: "go.mod"}, seeds, checkFuzz)
}

func checkFuzz(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
	size := uint32(len(in.Content))
	bad := func(s extract.Span) bool { return s.Start > s.End || s.End > size }
	for _, s := range got.Symbols {
		if bad(s.Span) || s.Qualified == "" || s.Parent != extract.NoParent {
			t.Errorf("%q: bad symbol %+v", in.Content, s)
		}
	}
	for _, im := range got.Imports {
		if bad(im.Span) || im.Path == "" {
			t.Errorf("%q: bad import %+v", in.Content, im)
		}
	}
}
