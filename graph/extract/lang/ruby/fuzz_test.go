package ruby_test

import (
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
)

// FuzzExtract checks that no input makes Extract panic (or hit its internal
// error recovery), produce malformed records or differ between runs. Seeds
// are the golden sources plus broken fragments; run it for real with
// `go test -fuzz FuzzExtract ./graph/extract/lang/ruby`.
func FuzzExtract(f *testing.F) {
	for _, in := range extracttest.GoldenInputs(f) {
		f.Add(string(in.Content))
	}
	for _, s := range []string{
		"", "\x00", "class", "class ::", "module A::", "def", "def self.", "class << ", "require",
		"require \"", "include", "ENV[", "ENV.fetch(", "<<~EOS\n", "\"#{", "%q(", "x = ", "a, B = ",
		"Point = Struct.new(", "case x\nin {", "->(x) {", "attr_reader :", "alias", "\xff\xfe garbage \xef\xbb\xbf",
	} {
		f.Add(s)
	}
	e := ruby.New()
	f.Fuzz(func(t *testing.T, src string) {
		in := extract.Input{Path: "lib/fuzz_test.rb", Content: []byte(src)}
		got := e.Extract(in)
		if msg := wellFormed(got, uint32(len(src))); msg != "" {
			t.Errorf("%q: %s", src, msg)
		}
		if again := e.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
	})
}

// wellFormed checks the invariants core relies on; "" when they hold.
func wellFormed(f *extract.ExtractedFile, size uint32) string {
	bad := func(s extract.Span) bool { return s.Start > s.End || s.End > size }
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") || strings.HasPrefix(d.Message, "parse:") {
			return d.Message
		}
	}
	for i, s := range f.Symbols {
		if bad(s.Span) || s.Name == "" || s.Qualified == "" || s.Parent >= i || s.Parent < extract.NoParent ||
			i > 0 && s.Span.Start < f.Symbols[i-1].Span.Start {
			return "bad or unordered symbol " + s.Qualified
		}
	}
	for i, r := range f.Refs {
		if bad(r.Span) || r.Name == "" || i > 0 && r.Span.Start < f.Refs[i-1].Span.Start {
			return "bad or unordered ref " + r.Name
		}
	}
	for i, r := range f.Relations {
		if bad(r.Span) || r.From == "" || r.To == "" || i > 0 && r.Span.Start < f.Relations[i-1].Span.Start {
			return "bad or unordered relation " + r.From
		}
	}
	for i, im := range f.Imports {
		if bad(im.Span) || im.Path == "" || i > 0 && im.Span.Start < f.Imports[i-1].Span.Start {
			return "bad or unordered import " + im.Path
		}
	}
	for i, s := range f.Strings {
		if bad(s.Span) || !extract.Notable(s.Value) || i > 0 && s.Span.Start < f.Strings[i-1].Span.Start {
			return "bad or unordered string " + s.Value
		}
	}
	for i, c := range f.Configs {
		if bad(c.Span) || c.Key == "" || i > 0 && c.Span.Start < f.Configs[i-1].Span.Start {
			return "bad or unordered config " + c.Key
		}
	}
	return ""
}
