package main

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// orbit_graph_history answers as core does: a symbol's commits, and with
// task_id the symbols a task's commits changed.
func TestHistoryTool(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	repo.Write("lib/lib.go", repoFiles["lib/lib.go"]+"\nfunc Extra() {}\n")
	repo.Commit("PROJ-9: add Extra")
	s := start(t, "--root", repo.Root)
	got := s.ok("orbit_graph_history", map[string]any{"selector": "symbol:lib/lib.go#Extra"})
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	want, err := g.History(context.Background(), "symbol:lib/lib.go#Extra", core.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Commits) != 1 || want.Commits[0].Change != "created" {
		t.Fatalf("core history of Extra: %+v", want.Commits)
	}
	if diff := cmp.Diff(asMap(t, want), got); diff != "" {
		t.Errorf("history differs from core (-want +got):\n%s", diff)
	}
	task := s.ok("orbit_graph_history", map[string]any{"task_id": "PROJ-9"})
	wantTask, err := g.Task(context.Background(), "PROJ-9", core.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(asMap(t, wantTask), task); diff != "" {
		t.Errorf("task answer differs from core (-want +got):\n%s", diff)
	}
	// diff:: each symbol the working tree's change touches, with its commits.
	repo.Write("lib/lib.go", repoFiles["lib/lib.go"]+"\nfunc Extra() { println() }\n")
	gotDiff := s.ok("orbit_graph_history", map[string]any{"selector": "diff:"})
	wantDiff, err := g.History(context.Background(), "diff:", core.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(wantDiff.Changed) != 1 || wantDiff.Changed[0].Symbol.Name != "Extra" || len(wantDiff.Changed[0].Commits) != 1 {
		t.Fatalf("core history diff: %+v", wantDiff)
	}
	if diff := cmp.Diff(asMap(t, wantDiff), gotDiff); diff != "" {
		t.Errorf("history diff: differs from core (-want +got):\n%s", diff)
	}
	s.fails("orbit_graph_history", map[string]any{}, "selector is empty")
}
