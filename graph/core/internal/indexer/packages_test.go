package indexer

import (
	"encoding/json"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// fakeModCache writes a module cache holding example.com/lib at v1.0.0
// and v1.1.0 (Greeter gains a method, Hello goes, Hello2 comes) and
// returns its directory, set as GOMODCACHE for the test.
func fakeModCache(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	v1 := "package lib\n\ntype Greeter interface{ Greet() string }\n\ntype Base struct{}\n\nfunc (Base) Name() string { return \"b\" }\n\nfunc Hello() string { return \"hi\" }\n"
	v11 := "package lib\n\ntype Greeter interface {\n\tGreet() string\n\tBye()\n}\n\ntype Base struct{}\n\nfunc (Base) Name() string { return \"b\" }\n\nfunc Hello2() string { return \"hi\" }\n"
	for v, src := range map[string]string{"v1.0.0": v1, "v1.1.0": v11} {
		root := filepath.Join(dir, "example.com", "lib@"+v)
		gittest.WriteFile(t, root, "lib.go", src)
		// Read only when the worktree names Extra (DESIGN.md, Dependency
		// packages: selection).
		gittest.WriteFile(t, root, "extra.go", "package lib\n\n// Extra is another file's.\nfunc Extra() int { return 1 }\n")
		gittest.WriteFile(t, root, "lib_test.go", "package lib\n\nfunc TestX() {}\n")
		gittest.WriteFile(t, root, "lib_windows.go", "package lib\n\nfunc Win() {}\n")
		gittest.WriteFile(t, root, "sub/sub.go", "package sub\n\nfunc Sub() {}\n")
		gittest.WriteFile(t, root, "go.mod", "module example.com/lib\n")
	}
	t.Setenv("GOMODCACHE", dir)
	t.Setenv("GOFLAGS", "-mod=mod")
	return dir
}

// depsSeed is a module requiring example.com/lib, using it and the
// standard library.
var depsSeed = map[string]string{
	"go.mod": "module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v1.0.0\n",
	"main.go": `package main

import (
	"fmt"
	"io"

	"example.com/lib"
)

type hello struct{ lib.Base }

func (hello) Greet() string { return "x" }

type sink struct{ w io.Writer }

func (s sink) Write(p []byte) (int, error) { return s.w.Write(p) }

func main() {
	fmt.Println(lib.Hello())
	var h hello
	h.Name()
	fmt.Fprintln(sink{}, "x")
}
`,
}

func syncPackages(t *testing.T, loc dbpath.Location, full, packages bool) Report {
	t.Helper()
	rep, err := Run(Options{Location: loc, Registry: all.Registry(), Full: full, Packages: packages})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// syncEqualsCold syncs loc incrementally and coldLoc from scratch, both
// with packages as given, fails the step unless they report the same
// files indexed and hold the same rows, and returns the cold index's dump
// and the cold build's report.
func syncEqualsCold(t *testing.T, step string, loc, coldLoc dbpath.Location, packages bool) (string, Report) {
	t.Helper()
	inc := syncPackages(t, loc, false, packages)
	cold := syncPackages(t, coldLoc, true, packages)
	if inc.FilesIndexed != cold.FilesIndexed {
		// the worktree's files only, however the packages were toggled
		t.Fatalf("step %s: incremental reports %d files indexed, cold %d", step, inc.FilesIndexed, cold.FilesIndexed)
	}
	incDump, coldDump := dump(t, loc.Path), dump(t, coldLoc.Path)
	if incDump != coldDump {
		n, diff := dumpDiff(coldDump, incDump, 40)
		t.Fatalf("step %s: %d rows differ (- cold, + incremental):\n%s", step, n, diff)
	}
	return coldDump, cold
}

// TestPackagesResolve: calls into a dependency and the standard library
// get their external definitions, promoted methods of a dependency's
// type resolve, in-repo types implement a dependency's interfaces, and
// tests and other platforms' files of a dependency are left out.
func TestPackagesResolve(t *testing.T) {
	fakeModCache(t)
	repo := gittest.New(t, depsSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	rep := syncPackages(t, loc, false, true)
	if rep.Packages == nil || rep.Packages.Indexed != 2 || rep.Packages.MissingCount != 0 {
		b, _ := json.Marshal(rep.Packages)
		t.Fatalf("packages report %s, want 2 external packages (example.com/lib, std) and none missing", b)
	}
	d := dump(t, loc.Path)
	for _, want := range []string{
		"\"go\"\t\"example.com/lib\"\t\"v1.0.0\"\t\"dependency\"",
		"\"go\"\t\"std\"\t",
		`"@go/example.com/lib/lib.go"`,
		`"@go/io/io.go"`,
		"\"example.com/lib.Hello\"\t\"@go/example.com/lib/lib.go\"",
		"\"fmt.Println\"\t\"@go/fmt/print.go\"",
		"\"example.com/lib.Base.Name\"\t\"@go/example.com/lib/lib.go\"",
		"\"example.com/app.sink\"\t\"io.Writer\"\t\"implements\"",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("dump lacks %s", want)
		}
	}
	for _, bad := range []string{"lib_test.go", "lib_windows.go", "@go/example.com/lib/sub/", "@go/example.com/lib/extra.go", "example.com/lib.Greeter"} {
		if strings.Contains(d, bad) {
			t.Errorf("dump holds %s: tests, other platforms' files, packages nobody imports, files and declarations (Greeter, beside Hello) declaring nothing the worktree names stay out", bad)
		}
	}
	if n := strings.Count("\n"+sectionOf(d, "refs"), "\n\"@go/"); n != 0 {
		t.Errorf("external files have %d refs; they keep declarations only", n)
	}
}

// TestPackagesMissingCache: without the module cache a sync names the
// missing dependency and does not fail; the refs keep today's grades.
func TestPackagesMissingCache(t *testing.T) {
	t.Setenv("GOMODCACHE", filepath.Join(t.TempDir(), "nowhere"))
	repo := gittest.New(t, depsSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	rep := syncPackages(t, loc, false, true)
	if rep.Packages == nil || rep.Packages.MissingCount != 1 || !strings.Contains(strings.Join(rep.Packages.Missing, "\n"), "example.com/lib@v1.0.0: not on disk") {
		b, _ := json.Marshal(rep.Packages)
		t.Fatalf("packages report %s, want example.com/lib named missing", b)
	}
	without := filepath.Join(t.TempDir(), "y.db")
	loc2 := loc
	loc2.Path = without
	syncPackages(t, loc2, false, false)
	lib := func(path string) []string {
		var out []string
		for _, l := range strings.Split(sectionOf(dump(t, path), "refs"), "\n") {
			if strings.Contains(l, "example.com/lib") {
				out = append(out, l)
			}
		}
		return out
	}
	if a, b := lib(loc.Path), lib(without); strings.Join(a, "\n") != strings.Join(b, "\n") || len(a) == 0 {
		t.Fatalf("refs into a missing dependency changed:\nwith packages:\n%s\nwithout:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// TestPackagesIncrementalEqualsCold: upgrading, removing and re-adding a
// dependency, importing a new package of it and turning packages off and
// on give, incrementally, the index a cold build gives.
func TestPackagesIncrementalEqualsCold(t *testing.T) {
	fakeModCache(t)
	repo := gittest.New(t, depsSeed)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	gomod := func(s string) { gittest.WriteFile(t, repo.Root, "go.mod", s) }
	steps := []struct {
		name     string
		do       func()
		packages bool
		want     string // in the dump after the step; "-x": x is not
	}{
		{"initial", func() {}, true, "\"example.com/lib.Hello\"\t\"@go/example.com/lib/lib.go\""},
		{"upgrade", func() { gomod(strings.Replace(depsSeed["go.mod"], "v1.0.0", "v1.1.0", 1)) }, true, "\"example.com/lib\"\t\"v1.1.0\""},
		{"import a new package", func() {
			gittest.WriteFile(t, repo.Root, "extra.go", "package main\n\nimport \"example.com/lib/sub\"\n\nfunc extra() { sub.Sub() }\n")
		}, true, `"@go/example.com/lib/sub/sub.go"`},
		{"downgrade", func() { gomod(depsSeed["go.mod"]) }, true, "\"example.com/lib\"\t\"v1.0.0\""},
		{"remove the requirement", func() { gomod("module example.com/app\n\ngo 1.22\n") }, true, ""},
		{"require again", func() { gomod(depsSeed["go.mod"]) }, true, `"@go/example.com/lib/lib.go"`},
		{"drop the import of sub", func() { removeIf(t, repo.Root, "extra.go") }, true, ""},
		// Only the files declaring what the worktree names are read: a
		// name coming or going brings or takes its file.
		{"name a new library function", func() {
			gittest.WriteFile(t, repo.Root, "scan.go", "package main\n\nimport \"fmt\"\n\nfunc scan() { var x int; fmt.Sscan(\"1\", &x) }\n")
		}, true, `"@go/fmt/scan.go"`},
		{"stop naming it in that file", func() {
			gittest.WriteFile(t, repo.Root, "scan.go", "package main\n\nimport \"fmt\"\n\nfunc scan() { fmt.Println(1) }\n")
		}, true, "-" + `"@go/fmt/scan.go"`},
		{"name it again", func() {
			gittest.WriteFile(t, repo.Root, "scan.go", "package main\n\nimport \"fmt\"\n\nfunc scan() { var x int; fmt.Sscan(\"1\", &x) }\n")
		}, true, `"@go/fmt/scan.go"`},
		{"remove the file naming it", func() { removeIf(t, repo.Root, "scan.go") }, true, "-" + `"@go/fmt/scan.go"`},
		{"packages off", func() {}, false, ""},
		{"packages on", func() {}, true, `"@go/io/io.go"`},
	}
	for _, s := range steps {
		s.do()
		coldDump, _ := syncEqualsCold(t, s.name, loc, coldLoc, s.packages)
		if absent, ok := strings.CutPrefix(s.want, "-"); ok && strings.Contains(coldDump, absent) {
			t.Fatalf("step %s: dump holds %s", s.name, absent)
		} else if !ok && s.want != "" && !strings.Contains(coldDump, s.want) {
			t.Fatalf("step %s: dump lacks %s", s.name, s.want)
		}
		if !s.packages && strings.Contains(coldDump, `"@go/`) {
			t.Fatalf("step %s: packages off, but external files remain", s.name)
		}
	}
	if err := store.CheckSearch(loc.Path, extract.Version); err != nil {
		t.Fatal(err)
	}
}

// sectionOf is one table of a dump.
func sectionOf(d, table string) string {
	_, rest, _ := strings.Cut(d, "## "+table+"\n")
	s, _, _ := strings.Cut(rest, "\n## ")
	return s
}

// TestPackagesUpgradeReresolvesDependents: a go.mod whose requirements
// change (its module path does not) re-extracts none of the module's
// files; only the files that consulted the changed package's names are
// resolved again.
func TestPackagesUpgradeReresolvesDependents(t *testing.T) {
	fakeModCache(t)
	files := map[string]string{"other.go": "package main\n\nimport \"fmt\"\n\nfunc other() { fmt.Println(1) }\n"}
	for k, v := range depsSeed {
		files[k] = v
	}
	repo := gittest.New(t, files)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	syncPackages(t, loc, false, true)
	gittest.WriteFile(t, repo.Root, "go.mod", strings.Replace(depsSeed["go.mod"], "v1.0.0", "v1.1.0", 1))
	rep := syncPackages(t, loc, false, true)
	if rep.FilesChanged != 1 || rep.Reresolved != 1 {
		t.Fatalf("upgrade: %d files changed, %d re-resolved; want 1 (go.mod) and 1 (main.go, which calls lib.Hello)", rep.FilesChanged, rep.Reresolved)
	}
	gittest.WriteFile(t, repo.Root, "go.mod", strings.Replace(depsSeed["go.mod"], "example.com/app", "example.com/app2", 1))
	if rep := syncPackages(t, loc, false, true); rep.FilesChanged != 3 {
		t.Fatalf("a new module path: %d files changed, want 3 (go.mod, main.go and other.go)", rep.FilesChanged)
	}
}

// TestPackagesPython: the interpreter's standard library through the same
// seam; a call of json.loads gets its definition in @python/json.
func TestPackagesPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	repo := gittest.New(t, map[string]string{
		"app/__init__.py": "",
		"app/main.py":     "import json\n\n\ndef main():\n    return json.loads(\"{}\")\n",
	})
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	rep := syncPackages(t, loc, false, true)
	if rep.Packages == nil || rep.Packages.Indexed != 1 {
		t.Fatalf("packages report %+v, want the standard library indexed", rep.Packages)
	}
	if d := dump(t, loc.Path); !strings.Contains(d, "\"json.loads\"\t\"@python/json/__init__.py\"") {
		t.Errorf("json.loads has no definition in @python/json:\n%s", sectionOf(d, "refs"))
	}
}

// mapCache is an in-memory ExtractionCache that counts its hits.
type mapCache struct {
	mu   sync.Mutex
	m    map[string]*extract.ExtractedFile
	hits int
}

func (c *mapCache) Get(k string) *extract.ExtractedFile {
	c.mu.Lock()
	defer c.mu.Unlock()
	x := c.m[k]
	if x != nil {
		c.hits++
	}
	return x
}

func (c *mapCache) Put(k string, x *extract.ExtractedFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = x
}

// TestPackagesSharedExtraction: a second index with the same
// dependencies takes every external file's extraction from the cache, and
// equals an index built without one.
func TestPackagesSharedExtraction(t *testing.T) {
	fakeModCache(t)
	cache := &mapCache{m: map[string]*extract.ExtractedFile{}}
	repo := gittest.New(t, depsSeed)
	var dumps []string
	for i, c := range []ExtractionCache{cache, cache, nil} {
		loc, _ := dbpath.Resolve(repo.Root, extract.Version)
		loc.Path = filepath.Join(t.TempDir(), "x.db")
		rep, err := Run(Options{Location: loc, Registry: all.Registry(), Packages: true, ExternalCache: c})
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 && (cache.hits != rep.Packages.Files || cache.hits == 0) {
			t.Fatalf("second worktree: %d cache hits, want one per external file (%d)", cache.hits, rep.Packages.Files)
		}
		dumps = append(dumps, dump(t, loc.Path))
	}
	if n, diff := dumpDiff(dumps[2], dumps[1], 20); n > 0 {
		t.Fatalf("an index built from the cache differs from one built without (- without, + cached):\n%s", diff)
	}
}

// isBlob: a cache file holding a directory's summaries (xcache.PutBlob).
func isBlob(p string) bool {
	b, err := os.ReadFile(p)
	return err == nil && strings.HasPrefix(string(b), "OXS1")
}

// TestPackagesBundles: through the extraction cache a dependency's
// directory is one entry: a cold build writes one per directory read, not
// one per file; a second cold build takes every external file from them
// and equals a build without the cache; a damaged bundle is reported and
// its files extracted again.
func TestPackagesBundles(t *testing.T) {
	fakeModCache(t)
	cache, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "bundles"})
	if err != nil {
		t.Fatal(err)
	}
	entries := func() int {
		n := 0
		filepath.WalkDir(cache.Dir(), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && len(filepath.Base(filepath.Dir(p))) == 2 && !isBlob(p) {
				n++ // an extraction or a bundle, not a directory's summaries
			}
			return nil
		})
		return n
	}
	files := map[string]string{"scan.go": "package main\n\nimport \"fmt\"\n\nfunc scan() { var x int; fmt.Sscan(\"1\", &x) }\n"}
	for k, v := range depsSeed {
		files[k] = v
	}
	repo := gittest.New(t, files) // fmt's print.go and scan.go: a directory of two files read
	build := func(c *xcache.Cache) (Report, string) { return coldPackagesBuild(t, repo.Root, c) }
	rep, _ := build(cache)
	own, ext := rep.FilesIndexed, rep.Packages.Files
	if n := entries(); ext < 2 || n >= own+ext || n <= own {
		t.Fatalf("%d entries for %d own and %d external files: want one per own file and fewer for the external ones", n, own, ext)
	}
	rep, warm := build(cache)
	if rep.Cache.Hits != own+ext || rep.Cache.Misses != 0 {
		t.Fatalf("second build: cache %+v, want %d hits", rep.Cache, own+ext)
	}
	_, cold := build(nil)
	if n, diff := dumpDiff(cold, warm, 20); n > 0 {
		t.Fatalf("built from bundles differs from built without the cache (- without, + bundles):\n%s", diff)
	}
	if damaged := damageCache(t, rand.New(rand.NewSource(1)), cache.Dir(), "??", 1000); damaged == 0 {
		t.Fatal("nothing damaged")
	}
	rep, again := build(cache)
	if rep.Cache.Corrupt == 0 || again != cold {
		t.Fatalf("after damage: cache %+v, equal to cold %v", rep.Cache, again == cold)
	}
}

// coldPackagesBuild builds root's index from scratch, with packages and
// the extraction cache c, into a fresh file, and returns the report and
// the index's dump.
func coldPackagesBuild(t *testing.T, root string, c *xcache.Cache) (Report, string) {
	t.Helper()
	loc, _ := dbpath.Resolve(root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	rep, err := Run(Options{Location: loc, Registry: all.Registry(), Packages: true, Full: true, Cache: c})
	if err != nil {
		t.Fatal(err)
	}
	return rep, dump(t, loc.Path)
}
