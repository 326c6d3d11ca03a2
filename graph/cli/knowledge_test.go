package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

var knowledgeRepo = map[string]string{
	"go.mod":       "module example.com/k\n\ngo 1.26\n",
	"main.go":      "package main\n\nimport \"example.com/k/lib\"\n\nfunc main() { lib.F() }\n",
	"lib/lib.go":   "package lib\n\nimport \"strings\"\n\nfunc F() string { return strings.ToUpper(\"f\") }\n",
	"web/shape.ts": "interface Shape { area(): number }\nclass Square implements Shape { area() { return 1; } }\n",
}

func TestKnowledgeCommands(t *testing.T) {
	repo := gittest.New(t, knowledgeRepo)
	root := []string{"--root", repo.Root}
	run := func(args ...string) (string, string, int) {
		return orbit(t, append(append([]string{"graph"}, args...), root...)...)
	}
	if _, _, code := run("sync"); code != 0 {
		t.Fatalf("sync: exit %d", code)
	}

	out, _, code := run("overview")
	var ov struct {
		Scope  string `json:"scope"`
		Format string `json:"format"`
		Files  struct {
			Total int `json:"total"`
		} `json:"files"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &ov) != nil || ov.Scope != "dir:." || ov.Format != "summary" || ov.Files.Total != 4 {
		t.Errorf("overview: exit %d, %s", code, out)
	}
	out, _, code = run("overview", "dir:lib", "--detail", "full", "--format", "text")
	if code != 0 || !strings.Contains(out, "dir:lib: 1 files") || !strings.Contains(out, "- function F  :5") {
		t.Errorf("overview dir:lib --detail full --format text: exit %d\n%s", code, out)
	}
	out, stderr, code := run("overview", "dir:lbi")
	if code != 3 || !strings.Contains(out, `"dir:lib"`) || !strings.Contains(stderr, "did you mean") {
		t.Errorf("overview of an unknown dir: exit %d\nstdout %s\nstderr %s", code, out, stderr)
	}
	if _, _, code = run("overview", "--detail", "huge"); code != 2 {
		t.Errorf("overview --detail huge: exit %d, want 2", code)
	}

	out, _, code = run("implementors", "Shape", "--format", "text")
	if code != 0 || !strings.Contains(out, "web/shape:Square") || !strings.Contains(out, "web/shape.ts:2") {
		t.Errorf("implementors Shape: exit %d\n%s", code, out)
	}
	out, _, code = run("implementors", "Nothing", "--format", "text")
	if code != 0 || out != "no implementors of Nothing\n" {
		t.Errorf("implementors Nothing: exit %d, %q", code, out)
	}

	out, _, code = run("deps", "file:main.go")
	if code != 0 || !strings.Contains(out, `{"target_path":"example.com/k/lib","internal_path":"lib"}`) {
		t.Errorf("deps file:main.go: exit %d, %s", code, out)
	}
	out, _, code = run("deps", "dir:.", "--format", "text")
	if code != 0 || !strings.Contains(out, "example.com/k/lib  -> lib") || !strings.Contains(out, "external:\n  strings\n") {
		t.Errorf("deps dir:. text: exit %d\n%s", code, out)
	}
	for _, bad := range [][]string{{"deps"}, {"deps", "main.go"}, {"implementors"}, {"overview", "a", "b"}} {
		if _, _, code := run(bad...); code != 2 {
			t.Errorf("orbit graph %v: exit %d, want 2", bad, code)
		}
	}
}
