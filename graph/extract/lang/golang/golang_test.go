package golang_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
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
	extracttest.Supports(t, golang.New(), "go", map[string]bool{"a.go": true, "x/y_test.go": true, "a.py": false, "go.mod": false})
}

func TestParseTimeout(t *testing.T) {
	e := golang.New().WithTimeout(time.Nanosecond)
	src := "package slow\n" + strings.Repeat("func f() { a := b + c*d; g(a) }\n", 20000)
	got := e.Extract(extract.Input{Path: "x/slow.go", Content: []byte(src), Module: extract.ModuleContext{Path: "example.com/m"}})
	extracttest.TimedOut(t, got, "go", "example.com/m/x")
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

// TestStdlib extracts every .go file of the Go distribution (testdata with
// its deliberately broken files included) on all cores and checks that
// nothing panics and every record is well formed.
func TestStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts the whole standard library")
	}
	root := gorootSrc(t)
	files := goFiles(t, root, true)
	e := golang.New()
	start := time.Now()
	results := make([]stats, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				results[i] = extractStats(t, e, root, files[i])
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	var sum stats
	for _, r := range results {
		sum.add(r)
	}
	elapsed := time.Since(start)
	t.Logf("%d files, %.1f MB in %v (%.1f MB/s on %d cores): %d symbols, %d refs, %d relations, "+
		"%d imports, %d strings, %d configs, %d commands; %d files with diagnostics",
		len(files), float64(sum.bytes)/1e6, elapsed.Round(time.Millisecond),
		float64(sum.bytes)/1e6/elapsed.Seconds(), runtime.GOMAXPROCS(0), sum.symbols, sum.refs,
		sum.relations, sum.imports, sum.strings, sum.configs, sum.commands, sum.diagnosed)
}

type stats struct {
	bytes                                               int64
	symbols, refs, relations, imports, strings, configs int
	commands, diagnosed                                 int
}

func (s *stats) add(o stats) {
	s.bytes += o.bytes
	s.symbols += o.symbols
	s.refs += o.refs
	s.relations += o.relations
	s.imports += o.imports
	s.strings += o.strings
	s.configs += o.configs
	s.commands += o.commands
	s.diagnosed += o.diagnosed
}

func extractStats(t *testing.T, e *golang.Extractor, root, path string) stats {
	content, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Error(err)
		return stats{}
	}
	f := e.Extract(extract.Input{Path: path, Content: content})
	if msg := wellFormed(f, uint32(len(content))); msg != "" {
		t.Errorf("%s: %s", path, msg)
	}
	s := stats{bytes: int64(len(content)), symbols: len(f.Symbols), refs: len(f.Refs),
		relations: len(f.Relations), imports: len(f.Imports), strings: len(f.Strings),
		configs: len(f.Configs), commands: len(f.Commands)}
	if len(f.Diagnostics) > 0 {
		s.diagnosed = 1
	}
	return s
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
		// A method's Parent may come later: its receiver type can be declared below.
		if bad(s.Span) || s.Name == "" || s.Qualified == "" || s.Parent == i ||
			s.Parent >= len(f.Symbols) || s.Parent < extract.NoParent {
			return fmt.Sprintf("bad symbol %+v", s)
		}
	}
	for i, r := range f.Refs {
		if bad(r.Span) || i > 0 && r.Span.Start < f.Refs[i-1].Span.Start {
			return fmt.Sprintf("bad or unordered ref %+v", r)
		}
	}
	for _, c := range f.Commands {
		if bad(c.Span) || c.Handler >= len(f.Refs) || c.Handler >= 0 && f.Refs[c.Handler].Span != c.Span {
			return fmt.Sprintf("bad command %+v", c)
		}
	}
	return ""
}
