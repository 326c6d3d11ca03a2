package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// The agent's context budget (issue 20): what every session pays for the
// tool list, and what an answer costs per entry, measured in bytes and
// held under the targets so they cannot grow unnoticed.
const (
	maxToolListBytes  = 10 * 1024 // tools/list of the ten query tools
	maxTextPerRefByte = 150       // text content per reference entry
)

func TestContextBudget(t *testing.T) {
	repo := gittest.New(t, manyCallers(repoFiles, 32))
	s := start(t, "--root", repo.Root)
	list, err := s.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(list)
	t.Logf("tools/list: %d tools, %d bytes (%d per tool)", len(list.Tools), len(b), len(b)/len(list.Tools))
	// The budget is for the ten query tools (history is an eleventh).
	ten := *list
	ten.Tools = nil
	for _, tool := range list.Tools {
		if tool.Name != "orbit_graph_history" {
			ten.Tools = append(ten.Tools, tool)
		}
	}
	b, _ = json.Marshal(ten)
	if len(ten.Tools) != 10 || len(b) > maxToolListBytes {
		t.Errorf("tools/list of the %d query tools is %d bytes, over the budget of %d", len(ten.Tools), len(b), maxToolListBytes)
	}
	questions := []struct {
		tool  string
		args  map[string]any
		count func(map[string]any) int
	}{
		{"orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serve"}, lengths("refs", "relations")},
		{"orbit_graph_callees", map[string]any{"selector": "symbol:main.go#main"}, lengths("callees")},
		{"orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#Serve", "depth": 1}, lengths("symbols")},
		{"orbit_graph_search", map[string]any{"query": "Caller"}, lengths("matches")},
	}
	for _, q := range questions {
		res := s.call(q.tool, q.args)
		if res.IsError {
			t.Fatalf("%s: %s", q.tool, textOf(res))
		}
		n := q.count(asMap(t, res.StructuredContent))
		if n == 0 {
			t.Fatalf("%s %v: no entries", q.tool, q.args)
		}
		sc, _ := json.Marshal(res.StructuredContent)
		text := len(textOf(res))
		t.Logf("%s: %d entries, text %d bytes (%d per entry), structured %d bytes (%d per entry)",
			q.tool, n, text, text/n, len(sc), len(sc)/n)
		if q.tool == "orbit_graph_refs" && text/n > maxTextPerRefByte {
			t.Errorf("refs: %d bytes of text per entry, over the budget of %d:\n%s", text/n, maxTextPerRefByte, textOf(res))
		}
	}
}

func lengths(keys ...string) func(map[string]any) int {
	return func(m map[string]any) int {
		n := 0
		for _, k := range keys {
			if l, ok := m[k].([]any); ok {
				n += len(l)
			}
		}
		return n
	}
}
