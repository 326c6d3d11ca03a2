package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// The agent's context budget (issue 20): what every session pays for the
// tool list, and what an answer costs per entry, measured in bytes and
// held under the targets so they cannot grow unnoticed.
const (
	maxToolListBytes  = 10 * 1024 // tools/list of the ten query tools
	maxTextPerRefByte = 150       // text content per reference entry
)

// budgetQuestions are the fixed questions on the fixed repository
// (repoFiles with 32 callers of lib.Serve) whose answers TestContextBudget
// holds to maxAnswerBytes.
var budgetQuestions = []struct {
	tool  string
	args  map[string]any
	count func(map[string]any) int
}{
	{"orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serve"}, lengths("refs", "relations")},
	{"orbit_graph_callees", map[string]any{"selector": "symbol:main.go#main"}, lengths("callees")},
	{"orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#Serve", "depth": 1}, lengths("symbols")},
	{"orbit_graph_search", map[string]any{"query": "Caller"}, lengths("matches")},
	{"orbit_graph_show", map[string]any{"selector": "symbol:lib/lib.go#Serve"}, func(map[string]any) int { return 1 }},
	{"orbit_graph_trace", map[string]any{"command": "sync-all"}, func(m map[string]any) int { return nodes(m["root"]) }},
	{"orbit_graph_overview", map[string]any{"detail": "full"}, lengths("file_list")},
	{"orbit_graph_implementors", map[string]any{"trait": "Shape"}, lengths("implementors")},
	{"orbit_graph_deps", map[string]any{"scope": "dir:."}, lengths("files", "external")},
}

// maxAnswerBytes holds each budget question's answer (text content plus
// structured content, as the server sends them by default) a little above
// what it measures, so an answer cannot grow unnoticed. In comments: what
// it measured on main a1c6ab2 -> with the text folding of issue 20.
var maxAnswerBytes = map[string]int{
	"orbit_graph_refs":         7_400,  // 7,126 -> 7,126 (34 entries; text 2,251)
	"orbit_graph_callees":      880,    // 889 -> 832 (2)
	"orbit_graph_impact":       12_300, // 13,642 -> 11,859 (35)
	"orbit_graph_search":       4_250,  // 4,906 -> 4,067 (20)
	"orbit_graph_show":         440,    // 412 -> 412
	"orbit_graph_trace":        700,    // 665 -> 665 (4 nodes; Python names, nothing to fold)
	"orbit_graph_overview":     8_600,  // 8,274 -> 8,274
	"orbit_graph_implementors": 630,    // 594 -> 594
	"orbit_graph_deps":         630,    // 591 -> 591
}

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
	for _, q := range budgetQuestions {
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
		t.Logf("%s: %d entries, %d bytes: text %d (entry lines %d per entry), structured %d (%d per entry)",
			q.tool, n, text+len(sc), text, entryBytes(textOf(res))/n, len(sc), len(sc)/n)
		if per := entryBytes(textOf(res)) / n; q.tool == "orbit_graph_refs" && per > maxTextPerRefByte {
			t.Errorf("refs: %d bytes of text per entry, over the budget of %d:\n%s", per, maxTextPerRefByte, textOf(res))
		}
		if max := maxAnswerBytes[q.tool]; text+len(sc) > max {
			t.Errorf("%s %v: the answer is %d bytes (text %d + structured %d), over its budget of %d:\n%s",
				q.tool, q.args, text+len(sc), text, len(sc), max, textOf(res))
		}
	}
}

// TestAnswersText: with --answers text a result carries the text content
// only, the same text as by default, and max_bytes counts the text alone,
// so a page holds more entries.
func TestAnswersText(t *testing.T) {
	repo := gittest.New(t, manyCallers(repoFiles, 32))
	both := start(t, "--root", repo.Root)
	text := start(t, "--root", repo.Root, "--answers", "text")
	for _, q := range budgetQuestions {
		b, x := both.call(q.tool, q.args), text.call(q.tool, q.args)
		if b.IsError || x.IsError {
			t.Fatalf("%s: %s / %s", q.tool, textOf(b), textOf(x))
		}
		if x.StructuredContent != nil {
			t.Errorf("%s --answers text: structured content %v", q.tool, x.StructuredContent)
		}
		if textOf(x) != textOf(b) {
			t.Errorf("%s: --answers text says\n%s\nby default\n%s", q.tool, textOf(x), textOf(b))
		}
	}
	args := map[string]any{"selector": "symbol:lib/lib.go#Serve", "max_bytes": 2048}
	shown := func(res *mcp.CallToolResult) int { return strings.Count(textOf(res), "callers.go:") }
	b, x := both.call("orbit_graph_refs", args), text.call("orbit_graph_refs", args)
	t.Logf("refs in 2,048 bytes: %d entries with --answers text, %d by default", shown(x), shown(b))
	if shown(x) <= shown(b) || len(textOf(x)) > 2048 {
		t.Errorf("refs in 2,048 bytes: %d entries with --answers text (%d bytes of text), %d by default; want more",
			shown(x), len(textOf(x)), shown(b))
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

// The bytes of each tool's answer per entry, on a fixed set of questions
// over a real corpus: this repository's CLI and query engine sources.
func TestAnswerBytesOnARealCorpus(t *testing.T) {
	files := map[string]string{"go.mod": "module github.com/orbitgraph/orbit\n\ngo 1.26\n"}
	for _, dir := range []string{"../cli", "../core/query"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
				b, err := os.ReadFile(filepath.Join(dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				files["graph/"+strings.TrimPrefix(dir, "../")+"/"+e.Name()] = string(b)
			}
		}
	}
	repo := gittest.New(t, files)
	s := start(t, "--root", repo.Root)
	questions := []struct {
		tool  string
		args  map[string]any
		count func(map[string]any) int
	}{
		{"orbit_graph_search", map[string]any{"query": "selector"}, lengths("matches")},
		{"orbit_graph_show", map[string]any{"selector": "symbol:graph/core/query/selector.go#ParseSelector"}, func(map[string]any) int { return 1 }},
		{"orbit_graph_refs", map[string]any{"selector": "symbol:graph/core/query/selector.go#ParseSelector"}, lengths("refs", "relations")},
		{"orbit_graph_callees", map[string]any{"selector": "symbol:graph/core/query/selector.go#ParseSelector"}, lengths("callees")},
		{"orbit_graph_impact", map[string]any{"selector": "symbol:graph/core/query/selector.go#ParseSelector", "depth": 2}, lengths("symbols")},
		{"orbit_graph_trace", map[string]any{"command": "orbit graph sync"}, func(m map[string]any) int { return nodes(m["root"]) }},
		{"orbit_graph_overview", map[string]any{"scope": "dir:graph/core/query", "detail": "full"}, lengths("file_list")},
		{"orbit_graph_deps", map[string]any{"scope": "dir:graph/cli"}, lengths("files", "external")},
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
		t.Logf("%s: %d entries, text %d bytes (entry lines %d per entry), structured %d bytes (%d per entry)",
			q.tool, n, text, entryBytes(textOf(res))/n, len(sc), len(sc)/n)
		if per := entryBytes(textOf(res)) / n; q.tool == "orbit_graph_refs" && per > maxTextPerRefByte {
			t.Errorf("refs: %d bytes of text per entry, over the budget of %d", per, maxTextPerRefByte)
		}
	}
}

// nodes counts a trace tree's nodes.
func nodes(v any) int {
	m, ok := v.(map[string]any)
	if !ok {
		return 0
	}
	n := 1
	kids, _ := m["children"].([]any)
	for _, k := range kids {
		n += nodes(k)
	}
	return n
}

// entryBytes counts the bytes of a text answer's entry lines (indented),
// leaving out the header, group and footer lines an answer has once.
func entryBytes(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "  ") {
			n += len(line) + 1
		}
	}
	return n
}
