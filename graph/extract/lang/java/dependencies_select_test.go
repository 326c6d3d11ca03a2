package java

import (
	"archive/zip"
	"io"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestSummarizeJava: a file's summary names its package, imports, every
// type it declares (nested ones by their path in the file) with what its
// header needs, and each member with the types of its declaration
// (results, fields, record components), static ones marked, a method's
// or constructor's with where its declaration lies, but for
// those the worktree cannot reach (private, or package-private outside an
// interface); parameters, throws clauses, bodies and initializers name
// nothing.
func TestSummarizeJava(t *testing.T) {
	src := `package a.b;

import java.util.List;
import static java.util.Objects.requireNonNull;
import java.util.function.*;

/** A { comment } with "quotes". */
@Deprecated(since = "1")
public abstract class Box<T extends Comparable<T>> extends Base<T> implements java.io.Serializable, Cloneable {
    public static final int MAX = 3, MIN = 1;
    private final Map.Entry<String, Thing>[] entries = new Map.Entry[0];
    static Runnable r = () -> { call(new Other() { void x() { } }); };
    static { init(); }

    @Override
    public <R> List<R> map(Function<? super T, R> f) throws IOException { return null; }

    protected abstract Result run(Param p, String... rest);

    Box(int n) { this.n = n; }

    enum Mode { ON(1) { int x() { return 2; } }, OFF; Mode() {} Mode(int i) {} }

    public record Pair(Left l, @Ann java.time.Instant at) implements Marker {
        public Pair { requireNonNull(l); }
    }

    @interface Tag { String value() default "}"; }

    non-sealed static class Inner extends Sibling {
        char[] chars() { return new char[] {'}'}; }
    }
}

interface Other2 {
    Thing THING = null;
}
`
	got := decodeJavaFile((&javaDeps{}).Summarize([]byte(src)))
	decl := func(text string) extract.Span {
		at := strings.Index(src, text)
		return extract.Span{Start: uint32(at), End: uint32(at + len(text))}
	}
	want := javaFile{
		size:     len(src),
		pkg:      "a.b",
		single:   []string{"java.util.List", "java.util.Objects.requireNonNull"},
		onDemand: []string{"java.util.function"},
		types: []javaType{
			{name: "Box", uses: []string{"T", "Comparable", "T", "Base", "T", "java.io.Serializable", "Cloneable"}, members: []javaMember{
				{name: "MAX", static: true}, {name: "MIN", static: true},
				{name: "map", uses: []string{"R", "List", "R"}, decl: decl("@Override\n    public <R> List<R> map(Function<? super T, R> f) throws IOException { return null; }")},
				{name: "run", uses: []string{"Result"}, decl: decl("protected abstract Result run(Param p, String... rest);")},
			}},
			{name: "Box.Mode", members: []javaMember{{name: "ON", static: true}, {name: "OFF", static: true}}},
			{name: "Box.Pair", uses: []string{"Marker"}, members: []javaMember{{name: "l", uses: []string{"Left"}}, {name: "at", uses: []string{"java.time.Instant"}}}},
			{name: "Box.Tag", members: []javaMember{{name: "value", uses: []string{"String"}, decl: decl(`String value() default "}";`)}}},
			{name: "Box.Inner", uses: []string{"Sibling"}},
			{name: "Other2", members: []javaMember{{name: "THING", uses: []string{"Thing"}}}},
		},
	}
	if g, w := string(encodeJavaFile(got)), string(encodeJavaFile(want)); g != w || !reflect.DeepEqual(decodeJavaFile([]byte(w)), got) {
		t.Errorf("summary:\n%s\nwant:\n%s", g, w)
	}
}

// names is extract.Names over a list of (import path, name) pairs, ""
// for a name stated by a file without that import.
type names [][2]string

func (n names) Named(name string) bool {
	for _, p := range n {
		if p[1] == name {
			return true
		}
	}
	return false
}

func (n names) NamedThrough(importPath, name string) bool {
	for _, p := range n {
		if p == [2]string{importPath, name} {
			return true
		}
	}
	return false
}

// selectDirs summarizes each directory's files (path → source) and
// returns the files Select keeps, by path.
func selectDirs(t *testing.T, implicit []string, n extract.Names, dirs map[string]map[string]string) []string {
	t.Helper()
	var sds []extract.SelectDir
	for place, files := range dirs {
		sd := extract.SelectDir{Place: place}
		for name, src := range files {
			sd.Files = append(sd.Files, name)
			sd.Summaries = append(sd.Summaries, (&javaDeps{}).Summarize([]byte(src)))
		}
		sds = append(sds, sd)
	}
	var kept []string
	for i, k := range selectJava(sds, n, implicit) {
		for fi, sel := range k {
			if sel.Read {
				kept = append(kept, sds[i].Place+"/"+sds[i].Files[fi])
			}
		}
	}
	return kept
}

// TestSelectJava: seeds through a single import, an on-demand import, a
// static member named through an on-demand import, an implicit package
// (by name, by a static member) and a qualified use; the closure follows
// supertypes across directories, the results of methods some reference
// names (not of others), nested types through their outer file; a
// directory nothing is kept of keeps its smallest file; other languages'
// sources are kept.
func TestSelectJava(t *testing.T) {
	dirs := map[string]map[string]string{
		"p/q": {
			"Seed.java":    "package p.q;\nimport r.Far;\npublic class Seed extends Base implements Far {\n  public Chain chain() { return null; }\n  public Skipped skipped() { return null; }\n}\n",
			"Base.java":    "package p.q;\npublic class Base {\n  public Map.Entry<Key, Val> entry;\n}\n",
			"Chain.java":   "package p.q;\npublic class Chain {}\n",
			"Skipped.java": "package p.q;\npublic class Skipped {}\n",
			"Key.java":     "package p.q;\npublic class Key {}\n",
			"Val.java":     "package p.q;\npublic class Val {}\n",
			"Map.java":     "package p.q;\npublic interface Map { interface Entry<K, V> {} }\n",
			"Util.java":    "package p.q;\npublic final class Util { public static int helper() { return 1; } }\n",
			"Other.java":   "package p.q;\npublic class Other {}\n",
			"Named.java":   "package p.q;\npublic class Named {}\n",
			"Kt.kt":        "package p.q\nclass Kt\n",
		},
		"r": {
			"Far.java":  "package r;\npublic interface Far extends s.Deep {}\n",
			"Lone.java": "package r;\npublic class Lone {}\n",
		},
		"s": {
			"Deep.java": "package s;\npublic interface Deep {}\n",
		},
		"java/lang": {
			"Object.java": "package java.lang;\npublic class Object {}\n",
			"Math.java":   "package java.lang;\npublic final class Math { public static int max(int a, int b) { return a; } }\n",
			"Thread.java": "package java.lang;\npublic class Thread { public static Thread currentThread() { return null; } }\n",
		},
		"u": {
			"Big.java":   "package u;\npublic class Big { int a; int b; int c; }\n",
			"Small.java": "package u;\nclass S {}\n",
		},
	}
	n := names{{"p.q.Seed", "Seed"}, {"p.q", "helper"}, {"", "chain"}, {"", "entry"}, {"", "max"}, {"", "Named"}}
	got := selectDirs(t, []string{"java.lang"}, n, dirs)
	want := []string{
		"java/lang/Math.java", "java/lang/Object.java",
		"p/q/Base.java", "p/q/Chain.java", "p/q/Key.java", "p/q/Kt.kt", "p/q/Map.java", "p/q/Named.java", "p/q/Seed.java", "p/q/Util.java", "p/q/Val.java",
		"r/Far.java", "s/Deep.java", "u/Small.java",
	}
	slices.Sort(got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("kept %v\nwant %v", got, want)
	}
}

// TestSummarizeJDK: over the JDK's java.util and java.lang, each file's
// summary declares the type its name says, and nothing in it is empty.
func TestSummarizeJDK(t *testing.T) {
	files := jdkFiles(t, "java.base/java/lang", "java.base/java/util")
	for name, b := range files {
		f := decodeJavaFile((&javaDeps{}).Summarize(b))
		base := strings.TrimSuffix(name[strings.LastIndexByte(name, '/')+1:], ".java")
		if base == "package-info" {
			continue
		}
		found := false
		for _, ty := range f.types {
			found = found || ty.name == base
		}
		if !found {
			t.Errorf("%s: summary declares no %s:\n%s", name, base, encodeJavaFile(f))
		}
	}
	if len(files) < 200 {
		t.Errorf("only %d JDK files read", len(files))
	}
}

// jdkFiles reads the .java files directly in the given directories of
// the JDK's src.zip (the java on PATH's), skipping the test when there is
// none.
func jdkFiles(t *testing.T, dirs ...string) map[string][]byte {
	t.Helper()
	out, _ := exec.Command("java", "-XshowSettings:properties", "-version").CombinedOutput()
	home := ""
	for _, l := range strings.Split(string(out), "\n") {
		if h, ok := strings.CutPrefix(strings.TrimSpace(l), "java.home = "); ok {
			home = h
		}
	}
	zr, err := zip.OpenReader(filepath.Join(home, "lib", "src.zip"))
	if err != nil {
		t.Skipf("no JDK sources (%v)", err)
	}
	defer zr.Close()
	files := map[string][]byte{}
	for _, f := range zr.File {
		if !slices.Contains(dirs, path.Dir(f.Name)) || !strings.HasSuffix(f.Name, ".java") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name] = b
	}
	return files
}

// TestSelectJavaNamedMethods: a kept file is read without the methods
// and constructors whose names no reference states (overloads go or stay
// together); its fields, enum constants, nested types and the methods
// some reference names stay, and so do their offsets: the extraction of
// the file read in part declares exactly those, where the whole file's
// declares them too.
func TestSelectJavaNamedMethods(t *testing.T) {
	src := `package p;

import java.util.List;

public class Seed {
    public static final int LIMIT = 3;
    protected List<String> names;

    public Seed() { }

    /** Named: a reference states it. */
    public List<String> named() { return names; }

    public void unnamed() { }
    public void unnamed(int n) { }

    @Deprecated
    public static Seed alsoUnnamed(String s) { return null; }

    public enum Mode { ON, OFF; public Mode flip() { return this; } }

    public interface Listener { void heard(); void ignored(); }
}
`
	sds := []extract.SelectDir{{Place: "p", Files: []string{"Seed.java"}, Summaries: [][]byte{(&javaDeps{}).Summarize([]byte(src))}}}
	n := names{{"p.Seed", "Seed"}, {"", "named"}, {"", "heard"}}
	sel := selectJava(sds, n, nil)[0][0]
	if !sel.Read || sel.Keep == nil {
		t.Fatalf("selection %+v: want Seed.java read in part", sel)
	}
	x := New().Extract(extract.Input{Path: "@java/p/Seed.java", Content: []byte(src), DeclarationsOnly: true, Keep: sel.Keep})
	var got []string
	for _, s := range x.Symbols {
		got = append(got, s.Qualified)
		if want := src[s.Span.Start:s.Span.End]; !strings.Contains(want, s.Name) {
			t.Errorf("%s spans %q", s.Qualified, want)
		}
	}
	want := []string{"p", "p.Seed", "p.Seed.LIMIT", "p.Seed.names", "p.Seed.<init>", "p.Seed.named",
		"p.Seed.Mode", "p.Seed.Mode.ON", "p.Seed.Mode.OFF", "p.Seed.Listener", "p.Seed.Listener.heard"}
	slices.Sort(got)
	slices.Sort(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("symbols %v\nwant %v", got, want)
	}
}

// TestUseOf: a qualified name's use is its prefix through its first
// upper-case segment.
func TestUseOf(t *testing.T) {
	for n, want := range map[string]string{"List": "List", "java.util.List": "java.util.List", "Map.Entry": "Map",
		"java.util.Map.Entry": "java.util.Map", "a.b.c": "", "": "", "a..B.c": "a..B", "int": "", ".X": ".X"} {
		if got := useOf(n); got != want {
			t.Errorf("useOf(%q) = %q, want %q", n, got, want)
		}
	}
}
