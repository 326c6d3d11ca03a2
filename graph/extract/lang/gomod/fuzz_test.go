package gomod

import (
	"reflect"
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
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "module", "module \"", "module x\nrequire (", "require x", "require x v1\n)",
		"module a\nreplace b => ../c", "module a\ngo 1.2.3.4", "tool (", "module `x`", "retract [",
		"module a // c\nrequire (\n\tb v1.0.0 // indirect\n", "\xff\xfe garbage \xef\xbb\xbf",
		strings.Repeat("(", 3000), "module a\n" + strings.Repeat("require b v1.0.0\n", 500),
	} {
		f.Add(s)
	}
	ex := New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "go.mod", Content: []byte(src)}
		got := ex.Extract(in)
		size := uint32(len(in.Content))
		bad := func(s extract.Span) bool { return s.Start > s.End || s.End > size }
		for _, s := range got.Symbols {
			if bad(s.Span) || s.Qualified == "" || s.Parent != extract.NoParent {
				t.Errorf("%q: bad symbol %+v", src, s)
			}
		}
		for _, im := range got.Imports {
			if bad(im.Span) || im.Path == "" {
				t.Errorf("%q: bad import %+v", src, im)
			}
		}
		if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
	})
}
