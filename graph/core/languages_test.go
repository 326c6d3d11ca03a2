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
	}
	contents := map[string]string{}
	for _, f := range files {
		contents[f.path] = f.src
	}
	repo := gittest.New(t, contents)
	g := openGraph(t, repo.Root)
	if got := mustSync(t, g, core.SyncAuto); got.indexed != len(files) {
		t.Fatalf("sync = %+v, want %d files", got, len(files))
	}
	for name, f := range files {
		res, err := g.Search(context.Background(), query.SearchQuery{Text: name, Lang: f.lang})
		if err != nil || len(res.Matches) == 0 || res.Matches[0].Name != name || res.Matches[0].Path != f.path {
			t.Errorf("search %s --lang %s = %+v, %v", name, f.lang, res.Matches, err)
		}
	}
}
