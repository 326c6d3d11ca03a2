package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// pages calls a tool page by page until no cursor is left, checking that
// each response fits maxBytes (when set) and holds at most limit entries.
func (s *server) pages(name string, args map[string]any, list func(map[string]any) int) []map[string]any {
	s.t.Helper()
	var out []map[string]any
	for cursor := ""; ; {
		a := map[string]any{}
		for k, v := range args {
			a[k] = v
		}
		if cursor != "" {
			a["cursor"] = cursor
		}
		res := s.call(name, a)
		if res.IsError {
			s.t.Fatalf("%s %v: %s", name, a, textOf(res))
		}
		if mb, ok := args["max_bytes"].(int); ok {
			if wire, _ := json.Marshal(res); len(wire) > mb {
				s.t.Errorf("%s page %d: %d bytes, over max_bytes %d", name, len(out)+1, len(wire), mb)
			}
		}
		m := res.StructuredContent.(map[string]any)
		if lim, ok := args["limit"].(int); ok && list(m) > lim {
			s.t.Errorf("%s page %d: %d entries, limit %d", name, len(out)+1, list(m), lim)
		}
		if list(m) == 0 {
			s.t.Fatalf("%s page %d is empty: %v", name, len(out)+1, m)
		}
		out = append(out, m)
		cursor, _ = m["cursor"].(string)
		if (cursor != "") != m["truncated"].(bool) {
			s.t.Errorf("%s page %d: truncated %v with cursor %q", name, len(out), m["truncated"], cursor)
		}
		if cursor == "" || len(out) > 100 {
			return out
		}
	}
}

func entries(key string) func(map[string]any) int {
	return func(m map[string]any) int { l, _ := m[key].([]any); return len(l) }
}

// concat joins one list field of every page.
func concat(pages []map[string]any, key string) []any {
	var all []any
	for _, p := range pages {
		l, _ := p[key].([]any)
		all = append(all, l...)
	}
	return all
}

func TestPaging(t *testing.T) {
	repo := gittest.New(t, manyCallers(repoFiles, 40))
	s := start(t, "--root", repo.Root)
	s.ok("orbit_graph_sync", nil)
	g := openCore(t, repo.Root)
	ctx := context.Background()

	refs, err := g.Refs(ctx, "symbol:lib/lib.go#Serve", query.RefsOptions{})
	check(t, err)
	want := asMap(t, refs)["refs"].([]any)
	for _, args := range []map[string]any{
		{"limit": 7},
		{"max_bytes": 1500},
		{"limit": 1000, "max_bytes": 4000},
	} {
		args["selector"] = "symbol:lib/lib.go#Serve"
		pages := s.pages("orbit_graph_refs", args, entries("refs"))
		if len(pages) < 2 {
			t.Errorf("refs %v: %d pages; want several", args, len(pages))
		}
		if diff := cmp.Diff(want, concat(pages, "refs")); diff != "" {
			t.Errorf("refs %v: pages joined differ from core (-want +got):\n%s", args, diff)
		}
		if total := pages[0]["total"]; total != float64(len(want)) {
			t.Errorf("refs %v: total %v, want %d", args, total, len(want))
		}
	}

	impact, err := g.Impact(ctx, "symbol:lib/lib.go#helper", query.ImpactOptions{})
	check(t, err)
	pages := s.pages("orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#helper", "limit": 10}, entries("symbols"))
	if diff := cmp.Diff(asMap(t, impact)["symbols"], concat(pages, "symbols")); diff != "" {
		t.Errorf("impact pages joined differ from core (-want +got):\n%s", diff)
	}

	search, err := g.Search(ctx, query.SearchQuery{Text: "caller", Limit: 100})
	check(t, err)
	pages = s.pages("orbit_graph_search", map[string]any{"query": "caller", "limit": 15}, entries("matches"))
	if diff := cmp.Diff(asMap(t, search)["matches"], concat(pages, "matches")); diff != "" {
		t.Errorf("search pages joined differ from core (-want +got):\n%s", diff)
	}

	overview, err := g.Overview(ctx, "", query.OverviewOptions{Format: query.OverviewFull})
	check(t, err)
	pages = s.pages("orbit_graph_overview", map[string]any{"detail": "full", "limit": 9}, entries("file_list"))
	if diff := cmp.Diff(symbolsOf(asMap(t, overview)), symbolsOfPages(pages)); diff != "" {
		t.Errorf("overview pages joined differ from core (-want +got):\n%s", diff)
	}

	deps, err := g.Deps(ctx, "dir:.")
	check(t, err)
	pages = s.pages("orbit_graph_deps", map[string]any{"scope": "dir:.", "limit": 1}, func(m map[string]any) int {
		n := len(concat([]map[string]any{m}, "external"))
		for _, f := range concat([]map[string]any{m}, "files") {
			n += len(f.(map[string]any)["imports"].([]any))
		}
		return n
	})
	if diff := cmp.Diff(asMap(t, deps)["external"], concat(pages, "external")); diff != "" {
		t.Errorf("deps external joined differ from core (-want +got):\n%s", diff)
	}

	trace, err := g.Trace(ctx, "sync-all", query.TraceOptions{})
	check(t, err)
	pages = s.pages("orbit_graph_trace", map[string]any{"command": "sync-all", "limit": 1}, func(m map[string]any) int {
		if m["root"] == nil {
			return 0
		}
		return 1
	})
	if n := len(newTreeIndex(trace.Root).order); len(pages) != n {
		t.Errorf("trace with limit 1: %d pages for %d nodes", len(pages), n)
	}
}

// symbolsOf lists "path qualified" of every symbol of a full overview.
func symbolsOf(overview map[string]any) []string {
	var out []string
	files, _ := overview["file_list"].([]any)
	for _, f := range files {
		fm := f.(map[string]any)
		for _, s := range fm["symbols"].([]any) {
			out = append(out, fm["path"].(string)+" "+s.(map[string]any)["qualified"].(string))
		}
	}
	return out
}

func symbolsOfPages(pages []map[string]any) []string {
	var out []string
	for _, p := range pages {
		out = append(out, symbolsOf(p)...)
	}
	return out
}

// TestShowBudget: show cuts source, then children, to fit max_bytes.
func TestShowBudget(t *testing.T) {
	repo := gittest.New(t, manyCallers(repoFiles, 40))
	s := start(t, "--root", repo.Root)
	for _, mb := range []int{1200, 3000, 32 << 10} {
		res := s.call("orbit_graph_show", map[string]any{"selector": "file:callers/callers.go", "max_bytes": mb})
		if res.IsError {
			t.Fatalf("show max_bytes %d: %s", mb, textOf(res))
		}
		if wire, _ := json.Marshal(res); len(wire) > mb {
			t.Errorf("show max_bytes %d: response is %d bytes", mb, len(wire))
		}
		m := res.StructuredContent.(map[string]any)
		if mb < 32<<10 && m["truncated"] != true {
			t.Errorf("show max_bytes %d: source not marked truncated", mb)
		}
	}
}

// TestReadAfterWrite: under the manual policy an edit on disk is
// invisible until orbit_graph_sync, and visible once it returns.
func TestReadAfterWrite(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root, "--sync-policy", "manual")
	s.ok("orbit_graph_search", map[string]any{"query": "Serve"})
	repo.Write("lib/extra.go", "package lib\n\n// Brandnew is new.\nfunc Brandnew() { helper(\"x\") }\n")
	if m := s.ok("orbit_graph_search", map[string]any{"query": "Brandnew"}); m["matches"] != nil && len(m["matches"].([]any)) > 0 {
		t.Errorf("manual policy: an edit is visible before orbit_graph_sync: %v", m)
	}
	rep := s.ok("orbit_graph_sync", nil)
	if rep["files_changed"].(float64)+rep["files_indexed"].(float64) < 1 {
		t.Errorf("sync after an edit: %v", rep)
	}
	if !found(s, "Brandnew", "lib/extra.go") {
		t.Error("search Brandnew after sync: not found")
	}
	if txt := textOf(s.call("orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#helper"})); !strings.Contains(txt, "lib/extra.go:4") {
		t.Errorf("refs of helper after sync lack the new caller:\n%s", txt)
	}
}

// TestWatch: under the default policy an edit shows up without a sync
// (DESIGN.md, A sync: eventually, after the debounce).
func TestWatch(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root, "--debounce", "50ms")
	s.ok("orbit_graph_search", map[string]any{"query": "Serve"})
	repo.Write("lib/extra.go", "package lib\n\nfunc Watched() {}\n")
	for deadline := time.Now().Add(10 * time.Second); !found(s, "Watched", "lib/extra.go"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("an edit was not picked up by the watcher within 10s\nstderr:\n%s", s.stderr)
		}
	}
}

// found reports whether search's best match for name is in path.
func found(s *server, name, path string) bool {
	m := s.ok("orbit_graph_search", map[string]any{"query": name})
	ms, _ := m["matches"].([]any)
	return len(ms) > 0 && ms[0].(map[string]any)["path"] == path
}

// TestShutdown: closing the client's side of stdio ends the server
// process promptly and cleanly.
func TestShutdown(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root)
	s.ok("orbit_graph_search", map[string]any{"query": "Serve"})
	begin := time.Now()
	if err := s.session.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if s.cmd.ProcessState == nil {
		t.Fatal("the server process was not waited for")
	}
	if code := s.cmd.ProcessState.ExitCode(); code != 0 || time.Since(begin) > 5*time.Second {
		t.Errorf("server exited with %d after %s; want 0, promptly\nstderr:\n%s", code, time.Since(begin), s.stderr)
	}
}
