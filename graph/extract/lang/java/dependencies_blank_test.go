package java

import (
	"archive/zip"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestBlankBodies: a dependency's file extracts to the same declarations
// (symbols, relations, facts) whether its bodies are blanked or not, over
// the JDK's java.lang, java.util and java.util.concurrent sources (records,
// enums with bodies, throws clauses, anonymous classes, text blocks).
func TestBlankBodies(t *testing.T) {
	src := []byte("record R<T>(T a) implements I {\n  public R { check(a); }\n  public int f() throws A.B, C { return g(\"}\", '{'); }\n}\n" +
		"enum E { X(1) { void m() { } }; E(int i) { } }\nclass K { public Runnable r = () -> { };\n  static { init(); }\n  public String s = \"\"\"\n  ) {\n  \"\"\"; }\n" +
		"class P { /** doc */ public int a; private int b; int c() { return 0; } int a() { } }\n")
	want := string(src)
	// The method's and the enum constant's bodies, a comment; an enum's
	// constructor (private) and a class's private and package-private
	// members but the one an overload of which stays (pruneUnreachable).
	for _, gone := range []string{" return g(\"}\", '{'); ", " void m() { } ", "E(int i) { }", "/** doc */", "private int b;", "int c() { return 0; }"} {
		want = strings.Replace(want, gone, strings.Repeat(" ", len(gone)), 1)
	}
	if got, _ := blankBodies(src, nil); string(got) != want {
		t.Errorf("blankBodies:\n%s\nwant:\n%s", got, want)
	}
	out, err := exec.Command("java", "-XshowSettings:properties", "-version").CombinedOutput()
	home := ""
	for _, l := range strings.Split(string(out), "\n") {
		if h, ok := strings.CutPrefix(strings.TrimSpace(l), "java.home = "); ok {
			home = h
		}
	}
	zr, err := zip.OpenReader(filepath.Join(home, "lib", "src.zip"))
	if err != nil {
		t.Skipf("no JDK sources (%v): only the sample was checked", err)
	}
	defer zr.Close()
	n := 0
	for _, f := range zr.File {
		dir := filepath.Dir(f.Name)
		if dir != "java.base/java/lang" && dir != "java.base/java/util" && dir != "java.base/java/util/concurrent" || !strings.HasSuffix(f.Name, ".java") {
			continue
		}
		r, _ := f.Open()
		b, _ := io.ReadAll(r)
		r.Close()
		full := New().Extract(extract.Input{Path: "@java/" + f.Name, Content: b})
		blank := New().Extract(extract.Input{Path: "@java/" + f.Name, Content: b, DeclarationsOnly: true})
		extract.DeclarationsOnly(full)
		extract.DeclarationsOnly(blank)
		pruneUnreachable(full) // as DeclarationsOnly's extraction does
		keptParents := dropLocal(full)
		if !reflect.DeepEqual(project(full, keptParents), project(blank, nil)) || !reflect.DeepEqual(full.Relations, blank.Relations) || !reflect.DeepEqual(full.Facts, blank.Facts) {
			have := map[string]bool{}
			for _, s := range blank.Symbols {
				have[s.Qualified+" "+s.Kind.String()] = true
			}
			var lost []string
			for _, s := range full.Symbols {
				if !have[s.Qualified+" "+s.Kind.String()] {
					lost = append(lost, s.Qualified+" "+s.Kind.String())
				}
			}
			if a, b := project(full, keptParents), project(blank, nil); !reflect.DeepEqual(a, b) {
				for k := range a {
					if k >= len(b) || a[k] != b[k] {
						t.Logf("symbol %s\nvs     %s", a[k], b[k])
						break
					}
				}
			}
			if !reflect.DeepEqual(full.Facts, blank.Facts) {
				t.Logf("facts %+v\nvs %+v", full.Facts, blank.Facts)
			}
			if !reflect.DeepEqual(full.Relations, blank.Relations) {
				t.Logf("relations %+v\nvs %+v", full.Relations, blank.Relations)
			}
			t.Errorf("%s: blanked bodies change the declarations:\nsymbols %d vs %d, relations %d vs %d, facts %d vs %d; lost %v",
				f.Name, len(full.Symbols), len(blank.Symbols), len(full.Relations), len(blank.Relations), len(full.Facts), len(blank.Facts), lost)
		}
		n++
	}
	if n < 300 {
		t.Errorf("checked %d JDK files, want java.lang's and java.util's", n)
	}
}

// dropLocal removes what is declared inside a method or constructor body
// (a local class, "Outer.method.Local"), which nothing outside the method
// can name: blanked bodies do not declare it.
// It returns the names of the kept symbols' parents.
func dropLocal(x *extract.ExtractedFile) []string {
	var methods []extract.Span
	for _, s := range x.Symbols {
		if s.Kind == extract.KindMethod || s.Kind == extract.KindConstructor {
			methods = append(methods, s.Span)
		}
	}
	local := map[string]bool{}
	parents := make([]string, len(x.Symbols))
	for i, s := range x.Symbols {
		if s.Parent >= 0 && int(s.Parent) < len(x.Symbols) {
			parents[i] = x.Symbols[s.Parent].Qualified
		}
	}
	keep := x.Symbols[:0]
	var keptParents []string
	for i, s := range x.Symbols {
		inside := false
		for _, m := range methods {
			inside = inside || s.Span.Start > m.Start && s.Span.End <= m.End
		}
		if inside {
			local[s.Qualified] = true
			continue
		}
		keep = append(keep, s)
		keptParents = append(keptParents, parents[i])
	}
	x.Symbols = keep
	rels := x.Relations[:0]
	for _, r := range x.Relations {
		if !local[r.From] {
			rels = append(rels, r)
		}
	}
	x.Relations = rels
	if len(rels) == 0 {
		x.Relations = nil
	}
	facts := x.Facts[:0]
	for _, f := range x.Facts {
		if !local[f.Subject] {
			facts = append(facts, f)
		}
	}
	x.Facts = facts
	if len(facts) == 0 {
		x.Facts = nil
	}
	return keptParents
}

// project is what a symbol declares, its parent named (dropLocal shifts
// the parents' indexes).
func project(x *extract.ExtractedFile, parents []string) []string {
	out := make([]string, len(x.Symbols))
	for i, s := range x.Symbols {
		parent := ""
		if parents != nil {
			parent = parents[i]
		} else if s.Parent >= 0 && int(s.Parent) < len(x.Symbols) {
			parent = x.Symbols[s.Parent].Qualified
		}
		s.Parent = 0
		out[i] = fmt.Sprintf("%+v %s", s, parent)
	}
	return out
}

// FuzzBlankBodies: blanking never panics, keeps the length and every
// newline, and changes only bytes to spaces; what it tells the parser to
// skip is whole blank lines; the declarations Summarize lexes are those
// of the blanked source.
func FuzzBlankBodies(f *testing.F) {
	for _, s := range []string{"", "(", ")", ") {", "record R<", "record R<T>(", "a() throws {", "\"\"\"", "'", "/*", "//", "f() { \"", "f() { '\\", ") throws a.b, c { } }"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got, skip := blankBodies(src, nil)
		if len(got) != len(src) {
			t.Fatalf("length %d, want %d", len(got), len(src))
		}
		for i := range src {
			if got[i] != src[i] && (got[i] != ' ' || src[i] == '\n' || src[i] == '\r') {
				t.Fatalf("byte %d: %q became %q", i, src[i], got[i])
			}
		}
		from := 0
		for _, r := range skip {
			start, end := int(r[0]), int(r[1])
			if start < from || end <= start || start > 0 && got[start-1] != '\n' || got[end-1] != '\n' {
				t.Fatalf("skip %v after %d: not sorted whole lines", r, from)
			}
			if strings.Trim(string(got[start:end]), " \t\f\r\n") != "" {
				t.Fatalf("skip %v holds %q", r, got[start:end])
			}
			from = end
		}
		if a, b := scanJavaFile(src), scanJavaFile(got); !reflect.DeepEqual(a, b) {
			t.Fatalf("summary %+v, blanked %+v", a, b)
		}
	})
}
