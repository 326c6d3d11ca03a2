package java_test

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
)

// TestCorpus extracts every file of the real corpus when ORBIT_CORPUS=1,
// checks that each result is well formed and logs what it found.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the whole corpus")
	}
	ins := loadCorpus(t, 0)
	e := java.New()
	var s corpusStats
	start := time.Now()
	for _, in := range ins {
		f := e.Extract(in)
		if msg := wellFormed(f, uint32(len(in.Content))); msg != "" {
			t.Errorf("%s: %s", in.Path, msg)
		}
		s.add(f, len(in.Content))
	}
	s.log(t, len(ins), time.Since(start))
}

type corpusStats struct {
	bytes                                     int64
	symbols, refs                             map[string]int
	relations, imports, strings, configs, bad int
}

func (s *corpusStats) add(f *extract.ExtractedFile, size int) {
	if s.symbols == nil {
		s.symbols, s.refs = map[string]int{}, map[string]int{}
	}
	s.bytes += int64(size)
	for _, sym := range f.Symbols {
		s.symbols[sym.Kind.String()]++
	}
	for _, r := range f.Refs {
		s.refs[r.Kind.String()]++
	}
	s.relations += len(f.Relations)
	s.imports += len(f.Imports)
	s.strings += len(f.Strings)
	s.configs += len(f.Configs)
	if len(f.Diagnostics) > 0 {
		s.bad++
	}
}

func (s *corpusStats) log(t *testing.T, files int, d time.Duration) {
	t.Logf("%d files, %.1f MB in %v (%.1f MB/s, one goroutine)", files, float64(s.bytes)/1e6,
		d.Round(time.Millisecond), float64(s.bytes)/1e6/d.Seconds())
	t.Logf("symbols by kind: %s", counts(s.symbols))
	t.Logf("refs by kind: %s", counts(s.refs))
	t.Logf("%d relations, %d imports, %d strings, %d configs; %d files with diagnostics",
		s.relations, s.imports, s.strings, s.configs, s.bad)
}

func counts(m map[string]int) string {
	var b strings.Builder
	total := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(&b, "%s=%d ", k, m[k])
		total += m[k]
	}
	fmt.Fprintf(&b, "(total %d)", total)
	return b.String()
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
