package cpptest

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// Stats sums a corpus run.
type Stats struct {
	Files, Diagnosed                     int
	Bytes                                int64
	Symbols, Refs                        map[string]int // by kind; consts split into "const" and "enumerator"
	Relations, Imports, Strings, Configs int
	Langs                                map[string]int // files by ExtractedFile.Lang
	Elapsed                              time.Duration
	ByLang                               map[string][]File // the files each language extracted
}

// RunCorpus extracts every file on all cores, checks each result with
// WellFormed and logs what the corpus yields.
func RunCorpus(t *testing.T, ex extract.Extractor, files []File) *Stats {
	contents, total := Read(t, files)
	results := make([]*extract.ExtractedFile, len(files))
	start := time.Now()
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				results[i] = ex.Extract(extract.Input{Path: files[i].Path, Content: contents[i]})
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	s := &Stats{Bytes: total, Elapsed: time.Since(start), Symbols: map[string]int{}, Refs: map[string]int{},
		Langs: map[string]int{}, ByLang: map[string][]File{}}
	for i, f := range results {
		if msg := WellFormed(f, contents[i]); msg != "" {
			t.Errorf("%s: %s", files[i].Path, msg)
		}
		s.add(f, files[i])
	}
	t.Log(s)
	return s
}

func (s *Stats) add(f *extract.ExtractedFile, file File) {
	s.Files++
	s.Langs[f.Lang]++
	s.ByLang[f.Lang] = append(s.ByLang[f.Lang], file)
	for _, sym := range f.Symbols {
		k := sym.Kind.String()
		if sym.Kind == extract.KindConst && sym.Signature == "" {
			k = "enumerator" // enumerators have no signature, const variables do
		}
		s.Symbols[k]++
	}
	for _, r := range f.Refs {
		s.Refs[r.Kind.String()]++
	}
	s.Relations += len(f.Relations)
	s.Imports += len(f.Imports)
	s.Strings += len(f.Strings)
	s.Configs += len(f.Configs)
	if len(f.Diagnostics) > 0 {
		s.Diagnosed++
	}
}

func (s *Stats) String() string {
	mb := float64(s.Bytes) / 1e6
	return fmt.Sprintf("%d files (%v), %.1f MB in %v: %.1f MB/s on %d cores\n"+
		"symbols: %s\nrefs: %s\n%d relations, %d imports, %d strings, %d configs; %d files with diagnostics",
		s.Files, extracttest.Counts(s.Langs), mb, s.Elapsed.Round(time.Millisecond), mb/s.Elapsed.Seconds(),
		runtime.GOMAXPROCS(0), extracttest.Counts(s.Symbols), extracttest.Counts(s.Refs), s.Relations, s.Imports, s.Strings,
		s.Configs, s.Diagnosed)
}

// WellFormed checks the invariants core relies on; "" when they hold:
// spans inside the file, names and qualified names set, parents in range,
// refs in source order, no internal error.
func WellFormed(f *extract.ExtractedFile, content []byte) string {
	size := uint32(len(content))
	bad := func(s extract.Span) bool { return s.Start > s.End || s.End > size }
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") {
			return d.Message
		}
	}
	for i, s := range f.Symbols {
		if bad(s.Span) || s.Name == "" || s.Qualified == "" || s.Parent == i ||
			s.Parent >= len(f.Symbols) || s.Parent < extract.NoParent {
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
	for _, s := range f.Strings {
		if bad(s.Span) {
			return fmt.Sprintf("bad string %+v", s)
		}
	}
	for _, c := range f.Configs {
		if bad(c.Span) || c.Key == "" {
			return fmt.Sprintf("bad config %+v", c)
		}
	}
	return ""
}

// CheckFuzz is the extracttest.Fuzz check of the C and C++ extractors.
func CheckFuzz(t *testing.T, in extract.Input, got *extract.ExtractedFile) {
	if msg := WellFormed(got, in.Content); msg != "" {
		t.Errorf("%q: %s", in.Content, msg)
	}
	extracttest.NoParseFailure(t, got)
}
