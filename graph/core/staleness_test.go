package core_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// Answers say when the files changed since the last sync: an edit, a new
// file an extractor reads, a deleted file; a touch that keeps the bytes,
// or a new file nothing reads, is not a change.
func TestAnswersSayWhenStale(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	// Each check on a new handle, as each CLI command is: a handle reuses
	// its check for a second (staleReuse).
	stale := func() query.Staleness {
		t.Helper()
		g := openGraph(t, repo.Root)
		res, err := g.Search(context.Background(), query.SearchQuery{Text: "Greet"})
		if err != nil {
			t.Fatal(err)
		}
		refs, err := g.Refs(context.Background(), "symbol:util/greet.go#Greet", query.RefsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if refs.Staleness.Stale != res.Staleness.Stale {
			t.Errorf("refs and search disagree: %+v vs %+v", refs.Staleness, res.Staleness)
		}
		return res.Staleness
	}
	if s := stale(); s.Stale || s.StaleUnchecked != 0 {
		t.Fatalf("right after a sync: %+v", s)
	}
	// Same bytes, new mtime (touch, checkout): not stale.
	future := time.Now().Add(2 * time.Second)
	greet := filepath.Join(repo.Root, "util/greet.go")
	if err := os.Chtimes(greet, future, future); err != nil {
		t.Fatal(err)
	}
	if s := stale(); s.Stale {
		t.Errorf("after a touch: %+v", s)
	}
	// A file nothing extracts appears: not stale.
	repo.Write("util/notes.bin", "\x00\x01")
	if s := stale(); s.Stale {
		t.Errorf("after an unread file appeared: %+v", s)
	}
	// An edit.
	repo.Write("util/greet.go", fixture["util/greet.go"]+"\nfunc Extra() {}\n")
	if s := stale(); !s.Stale || len(s.StaleFiles) != 1 || s.StaleFiles[0] != "util/greet.go" {
		t.Errorf("after an edit: %+v", s)
	}
	mustSync(t, g, core.SyncAuto)
	if s := stale(); s.Stale {
		t.Errorf("after the sync: %+v", s)
	}
	// A new source file in a directory of indexed files. The directory's
	// mtime must be newer than the sync; give it a second tick.
	repo.Write("util/more.go", "package util\n\nfunc More() {}\n")
	later := time.Now().Add(3 * time.Second)
	if err := os.Chtimes(filepath.Join(repo.Root, "util"), later, later); err != nil {
		t.Fatal(err)
	}
	if s := stale(); !s.Stale || len(s.StaleFiles) != 1 || s.StaleFiles[0] != "util/more.go" {
		t.Errorf("after a new file: %+v", s)
	}
	mustSync(t, g, core.SyncAuto)
	// A deleted file.
	if err := os.Remove(filepath.Join(repo.Root, "py/pkg/server.py")); err != nil {
		t.Fatal(err)
	}
	if s := stale(); !s.Stale || len(s.StaleFiles) != 1 || s.StaleFiles[0] != "py/pkg/server.py" {
		t.Errorf("after a deletion: %+v", s)
	}
}
