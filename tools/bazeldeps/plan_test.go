package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A grammar laid out as tree-sitter's are: the binding includes the parser
// from two directories up, the scanner only if it exists.
func TestPlanGrammar(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"go.mod": "module example.com/tree-sitter-toy\n",
		"bindings/go/binding.go": `package tree_sitter_toy

// #cgo CFLAGS: -std=c11 -fPIC
// #include "../../src/parser.c"
// #if __has_include("../../src/scanner.c")
// #include "../../src/scanner.c"
// #endif
import "C"

import "unsafe"

func Language() unsafe.Pointer { return unsafe.Pointer(C.tree_sitter_toy()) }
`,
		"bindings/go/binding_test.go": "package tree_sitter_toy\n",
		"src/parser.c":                `#include "tree_sitter/parser.h"` + "\nint x;\n",
		"src/tree_sitter/parser.h":    `#include "./alloc.h"` + "\n",
		"src/tree_sitter/alloc.h":     "\n",
		"src/schema.c":                "\n",
	})
	pl, err := planModule(dep{Path: "example.com/tree-sitter-toy", Dir: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantLib := ccLib{
		Name:        "binding_c",
		Srcs:        []string{"src/parser.c", "src/tree_sitter/alloc.h", "src/tree_sitter/parser.h"},
		TextualHdrs: []string{"src/schema.c"},
		Copts:       []string{"-std=c11"},
	}
	if len(pl.Libs) != 1 || !reflect.DeepEqual(pl.Libs[0], wantLib) {
		t.Errorf("libs = %+v\nwant %+v", pl.Libs, wantLib)
	}
	wantGo := goLib{Dir: "bindings/go", Name: "go", ImportPath: "example.com/tree-sitter-toy/bindings/go",
		Srcs: []string{"binding.go"}, CDeps: []string{"binding_c"}}
	if len(pl.Go) != 1 || !reflect.DeepEqual(pl.Go[0], wantGo) {
		t.Errorf("go = %+v\nwant %+v", pl.Go, wantGo)
	}
	got := pl.Rewrites["bindings/go/binding.go"]
	for _, gone := range []string{"parser.c", "scanner.c", "__has_include", "#endif"} {
		if strings.Contains(got, gone) {
			t.Errorf("rewritten binding still has %q:\n%s", gone, got)
		}
	}
	if !strings.Contains(got, "// const TSLanguage *tree_sitter_toy(void);\nimport \"C\"") {
		t.Errorf("rewritten binding lacks the declaration:\n%s", got)
	}
}

// go-tree-sitter's way: a file holding nothing but `#include "lib.c"`
// (found through -Isrc) is left out of the go_library, and the header the
// other files include through -Iinclude is exported.
func TestPlanRuntime(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"go.mod": "module example.com/runtime\n",
		"tree_sitter.go": `package tree_sitter

/*
#cgo CFLAGS: -Iinclude -Isrc -std=c11 -D_DEFAULT_SOURCE
#include "lib.c"
*/
import "C"
`,
		"parser.go": `package tree_sitter

/*
#cgo CFLAGS: -Iinclude -Isrc -std=c11
#include <tree_sitter/api.h>
*/
import "C"

func F() {}
`,
		"allocator.c":               "\n",
		"src/lib.c":                 `#include "./node.c"` + "\n",
		"src/node.c":                `#include "tree_sitter/api.h"` + "\n",
		"include/tree_sitter/api.h": "\n",
	})
	pl, err := planModule(dep{Path: "example.com/runtime", Dir: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantLib := ccLib{
		Name:        "tree_sitter_c",
		Srcs:        []string{"src/lib.c"},
		Hdrs:        []string{"include/tree_sitter/api.h"},
		TextualHdrs: []string{"src/node.c"},
		Includes:    []string{"include"},
		Copts:       []string{"-std=c11", "-D_DEFAULT_SOURCE"},
	}
	if len(pl.Libs) != 1 || !reflect.DeepEqual(pl.Libs[0], wantLib) {
		t.Errorf("libs = %+v\nwant %+v", pl.Libs, wantLib)
	}
	if len(pl.Go) != 1 || !reflect.DeepEqual(pl.Go[0].Srcs, []string{"allocator.c", "parser.go"}) {
		t.Errorf("go srcs = %+v, want allocator.c and parser.go", pl.Go)
	}
	if len(pl.Rewrites) != 0 {
		t.Errorf("rewrites = %v, want none", pl.Rewrites)
	}
}

func TestRepoName(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/mattn/go-pointer": "com_github_mattn_go_pointer",
		"golang.org/x/mod":            "org_golang_x_mod",
	} {
		if got := repoName(in); got != want {
			t.Errorf("repoName(%q) = %q, want %q", in, got, want)
		}
	}
}
