package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// repoFiles is a small worktree with a bit of everything the tools answer
// about: Go calls across packages, a Click CLI, a TypeScript interface.
var repoFiles = map[string]string{
	"go.mod": "module example.com/app\n\ngo 1.26\n",
	"main.go": `package main

import "example.com/app/lib"

func main() {
	lib.Serve(lib.Addr())
}
`,
	"lib/lib.go": `package lib

import (
	"os"
	"strings"
)

// Server serves.
type Server struct{ addr string }

// Start starts it.
func (s *Server) Start() { Serve(s.addr) }

// Addr is where to listen.
func Addr() string { return strings.TrimSpace(os.Getenv("LISTEN_ADDR")) }

// Serve listens on addr.
func Serve(addr string) {
	helper(addr)
}

func helper(a string) { panic("listener failed to start: " + a) }
`,
	"tool/cli.py": `import click


@click.group()
def cli():
    pass


@cli.command()
def sync_all():
    """Sync everything."""
    run_sync()


def run_sync():
    prepare()
    finish()


def prepare():
    pass


def finish():
    pass
`,
	"web/shape.ts": "interface Shape { area(): number }\nclass Square implements Shape { area() { return 1; } }\nclass Circle implements Shape { area() { return 3; } }\n",
}

// manyCallers adds files whose functions all call lib.Serve, so refs and
// impact have enough entries to page through.
func manyCallers(files map[string]string, n int) map[string]string {
	out := map[string]string{}
	for k, v := range files {
		out[k] = v
	}
	var b strings.Builder
	b.WriteString("package callers\n\nimport \"example.com/app/lib\"\n\n")
	for i := range n {
		fmt.Fprintf(&b, "func Caller%02d() { lib.Serve(\"%d\") }\n\n", i, i)
	}
	out["callers/callers.go"] = b.String()
	return out
}

var toolNames = []string{
	"orbit_graph_sync", "orbit_graph_search", "orbit_graph_show", "orbit_graph_refs", "orbit_graph_callees",
	"orbit_graph_impact", "orbit_graph_trace", "orbit_graph_overview", "orbit_graph_implementors", "orbit_graph_deps",
	"orbit_graph_history",
}

func TestListTools(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root)
	res, err := s.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, tool := range res.Tools {
		got[tool.Name] = true
		if tool.InputSchema == nil || tool.OutputSchema != nil {
			t.Errorf("%s: input schema %v, output schema %v (want an input schema and no output schema)", tool.Name, tool.InputSchema != nil, tool.OutputSchema != nil)
		}
		if len(tool.Description) < 100 {
			t.Errorf("%s: description too short for an agent: %q", tool.Name, tool.Description)
		}
		readOnly := tool.Annotations != nil && tool.Annotations.ReadOnlyHint
		if readOnly != (tool.Name != "orbit_graph_sync") {
			t.Errorf("%s: readOnlyHint %v", tool.Name, readOnly)
		}
	}
	for _, name := range toolNames {
		if !got[name] {
			t.Errorf("tool %s missing", name)
		}
	}
	if len(res.Tools) != len(toolNames) {
		t.Errorf("%d tools, want %d", len(res.Tools), len(toolNames))
	}
	if ins := s.session.InitializeResult().Instructions; !strings.Contains(ins, "orbit_graph_sync") || !strings.Contains(ins, "fuzzy_name") {
		t.Errorf("server instructions lack the workflow: %q", ins)
	}
}

// TestToolsMatchCore calls every tool on a fresh worktree (the server
// indexes it by itself) and compares each answer with the core API's.
func TestToolsMatchCore(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root)
	ctx := context.Background()
	search := s.ok("orbit_graph_search", map[string]any{"query": "Serve"}) // waits for the initial sync
	g := openCore(t, repo.Root)

	want, err := g.Search(ctx, query.SearchQuery{Text: "Serve"})
	check(t, err)
	sameAsCore(t, "search", search, want)

	show, err := g.Show(ctx, "symbol:lib/lib.go#Serve", query.DefaultMaxBytes)
	check(t, err)
	sameAsCore(t, "show", s.ok("orbit_graph_show", map[string]any{"selector": "symbol:lib/lib.go#Serve"}), show)

	refs, err := g.Refs(ctx, "symbol:lib/lib.go#Serve", query.RefsOptions{MinConfidence: "fuzzy_name"})
	check(t, err)
	if len(refs.Refs) < 2 {
		t.Errorf("refs of Serve: %+v; the fixture should have two callers", refs.Refs)
	}
	sameAsCore(t, "refs", s.ok("orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serve", "confidence": "fuzzy"}), refs)

	callees, err := g.Callees(ctx, "symbol:main.go#main:function", query.CalleesOptions{})
	check(t, err)
	sameAsCore(t, "callees", s.ok("orbit_graph_callees", map[string]any{"selector": "symbol:main.go#main:function"}), callees)

	impact, err := g.Impact(ctx, "symbol:lib/lib.go#helper", query.ImpactOptions{Depth: 2})
	check(t, err)
	sameAsCore(t, "impact", s.ok("orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#helper", "depth": 2}), impact)

	trace, err := g.Trace(ctx, "sync-all", query.TraceOptions{})
	check(t, err)
	if trace.Root == nil || len(trace.Root.Children) == 0 {
		t.Errorf("trace sync-all: %+v; the fixture should have a call tree", trace)
	}
	sameAsCore(t, "trace", s.ok("orbit_graph_trace", map[string]any{"command": "sync-all"}), trace)

	overview, err := g.Overview(ctx, "dir:lib", query.OverviewOptions{Format: query.OverviewFull})
	check(t, err)
	sameAsCore(t, "overview", s.ok("orbit_graph_overview", map[string]any{"scope": "dir:lib", "detail": "full"}), overview)
	summary, err := g.Overview(ctx, "", query.OverviewOptions{})
	check(t, err)
	// nil arguments go out as "arguments": null, which must not crash the
	// server applying schema defaults.
	sameAsCore(t, "overview summary", s.ok("orbit_graph_overview", nil), summary)

	impls, err := g.Implementors(ctx, "Shape")
	check(t, err)
	sameAsCore(t, "implementors", s.ok("orbit_graph_implementors", map[string]any{"trait": "Shape"}), impls)

	deps, err := g.Deps(ctx, "dir:.")
	check(t, err)
	sameAsCore(t, "deps", s.ok("orbit_graph_deps", map[string]any{"scope": "dir:."}), deps)

	rep := s.ok("orbit_graph_sync", nil)
	if rep["mode"] != "incremental" || rep["files_changed"] != 0.0 {
		t.Errorf("sync of an unchanged worktree: %v", rep)
	}
	if txt := textOf(s.call("orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serve"})); !strings.Contains(txt, "main.go:6") {
		t.Errorf("refs text rendering lacks the call site:\n%s", txt)
	}
}

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestToolErrors(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	s := start(t, "--root", repo.Root)
	s.fails("orbit_graph_show", map[string]any{"selector": "symbol:lib/lib.go#Serv"}, "symbol:lib/lib.go#Serve")
	s.fails("orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serv"}, "did you mean")
	s.fails("orbit_graph_show", map[string]any{"selector": "nonsense"}, "symbol:<path>#<name>")
	s.fails("orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serve", "confidence": "sure"}, "confidence")
	s.fails("orbit_graph_impact", map[string]any{"selector": "symbol:lib/lib.go#Serve", "depth": 0.5}, "depth")
	s.fails("orbit_graph_refs", map[string]any{"selector": "symbol:lib/lib.go#Serve", "cursor": "garbage"}, "cursor")
	s.fails("orbit_graph_overview", map[string]any{"detail": "huge"}, "detail")
	s.fails("orbit_graph_overview", map[string]any{"scope": "dir:lbi"}, "dir:lib")
	s.fails("orbit_graph_search", map[string]any{"query": " "}, "query is empty")
	s.fails("orbit_graph_search", map[string]any{"query": "Serve", "max_bytes": 10}, "max_bytes")
	s.fails("orbit_graph_deps", map[string]any{}, "scope")
	s.fails("orbit_graph_show", map[string]any{"selector": "symbol:lib/lib.go#Serve", "bogus": 1}, "bogus")

	// A cursor only continues the query that issued it.
	page := s.ok("orbit_graph_search", map[string]any{"query": "s", "limit": 1})
	cursor, _ := page["cursor"].(string)
	if cursor == "" {
		t.Fatalf("search s limit 1: no cursor in %v", page)
	}
	s.fails("orbit_graph_search", map[string]any{"query": "other", "limit": 1, "cursor": cursor}, "different query")
}

// TestBadFlags: the binary refuses bad flags before speaking MCP.
func TestBadFlags(t *testing.T) {
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--sync-policy", "sometimes"}, {"--debounce", "0s"}, {"--answers", "json"}, {"extra"}} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "orbit-graph-mcp") {
			t.Errorf("orbit-graph-mcp %v: %v\n%s", args, err, out)
		}
	}
}

// TestUnindexableRoot: a worktree that cannot be opened is reported by
// every call, and the server stays up.
func TestUnindexableRoot(t *testing.T) {
	s := start(t, "--root", t.TempDir()+"/missing")
	s.fails("orbit_graph_search", map[string]any{"query": "x"}, "cannot open the worktree")
	s.fails("orbit_graph_sync", nil, "cannot open the worktree")
}
