package kotlin

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

// TestBlankBodies: block bodies of functions, secondary constructors,
// accessors and init blocks are blanked; a class's body (after a primary
// constructor too), expression bodies, default values' lambdas, member
// calls named get and strings holding braces are not. A file extracts to
// the same declarations whether its bodies are blanked or not (what is
// declared inside a body, a local function or class, aside), over the
// golden cases and, when ORBIT_KOTLIN_CORPUS names a directory, its .kt
// files.
func TestBlankBodies(t *testing.T) {
	src := "class A @Inject constructor(x: Int) {\n" +
		"    init { setup(\"}\") }\n" +
		"    constructor() : this(1) { other() }\n" +
		"    val v: Int get() { return 1 }\n" +
		"    val w = map.get(k) { it }\n" +
		"    fun f(g: () -> Unit = { }): String { return \"${g { \"}\" }}\" /* } /* } */ */ }\n" +
		"    fun e() = run { 2 }\n" +
		"    abstract fun a(): Int\n" +
		"}\n"
	want := src
	for _, body := range []string{" setup(\"}\") ", " other() ", " return 1 ", " return \"${g { \"}\" }}\" /* } /* } */ */ "} {
		want = strings.Replace(want, body, strings.Repeat(" ", len(body)), 1)
	}
	if got := string(blankBodies([]byte(src))); got != want {
		t.Errorf("blankBodies:\n%s\nwant:\n%s", got, want)
	}
	ins := extracttest.GoldenInputs(t)
	if dir := os.Getenv("ORBIT_KOTLIN_CORPUS"); dir != "" {
		files := extracttest.CorpusFiles(t, dir, func(p string) bool { return strings.HasSuffix(p, ".kt") })
		ins = append(ins, extracttest.Sample(t, dir, files, len(files))...)
	}
	n := 0
	for _, in := range ins {
		if !strings.HasSuffix(in.Path, ".kt") {
			continue
		}
		full := New().Extract(extract.Input{Path: in.Path, Content: in.Content})
		blank := New().Extract(extract.Input{Path: in.Path, Content: in.Content, DeclarationsOnly: true})
		extract.DeclarationsOnly(full)
		extract.DeclarationsOnly(blank)
		a, b := declarations(full, true), declarations(blank, false)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: blanked bodies change the declarations:\n%s", in.Path, firstDiff(a, b))
		}
		n++
	}
	if n < 8 {
		t.Errorf("checked %d Kotlin files", n)
	}
	t.Logf("%d Kotlin files checked", n)
}

// declarations are a file's symbols (their parents named), relations
// and facts; dropLocal leaves out what a function's body declares.
func declarations(x *extract.ExtractedFile, dropLocal bool) []string {
	var bodies []extract.Span
	for _, s := range x.Symbols {
		if s.Kind == extract.KindFunction || s.Kind == extract.KindMethod || s.Kind == extract.KindConstructor {
			bodies = append(bodies, s.Span)
		}
	}
	local := map[string]bool{}
	var out []string
	for _, s := range x.Symbols {
		inside := false
		for _, b := range bodies {
			inside = inside || s.Span.Start > b.Start && s.Span.End <= b.End
		}
		if inside && dropLocal {
			local[s.Qualified] = true
			continue
		}
		parent := ""
		if s.Parent >= 0 && int(s.Parent) < len(x.Symbols) {
			parent = x.Symbols[s.Parent].Qualified
		}
		s.Parent = 0
		out = append(out, fmt.Sprintf("symbol %+v %s", s, parent))
	}
	for _, r := range x.Relations {
		if !local[r.From] {
			out = append(out, fmt.Sprintf("relation %+v", r))
		}
	}
	for _, f := range x.Facts {
		if !local[f.Subject] {
			out = append(out, fmt.Sprintf("fact %+v", f))
		}
	}
	return out
}

func firstDiff(a, b []string) string {
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("full:  %s\nblank: %s", x, y)
		}
	}
	return ""
}

// FuzzBlankBodies: blanking never panics, keeps the length and every
// newline, and changes only bytes to spaces.
func FuzzBlankBodies(f *testing.F) {
	for _, s := range []string{"", "fun f() {", "fun f() { \"${", "\"\"\"", "'", "/*", "/* /*", "//", "class A constructor() {", "get() {", "init { } }"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got := blankBodies(src)
		if len(got) != len(src) {
			t.Fatalf("length %d, want %d", len(got), len(src))
		}
		for i := range src {
			if got[i] != src[i] && (got[i] != ' ' || src[i] == '\n' || src[i] == '\r') {
				t.Fatalf("byte %d: %q became %q", i, src[i], got[i])
			}
		}
	})
}
