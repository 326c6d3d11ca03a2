package markdown_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/markdown"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) { extracttest.Run(t, markdown.New()) }

func TestSupports(t *testing.T) {
	extracttest.Supports(t, markdown.New(), "markdown", map[string]bool{
		"README.md": true, "docs/a.markdown": true, "CHANGES.MD": true,
		"a.mdx": false, "a.txt": false, "md": false, "a.md.bak": false,
	})
}

func TestParseTimeout(t *testing.T) {
	e := markdown.New().WithTimeout(time.Nanosecond)
	src := strings.Repeat("# Title\n\nSome *text* with [a link](x.md).\n\n- item\n", 20000)
	got := e.Extract(extract.Input{Path: "docs/slow.md", Content: []byte(src)})
	extracttest.TimedOut(t, got, "markdown", "docs/slow.md")
}

// TestCRLF checks that Windows line endings change neither heading texts
// nor section ends.
func TestCRLF(t *testing.T) {
	lf := "# A\n\ntext\n\nB\n---\n\n## C ##\n"
	want := markdown.New().Extract(extract.Input{Path: "a.md", Content: []byte(lf)})
	got := markdown.New().Extract(extract.Input{Path: "a.md", Content: []byte(strings.ReplaceAll(lf, "\n", "\r\n"))})
	if len(got.Symbols) != len(want.Symbols) {
		t.Fatalf("%d symbols with CRLF, %d with LF", len(got.Symbols), len(want.Symbols))
	}
	for i, s := range got.Symbols {
		if w := want.Symbols[i]; s.Qualified != w.Qualified || s.Signature != w.Signature || s.Parent != w.Parent {
			t.Errorf("CRLF symbol %+v, LF %+v", s, w)
		}
	}
}

// TestLongHeading checks that a paragraph turned into a heading by a
// setext underline gives a bounded name.
func TestLongHeading(t *testing.T) {
	src := strings.Repeat("word ", 1000) + "\n===\n"
	got := markdown.New().Extract(extract.Input{Path: "a.md", Content: []byte(src)})
	if len(got.Symbols) != 1 || len(got.Symbols[0].Name) > 256 {
		t.Fatalf("symbols = %d, name length %d", len(got.Symbols), len(got.Symbols[0].Name))
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, markdown.New(), extracttest.GoldenInputs(t))
}

// checkFile checks the invariants core relies on.
func checkFile(t *testing.T, rel string, src []byte, f *extract.ExtractedFile) {
	t.Helper()
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") {
			t.Errorf("%s: %s", rel, d.Message)
		}
	}
	size := uint32(len(src))
	for i, s := range f.Symbols {
		if s.Span.Start > s.Span.End || s.Span.End > size || s.Name == "" || s.Kind != extract.KindSection ||
			s.Parent >= i || s.Parent < extract.NoParent || !strings.HasPrefix(s.Qualified, rel+"#") ||
			i > 0 && s.Span.Start < f.Symbols[i-1].Span.Start {
			t.Errorf("%s: bad symbol %d %+v", rel, i, s)
		}
		if s.Parent >= 0 && !f.Symbols[s.Parent].Span.Contains(s.Span) {
			t.Errorf("%s: symbol %q outside its parent", rel, s.Qualified)
		}
	}
	for i, im := range f.Imports {
		if im.Path == "" || im.Span.Start > im.Span.End || im.Span.End > size ||
			i > 0 && im.Span.Start < f.Imports[i-1].Span.Start {
			t.Errorf("%s: bad import %d %+v", rel, i, im)
		}
	}
}
