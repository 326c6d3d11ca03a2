package core_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// fixture is a small Go module plus a Python package.
var fixture = map[string]string{
	"go.mod": "module example.com/app\n\ngo 1.26\n",
	"main.go": `package main

import "example.com/app/util"

func main() {
	util.Greet("world")
	helper()
}

func helper() {}
`,
	"util/greet.go": `package util

// HandlerFunc handles things.
type HandlerFunc func(name string) error

// Greet says hello.
func Greet(name string) string {
	return "hello there, " + name
}
`,
	"py/pkg/__init__.py": "",
	"py/pkg/server.py": `import os

TOKEN = os.environ["APP_TOKEN"]


def handle_request(path):
    raise ValueError("request path not allowed")
`,
}

func openGraph(t *testing.T, root string) *core.Graph {
	t.Helper()
	g, err := core.Open(root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func mustSync(t *testing.T, g *core.Graph, mode core.SyncMode) syncReport {
	t.Helper()
	rep, err := g.Sync(context.Background(), mode)
	if err != nil {
		t.Fatalf("sync: %v", err)
	}
	return syncReport{rep.Mode, rep.FilesIndexed, rep.FilesChanged, rep.FilesRemoved}
}

type syncReport struct {
	mode                   string
	indexed, changed, gone int
}

func names(res query.SearchResult) []string {
	var out []string
	for _, m := range res.Matches {
		out = append(out, m.Kind+":"+m.Name+m.Value+m.Key)
	}
	return out
}

func search(t *testing.T, g *core.Graph, text string) []string {
	t.Helper()
	res, err := g.Search(context.Background(), query.SearchQuery{Text: text})
	if err != nil {
		t.Fatalf("search %q: %v", text, err)
	}
	return names(res)
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

func TestSyncLifecycle(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	if _, err := g.Search(context.Background(), query.SearchQuery{Text: "x"}); !errors.Is(err, core.ErrNoIndex) {
		t.Fatalf("search before sync: err = %v, want ErrNoIndex", err)
	}
	if got, want := mustSync(t, g, core.SyncAuto), (syncReport{"cold", 5, 5, 0}); got != want {
		t.Fatalf("first sync = %+v, want %+v", got, want)
	}
	if got, want := mustSync(t, g, core.SyncAuto), (syncReport{"incremental", 5, 0, 0}); got != want {
		t.Fatalf("no-op sync = %+v, want %+v", got, want)
	}
	hits := search(t, g, "handler")
	for _, want := range []string{"symbol:HandlerFunc", "symbol:handle_request"} {
		if !contains(hits, want) {
			t.Errorf("search handler = %v, missing %s", hits, want)
		}
	}
	if hits := search(t, g, "APP_TOKEN"); !contains(hits, "config:APP_TOKEN") {
		t.Errorf("search APP_TOKEN = %v", hits)
	}
	if hits := search(t, g, "request path"); !contains(hits, "string:request path not allowed") {
		t.Errorf("search 'request path' = %v", hits)
	}

	repo.Write("util/greet.go", strings.Replace(fixture["util/greet.go"], "func Greet", "func Farewell() {}\n\nfunc Greet", 1))
	if got, want := mustSync(t, g, core.SyncAuto), (syncReport{"incremental", 5, 1, 0}); got != want {
		t.Fatalf("edit sync = %+v, want %+v", got, want)
	}
	if hits := search(t, g, "Farewell"); !contains(hits, "symbol:Farewell") {
		t.Errorf("new function not found: %v", hits)
	}
	repo.Remove("py/pkg/server.py")
	if got, want := mustSync(t, g, core.SyncAuto), (syncReport{"incremental", 4, 0, 1}); got != want {
		t.Fatalf("delete sync = %+v, want %+v", got, want)
	}
	if hits := search(t, g, "handle_request"); contains(hits, "symbol:handle_request") {
		t.Errorf("deleted symbol still found: %v", hits)
	}
	if err := os.Rename(filepath.Join(repo.Root, "main.go"), filepath.Join(repo.Root, "app.go")); err != nil {
		t.Fatal(err)
	}
	if got, want := mustSync(t, g, core.SyncAuto), (syncReport{"incremental", 4, 1, 1}); got != want {
		t.Fatalf("rename sync = %+v, want %+v", got, want)
	}
	if got, want := mustSync(t, g, core.SyncFull), (syncReport{"full", 4, 4, 0}); got != want {
		t.Fatalf("full sync = %+v, want %+v", got, want)
	}
	if out := repo.Git("status", "--porcelain"); strings.Contains(out, ".orbit") {
		t.Errorf("index shows up in git status:\n%s", out)
	}
}

func TestShowSelectors(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	ctx := context.Background()
	v, err := g.Show(ctx, "symbol:util/greet.go#Greet", 0)
	if err != nil {
		t.Fatal(err)
	}
	if v.Qualified != "example.com/app/util.Greet" || v.Line != 7 || !strings.HasPrefix(v.Source, "func Greet(") || v.Stale {
		t.Errorf("show Greet = %+v", v)
	}
	v, err = g.Show(ctx, "symbol:util/greet.go#Greet", 10)
	if err != nil || !v.Truncated || len(v.Source) > 10 {
		t.Errorf("max-bytes not honored: %+v, %v", v, err)
	}
	if v, err = g.Show(ctx, "file:main.go", 0); err != nil || v.Lang != "go" || len(v.Children) == 0 {
		t.Errorf("show file = %+v, %v", v, err)
	}
	if v, err = g.Show(ctx, "module:example.com/app/util", 0); err != nil || len(v.Files) != 1 {
		t.Errorf("show module = %+v, %v", v, err)
	}
	_, err = g.Show(ctx, "symbol:util/greet.go#Gret", 0)
	var le *query.LookupError
	if !errors.As(err, &le) || le.Reason != "not_found" || !contains(le.Suggestions, "symbol:util/greet.go#Greet") {
		t.Errorf("typo: err = %v, want suggestion of Greet", err)
	}
	if _, err = g.Show(ctx, "symbol:../etc/passwd#x", 0); !errors.Is(err, query.ErrBadSelector) {
		t.Errorf("escaping path: err = %v, want ErrBadSelector", err)
	}
	if _, err = g.Show(ctx, "thing:x", 0); !errors.Is(err, query.ErrBadSelector) {
		t.Errorf("unknown form: err = %v", err)
	}
	repo.Write("util/greet.go", "package util\n\n"+fixture["util/greet.go"][len("package util\n"):])
	if v, err = g.Show(ctx, "symbol:util/greet.go#Greet", 0); err != nil || !v.Stale {
		t.Errorf("edited file not reported stale: %+v, %v", v, err)
	}
}

func TestCorruptIndexIsRebuilt(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	g.Close()
	if err := os.WriteFile(g.Location().Path, bytes.Repeat([]byte("garbage!"), 512), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Search(context.Background(), query.SearchQuery{Text: "Greet"}); !errors.Is(err, core.ErrCorruptIndex) {
		t.Fatalf("search on corrupt index: err = %v, want ErrCorruptIndex", err)
	}
	var warned []string
	g2, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), Warn: func(s string) { warned = append(warned, s) }})
	if err != nil {
		t.Fatal(err)
	}
	defer g2.Close()
	if got := mustSync(t, g2, core.SyncAuto); got.mode != "cold" || got.indexed != 5 {
		t.Fatalf("sync of corrupt index = %+v", got)
	}
	if len(warned) == 0 || !strings.Contains(warned[0], "rebuilding") {
		t.Errorf("no rebuild warning: %v", warned)
	}
	if hits := search(t, g2, "Greet"); !contains(hits, "symbol:Greet") {
		t.Errorf("rebuilt index lacks Greet: %v", hits)
	}
}

func TestOtherVersionIsRebuilt(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	g.Close()
	st, err := store.Open(g.Location().Path, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := st.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetMeta(tx.SQL(), map[string]string{store.MetaSchemaVersion: "0"}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if got := mustSync(t, g, core.SyncAuto); got.mode != "cold" {
		t.Fatalf("sync of old-schema index = %+v, want a cold rebuild", got)
	}
}
