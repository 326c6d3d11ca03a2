package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestBinary builds the orbit binary the way README.md does and runs it as a
// user would, from inside a worktree.
func TestBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "orbit")
	build := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	repo := gittest.New(t, repoFiles)
	run := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = filepath.Join(repo.Root, "tool")
		out, err := cmd.Output()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	if out, code := run("graph", "sync", "--format", "text"); code != 0 || !strings.HasPrefix(out, "cold sync: 3 files indexed") {
		t.Fatalf("sync: exit %d: %s", code, out)
	}
	out, code := run("graph", "search", "LISTEN_ADDR")
	var res struct {
		Matches []struct{ Kind, Key, Path string } `json:"matches"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("search: exit %d: %s", code, out)
	}
	found := false
	for _, m := range res.Matches {
		found = found || m.Kind == "config" && m.Key == "LISTEN_ADDR" && m.Path == "main.go"
	}
	if !found {
		t.Errorf("search LISTEN_ADDR: no env config match in %s", out)
	}
	if _, code := run("graph", "show", "symbol:main.go#nothing"); code != 3 {
		t.Errorf("unknown symbol: exit %d, want 3", code)
	}
}
