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
		{defs: []string{"Box"}, needs: []string{"class", "Box", "Base", "metaclass", "Meta"}},
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
	// Box's members: each from its line's start, with what it binds
	// (open: the attribute it assigns too) and reads.
	wantMembers := []member{
		{defs: []string{"size"}, needs: []string{"size", "Size"}},
		{defs: []string{"open", "lid"}, needs: []string{"def", "open", "self", "Lid", "self.lid"}},
	}
	ms := got[5].members
	if len(ms) != len(wantMembers) {
		t.Fatalf("Box has %d members, want %d: %+v", len(ms), len(wantMembers), ms)
	}
	if m := src[ms[1].start:ms[1].end]; !strings.HasPrefix(m, "    def open(self)") || !strings.HasSuffix(m, "unused_here()") {
		t.Errorf("member open's range is %q", m)
	}
	for i, w := range wantMembers {
		if g := ms[i]; !reflect.DeepEqual(g.defs, w.defs) || !sameSet(g.needs, w.needs) || g.always {
			t.Errorf("member %d: got defs %q needs %q always %v, want defs %q needs %q", i, g.defs, g.needs, g.always, w.defs, w.needs)
		}
	}
}

// TestMembersSelected: of a kept class, the head, the members always
// kept (binding nothing, a docstring aside), those the worktree names (an attribute a
// method in an if assigns too) and, to a fixed point, the members those
// read (self.x, a class-level name) are kept, or else the first (Quiet's
// docstring); the rest is not.
func TestMembersSelected(t *testing.T) {
	src := `class Base:
    """Doc."""
    def named(self) -> "Helper":
        return self._impl.deep()

    def unnamed(self):
        return 1

    def __init__(self):
        self._impl = Impl()

    @property
    def prop(self):
        return _helper_value

    prop_alias = prop
    if True:
        def in_block(self):
            self.blocked = 1
    if False:
        def unnamed_in_block(self):
            pass
    try:
        import fast
    except ImportError:
        pass


class Impl:
    def deep(self):
        return 2

    def other(self):
        return 3


class Helper:
    pass


class Quiet:
    """Kept: nothing else is."""

    def unnamed(self):
        return 4
`
	d := &pyDeps{pkgs: []extract.Package{{Name: "lib"}}}
	dirs := []extract.SelectDir{{Pkg: 0, Place: "lib.py", Files: []string{"lib.py"}, Summaries: [][]byte{d.Summarize([]byte(src))}}}
	sel := d.Select(dirs, testNames{"lib": {"Base": true, "named": true, "prop_alias": true, "blocked": true, "Quiet": true}})
	keep := sel[0][0].Keep
	var kept []string
	var ends []uint32 // where a class whose last member is not kept ends
	for _, sp := range keep {
		if sp.Start == sp.End {
			ends = append(ends, sp.End)
			continue
		}
		kept = append(kept, strings.TrimSpace(strings.SplitN(src[sp.Start:sp.End], "\n", 2)[0]))
	}
	want := []string{`class Base:`, `def named(self) -> "Helper":`, `def __init__(self):`, `@property`, `prop_alias = prop`, `if True:`, `try:`,
		`class Impl:`, `def deep(self):`, `class Helper:`, `pass`, `class Quiet:`, `"""Kept: nothing else is."""`}
	if !reflect.DeepEqual(kept, want) {
		t.Errorf("kept %q\nwant %q", kept, want)
	}
	wantEnds := []uint32{uint32(strings.Index(src, "return 3") + len("return 3")), uint32(len(src) - 1)}
	if !reflect.DeepEqual(ends, wantEnds) {
		t.Errorf("class ends %v, want %v", ends, wantEnds)
	}
	for _, sp := range keep {
		if sp.Start > 0 && sp.Start < sp.End && src[sp.Start-1] != '\n' {
			t.Errorf("range %q does not start a line", src[sp.Start:sp.End])
		}
	}
}

// testNames is extract.Names: import path → the names stated through it.
type testNames map[string]map[string]bool

func (n testNames) Named(name string) bool {
	for _, names := range n {
		if names[name] {
			return true
		}
	}
	return false
}

func (n testNames) NamedThrough(importPath, name string) bool { return n[importPath][name] }

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
		in := extract.Input{Path: "lib/x.py", Content: content, DeclarationsOnly: true}
		whole := ex.Extract(in)
		in.Keep = everyStatement(content, false)
		part := ex.Extract(in)
		in.Keep = everyStatement(content, true)
		parts := ex.Extract(in)
		for _, x := range []*extract.ExtractedFile{whole, part, parts} {
			for i := range x.Symbols {
				// The comments after a def's last statement are in its
				// block in the whole file; blanked, they are not.
				x.Symbols[i].Span.End = 0
			}
			for i := range x.Facts {
				x.Facts[i].Span.End = 0 // a def's span, likewise
			}
		}
		for i, p := range []*extract.ExtractedFile{part, parts} {
			if !reflect.DeepEqual(whole.Symbols, p.Symbols) || !reflect.DeepEqual(whole.Facts, p.Facts) || !reflect.DeepEqual(whole.Relations, p.Relations) {
				t.Errorf("%s: every statement kept (members apart: %v) extracts otherwise than the whole file (%d/%d symbols, %d/%d facts)",
					f, i == 1, len(p.Symbols), len(whole.Symbols), len(p.Facts), len(whole.Facts))
			}
		}
	}
}

// everyStatement is every top-level statement's range, or with members,
// a class's head (to its body's first line), then each member.
func everyStatement(content []byte, members bool) []extract.Span {
	keep := []extract.Span{}
	for _, s := range parseStatements((&pyDeps{}).Summarize(content)) {
		if !members || len(s.members) == 0 {
			keep = append(keep, extract.Span{Start: s.start, End: s.end})
			continue
		}
		keep = append(keep, extract.Span{Start: s.start, End: s.members[0].start - 1})
		for _, m := range s.members {
			keep = append(keep, extract.Span{Start: m.start, End: m.end})
		}
	}
	return keep
}

// TestMemberTargets: a class body's assignment binds the names before
// its last top-level =, not those inside a subscript.
func TestMemberTargets(t *testing.T) {
	for src, want := range map[string][]string{
		"dispatch[PROTO[0]] = load_proto": {"dispatch"},
		"a = b = f(x=1)":                  {"a", "b"},
		"x, y = 1, 2":                     {"x", "y"},
		"count += 1":                      {"count"},
		"print(x == 1)":                   nil,
	} {
		if got := appendMemberTargets(nil, words(src)); !reflect.DeepEqual(got, want) {
			t.Errorf("%q binds %q, want %q", src, got, want)
		}
	}
}

// TestOutsideNotRead: of a file read in part, what lies outside the kept
// statements is skipped, not blanked: however broken it is (an
// unclosed bracket, an unterminated string), the kept statements
// extract as they do with it blanked. A file nothing of which is kept
// declares its module alone.
func TestOutsideNotRead(t *testing.T) {
	src := `import os
broken = f(((
class Kept:
    """Doc."""
    x: int = 1

    def m(self) -> "Kept":
        return self
unterminated = """
def Gone(:
def also_kept(a: os.PathLike) -> Kept:
    return Kept()
`
	// The statement starting at from, to the newline before next.
	stmt := func(from, next string) extract.Span {
		return extract.Span{Start: uint32(strings.Index(src, from)), End: uint32(strings.Index(src, next) - 1)}
	}
	keep := []extract.Span{stmt("import os", "broken"), stmt("class Kept", "unterminated"), stmt("def also_kept", "    return Kept()")}
	keep[2].End = uint32(len(src) - 1)
	ex := New()
	in := extract.Input{Path: "lib/x.py", Content: []byte(src), DeclarationsOnly: true, Keep: keep}
	part := ex.Extract(in)
	in.Content = extract.BlankOutside(in.Content, keep)
	blanked := ex.Extract(in)
	if len(part.Diagnostics) > 0 {
		t.Errorf("diagnostics %v", part.Diagnostics)
	}
	var names []string
	for _, s := range part.Symbols {
		names = append(names, s.Qualified)
	}
	if want := []string{"lib.x", "lib.x.Kept", "lib.x.Kept.m", "lib.x.also_kept"}; !reflect.DeepEqual(names, want) {
		t.Errorf("symbols %q, want %q", names, want)
	}
	if !reflect.DeepEqual(part.Symbols, blanked.Symbols) || !reflect.DeepEqual(part.Facts, blanked.Facts) || !reflect.DeepEqual(part.Relations, blanked.Relations) {
		t.Errorf("read in part:\n%+v\nwith the rest blanked:\n%+v", part, blanked)
	}
	// Nothing kept (a package's __init__ read for its module): the
	// module alone.
	in = extract.Input{Path: "lib/x.py", Content: []byte(src + "\r\n"), DeclarationsOnly: true, Keep: []extract.Span{}}
	if none := ex.Extract(in); len(none.Symbols) != 1 || none.Symbols[0].Qualified != "lib.x" || none.Symbols[0].Span.End != uint32(len(in.Content)) {
		t.Errorf("nothing kept: %+v", none.Symbols)
	}
	if b := new(blankScratch).blankAll(in.Content); string(b) != string(extract.BlankOutside(in.Content, in.Keep)) {
		t.Errorf("blankAll made %q", b)
	}
}

// TestAppendTail: lists appended one after the other share one array;
// a list appended to after another was is copied, the other untouched.
func TestAppendTail(t *testing.T) {
	all := make([]string, 0, 8)
	a := appendTail(&all, nil, "a1")
	a = appendTail(&all, a, "a2")
	b := appendTail(&all, nil, "b1")
	a = appendTail(&all, a, "a3") // not the tail: copied
	b = appendTail(&all, b, "b2")
	if !reflect.DeepEqual(a, []string{"a1", "a2", "a3"}) || !reflect.DeepEqual(b, []string{"b1", "b2"}) {
		t.Errorf("a %q, b %q", a, b)
	}
	if !reflect.DeepEqual(all, []string{"a1", "a2", "b1", "b2"}) {
		t.Errorf("all %q", all)
	}
}

// TestClassEndsWhereWritten: a dependency's class whose last members are
// not kept (the worktree names none of them) is parsed without them, yet
// its symbol ends where its source does, at its last statement's last
// token (Python's ast end: a comment after it left out), for show to
// print; its members kept end where they do. A class kept whole ends
// there too, and so does a def whose last statement is kept, though
// tree-sitter's block takes the comment on its last line.
func TestClassEndsWhereWritten(t *testing.T) {
	src := `import os


@decorator
class Shape(Base):
    """Doc."""

    def area(self) -> float:
        return 0.0

    class Meta:
        kind = "shape"

    def unnamed(self):
        if self:
            return os.sep  # a comment

    # a comment after the class's last statement


class Whole:
    def area(self):
        return self.size  # a comment, in tree-sitter's block

    unit = "cm"  # likewise


def after():
    pass
`
	d := &pyDeps{pkgs: []extract.Package{{Name: "lib"}}}
	dirs := []extract.SelectDir{{Pkg: 0, Place: "lib/shapes.py", Files: []string{"lib/shapes.py"}, Summaries: [][]byte{d.Summarize([]byte(src))}}}
	keep := d.Select(dirs, testNames{"lib.shapes": {"Shape": true, "Whole": true, "area": true, "Meta": true, "unit": true, "after": true}})[0][0].Keep
	for _, sp := range keep {
		if sp.Start < sp.End && strings.Contains(src[sp.Start:sp.End], "unnamed") {
			t.Fatalf("kept %q, which the worktree does not name", src[sp.Start:sp.End])
		}
	}
	x := New().Extract(extract.Input{Path: "lib/shapes.py", Content: []byte(src), DeclarationsOnly: true, Keep: keep})
	between := func(from, to string) string {
		return src[strings.Index(src, from) : strings.Index(src, to)+len(to)]
	}
	want := map[string]string{
		"lib.shapes.Shape":      between("class Shape", "return os.sep"),
		"lib.shapes.Shape.area": between("def area", "return 0.0"),
		"lib.shapes.Shape.Meta": between("class Meta", `kind = "shape"`),
		"lib.shapes.Whole":      between("class Whole", `unit = "cm"`),
		"lib.shapes.Whole.area": between("def area(self):", "return self.size"),
		"lib.shapes.after":      between("def after", "pass"),
	}
	for _, s := range x.Symbols {
		if w, ok := want[s.Qualified]; ok {
			if got := src[s.Span.Start:s.Span.End]; got != w {
				t.Errorf("%s spans %q, want %q", s.Qualified, got, w)
			}
			delete(want, s.Qualified)
		}
		if s.Qualified == "lib.shapes.Shape.unnamed" {
			t.Errorf("%s declared: it was not kept", s.Qualified)
		}
	}
	for q := range want {
		t.Errorf("%s not declared", q)
	}
}
