package core_test

import (
	"context"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestLanguagesEndToEnd indexes one small file per language through the
// whole pipeline and finds each file's symbol with its language.
func TestLanguagesEndToEnd(t *testing.T) {
	files := map[string]struct{ path, src, lang string }{
		"GoSymbolOne":     {"a.go", "package a\n\nfunc GoSymbolOne() {}\n", "go"},
		"py_symbol_one":   {"a.py", "def py_symbol_one():\n    pass\n", "python"},
		"rust_symbol_one": {"src/lib.rs", "pub fn rust_symbol_one() {}\n", "rust"},
		"tsSymbolOne":     {"web/a.ts", "export function tsSymbolOne(): void {}\n", "typescript"},
		"jsSymbolOne":     {"web/b.js", "export function jsSymbolOne() {}\n", "javascript"},
		"ruby_symbol_one": {"lib/a.rb", "module M\n  def ruby_symbol_one; end\nend\n", "ruby"},
		"CsSymbolOne":     {"App/A.cs", "namespace App { class A { void CsSymbolOne() {} } }\n", "csharp"},
		"javaSymbolOne":   {"src/A.java", "package p;\nclass A { void javaSymbolOne() {} }\n", "java"},
		"ktSymbolOne":     {"src/B.kt", "package p\n\nfun ktSymbolOne() {}\n", "kotlin"},
		"c_symbol_one":    {"c/a.c", "int c_symbol_one(void) { return 0; }\n", "c"},
		"cpp_symbol_one":  {"c/b.cc", "namespace n { int cpp_symbol_one() { return 0; } }\n", "cpp"},
		"MarkdownHeading": {"docs/a.md", "# Guide\n\n## MarkdownHeading\n", "markdown"},
	}
	contents := map[string]string{}
	for _, f := range files {
		contents[f.path] = f.src
	}
	repo := gittest.New(t, contents)
	g := openGraph(t, repo.Root)
	repo.Write("config/app.yaml", "server:\n  listen_port: 80\n")
	if got := mustSync(t, g, core.SyncAuto); got.indexed != len(files)+1 {
		t.Fatalf("sync = %+v, want %d files", got, len(files)+1)
	}
	res, err := g.Search(context.Background(), query.SearchQuery{Text: "listen_port", Lang: "yaml"})
	if err != nil || len(res.Matches) != 1 || res.Matches[0].Key != "server.listen_port" {
		t.Errorf("config key: %+v, %v", res.Matches, err)
	}
	for name, f := range files {
		res, err := g.Search(context.Background(), query.SearchQuery{Text: name, Lang: f.lang})
		if err != nil || len(res.Matches) == 0 || res.Matches[0].Name != name || res.Matches[0].Path != f.path {
			t.Errorf("search %s --lang %s = %+v, %v", name, f.lang, res.Matches, err)
		}
	}
}
