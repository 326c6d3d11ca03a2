package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// init writes the defaults, refuses to overwrite without --force, and the
// written file changes nothing a sync indexes.
func TestInitWritesDefaultOrbitignore(t *testing.T) {
	files := map[string]string{
		"app.py":                "def run():\n    pass\n",
		"vendor/lib.py":         "def vendored():\n    pass\n",
		"dist/out.py":           "def built():\n    pass\n",
		"pkg/dist/keep.py":      "def kept():\n    pass\n",
		"node_modules/m/i.js":   "function m() {}\n",
		"web/app.min.js":        "function a(){}\n",
		"web/app.js":            "function app() {}\n",
		"pkg/package-lock.json": "{}\n",
	}
	repo := gittest.New(t, files)
	root := []string{"--root", repo.Root}
	indexed := func() float64 {
		t.Helper()
		out, stderr, code := orbit(t, append([]string{"graph", "sync", "--full"}, root...)...)
		var rep map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
			t.Fatalf("sync: exit %d %q %s", code, out, stderr)
		}
		return rep["files_indexed"].(float64)
	}
	before := indexed()

	out, stderr, code := orbit(t, append([]string{"graph", "init"}, root...)...)
	path := filepath.Join(repo.Root, ".orbitignore")
	if code != 0 || !strings.Contains(out, `"replaced":false`) {
		t.Fatalf("init: exit %d %q %s", code, out, stderr)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != string(core.DefaultIgnoreFile()) {
		t.Fatalf("init wrote %q (%v)", got, err)
	}
	for _, want := range []string{"\nvendor/\n", "\n/dist/\n", "\nnode_modules/\n", "\npackage-lock.json\n", "\n*.map\n"} {
		if !strings.Contains(string(got), want) {
			t.Errorf(".orbitignore lacks %q:\n%s", want, got)
		}
	}
	// The .orbitignore itself is not a file the index holds, so the count
	// is the same.
	if after := indexed(); after != before {
		t.Errorf("files indexed: %v without .orbitignore, %v with the written one", before, after)
	}

	edited := string(got) + "app.js\n"
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, stderr, code := orbit(t, append([]string{"graph", "init"}, root...)...); code == 0 || !strings.Contains(stderr, "--force") || !strings.Contains(out, `"error"`) {
		t.Errorf("init over an existing file: exit %d, stdout %q, stderr %q; want a refusal naming --force", code, out, stderr)
	}
	if b, _ := os.ReadFile(path); string(b) != edited {
		t.Errorf("a refused init changed the file")
	}
	if after := indexed(); after != before-1 {
		t.Errorf("files indexed with app.js ignored: %v, want %v", after, before-1)
	}
	out, _, code = orbit(t, append([]string{"graph", "init", "--force", "--format", "text"}, root...)...)
	if b, _ := os.ReadFile(path); code != 0 || string(b) != string(core.DefaultIgnoreFile()) || !strings.HasPrefix(out, "replaced ") {
		t.Errorf("init --force: exit %d, %q; file %q", code, out, b)
	}
}
