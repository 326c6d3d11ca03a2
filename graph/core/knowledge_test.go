package core_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestOverviewScopes: "" is the whole worktree, the summary lists at most 20
// files (most symbols first, ties by path), and counts add up per scope.
func TestOverviewScopes(t *testing.T) {
	files := map[string]string{"go.mod": "module example.com/many\n\ngo 1.26\n"}
	for i := range 25 { // file i defines i+1 functions
		var b strings.Builder
		b.WriteString("package many\n")
		for j := range i + 1 {
			fmt.Fprintf(&b, "\nfunc F%d_%d() {}\n", i, j)
		}
		files[fmt.Sprintf("many/f%02d.go", i)] = b.String()
	}
	repo := gittest.New(t, files)
	g := openGraph(t, repo.Root)
	ctx := context.Background()
	if _, err := g.Overview(ctx, "", query.OverviewOptions{}); !errors.Is(err, core.ErrNoIndex) {
		t.Fatalf("overview before sync: err = %v, want ErrNoIndex", err)
	}
	mustSync(t, g, core.SyncAuto)

	all, err := g.Overview(ctx, "", query.OverviewOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if all.Scope != "dir:." || all.Format != query.OverviewSummary || all.Files.Total != 26 || all.FileList != nil {
		t.Errorf("whole worktree: scope %q format %q files %d, file list %v", all.Scope, all.Format, all.Files.Total, all.FileList != nil)
	}
	if len(all.TopFiles) != 20 || all.TopFiles[0].Path != "many/f24.go" || all.TopFiles[0].Symbols != 26 || all.TopFiles[19].Path != "many/f05.go" {
		t.Errorf("top files: %d, first %+v, last %+v", len(all.TopFiles), all.TopFiles[0], all.TopFiles[len(all.TopFiles)-1])
	}
	functions := 25 * 26 / 2
	wantKinds := []query.KindCount{{Kind: "function", Count: functions}, {Kind: "package", Count: 25}, {Kind: "module", Count: 1}}
	if diff := cmp.Diff(wantKinds, all.Symbols.ByKind); diff != "" || all.Symbols.Total != functions+26 {
		t.Errorf("symbol kinds (-want +got):\n%s", diff)
	}

	one, err := g.Overview(ctx, "file:many/f03.go", query.OverviewOptions{Format: query.OverviewFull})
	if err != nil {
		t.Fatal(err)
	}
	if one.Files.Total != 1 || one.Symbols.Total != 5 || len(one.FileList) != 1 || len(one.FileList[0].Symbols) != 5 {
		t.Fatalf("file scope: %+v", one)
	}
	if s := one.FileList[0].Symbols[4]; s.Name != "F3_3" || s.Line != 9 {
		t.Errorf("last symbol of f03.go = %+v, want F3_3 on line 9", s)
	}
}

// TestOverviewFullMarksStaleFiles: lines come from the file on disk, so a
// file edited since the sync says so rather than silently misnumbering.
func TestOverviewFullMarksStaleFiles(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	repo.Write("util/greet.go", "// edited\n"+fixture["util/greet.go"])
	res, err := g.Overview(context.Background(), "dir:util", query.OverviewOptions{Format: query.OverviewFull})
	if err != nil {
		t.Fatal(err)
	}
	if res.StaleFiles != 1 || len(res.FileList) != 1 || !res.FileList[0].Stale {
		t.Errorf("stale files = %d, list %+v; want util/greet.go marked stale", res.StaleFiles, res.FileList)
	}
}

func TestKnowledgeQueryErrors(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	ctx := context.Background()

	var le *query.LookupError
	if _, err := g.Deps(ctx, "dir:utl"); !errors.As(err, &le) || !errors.Is(err, query.ErrNotFound) || len(le.Suggestions) == 0 || le.Suggestions[0] != "dir:util" {
		t.Errorf("deps dir:utl: err = %v, want not found suggesting dir:util", err)
	}
	if _, err := g.Overview(ctx, "file:util/greet.py", query.OverviewOptions{}); !errors.As(err, &le) || len(le.Suggestions) == 0 || le.Suggestions[0] != "file:util/greet.go" {
		t.Errorf("overview of a misspelled file: err = %v, want a suggestion of util/greet.go", err)
	}
	for _, bad := range []string{"util", "dir:../x", "file:/etc/passwd", "module:example.com/app"} {
		if _, err := g.Deps(ctx, bad); !errors.Is(err, query.ErrBadSelector) {
			t.Errorf("deps %q: err = %v, want ErrBadSelector", bad, err)
		}
	}
	if _, err := g.Overview(ctx, "", query.OverviewOptions{Format: "huge"}); !errors.Is(err, query.ErrBadQuery) {
		t.Errorf("overview --detail huge: err = %v, want ErrBadQuery", err)
	}
	res, err := g.Implementors(ctx, "NoSuchTrait")
	if err != nil || res.Implementors == nil || len(res.Implementors) != 0 {
		t.Errorf("implementors of nothing = %+v, %v; want an empty list", res, err)
	}
	if _, err := g.Implementors(ctx, "::"); !errors.Is(err, query.ErrBadQuery) {
		t.Errorf("implementors ::: err = %v, want ErrBadQuery", err)
	}
}

// TestDepsPlacesImports: the same import path resolves to a package
// directory, a module file or a directory import, and only what the index
// cannot place is external.
func TestDepsPlacesImports(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"go.mod":                  "module example.com/d\n\ngo 1.26\n",
		"cmd/main.go":             "package main\n\nimport (\n\t\"example.com/d/lib\"\n\t\"github.com/other/mod\"\n)\n\nfunc main() { lib.F(); mod.G() }\n",
		"lib/a.go":                "package lib\n\nfunc F() {}\n",
		"lib/b.go":                "package lib\n\nfunc H() {}\n",
		"web/app.ts":              "import { Button } from \"./components\";\nimport { x } from \"../outside/nothing\";\n",
		"web/components/index.ts": "export class Button {}\n",
	})
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	res, err := g.Deps(context.Background(), "dir:.")
	if err != nil {
		t.Fatal(err)
	}
	want := []query.FileDeps{
		{File: "cmd/main.go", Imports: []query.Dep{
			{TargetPath: "example.com/d/lib", InternalPath: "lib"},
			{TargetPath: "github.com/other/mod"},
		}},
		{File: "web/app.ts", Imports: []query.Dep{
			{TargetPath: "../outside/nothing", TargetSymbol: "x"},
			{TargetPath: "./components", TargetSymbol: "Button", InternalPath: "web/components"},
		}},
	}
	if diff := cmp.Diff(want, res.Files); diff != "" {
		t.Errorf("deps (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"github.com/other/mod"}, res.External); diff != "" {
		t.Errorf("external (-want +got):\n%s", diff)
	}
}
