package python

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestStatements: each top-level statement's range, what it binds and
// what it reads, through the summary Select is given.
func TestStatements(t *testing.T) {
	src := `"""Doc."""
import os.path, json as j
from .base import (Base, other as o)
from .star import *

# a comment
@register(j.Thing)
def make(x: "Kind", y: int = DEFAULT) -> Result:
    local = helper(x)
    return Result(local)


class Box(Base, metaclass=Meta):
    size: Size = 0

    def open(self) -> Lid:
        self.lid = Lid()
        unused_here()

try:
    from fast import speed
except ImportError:
    speed = None
Box.extra = make
`
	got := parseStatements((&pyDeps{}).Summarize([]byte(src)))
	text := func(s stmt) string { return src[s.start:s.end] }
	if len(got) != 8 {
		t.Fatalf("%d statements, want 8: %+v", len(got), got)
	}
	if text(got[4]) != src[strings.Index(src, "@register"):strings.Index(src, "    return Result(local)")+len("    return Result(local)")] {
		t.Errorf("decorated def's range is %q", text(got[4]))
	}
	want := []stmt{
		{},
		{imports: [][3]string{{"os.path", "", "os"}, {"json", "", "j"}}},
		{imports: [][3]string{{".base", "Base", "Base"}, {".base", "other", "o"}}},
		{imports: [][3]string{{".star", "*", "*"}}},
		{defs: []string{"make"}, needs: []string{"register", "j.Thing", "def", "make", "x", "y", "int", "DEFAULT", "Result", "Kind", "return", "local"}},
		{defs: []string{"Box"}, needs: []string{"class", "Box", "Base", "metaclass", "Meta", "size", "Size", "def", "open", "self", "Lid", "self.lid"}},
		{defs: []string{"speed"}, needs: []string{"try", "except", "ImportError", "speed", "None"}, imports: [][3]string{{"fast", "speed", "speed"}}},
		{defs: []string{"Box"}, needs: []string{"Box.extra", "make"}},
	}
	for i, w := range want {
		g := got[i]
		if !reflect.DeepEqual(g.defs, w.defs) || !reflect.DeepEqual(g.imports, w.imports) || !sameSet(g.needs, w.needs) {
			t.Errorf("statement %d %q:\n got defs %q imports %q needs %q\nwant defs %q imports %q needs %q",
				i, text(g), g.defs, g.imports, g.needs, w.defs, w.imports, w.needs)
		}
	}
}

func sameSet(a, b []string) bool {
	m := map[string]bool{}
	for _, x := range a {
		m[x] = true
	}
	for _, x := range b {
		if !m[x] {
			return false
		}
		delete(m, x)
	}
	return len(m) == 0
}

// TestKeepEveryStatement: a standard-library module read in part with
// every statement kept extracts as the whole module does (the blanks
// between statements, comments and docstrings, change nothing but where
// a block ends: tree-sitter's takes the comments after it).
func TestKeepEveryStatement(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		t.Skipf("no python3: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	files, _ := filepath.Glob(filepath.Join(dir, "*.py"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*.py"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no standard library")
	}
	ex := New()
	for _, f := range files {
		content, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		keep := []extract.Span{}
		for _, s := range statements(content) {
			keep = append(keep, extract.Span{Start: s.start, End: s.end})
		}
		in := extract.Input{Path: "lib/x.py", Content: content, DeclarationsOnly: true}
		whole := ex.Extract(in)
		in.Keep = keep
		part := ex.Extract(in)
		for _, x := range []*extract.ExtractedFile{whole, part} {
			for i := range x.Symbols {
				// The comments after a def's last statement are in its
				// block in the whole file; blanked, they are not.
				x.Symbols[i].Span.End = 0
			}
		}
		if !reflect.DeepEqual(whole.Symbols, part.Symbols) || !reflect.DeepEqual(whole.Facts, part.Facts) || !reflect.DeepEqual(whole.Relations, part.Relations) {
			t.Errorf("%s: every statement kept extracts otherwise than the whole file (%d/%d symbols, %d/%d facts)",
				f, len(part.Symbols), len(whole.Symbols), len(part.Facts), len(whole.Facts))

		}
	}
}
