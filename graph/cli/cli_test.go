package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// orbit runs the CLI in-process and returns stdout, stderr and the exit code.
func orbit(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

var repoFiles = map[string]string{
	"go.mod": "module example.com/cli\n\ngo 1.26\n",
	"main.go": `package main

import "os"

func main() {
	addr := os.Getenv("LISTEN_ADDR")
	serve(addr)
}

func serve(addr string) { panic("listener failed to start") }
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
    pass
`,
}

func TestCLIEndToEnd(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	root := []string{"--root", repo.Root}
	if _, stderr, code := orbit(t, append([]string{"graph", "search", "serve"}, root...)...); code != 4 || !strings.Contains(stderr, "orbit graph sync") {
		t.Fatalf("search before sync: exit %d, stderr %q; want 4 and a hint", code, stderr)
	}
	out, _, code := orbit(t, append([]string{"graph", "sync"}, root...)...)
	var rep struct {
		Mode         string `json:"mode"`
		FilesIndexed int    `json:"files_indexed"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Mode != "cold" || rep.FilesIndexed != 3 {
		t.Fatalf("sync: exit %d, %s", code, out)
	}

	out, _, code = orbit(t, append([]string{"graph", "search", "serve", "--kind", "function"}, root...)...)
	var res struct {
		Matches []struct {
			Kind, Name, Path string
			Line             int
		} `json:"matches"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Matches) == 0 ||
		res.Matches[0].Name != "serve" || res.Matches[0].Path != "main.go" || res.Matches[0].Line != 10 {
		t.Fatalf("search serve: exit %d, %s", code, out)
	}

	out, _, code = orbit(t, append([]string{"graph", "show", "command:sync-all", "--format", "text"}, root...)...)
	if code != 0 || !strings.Contains(out, `command "cli sync-all"`) || !strings.Contains(out, "def sync_all") {
		t.Fatalf("show command: exit %d\n%s", code, out)
	}

	out, stderr, code := orbit(t, append([]string{"graph", "show", "symbol:main.go#serv"}, root...)...)
	if code != 3 || !strings.Contains(out, `"symbol:main.go#serve"`) || !strings.Contains(stderr, "did you mean") {
		t.Fatalf("unknown selector: exit %d\nstdout %s\nstderr %s", code, out, stderr)
	}
	if _, _, code = orbit(t, append([]string{"graph", "show", "nonsense"}, root...)...); code != 2 {
		t.Fatalf("bad selector: exit %d, want 2", code)
	}
	if _, _, code = orbit(t, append([]string{"graph", "search", "x", "--format", "yaml"}, root...)...); code != 2 {
		t.Fatalf("bad format: exit %d, want 2", code)
	}
	for _, bad := range [][]string{{"graph", "search"}, {"graph", "sync", "--no-such-flag"}, {"graph", "frobnicate"}, {"graph", "sync", "--max-file-size", "0"}} {
		if _, _, code := orbit(t, append(bad, root...)...); code != 2 {
			t.Errorf("orbit %v: exit %d, want 2", bad, code)
		}
	}
	out, _, code = orbit(t, append([]string{"graph", "sync", "--max-file-size", "100"}, root...)...)
	if code != 0 || !strings.Contains(out, `"large":2`) {
		t.Errorf("sync with a 100-byte cap: exit %d, %s", code, out)
	}
	out, _, code = orbit(t, append([]string{"graph", "db-path", "--format", "text"}, root...)...)
	if code != 0 || !strings.HasPrefix(strings.TrimSpace(out), filepath.Join(repo.Root, ".orbit", "graph", "main-")) {
		t.Fatalf("db-path: exit %d, %s", code, out)
	}
}

// TestRootFromSubdirectory: without --root the worktree is the git toplevel
// above the working directory, as a user running orbit inside a repo expects.
func TestRootFromSubdirectory(t *testing.T) {
	repo := gittest.New(t, repoFiles)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(filepath.Join(repo.Root, "tool")); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out, _, code := orbit(t, "graph", "sync")
	if code != 0 || !strings.Contains(out, `"files_indexed":3`) {
		t.Fatalf("sync from a subdirectory: exit %d, %s", code, out)
	}
	if _, err := os.Stat(filepath.Join(repo.Root, ".orbit", "graph")); err != nil {
		t.Errorf("index not at the worktree root: %v", err)
	}
}
