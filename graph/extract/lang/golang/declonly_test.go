package golang

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestDeclarationsOnlyKeepsDeclarations: skipping the walk and blanking
// the function bodies of a dependency's file changes none of its symbols
// (but those dropUnreachable drops), relations or facts.
func TestDeclarationsOnlyKeepsDeclarations(t *testing.T) {
	n, blanked := 0, 0
	for _, dir := range []string{"io", "bufio", "net/http", "testing", "encoding/json", "go/ast", "go/types", "runtime", "os", "reflect", "syscall", "strings", "sort", "time", "unicode", "net", "crypto/tls"} {
		entries, err := os.ReadDir(filepath.Join(runtime.GOROOT(), "src", dir))
		if err != nil {
			t.Skipf("GOROOT sources unavailable: %v", err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			in := extract.Input{Path: "@go/" + dir + "/" + e.Name(), Content: b, Module: extract.ModuleContext{Root: "@go", Own: stdLibrary}}
			if b := blankBodies(in.Content); len(b) != len(in.Content) {
				t.Fatalf("%s/%s: blanking changed the length", dir, e.Name())
			} else if string(b) != string(in.Content) {
				blanked++
			}
			full := New().Extract(in)
			in.DeclarationsOnly = true
			decl := New().Extract(in)
			extract.DeclarationsOnly(full) // what the indexer keeps of either
			dropUnreachable(full)
			extract.DeclarationsOnly(decl)
			for name, pair := range map[string][2]any{
				"symbols": {full.Symbols, decl.Symbols}, "relations": {full.Relations, decl.Relations}, "facts": {full.Facts, decl.Facts},
			} {
				if !reflect.DeepEqual(pair[0], pair[1]) {
					t.Errorf("%s/%s: %s differ with DeclarationsOnly", dir, e.Name(), name)
				}
			}
			n++
		}
	}
	if n < 50 || blanked < n/2 {
		t.Fatalf("compared %d files, %d of them with bodies blanked", n, blanked)
	}
}

func TestBuildsHere(t *testing.T) {
	for _, c := range []struct {
		head       string
		goos, arch string
		want       bool
	}{
		{"// Copyright\n\npackage x\n", "linux", "amd64", true},
		{"//go:build unix\n\npackage x\n", "linux", "amd64", true},
		{"//go:build unix\n\npackage x\n", "windows", "amd64", false},
		{"//go:build ignore\n\npackage main\n", "linux", "amd64", false},
		{"//go:build (linux && arm64) || darwin\n\npackage x\n", "linux", "amd64", false},
		{"//go:build !purego && go1.21\n\npackage x\n", "linux", "amd64", true},
		{"package x\n//go:build ignore\n", "linux", "amd64", true}, // after the package clause: not a constraint
	} {
		if got := buildsHere([]byte(c.head), c.goos, c.arch); got != c.want {
			t.Errorf("buildsHere(%q, %s/%s) = %v, want %v", c.head, c.goos, c.arch, got, c.want)
		}
	}
	if !goodOSArch("file_linux", "linux", "amd64") || goodOSArch("file_windows", "linux", "amd64") || goodOSArch("sys_linux_arm64", "linux", "amd64") || !goodOSArch("server", "linux", "amd64") {
		t.Error("goodOSArch misreads file name suffixes")
	}
}

func TestBlankBodies(t *testing.T) {
	src := "package p\n\nfunc f(x struct{ a int }) interface{ M() } {\n\ts := \"}{\" // }\n\treturn nil\n}\n\nfunc asm(x int) int\n\ntype T struct{ f func() }\n\nfunc (T) M[K interface{ ~int }]() { /* } */ _ = '}' }\n"
	want := "package p\n\nfunc f(x struct{ a int }) interface{ M() } {\n" + strings.Repeat(" ", 15) + "\n" + strings.Repeat(" ", 11) +
		"\n}\n\nfunc asm(x int) int\n\ntype T struct{ f func() }\n\nfunc (T) M[K interface{ ~int }]() {" + strings.Repeat(" ", 17) + "}\n"
	if got := string(blankBodies([]byte(src))); got != want {
		t.Errorf("blankBodies:\n%q\nwant\n%q", got, want)
	}
	// A package-level variable's literal keeps its type, loses its elements;
	// a struct or interface type keeps its fields and methods.
	src = "package p\n\nvar (\n\tTable = &RangeTable{R16: []Range16{{1, 2}}}\n\tnames = map[string]struct{ a int }{\"x\": {1}}\n)\n\nvar V struct{ A int }\n\ntype S struct{ B int }\n"
	want = "package p\n\nvar (\n\tTable = &RangeTable{" + strings.Repeat(" ", 22) + "}\n\tnames = map[string]struct{ a int }{" + strings.Repeat(" ", 8) + "}\n)\n\nvar V struct{ A int }\n\ntype S struct{ B int }\n"
	if got := string(blankBodies([]byte(src))); got != want {
		t.Errorf("blankBodies:\n%q\nwant\n%q", got, want)
	}
}

// TestDropUnreachable: a dependency keeps what an importer can name or
// reach: exported names, unexported types (embedded, returned), an
// interface's unexported methods; and every fact, so that a chain through
// an unexported variable or function still ends at a type.
func TestDropUnreachable(t *testing.T) {
	src := `package p

type I interface { Read() int; private() }
type T struct { common; A int }
type common struct{}
func (common) Fatalf() {}
func (c *common) log() {}
func (t *T) Close() {}
const (a = iota; B)
var x, Y = newT(), 2
var DefaultT = x
func newT() *T { return nil }
func New() *T { return newT() }
`
	in := extract.Input{Path: "@go/p/p.go", Content: []byte(src), Module: extract.ModuleContext{Root: "@go", Own: stdLibrary}, DeclarationsOnly: true}
	x := New().Extract(in)
	var got []string
	for _, s := range x.Symbols {
		parent := ""
		if s.Parent >= 0 {
			parent = x.Symbols[s.Parent].Name + "."
		}
		got = append(got, parent+s.Name)
	}
	want := []string{"p", "I", "I.Read", "I.private", "T", "common", "common.Fatalf", "T.Close", "B", "Y", "DefaultT", "New"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	facts := map[string]string{}
	for _, f := range x.Facts {
		facts[f.Kind.String()+" "+f.Subject] = f.Object
	}
	if facts["type p.x"] != "p.newT()" || facts["returns p.newT"] != "p.T" || facts["type p.DefaultT"] != "p.x" {
		t.Errorf("facts of the dropped names are gone: %v", facts)
	}
	in.DeclarationsOnly = false
	if n := len(New().Extract(in).Symbols); n <= len(x.Symbols) {
		t.Errorf("the worktree's own file lost symbols too: %d", n)
	}
}
