package python

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestBlankBodies: def bodies become spaces but for an ellipsis (newlines
// and offsets kept); class bodies, one-line bodies, decorators,
// signatures spanning lines, and strings or comments holding a colon or
// a def stay; and a dependency's file declares the same names but those
// inside a function.
func TestBlankBodies(t *testing.T) {
	src := `"""Module doc: def not_a_def():"""
import os


class C(Base):
    """Doc."""
    attr: int = 1

    @property
    def name(self) -> str:  # a comment: with a colon
        return self._name

    def __init__(self, a=(1,
                          2), *, b: "x:y" = None):
        """A docstring
def still_doc():
        """
        self.a = a
        if a:
            class Local:
                pass

    async def run(self): return 1


def tabbed():
	x = '''
''' ; return x


def f(x): \
        pass

def g(
    y,
):
  y = [
1]
  def inner():
    pass
  return y
z = g(1)


class Box:
    pass


def h(flag):
    if flag:
        return Box(1)
    return Box(2)


def k(flag):
    if flag:
        return Box(1)
    for item in flag:
        return item
`
	b, _ := blankBodies([]byte(src), nil)
	got := string(b)
	if len(got) != len(src) || strings.Count(got, "\n") != strings.Count(src, "\n") {
		t.Fatalf("length or lines changed:\n%s", got)
	}
	for _, gone := range []string{"A docstring", "still_doc", "if a:", "Local", "def inner", "'''", "1]", "return y", "return x", "return item"} {
		if strings.Contains(got, gone) {
			t.Errorf("body text %q kept:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"def not_a_def():", "attr: int = 1", "@property", "def name(self) -> str:  # a comment: with a colon\n        ...              \n", // annotated: its return states nothing
		"def __init__(self, a=(1,\n                          2), *, b: \"x:y\" = None):\n        ...",
		"\n        self.a = a\n",
		"async def run(self): return 1", "def tabbed():\n\t...", "def g(\n    y,\n):\n  ...", "z = g(1)",
		"def h(flag):\n    ...     \n    return Box(1)    \n    return Box(2)\n"} {
		if !strings.Contains(got, kept) {
			t.Errorf("lost %q:\n%s", kept, got)
		}
	}
	facts := map[bool]map[string]bool{}
	names := func(decl bool) map[string]bool {
		x := New().Extract(extract.Input{Path: "dep/m.py", Content: []byte(src), DeclarationsOnly: decl})
		if len(x.Diagnostics) > 0 {
			t.Errorf("declarations only %v: %v", decl, x.Diagnostics)
		}
		facts[decl] = map[string]bool{}
		for _, f := range x.Facts {
			facts[decl][fmt.Sprint(f.Kind, " ", f.Subject, " ", f.Member, " ", f.Object)] = true
		}
		m := map[string]bool{}
		for _, s := range x.Symbols {
			m[s.Qualified] = true
		}
		return m
	}
	full, blanked := names(false), names(true)
	if !full["dep.m.C.__init__.Local"] || !full["dep.m.g.inner"] {
		t.Fatalf("full extraction lacks the nested declarations: %v", full)
	}
	for q := range full {
		if !blanked[q] && !strings.Contains(q, "Local") && !strings.Contains(q, "inner") {
			t.Errorf("declarations only lost %s", q)
		}
	}
	if len(blanked) == 0 || blanked["dep.m.g.inner"] {
		t.Errorf("declarations only: %v", blanked)
	}
	// What the kept statements state, the whole body states too.
	if f := "returns dep.m.h  dep.m.Box()"; !facts[true][f] || !facts[false][f] {
		t.Errorf("lack %q: declarations only %v, whole %v", f, facts[true], facts[false])
	}
	for f := range facts[true] {
		if !facts[false][f] {
			t.Errorf("declarations only state %q, the whole file does not: %v", f, facts[false])
		}
	}
}

// TestSkipTripleQuoted: a triple-quoted string ends at the first three
// quotes whose first no odd run of backslashes escapes, in a string as
// in bytes.
func TestSkipTripleQuoted(t *testing.T) {
	for src, want := range map[string]int{
		`"""a"""x`:        7,
		`"""a\"""b"""x`:   12,
		`"""a\\"""x`:      9,
		`"""a\\\"""b"""x`: 14,
		`""""a"""x`:       8,
		`"""a""`:          6,
		`'''it's'''x`:     10,
		`"""a\""""x`:      9,
		`"""unterminated`: 15,
	} {
		if got := skipLexeme(src, 0); got != want {
			t.Errorf("string %q ends at %d, want %d", src, got, want)
		}
		if got := skipLexeme([]byte(src), 0); got != want {
			t.Errorf("bytes %q ends at %d, want %d", src, got, want)
		}
	}
}

// TestConstantTables: of a dependency's file, the inside of a display
// spanning lines that holds constants only is blanked (the outermost
// such display; lines and offsets kept), while a display naming
// anything, a call's or subscript's brackets, an f-string and a def's
// head stay; the symbols and facts are those of the file as written.
func TestConstantTables(t *testing.T) {
	src := `TABLE = {
    'a': 0x00c6,  # a comment's ( bracket
    "b": (1, -2.5e-3),
    r'c': [True, None],
}
NAMED = {
    'a': foo,
}
CALLED = dict(
    a=1,
)
INDEXED = TABLE[
    'a']
ONE = (1, 2)
F = [
    f"{TABLE}",
]
MIXED = [
    (1,
     2),
    NAMED,
]


class C:
    SLOTS = ('x',
             'y')

    def f(self, a=(1,
                   2)):
        return NAMED
`
	b, skip := blankBodies([]byte(src), nil)
	got := string(b)
	if len(got) != len(src) || strings.Count(got, "\n") != strings.Count(src, "\n") {
		t.Fatalf("length or lines changed:\n%s", got)
	}
	for _, gone := range []string{"0x00c6", "comment", "-2.5e-3", "True", "(1,\n     2)", "'y'"} {
		if strings.Contains(got, gone) {
			t.Errorf("table text %q kept:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"TABLE = {", "    'a': foo,", "    a=1,", "TABLE[\n    'a']", "ONE = (1, 2)", `f"{TABLE}"`, "    NAMED,\n]",
		"def f(self, a=(1,\n                   2)):"} {
		if !strings.Contains(got, kept) {
			t.Errorf("lost %q:\n%s", kept, got)
		}
	}
	for _, r := range skip {
		if strings.TrimSpace(got[r[0]:r[1]]) != "" {
			t.Errorf("skips %q", got[r[0]:r[1]])
		}
	}
	if b := uint32(strings.Index(src, `"b"`)); !slices.ContainsFunc(skip, func(r [2]uint32) bool { return r[0] <= b && b < r[1] }) {
		t.Errorf("skips %v: not TABLE's blank lines", skip)
	}
	extracted := func(decl bool) []string {
		x := New().Extract(extract.Input{Path: "dep/m.py", Content: []byte(src), DeclarationsOnly: decl})
		if len(x.Diagnostics) > 0 {
			t.Errorf("declarations only %v: %v", decl, x.Diagnostics)
		}
		var out []string
		for _, s := range x.Symbols {
			out = append(out, fmt.Sprint(s.Qualified, s.Span, s.Signature))
		}
		for _, f := range x.Facts {
			out = append(out, fmt.Sprint(f.Kind, " ", f.Subject, " ", f.Member, " ", f.Object))
		}
		return out
	}
	if whole, blanked := extracted(false), extracted(true); !slices.Equal(whole, blanked) {
		t.Errorf("declarations only:\n%q\nwhole:\n%q", blanked, whole)
	}
}

// TestValueGivesNothing: a value that is a literal, an operator, a
// subscript, a tuple or a conditional at its top level gives no type; one
// of a name's calls and attributes, or in parentheses, may; None gives
// none to an attribute, and means an Optional result to a return.
func TestValueGivesNothing(t *testing.T) {
	for v, want := range map[string]bool{
		"":                      false,
		" x":                    false,
		" self._impl.deep()":    false,
		" await f(a, b=[1])":    false,
		" f(\n    x,\n).y  # c": false,
		" (x)":                  false,
		" x; y = 1":             false,
		" y = f()":              false,
		" 'a'":                  true,
		" f'{x}'":               true,
		" 1":                    true,
		" True":                 true,
		" [x]":                  true,
		" -x":                   true,
		" not x":                true,
		" lambda: x":            true,
		" x[0]":                 true,
		" f(x)[0]":              true,
		" a, b":                 true,
		" a + b":                true,
		" a if b else c":        true,
		" a == b":               true,
		" x.y is None":          true,
	} {
		if got := valueGivesNothing([]byte(v), false); got != want {
			t.Errorf("valueGivesNothing(%q) = %v, want %v", v, got, want)
		}
	}
	if valueGivesNothing([]byte(" None"), false) || !valueGivesNothing([]byte(" None"), true) {
		t.Errorf("None: a return's Optional result, no attribute's type")
	}
}

// TestRestoreEnds: a dependency's def whose body blanking empties (its
// returns state nothing: an annotated result, a literal) keeps its
// extent as written, and so does the class it ends, for show to print.
func TestRestoreEnds(t *testing.T) {
	src := `class Box:
    def get(self) -> int:
        if self.n:
            return 1
        return 2

    def flag(self):
        return False


def top():
    x = 1
    return None
`
	x := New().Extract(extract.Input{Path: "lib/box.py", Content: []byte(src), DeclarationsOnly: true})
	want := map[string]string{
		"lib.box.Box":      src[:strings.Index(src, "\n\n\ndef top")],
		"lib.box.Box.get":  src[strings.Index(src, "def get") : strings.Index(src, "return 2")+len("return 2")],
		"lib.box.Box.flag": src[strings.Index(src, "def flag") : strings.Index(src, "return False")+len("return False")],
		"lib.box.top":      src[strings.Index(src, "def top") : len(src)-1],
	}
	for _, s := range x.Symbols {
		if w, ok := want[s.Qualified]; ok {
			if got := src[s.Span.Start:s.Span.End]; got != w {
				t.Errorf("%s spans %q, want %q", s.Qualified, got, w)
			}
			delete(want, s.Qualified)
		}
	}
	for q := range want {
		t.Errorf("%s not declared", q)
	}
}
