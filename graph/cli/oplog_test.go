package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// A producer's round trip through the CLI: the id of a symbol, a commit
// renaming it, its log validated, history following the rename; a broken
// log exits 1; the schema prints as JSON.
func TestOplogCommands(t *testing.T) {
	src := func(name string) string { return "package p\n\nfunc " + name + "() int {\n\treturn 1\n}\n" }
	repo := gittest.New(t, map[string]string{"a.go": src("Foo")})
	root := "--root=" + repo.Root
	if _, errs, code := orbit(t, "graph", "sync", root); code != 0 {
		t.Fatalf("sync: %s", errs)
	}
	out, errs, code := orbit(t, "graph", "oplog", "id", "symbol:a.go#Foo", root, "--format", "text")
	id := strings.TrimSpace(out)
	if code != 0 || !strings.HasPrefix(id, "node:") {
		t.Fatalf("oplog id: %q %s", out, errs)
	}
	repo.Write("a.go", src("Bar"))
	repo.Commit("PROJ-3 rename Foo to Bar")
	sha := repo.Git("rev-parse", "HEAD")
	logPath := filepath.Join(repo.Root, ".orbit", "operations", sha+".json")
	log := `{"schemaVersion": 1, "commitSha": "` + sha + `", "producer": {"name": "t", "version": "0.0.1"},
 "operations": [{"op": "rename", "stable_id": "` + id + `", "pre": {"qualified_name": "Foo"}, "post": {"qualified_name": "Bar"}}]}`
	repo.Write(".orbit/operations/"+sha+".json", log)
	out, errs, code = orbit(t, "graph", "oplog", "validate", logPath, root)
	var check struct{ Status, Commit string }
	if err := json.Unmarshal([]byte(out), &check); err != nil || code != 0 || check.Status != "accepted" || check.Commit != sha {
		t.Fatalf("validate: code %d, %s %s", code, out, errs)
	}
	if _, errs, code := orbit(t, "graph", "sync", root); code != 0 {
		t.Fatalf("sync: %s", errs)
	}
	out, errs, code = orbit(t, "graph", "history", "symbol:a.go#Bar", root, "--format", "text")
	if code != 0 || !strings.Contains(out, "renamed") || !strings.Contains(out, "as a.go#Foo") || strings.Contains(out, "node:") {
		t.Errorf("history of Bar: code %d\n%s%s", code, out, errs)
	}
	os.WriteFile(logPath, []byte(strings.Replace(log, `"version": "0.0.1"`, `"version": "0.0.1", "host": "x"`, 1)), 0o644)
	out, _, code = orbit(t, "graph", "oplog", "validate", logPath, root)
	if code != 1 || !strings.Contains(out, `"malformed"`) {
		t.Errorf("validate a malformed log: code %d, %s", code, out)
	}
	out, _, code = orbit(t, "graph", "oplog", "schema")
	var schema map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &schema) != nil || schema["$schema"] == nil {
		t.Errorf("oplog schema: code %d, %.80s", code, out)
	}
}
