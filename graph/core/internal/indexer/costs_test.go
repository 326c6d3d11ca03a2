package indexer

import (
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// costRepo is the property test's corpus (real Go packages plus Python,
// TypeScript and Rust with their markers) with every mtime an hour old, so
// no file is "racily clean" (see racyCutoff) and a no-op sync is one.
func costRepo(t *testing.T) (*gittest.Repo, dbpath.Location) {
	t.Helper()
	repo := gittest.New(t, propCorpus(t))
	gittest.WriteFile(t, repo.Root, ".git/info/exclude", ".orbit/\n")
	ageAll(t, repo.Root, time.Now().Add(-time.Hour))
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	return repo, loc
}

// ageAll sets the mtime of every file of the worktree (not .git, .orbit).
func ageAll(t *testing.T, root string, when time.Time) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".orbit") {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			paths = append(paths, p)
			return os.Chtimes(p, when, when)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

func syncAt(t *testing.T, loc dbpath.Location) Report {
	t.Helper()
	rep, err := Run(Options{Location: loc, Registry: all.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// dbState is what a write would change: the index file's size and mtime
// and whether a WAL is left beside it.
type dbState struct {
	size  int64
	mtime time.Time
	wal   bool
}

func stateOf(t *testing.T, path string) dbState {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	_, werr := os.Stat(path + "-wal")
	return dbState{fi.Size(), fi.ModTime(), werr == nil}
}

// TestTouchOnlyCostsAHash: 20 rounds of "every file gets a new mtime, no
// byte changes" (touch, checkout, rebase) re-extract nothing, rewrite no
// search row and do not grow the index file; the index stays equal to a
// cold build of the tree, search indexes included.
func TestTouchOnlyCostsAHash(t *testing.T) {
	repo, loc := costRepo(t)
	cold := syncAt(t, loc)
	before := stateOf(t, loc.Path)
	base := time.Now().Add(-50 * time.Minute)
	for i := 0; i < 20; i++ {
		ageAll(t, repo.Root, base.Add(time.Duration(i)*time.Second))
		rep := syncAt(t, loc)
		if rep.FilesChanged != 0 || rep.Reresolved != 0 || rep.FilesRemoved != 0 || rep.FilesIndexed != cold.FilesIndexed {
			t.Fatalf("touch round %d: %+v; want nothing re-extracted", i, rep)
		}
	}
	after := stateOf(t, loc.Path)
	t.Logf("index file: %d bytes after the cold build, %d after 20 touch-all syncs", before.size, after.size)
	if after.size > before.size {
		t.Errorf("index grew from %d to %d bytes over 20 touch-only syncs", before.size, after.size)
	}
	if err := store.CheckSearch(loc.Path, extract.Version); err != nil {
		t.Errorf("search index after touch-only syncs: %v", err)
	}
	equalsColdBuild(t, loc)
}

// TestMarkerTouchInvalidatesNothing: a module marker (go.mod, tsconfig.json,
// Cargo.toml) with a new mtime and the same bytes costs a hash; with new
// bytes it still re-extracts the files under it.
func TestMarkerTouchInvalidatesNothing(t *testing.T) {
	repo, loc := costRepo(t)
	syncAt(t, loc)
	when := time.Now().Add(-30 * time.Minute)
	for _, m := range []string{"go.mod", "web/tsconfig.json", "rs/Cargo.toml"} {
		if err := os.Chtimes(filepath.Join(repo.Root, m), when, when); err != nil {
			t.Fatal(err)
		}
	}
	if rep := syncAt(t, loc); rep.FilesChanged != 0 || rep.Reresolved != 0 {
		t.Errorf("touched markers: %+v; want nothing re-extracted", rep)
	}
	gomod := filepath.Join(repo.Root, "go.mod")
	b, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, []byte(strings.Replace(string(b), "module std", "module std2", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if rep := syncAt(t, loc); rep.FilesChanged < 10 {
		t.Errorf("a renamed module re-extracted %d files; want every Go file under it", rep.FilesChanged)
	}
}

// TestNoopSyncWritesNothing: with every kind of skipped file present, a
// second sync reads none of them again and leaves the index file as it was
// (size, mtime, no WAL), and its report names the same skips.
func TestNoopSyncWritesNothing(t *testing.T) {
	repo, loc := costRepo(t)
	root := repo.Root
	gittest.WriteFile(t, root, "pyapp/blob.py", "def blob():\x00\x01\n")
	gittest.WriteFile(t, root, "pyapp/huge.py", "# "+strings.Repeat("x", 300_000)+"\n")
	gittest.WriteFile(t, root, "pyapp/ignored.py", "def ignored():\n    pass\n")
	gittest.WriteFile(t, root, ".orbitignore", "pyapp/ignored.py\n")
	if err := syscall.Mkfifo(filepath.Join(root, "pyapp/pipe.py"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"dirlink": "pyapp", "loop.py": "loop.py", "alias.py": "pyapp/blob.py"} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	gittest.WriteFile(t, root, "pyapp/secret.py", "def secret():\n    pass\n")
	if err := os.Chmod(filepath.Join(root, "pyapp/secret.py"), 0); err != nil {
		t.Fatal(err)
	}
	ageAll(t, root, time.Now().Add(-time.Hour))
	opts := Options{Location: loc, Registry: all.Registry(), MaxFileSize: 200_000}
	first, err := Run(opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"pyapp/blob.py": SkipBinary, "pyapp/huge.py": SkipLarge, "pyapp/ignored.py": SkipIgnored,
		"pyapp/pipe.py": SkipSpecial, "dirlink": SkipSymlinkDir, "loop.py": SkipSymlinkLoop, "alias.py": SkipSymlink}
	if os.Geteuid() != 0 { // root reads any file
		want["pyapp/secret.py"] = SkipUnreadable
	}
	named := map[string]string{}
	for _, f := range first.Skipped.Files {
		named[f.Path] = f.Reason
	}
	for p, reason := range want {
		if named[p] != reason {
			t.Errorf("first sync names %s as %q, want %q (skipped %+v)", p, named[p], reason, first.Skipped)
		}
	}
	s := first.Skipped
	if s.Binary != 1 || s.Large != 1 || s.Ignored < 1 || s.Special != 1 || s.SymlinkDirs != 1 || s.SymlinkLoops != 1 || s.Symlinks != 1 {
		t.Errorf("first sync skipped %+v", s)
	}
	before := stateOf(t, loc.Path)
	time.Sleep(10 * time.Millisecond) // a write would move the mtime
	second, err := Run(opts)
	if err != nil {
		t.Fatal(err)
	}
	if after := stateOf(t, loc.Path); after != before {
		t.Errorf("a no-op sync wrote the index: %+v → %+v", before, after)
	}
	if d := cmp.Diff(first.Skipped, second.Skipped); d != "" || second.FilesChanged != 0 || second.FilesIndexed != first.FilesIndexed {
		t.Errorf("no-op sync reported %+v; skips differ from the first sync's (-first +second):\n%s", second, d)
	}
	// The binary file turned into text is indexed, and no longer skipped.
	gittest.WriteFile(t, root, "pyapp/blob.py", "def blob():\n    return 1\n")
	third, err := Run(opts)
	if err != nil {
		t.Fatal(err)
	}
	if third.FilesChanged != 1 || third.Skipped.Binary != 0 {
		t.Errorf("binary file made text: %+v", third)
	}
}

// TestSyncRemovesOtherVersions: a sync deletes this branch's index files
// of older extractor versions (with WAL and lock), keeps other branches'
// and a newer version's (an orbit built later, using it).
func TestSyncRemovesOtherVersions(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	if err := dbpath.EnsureDir(repo.Root); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(loc.Path)
	stem := strings.TrimSuffix(filepath.Base(loc.Path), ".db")
	stem = stem[:strings.LastIndexByte(stem, '.')]
	old := []string{stem + ".1.db", stem + ".1.db-wal", stem + ".1.db.lock", stem + ".0.db",
		"main." + strconv.Itoa(extract.Version) + ".db"} // the name before BranchStem
	other := dbpath.BranchStem("other") + ".1.db"
	newer := stem + "." + strconv.Itoa(extract.Version+1) + ".db"
	for _, f := range append(old, other, newer) {
		gittest.WriteFile(t, dir, f, "x")
	}
	rep := syncAt(t, loc)
	for _, f := range old {
		if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
			t.Errorf("%s left after the sync (report %v)", f, rep.RemovedIndexes)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, other)); err != nil {
		t.Errorf("another branch's index removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, newer)); err != nil {
		t.Errorf("a newer version's index removed: %v", err)
	}
	if len(rep.RemovedIndexes) != 3 {
		t.Errorf("removed_indexes = %v, want the two old versions and the old name", rep.RemovedIndexes)
	}
}

// TestDependentKeepsItsRows: a file re-resolved because a name it used
// lost its definition (a dependent) has its references rewritten, but its
// other rows, which follow from its unchanged bytes, are not deleted and
// inserted again: its strings keep their ids. The index still equals a
// cold build.
func TestDependentKeepsItsRows(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"go.mod": "module x\n\ngo 1.22\n",
		"a/a.go": "package a\n\nfunc F() {}\n\nfunc G() {}\n",
		"b/b.go": "package b\n\nimport \"x/a\"\n\nfunc H() string {\n\ta.F()\n\ta.G()\n\treturn \"dependent string\"\n}\n",
		"c/c.go": "package c\n\nfunc K() string { return \"a later file's string\" }\n",
	})
	gittest.WriteFile(t, repo.Root, ".git/info/exclude", ".orbit/\n")
	ageAll(t, repo.Root, time.Now().Add(-time.Hour))
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	syncAt(t, loc)
	stringIDs := func() []int64 {
		t.Helper()
		db, err := sql.Open("sqlite3", "file:"+loc.Path+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		rows, err := db.Query(`SELECT id FROM strings WHERE file_path = 'b/b.go' ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if len(ids) == 0 {
			t.Fatal("b/b.go has no strings row")
		}
		return ids
	}
	before := stringIDs()
	gittest.WriteFile(t, repo.Root, "a/a.go", "package a\n\nfunc G() {}\n") // F is gone
	rep := syncAt(t, loc)
	if rep.FilesChanged != 1 || rep.Reresolved != 1 {
		t.Fatalf("after removing a.F: %+v; want a/a.go changed and b/b.go re-resolved", rep)
	}
	if after := stringIDs(); !cmp.Equal(before, after) {
		t.Errorf("b/b.go's strings were written again: ids %v, then %v", before, after)
	}
	equalsColdBuild(t, loc)
	if err := store.CheckSearch(loc.Path, extract.Version); err != nil {
		t.Errorf("search index: %v", err)
	}
}

// equalsColdBuild checks the index at loc against a cold build of the same
// worktree.
func equalsColdBuild(t *testing.T, loc dbpath.Location) {
	t.Helper()
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	if _, err := Run(Options{Location: coldLoc, Registry: all.Registry(), Full: true}); err != nil {
		t.Fatal(err)
	}
	if inc, cold := dump(t, loc.Path), dump(t, coldLoc.Path); inc != cold {
		n, diff := dumpDiff(cold, inc, 40)
		t.Errorf("%d rows differ from a cold build:\n%s", n, diff)
	}
}
