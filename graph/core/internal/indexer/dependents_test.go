package indexer

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestNamespaceDefinednessReresolves: a name nothing defines, reached
// through an import of the index's own package, is fuzzy_name; once the
// package loses its last definition it is a library's name
// (import_resolved), and fuzzy_name again when a definition comes back.
// Only the namespace's definedness changes for the referring file, so
// only writer.dependents' namespace rule re-resolves it; a namespace that
// another, untouched file still defines re-resolves nothing.
func TestNamespaceDefinednessReresolves(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"app.ts":   "import { missing } from \"./lib\";\n\nmissing();\n",
		"lib/a.ts": "export function a() {}\n",
		"lib/b.ts": "export function b() {}\n",
		"other.ts": "export function other() {}\n",
	})
	reg := all.Registry()
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	for i, step := range []struct {
		edit       func()
		grade      string // of app.ts's lib:missing
		reresolved int
	}{
		{func() {}, "fuzzy_name", 0},
		{func() { removeIf(t, repo.Root, "lib/a.ts") }, "fuzzy_name", 0}, // b.ts still defines lib
		{func() { removeIf(t, repo.Root, "lib/b.ts") }, "import_resolved", 1},
		{func() { gittest.WriteFile(t, repo.Root, "lib/a.ts", "export function a() {}\n") }, "fuzzy_name", 1},
	} {
		step.edit()
		rep, err := Run(Options{Location: loc, Registry: reg})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(Options{Location: coldLoc, Registry: reg, Full: true}); err != nil {
			t.Fatal(err)
		}
		inc, cold := dump(t, loc.Path), dump(t, coldLoc.Path)
		if inc != cold {
			t.Fatalf("step %d: incremental index differs from cold build (-cold +incremental):\n%s", i, cmp.Diff(cold, inc))
		}
		if !strings.Contains(cold, `"lib:missing"`) || !strings.Contains(missingLine(cold), step.grade) {
			t.Errorf("step %d: lib:missing is not %s:\n%s", i, step.grade, missingLine(cold))
		}
		if i > 0 && rep.Reresolved != step.reresolved {
			t.Errorf("step %d: %d files re-resolved, want %d", i, rep.Reresolved, step.reresolved)
		}
	}
}

// missingLine is the dump's line of the ref to lib:missing.
func missingLine(dump string) string {
	for _, l := range strings.Split(dump, "\n") {
		if strings.Contains(l, `"lib:missing"`) && strings.Contains(l, `"app.ts"`) {
			return l
		}
	}
	return ""
}
