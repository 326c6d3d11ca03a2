package extracttest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// WellFormed checks the invariants core relies on, records in source order
// included; "" when they hold.
func WellFormed(f *extract.ExtractedFile, size uint32) string {
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

// WellFormedLoose is WellFormed for extractors that promise less: a
// "parse:" diagnostic is allowed, and only refs must be in source order and
// only symbols, refs and relations need names.
func WellFormedLoose(f *extract.ExtractedFile, size uint32) string {
	bad := func(s extract.Span) bool { return s.Start > s.End || s.End > size }
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") {
			return d.Message
		}
	}
	for i, s := range f.Symbols {
		if bad(s.Span) || s.Name == "" || s.Qualified == "" || s.Parent >= i || s.Parent < extract.NoParent {
			return fmt.Sprintf("bad symbol %+v", s)
		}
	}
	for i, r := range f.Refs {
		if bad(r.Span) || r.Name == "" || i > 0 && r.Span.Start < f.Refs[i-1].Span.Start {
			return fmt.Sprintf("bad or unordered ref %+v", r)
		}
	}
	for _, r := range f.Relations {
		if bad(r.Span) || r.From == "" || r.To == "" {
			return fmt.Sprintf("bad relation %+v", r)
		}
	}
	for _, l := range [][]extract.Span{spans(f.Imports), spans(f.Strings), spans(f.Configs)} {
		for _, sp := range l {
			if bad(sp) {
				return fmt.Sprintf("bad span %+v", sp)
			}
		}
	}
	return ""
}

func spans[T extract.RawImport | extract.RawString | extract.RawConfig](list []T) []extract.Span {
	out := make([]extract.Span, len(list))
	for i, v := range list {
		switch x := any(v).(type) {
		case extract.RawImport:
			out[i] = x.Span
		case extract.RawString:
			out[i] = x.Span
		case extract.RawConfig:
			out[i] = x.Span
		}
	}
	return out
}

// Fuzz is the body of an extractor's FuzzExtract: it seeds f with the
// golden sources, then seeds, and checks that each input, as the content
// of in, extracts the same twice and passes check.
func Fuzz(f *testing.F, ex extract.Extractor, in extract.Input, seeds []string,
	check func(t *testing.T, in extract.Input, got *extract.ExtractedFile)) {
	for _, g := range GoldenInputs(f) {
		f.Add(string(g.Content))
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		in := in
		in.Content = []byte(src)
		got := ex.Extract(in)
		check(t, in, got)
		if again := ex.Extract(in); !reflect.DeepEqual(got, again) {
			t.Errorf("two runs differ on %q", src)
		}
	})
}

// CheckWellFormed is a Fuzz check: wellFormed (WellFormed, or a
// language's own) must return "".
func CheckWellFormed(wellFormed func(f *extract.ExtractedFile, size uint32) string) func(*testing.T, extract.Input, *extract.ExtractedFile) {
	return func(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
		if msg := wellFormed(got, uint32(len(in.Content))); msg != "" {
			t.Errorf("%q: %s", in.Content, msg)
		}
	}
}

// NoParseFailure fails t for each "parse:" diagnostic: a fuzz input may be
// nonsense, but tree-sitter must still parse it.
func NoParseFailure(t *testing.T, got *extract.ExtractedFile) {
	t.Helper()
	for _, d := range got.Diagnostics {
		if strings.HasPrefix(d.Message, "parse:") {
			t.Errorf("parse failed: %s", d.Message)
		}
	}
}
