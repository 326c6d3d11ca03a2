package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// binary builds orbit-graph-mcp once for the whole test binary, the way
// README.md tells people to.
var binary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "orbit-graph-mcp")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "orbit-graph-mcp")
	out, err := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

func TestMain(m *testing.M) {
	code := m.Run()
	if bin, err := binary(); err == nil {
		os.RemoveAll(filepath.Dir(bin))
	}
	os.Exit(code)
}

// server is one orbit-graph-mcp process and a client session to it.
type server struct {
	t       testing.TB
	cmd     *exec.Cmd
	session *mcp.ClientSession
	stderr  *strings.Builder
}

// start runs the binary over stdio with args, as an MCP client does.
func start(t testing.TB, args ...string) *server {
	t.Helper()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cmd: exec.Command(bin, args...), stderr: &strings.Builder{}}
	s.cmd.Stderr = s.stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "orbit-test", Version: "v0"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s.session, err = client.Connect(ctx, &mcp.CommandTransport{Command: s.cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		s.session.Close() // waits for the process
		if e := s.stderr.String(); strings.Contains(e, "panic:") || strings.Contains(e, "DATA RACE") {
			t.Errorf("orbit-graph-mcp %v crashed or raced:\n%s", args, e)
		}
	})
	return s
}

// call calls a tool and fails the test on a protocol error.
func (s *server) call(name string, args map[string]any) *mcp.CallToolResult {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := s.session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		s.t.Fatalf("%s %v: %v\nstderr:\n%s", name, args, err, s.stderr)
	}
	return res
}

// ok calls a tool that must succeed and returns its structured content.
func (s *server) ok(name string, args map[string]any) map[string]any {
	s.t.Helper()
	res := s.call(name, args)
	if res.IsError {
		s.t.Fatalf("%s %v: tool error: %s", name, args, textOf(res))
	}
	if textOf(res) == "" {
		s.t.Errorf("%s %v: no text content", name, args)
	}
	m, ok := res.StructuredContent.(map[string]any)
	if !ok {
		s.t.Fatalf("%s %v: structured content is %T", name, args, res.StructuredContent)
	}
	return m
}

// fails calls a tool that must fail with a message containing want.
func (s *server) fails(name string, args map[string]any, want string) {
	s.t.Helper()
	res := s.call(name, args)
	if !res.IsError || !strings.Contains(textOf(res), want) {
		s.t.Errorf("%s %v: isError %v, text %q; want an error mentioning %q", name, args, res.IsError, textOf(res), want)
	}
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// asMap is v as the generic JSON a client decodes.
func asMap(t testing.TB, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// sameAsCore checks that a single-page answer is the core result plus the
// paging fields.
func sameAsCore(t *testing.T, tool string, got map[string]any, want any) {
	t.Helper()
	w := asMap(t, want)
	got = clonePage(got)
	if _, ok := w["truncated"]; !ok {
		if got["truncated"] != false {
			t.Errorf("%s: truncated = %v on a complete answer", tool, got["truncated"])
		}
		delete(got, "truncated")
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("%s: structured content differs from the core result (-want +got):\n%s", tool, diff)
	}
}

// clonePage drops the paging fields that no core result has.
func clonePage(m map[string]any) map[string]any {
	c := map[string]any{}
	for k, v := range m {
		if k != "cursor" && k != "total" {
			c[k] = v
		}
	}
	return c
}

// openCore opens the same worktree in-process, as the CLI does.
func openCore(t testing.TB, root string) *core.Graph {
	t.Helper()
	g, err := core.Open(root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}
