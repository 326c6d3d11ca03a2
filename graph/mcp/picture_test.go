package main

import (
	"context"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/dottest"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// format mermaid or dot makes impact, trace and deps answer with a picture
// as text content; the structured content stays the same.
func TestPictureFormat(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root)
	s.ok("orbit_graph_search", map[string]any{"query": "Serve"}) // waits for the initial sync
	g := openCore(t, repo.Root)
	impact, err := g.Impact(context.Background(), "symbol:lib/lib.go#helper", query.ImpactOptions{Depth: 2})
	check(t, err)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#helper", "depth": 2}},
		{"orbit_graph_trace", map[string]any{"command": "sync-all"}},
		{"orbit_graph_deps", map[string]any{"scope": "dir:."}},
	}
	for _, c := range calls {
		for _, f := range []string{"dot", "mermaid"} {
			args := map[string]any{"format": f}
			for k, v := range c.args {
				args[k] = v
			}
			res := s.call(c.tool, args)
			txt := textOf(res)
			if res.IsError {
				t.Fatalf("%s %v: %s", c.tool, args, txt)
			}
			switch f {
			case "dot":
				if !strings.Contains(txt, "digraph orbit {") {
					t.Errorf("%s format dot: %q", c.tool, txt)
				}
				dottest.Render(t, "mcp picture", txt)
			case "mermaid":
				if !strings.HasPrefix(txt, "flowchart LR\n") {
					t.Errorf("%s format mermaid: %q", c.tool, txt)
				}
			}
		}
	}
	pic := s.call("orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#helper", "depth": 2, "format": "dot"})
	sameAsCore(t, "impact format dot", asMap(t, pic.StructuredContent), impact)
	s.fails("orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#helper", "format": "svg"}, "mermaid")
}
