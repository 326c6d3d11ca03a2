package core_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

func dbName(g *core.Graph) string { return filepath.Base(g.Location().Path) }

func TestBranchDetachedWorktreeAndNonGit(t *testing.T) {
	repo := gittest.New(t, fixture)
	v := "." + strconv.Itoa(extract.Version) + ".db"
	// A branch's file: its name encoded (feat/x → feat~x) and a hash of it.
	branchDB := regexp.MustCompile(`^(.*)-[0-9a-f]{8}\.` + strconv.Itoa(extract.Version) + `\.db$`)
	stem := func(name string) string {
		if m := branchDB.FindStringSubmatch(name); m != nil {
			return m[1]
		}
		return name
	}
	if got := dbName(openGraph(t, repo.Root)); stem(got) != "main" {
		t.Errorf("main branch db = %s", got)
	}
	repo.Git("checkout", "-q", "-b", "feat/new-thing")
	g := openGraph(t, repo.Root)
	if got := dbName(g); stem(got) != "feat~new-thing" {
		t.Errorf("feature branch db = %s", got)
	}
	if g.Location().Branch != "feat/new-thing" {
		t.Errorf("raw branch = %q", g.Location().Branch)
	}
	mustSync(t, g, core.SyncAuto)

	sha := repo.Git("rev-parse", "HEAD")
	repo.Git("checkout", "-q", "--detach")
	g = openGraph(t, repo.Root)
	if got := dbName(g); got != "detached-"+sha[:12]+v || !g.Location().Detached || g.Location().CommitSHA != sha {
		t.Errorf("detached db = %s, loc = %+v", got, g.Location())
	}
	if got := mustSync(t, g, core.SyncAuto); got.mode != "cold" {
		t.Errorf("detached first sync = %+v", got)
	}

	wt := filepath.Join(t.TempDir(), "wt")
	repo.Git("worktree", "add", "-q", wt, "main")
	gw := openGraph(t, wt)
	if !strings.HasPrefix(gw.Location().Path, wt) || stem(dbName(gw)) != "main" {
		t.Errorf("worktree db = %s", gw.Location().Path)
	}
	if got := mustSync(t, gw, core.SyncAuto); got.mode != "cold" || got.indexed != 5 {
		t.Errorf("worktree sync = %+v", got)
	}

	plain := t.TempDir()
	gittest.WriteFile(t, plain, "x.py", "def f():\n    pass\n")
	gp := openGraph(t, plain)
	if got := dbName(gp); got != "nogit"+v || gp.Location().Git {
		t.Errorf("non-git db = %s", got)
	}
	if got := mustSync(t, gp, core.SyncAuto); got.indexed != 1 {
		t.Errorf("non-git sync = %+v", got)
	}
}

func TestClean(t *testing.T) {
	repo := gittest.New(t, fixture)
	g := openGraph(t, repo.Root)
	mustSync(t, g, core.SyncAuto)
	dir := filepath.Dir(g.Location().Path)
	stale := []string{"main.0.db", "main.0.db-wal", "detached-0123456789ab." + strconv.Itoa(extract.Version) + ".db"}
	keep := []string{"other." + strconv.Itoa(extract.Version) + ".db"}
	for _, f := range append(stale, keep...) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := filepath.Join(dir, dbName(g)+".4242.tmp") // a killed cold build's leftover
	if err := os.WriteFile(old, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	hourAgo := time.Now().Add(-time.Hour)
	if err := os.Chtimes(old, hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	// History files: the active index's is kept, the one of a removed
	// index goes with it (and its WAL).
	histDir := filepath.Join(repo.Root, ".orbit", "history")
	if err := os.MkdirAll(histDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{dbName(g), "main.0.db", "main.0.db-wal"} {
		if err := os.WriteFile(filepath.Join(histDir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := g.Clean()
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Removed) != 5 {
		t.Errorf("removed = %v, want the old-version and unreachable detached DBs, the abandoned build, the free lock file and the old index's history", rep.Removed)
	}
	if _, err := os.Stat(filepath.Join(histDir, dbName(g))); err != nil {
		t.Errorf("the active index's history removed: %v", err)
	}
	for _, f := range []string{"main.0.db", "main.0.db-wal"} {
		if _, err := os.Stat(filepath.Join(histDir, f)); !os.IsNotExist(err) {
			t.Errorf("history/%s of a removed index is left", f)
		}
	}
	if _, err := os.Stat(g.Location().Path + ".lock"); !os.IsNotExist(err) {
		t.Errorf("the active index's lock file is left: %v", err)
	}
	if rep, err := g.Clean(); err != nil || rep.Removed == nil || len(rep.Removed) != 0 {
		t.Errorf("second clean = %#v, %v; want an empty, non-nil list", rep, err)
	}
	for _, f := range stale {
		if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
			t.Errorf("%s not removed", f)
		}
	}
	for _, f := range append(keep, dbName(g)) {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s removed: %v", f, err)
		}
	}
}
