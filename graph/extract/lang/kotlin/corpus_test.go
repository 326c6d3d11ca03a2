package kotlin_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/kotlin"
)

// TestCorpus extracts every file of the real corpus when ORBIT_CORPUS=1,
// checks that each result is well formed and logs what it found.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the whole corpus")
	}
	e := kotlin.New()
	var s extracttest.Stats
	for _, in := range loadCorpus(t, 0) {
		f := s.Extract(e, in)
		if msg := wellFormed(f, uint32(len(in.Content))); msg != "" {
			t.Errorf("%s: %s", in.Path, msg)
		}
	}
	t.Log(&s)
}

// wellFormed checks the invariants core relies on; "" when they hold.
func wellFormed(f *extract.ExtractedFile, size uint32) string {
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
