package core_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestNewWorktreeStartsFromSeed: a clone's first sync, with the cache a
// sync of the original filled, starts from the original's index, reads
// as a cold build, and gives the index a cold build without the cache
// gives; an edit in the clone before its first sync is picked up.
func TestNewWorktreeStartsFromSeed(t *testing.T) {
	cacheDir := t.TempDir()
	repo := gittest.New(t, fixture)
	sync := func(root string, opts core.Options) core.SyncReport {
		t.Helper()
		opts.Registry = all.Registry()
		g, err := core.Open(root, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		rep, err := g.Sync(context.Background(), core.SyncAuto)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	if rep := sync(repo.Root, core.Options{CacheDir: cacheDir}); rep.Cache == nil || rep.Cache.Seeded || rep.Cache.Misses == 0 {
		t.Fatalf("first sync of the repository: %+v", rep.Cache)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	if out, err := exec.Command("git", "clone", "-q", repo.Root, clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	gittest.WriteFile(t, clone, "util/extra.go", "package util\n\nfunc Extra() { Greet(\"x\") }\n")
	rep := sync(clone, core.Options{CacheDir: cacheDir})
	if rep.Cache == nil || !rep.Cache.Seeded || rep.Mode != "cold" || rep.FilesRemoved != 0 || rep.FilesChanged != rep.FilesIndexed {
		t.Fatalf("clone's first sync: %+v, cache %+v", rep, rep.Cache)
	}
	if rep.Cache.Misses != 1 {
		t.Fatalf("clone's first sync parsed %d files, want 1 (util/extra.go)", rep.Cache.Misses)
	}
	seeded := dumpFile(t, mustLocation(t, clone))
	reference := filepath.Join(t.TempDir(), "cold.db")
	sync(clone, core.Options{NoCache: true, IndexPath: reference})
	if cold := dumpFile(t, reference); cold != seeded {
		t.Fatalf("seeded index differs from a cold build (-cold +seeded):\n%s", lineDiff(cold, seeded))
	}
}

func mustLocation(t *testing.T, root string) string {
	t.Helper()
	g, err := core.Open(root, core.Options{Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	return g.Location().Path
}
