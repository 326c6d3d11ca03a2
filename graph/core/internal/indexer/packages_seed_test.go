package indexer

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// siblingSeed is depsSeed with the state files a checkout stamps with its
// own times: Go's go.sum and a TypeScript package's lock file.
func siblingSeed() map[string]string {
	files := map[string]string{
		"go.sum":                "example.com/lib v1.0.0 h1:x=\nexample.com/lib v1.0.0/go.mod h1:y=\n",
		"web/package.json":      `{"name": "web", "dependencies": {"left-pad": "1.3.0"}}`,
		"web/package-lock.json": `{"name": "web", "lockfileVersion": 3, "packages": {"node_modules/left-pad": {"version": "1.3.0"}}}`,
		"web/index.ts":          "import leftPad from \"left-pad\";\n\nexport const x = leftPad(\"a\", 2);\n",
	}
	for k, v := range depsSeed {
		files[k] = v
	}
	return files
}

// TestPackagesSiblingSeed: a sibling worktree's first sync with packages
// starts from the seed the first worktree's cold build left, and keeps
// its dependency packages although its go.sum and lock file carry other
// times and it sits at another path: it reads no dependency file again and
// extracts nothing, and its index equals a cold build of the sibling.
func TestPackagesSiblingSeed(t *testing.T) {
	fakeModCache(t)
	repo := gittest.New(t, siblingSeed())
	cache, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "sibling"})
	if err != nil {
		t.Fatal(err)
	}
	build := func(root string, c *xcache.Cache, full bool) (Report, dbpath.Location) {
		t.Helper()
		loc, err := dbpath.Resolve(root, extract.Version)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(Options{Location: loc, Registry: all.Registry(), Packages: true, Full: full, Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		return rep, loc
	}
	if rep, _ := build(repo.Root, cache, false); rep.Packages == nil || rep.Packages.Files == 0 {
		t.Fatalf("first worktree: packages %+v, want external files", rep.Packages)
	}
	sibling := filepath.Join(t.TempDir(), "sibling")
	repo.Git("worktree", "add", "-q", "-b", "sibling", sibling)
	later := time.Now().Add(time.Hour)
	for _, p := range []string{"go.sum", "web/package-lock.json"} {
		if err := os.Chtimes(filepath.Join(sibling, p), later, later); err != nil {
			t.Fatal(err)
		}
	}
	rep, loc := build(sibling, cache, false)
	if !rep.Cache.Seeded {
		t.Fatalf("sibling's first sync: cache %+v, want it seeded", rep.Cache)
	}
	if rep.Packages != nil || rep.Cache.Hits+rep.Cache.Misses != 0 {
		t.Fatalf("sibling's first sync read its packages again: packages %+v, cache %+v", rep.Packages, rep.Cache)
	}
	seeded := dump(t, loc.Path)
	if err := os.Remove(loc.Path); err != nil {
		t.Fatal(err)
	}
	build(sibling, nil, true)
	if n, diff := dumpDiff(dump(t, loc.Path), seeded, 20); n > 0 {
		t.Fatalf("the seeded sibling differs from its cold build (- cold, + seeded):\n%s", diff)
	}
}

// TestPackagesWarmReadsNoDependency: once the extraction cache holds a
// worktree's dependency packages, a cold build reads none of their files
// whole: the selection's summaries carry the files' hashes, which find
// their bundles, and the index equals a build without the cache.
func TestPackagesWarmReadsNoDependency(t *testing.T) {
	fakeModCache(t)
	repo := gittest.New(t, depsSeed)
	cache, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "warm"})
	if err != nil {
		t.Fatal(err)
	}
	build := func(c *xcache.Cache) (Report, string) { return coldPackagesBuild(t, repo.Root, c) }
	build(cache)
	before := dependencyReads.Load()
	rep, warm := build(cache)
	if rep.Packages == nil || rep.Packages.Files == 0 || rep.Cache.Misses != 0 {
		t.Fatalf("warm build: packages %+v, cache %+v; want external files, all from the cache", rep.Packages, rep.Cache)
	}
	if n := dependencyReads.Load() - before; n != 0 {
		t.Fatalf("a warm build read %d dependency files whole, want none", n)
	}
	if _, cold := build(nil); cold != warm {
		n, diff := dumpDiff(cold, warm, 20)
		t.Fatalf("%d rows differ between a build without the cache and a warm one (- without, + warm):\n%s", n, diff)
	}
}
