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

// TestDeclarationsOnlyKeepsDeclarations: skipping the walk for a
// dependency's file changes none of its symbols, relations or facts.
func TestDeclarationsOnlyKeepsDeclarations(t *testing.T) {
	n := 0
	for _, dir := range []string{"io", "bufio", "net/http", "testing", "encoding/json", "go/ast"} {
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
			full := New().Extract(in)
			in.DeclarationsOnly = true
			decl := New().Extract(in)
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
	if n < 50 {
		t.Fatalf("compared only %d files", n)
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
