package main

import (
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/dottest"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// The picture formats of impact, trace and deps on a real index: DOT that
// Graphviz renders, Mermaid flowcharts, and usage errors elsewhere.
func TestPictureFormats(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	root := []string{"--root", repo.Root}
	if _, stderr, code := orbit(t, append([]string{"graph", "sync"}, root...)...); code != 0 {
		t.Fatalf("sync: exit %d: %s", code, stderr)
	}
	queries := [][]string{
		{"impact", "symbol:main.go#serve"},
		{"trace", "sync-all"},
		{"deps", "dir:."},
		{"deps", "file:main.go"},
	}
	for _, q := range queries {
		dot, stderr, code := orbit(t, append(append([]string{"graph"}, q...), append(root, "--format", "dot")...)...)
		if code != 0 || !strings.Contains(dot, "digraph orbit {") {
			t.Fatalf("%v --format dot: exit %d, %q %s", q, code, dot, stderr)
		}
		dottest.Render(t, "cli picture", dot)
		mm, _, code := orbit(t, append(append([]string{"graph"}, q...), append(root, "--format", "mermaid")...)...)
		if code != 0 || !strings.HasPrefix(mm, "flowchart LR\n") {
			t.Fatalf("%v --format mermaid: exit %d, %q", q, code, mm)
		}
	}
	imp, _, _ := orbit(t, append([]string{"graph", "impact", "symbol:main.go#serve", "--format", "mermaid"}, root...)...)
	for _, want := range []string{`n0["cli.serve"]`, `n1["cli.main"]`, "n1 -->|call| n0"} {
		if !strings.Contains(imp, want) {
			t.Errorf("impact picture lacks %q:\n%s", want, imp)
		}
	}
	for _, bad := range [][]string{
		{"refs", "symbol:main.go#serve", "--format", "dot"},
		{"impact", "symbol:main.go#serve", "--format", "svg"},
		{"impact", "symbol:main.go#serve", "--format", "dot", "--max-nodes", "1"},
	} {
		if out, stderr, code := orbit(t, append(append([]string{"graph"}, bad...), root...)...); code != 2 {
			t.Errorf("%v: exit %d (%q %q), want 2", bad, code, out, stderr)
		}
	}
}
