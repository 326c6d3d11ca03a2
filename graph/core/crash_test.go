package core_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3" // the plain driver, to look at the file as any reader would

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestSyncSurvivesSIGKILL kills `orbit graph sync` with SIGKILL at random
// moments, cold and incremental, and checks after each kill that the index
// is whole (PRAGMA integrity_check) and is either the index from before that
// sync or the one it was writing, row for row; that the next sync is not
// blocked by the dead one's lock, converges to a cold build of the tree and
// leaves no abandoned temporary file behind.
//
// 25 kills by default; ORBIT_SOAK=1 runs 500, ORBIT_CRASH_KILLS=n runs n.
// ORBIT_CRASH_SEED=s replays a run.
func TestSyncSurvivesSIGKILL(t *testing.T) {
	kills := 25
	if os.Getenv("ORBIT_SOAK") == "1" {
		kills = 500
	}
	if n, err := strconv.Atoi(os.Getenv("ORBIT_CRASH_KILLS")); err == nil && n > 0 {
		kills = n
	}
	seed := time.Now().UnixNano()
	if s, err := strconv.ParseInt(os.Getenv("ORBIT_CRASH_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("%d kills, ORBIT_CRASH_SEED=%d", kills, seed)
	r := rand.New(rand.NewSource(seed))

	bin := buildOrbit(t)
	// The syncs share an extraction cache of their own, which kills hit
	// mid-write and which is damaged before some of them.
	cacheDir := t.TempDir()
	t.Setenv("ORBIT_CACHE_DIR", cacheDir)
	repo := gittest.New(t, crashCorpus(t))
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	ref := coldReference(t, repo.Root)
	tr := &crashTree{root: repo.Root, r: r}

	// Measure a cold and an incremental sync, as the process is killed: whole.
	start := time.Now()
	orbitSync(t, bin, repo.Root)
	coldDur := time.Since(start)
	start = time.Now()
	orbitSync(t, bin, repo.Root, "--full")
	coldDur = max(coldDur, time.Since(start))
	before := ref.dump(t)
	if got := dumpFile(t, loc.Path); got != before {
		t.Fatalf("first sync differs from a cold build:\n%s", lineDiff(before, got))
	}
	tr.edit(t)
	start = time.Now()
	orbitSync(t, bin, repo.Root)
	incDur := time.Since(start)
	before = ref.dump(t)
	t.Logf("typical durations: cold %v, incremental %v", coldDur, incDur)

	var stats struct {
		old, new, absent, completed, cold, full int
		damaged                                 int
		midBuild, maxTmp                        int
	}
	began := time.Now()
	for i := 0; i < kills; i++ {
		args := []string{"graph", "sync"}
		typical := incDur
		switch k := r.Intn(10); {
		case k < 2:
			args = append(args, "--full")
			typical = coldDur
			stats.full++
		case k < 3:
			for _, suf := range []string{"", "-wal", "-shm"} {
				if err := os.Remove(loc.Path + suf); err != nil && !errors.Is(err, os.ErrNotExist) {
					t.Fatal(err)
				}
			}
			before = "" // no index
			typical = coldDur
			stats.cold++
		case k == 9:
			stats.damaged += damageCache(t, r, cacheDir)
		}
		tr.edit(t)
		delay := time.Duration(r.Int63n(int64(typical)*4/5 + 1))
		completed := killSyncAfter(t, bin, repo.Root, args, delay)
		if completed {
			stats.completed++
		}

		// The tree is now fixed: what the interrupted sync was writing.
		after := ref.dump(t)
		got, exists := inspect(t, loc.Path)
		switch {
		case !exists && before == "":
			stats.absent++
		case !exists:
			t.Fatalf("kill %d (%v after %v): the index is gone", i, args, delay)
		case got == before:
			stats.old++
		case got == after:
			stats.new++
		default:
			t.Fatalf("kill %d (%v after %v): the index is neither the old one nor the new one\n-- vs old:\n%s\n-- vs new:\n%s",
				i, args, delay, lineDiff(before, got), lineDiff(after, got))
		}
		if n := len(tmpFiles(t, loc.Path)); n > 0 {
			stats.midBuild++
			stats.maxTmp = max(stats.maxTmp, n)
		}

		// The next sync is not blocked, converges, and tidies up.
		start := time.Now()
		stderr := orbitSync(t, bin, repo.Root)
		incDur = (3*incDur + time.Since(start)) / 4 // follow the machine's load
		if strings.Contains(strings.ReplaceAll(stderr, "warning: extraction cache", ""), "warning") {
			t.Errorf("kill %d: the sync after it warned: %s", i, stderr)
		}
		if got := dumpFile(t, loc.Path); got != after {
			t.Fatalf("kill %d (%v after %v): the next sync differs from a cold build (-cold +synced):\n%s", i, args, delay, lineDiff(after, got))
		}
		if left := tmpFiles(t, loc.Path); len(left) > 0 {
			t.Fatalf("kill %d: the sync after it left abandoned builds: %v", i, left)
		}
		before = after
	}
	t.Logf("%d kills in %v: index old %d, new %d, absent (cold build killed) %d; %d syncs finished before the kill; %d --full, %d cold without a DB; %d killed mid-cold-build (at most %d .tmp files left, all removed by the next sync); %d extraction cache entries damaged; 0 rows differing",
		kills, time.Since(began).Round(time.Millisecond), stats.old, stats.new, stats.absent, stats.completed, stats.full, stats.cold, stats.midBuild, stats.maxTmp, stats.damaged)
}

// damageCache flips a bit in, or truncates, a few entries of the
// extraction cache in dir: a sync must re-extract those files.
func damageCache(t *testing.T, r *rand.Rand, dir string) int {
	entries, _ := filepath.Glob(filepath.Join(dir, "??", "*"))
	n := 0
	for ; n < 3 && len(entries) > 0; n++ {
		p := entries[r.Intn(len(entries))]
		b, err := os.ReadFile(p)
		if err != nil || len(b) == 0 {
			continue
		}
		if r.Intn(2) == 0 {
			b = b[:r.Intn(len(b))]
		} else {
			b[r.Intn(len(b))] ^= 0x10
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// buildOrbit builds the real binary.
func buildOrbit(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go toolchain not on PATH")
	}
	out, err := exec.Command(gobin, "env", "GOMOD").Output()
	mod := strings.TrimSpace(string(out))
	if err != nil || mod == "" || mod == os.DevNull {
		t.Skipf("not inside the module (%v)", err)
	}
	bin := filepath.Join(t.TempDir(), "orbit")
	build := exec.Command(gobin, "build", "-tags", "sqlite_fts5", "-o", bin, "./graph/cli")
	build.Dir = filepath.Dir(mod)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// crashCorpus is real source: encoding/json and strconv from the Go
// distribution, plus some Python, TypeScript and Rust.
func crashCorpus(t *testing.T) map[string]string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	files := map[string]string{"go.mod": "module example.com/crash\n\ngo 1.26\n"}
	// Directory → keep its tests. Short runs take ~230 KB rather than
	// ~410 KB: the reference cold builds are slow under -race.
	dirs := map[string]bool{"encoding/json": false, "strconv": true, "internal/strconv": false}
	if testing.Short() {
		dirs = map[string]bool{"encoding/json": false, "strconv": false}
	}
	for dir, keepTests := range dirs {
		paths, _ := filepath.Glob(filepath.Join(goroot, "src", dir, "*.go"))
		for _, p := range paths {
			if !keepTests && strings.HasSuffix(p, "_test.go") {
				continue
			}
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			files[filepath.ToSlash(filepath.Join("std", dir, filepath.Base(p)))] = string(b)
		}
	}
	if len(files) < 20 {
		t.Skipf("Go sources not found under %s", goroot)
	}
	for p, c := range crashExtras {
		files[p] = c
	}
	return files
}

var crashExtras = map[string]string{
	"py/svc/__init__.py": "",
	"py/svc/store.py":    "import os\n\nDB_URL = os.getenv(\"SVC_DB_URL\")\n\n\nclass Store:\n    def get(self, key):\n        return self.load(key)\n\n    def load(self, key):\n        raise KeyError(\"no such key in the store\")\n",
	"py/svc/api.py":      "from svc.store import Store\n\n\nclass Api:\n    def handle(self, req):\n        return Store().get(req)\n\n\ndef serve():\n    Api().handle(\"x\")\n",
	"web/src/math.ts":    "export function add(a: number, b: number): number { return a + b }\n\nexport class Calc {\n  total = 0\n  push(n: number) { this.total = add(this.total, n) }\n}\n",
	"web/src/app.ts":     "import { add, Calc } from \"./math\";\n\nexport const x = add(1, 2);\nconst c = new Calc();\nc.push(x);\n",
	"rs/src/lib.rs":      "pub struct Parser { pos: usize }\n\nimpl Parser {\n    pub fn new() -> Self { Parser { pos: 0 } }\n    pub fn next(&mut self) -> usize { self.pos += 1; self.pos }\n}\n\npub fn parse() -> usize { Parser::new().next() }\n",
	"rs/Cargo.toml":      "[package]\nname = \"crash\"\nversion = \"0.1.0\"\n",
}

// crashTree makes random edits: appends, rewrites, new files, deletions,
// across languages.
type crashTree struct {
	root  string
	r     *rand.Rand
	n     int
	added []string
}

func (c *crashTree) files(t *testing.T, under, ext string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(filepath.Join(c.root, under), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ext) {
			rel, _ := filepath.Rel(c.root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func (c *crashTree) read(p string) string {
	b, _ := os.ReadFile(filepath.Join(c.root, p))
	return string(b)
}

func (c *crashTree) edit(t *testing.T) {
	t.Helper()
	for k := 1 + c.r.Intn(3); k > 0; k-- {
		c.n++
		n := c.n
		switch c.r.Intn(7) {
		case 0, 1: // append a function calling into the package
			fs := c.files(t, "std", ".go")
			p := fs[c.r.Intn(len(fs))]
			gittest.WriteFile(t, c.root, p, c.read(p)+fmt.Sprintf("\nfunc crashEdit%d() { crashHelper%d(); _ = ParseInt }\n\nfunc crashHelper%d() {}\n", n, n, n))
		case 2: // shift every span of a file
			fs := c.files(t, "std", ".go")
			p := fs[c.r.Intn(len(fs))]
			src := c.read(p)
			if i := strings.Index(src, "\npackage "); i >= 0 {
				src = src[:i] + fmt.Sprintf("\n// edit %d\n", n) + src[i:]
			} else {
				src = fmt.Sprintf("// edit %d\n", n) + src
			}
			gittest.WriteFile(t, c.root, p, src)
		case 3: // a new file in a package
			dir := []string{"std/encoding/json", "std/strconv"}[c.r.Intn(2)]
			pkg := filepath.Base(dir)
			p := fmt.Sprintf("%s/crash_%d.go", dir, n)
			gittest.WriteFile(t, c.root, p, fmt.Sprintf("package %s\n\n// Crash%d is new.\ntype Crash%d struct{ n int }\n\nfunc (c *Crash%d) Handler() string { return \"crash handler %d\" }\n", pkg, n, n, n, n))
			c.added = append(c.added, p)
		case 4: // delete a file, added or original
			var p string
			if len(c.added) > 0 && c.r.Intn(2) == 0 {
				i := c.r.Intn(len(c.added))
				p = c.added[i]
				c.added = append(c.added[:i], c.added[i+1:]...)
			} else {
				fs := c.files(t, "std", ".go")
				if len(fs) < 30 {
					continue
				}
				p = fs[c.r.Intn(len(fs))]
			}
			if err := os.Remove(filepath.Join(c.root, p)); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
		case 5: // Python and TypeScript
			gittest.WriteFile(t, c.root, "py/svc/extra.py", fmt.Sprintf("from svc.api import serve\n\n\ndef handler_%d():\n    serve()\n", n))
			gittest.WriteFile(t, c.root, "web/src/app.ts", crashExtras["web/src/app.ts"]+fmt.Sprintf("export const v%d = add(x, %d);\n", n, n))
		case 6: // Rust
			gittest.WriteFile(t, c.root, "rs/src/lib.rs", c.read("rs/src/lib.rs")+fmt.Sprintf("\npub fn handler_%d() -> usize { parse() }\n", n))
		}
	}
}

// coldRef builds cold indexes of the worktree in-process into a DB of its
// own, the reference every index of the same tree must dump equal to.
type coldRef struct {
	loc dbpath.Location
	reg *extract.Registry
}

func coldReference(t *testing.T, root string) *coldRef {
	loc, err := dbpath.Resolve(root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	loc.Path = filepath.Join(t.TempDir(), "cold.db")
	return &coldRef{loc: loc, reg: all.Registry()}
}

func (c *coldRef) dump(t *testing.T) string {
	t.Helper()
	if _, err := indexer.Run(indexer.Options{Location: c.loc, Registry: c.reg, Full: true}); err != nil {
		t.Fatalf("cold build: %v", err)
	}
	return dumpFile(t, c.loc.Path)
}

func dumpFile(t *testing.T, path string) string {
	t.Helper()
	text, err := store.DumpFile(path, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// inspect opens the index read-only, as a query would after the crash,
// checks its integrity and dumps it. It reports whether the file exists.
func inspect(t *testing.T, path string) (string, bool) {
	t.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return "", false
	}
	if res := integrity(t, path); res != "ok" {
		t.Fatalf("integrity_check after a kill: %s", res)
	}
	st, err := store.OpenAny(path) // read-only
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var b bytes.Buffer
	if err := st.Dump(&b); err != nil {
		t.Fatalf("dump after a kill: %v", err)
	}
	return b.String(), true
}

// integrity runs PRAGMA integrity_check on a read-only connection and
// returns its rows, "ok" for a sound file.
func integrity(t *testing.T, path string) string {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`PRAGMA integrity_check`)
	if err != nil {
		return err.Error()
	}
	defer rows.Close()
	var res []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err.Error()
		}
		res = append(res, s)
	}
	if err := rows.Err(); err != nil {
		return err.Error()
	}
	return strings.Join(res, "; ")
}

// killSyncAfter starts a sync and SIGKILLs it after delay, unless it has
// finished by then; it reports whether it finished.
func killSyncAfter(t *testing.T, bin, root string, args []string, delay time.Duration) bool {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		return true
	case <-time.After(delay):
	}
	if err := syscall.Kill(cmd.Process.Pid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		t.Fatal(err)
	}
	err := <-done
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return false
		}
	}
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, stderr.String())
	}
	return true // it exited just before the signal
}

// orbitSync runs a sync to completion and returns its stderr; a sync that
// does not finish in a minute is taken to be blocked by a dead one's lock.
func orbitSync(t *testing.T, bin, root string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"graph", "sync"}, args...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			t.Fatalf("sync blocked for a minute (a dead sync's lock?)\n%s", stderr.String())
		}
		t.Fatalf("sync: %v\n%s", err, stderr.String())
	}
	return stderr.String()
}

// tmpFiles lists the cold builds in progress or abandoned beside the index.
func tmpFiles(t *testing.T, dbPath string) []string {
	t.Helper()
	m, err := filepath.Glob(dbPath + ".*.tmp*")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// lineDiff summarises how two dumps differ: the lines only in one or the
// other (at most 20 of each) and their counts.
func lineDiff(want, got string) string {
	count := map[string]int{}
	for _, l := range strings.Split(want, "\n") {
		count[l]++
	}
	for _, l := range strings.Split(got, "\n") {
		count[l]--
	}
	var minus, plus []string
	for l, n := range count {
		for ; n > 0; n-- {
			minus = append(minus, "-"+l)
		}
		for ; n < 0; n++ {
			plus = append(plus, "+"+l)
		}
	}
	sort.Strings(minus)
	sort.Strings(plus)
	out := fmt.Sprintf("%d rows missing, %d rows extra\n", len(minus), len(plus))
	for _, s := range [][]string{minus, plus} {
		if len(s) > 20 {
			s = s[:20]
		}
		out += strings.Join(s, "\n") + "\n"
	}
	return out
}

// TestColdBuildSettlesOldIndexFirst: a cold build deletes the old index's
// WAL before renaming the new file into place (a stale WAL would be replayed
// into it). A kill between the two must leave the old index as last
// committed, so the WAL is checkpointed into the old file first. The old
// file is kept here by a hard link, as a kill right before the rename would
// leave it; the WAL holds a commit because a reader kept it open.
func TestColdBuildSettlesOldIndexFirst(t *testing.T) {
	repo := gittest.New(t, fixture)
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	reg := all.Registry()
	for i := 0; i < 2; i++ { // a cold build, then a sync that opens it in WAL mode
		if _, err := indexer.Run(indexer.Options{Location: loc, Registry: reg}); err != nil {
			t.Fatal(err)
		}
	}
	reader, err := sql.Open("sqlite3", "file:"+loc.Path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	var n int
	if err := reader.QueryRow(`SELECT COUNT(*) FROM files`).Scan(&n); err != nil { // opens the WAL, and keeps it
		t.Fatal(err)
	}
	repo.Write("util/extra.go", "package util\n\nfunc Extra() {}\n")
	if _, err := indexer.Run(indexer.Options{Location: loc, Registry: reg}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(loc.Path + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("want a WAL holding the incremental sync's commit: %v", err)
	}
	committed := dumpFile(t, loc.Path)
	old := filepath.Join(t.TempDir(), "old.db")
	if err := os.Link(loc.Path, old); err != nil {
		t.Skipf("hard link: %v", err)
	}
	if _, err := indexer.Run(indexer.Options{Location: loc, Registry: reg, Full: true}); err != nil {
		t.Fatal(err)
	}
	reader.Close()
	if got := dumpFile(t, old); got != committed {
		t.Fatalf("the replaced index file lacks its last commit (-committed +file):\n%s", lineDiff(committed, got))
	}
}

// TestSyncRemovesAbandonedBuilds: a killed cold build leaves "<db>.<pid>.tmp"
// (and maybe its sidecars); the next sync, holding the lock, deletes them,
// and only them.
func TestSyncRemovesAbandonedBuilds(t *testing.T) {
	repo := gittest.New(t, fixture)
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	if err := dbpath.EnsureDir(repo.Root); err != nil {
		t.Fatal(err)
	}
	abandoned := []string{".4242.tmp", ".4242.tmp-wal", ".4242.tmp-shm", ".17.tmp", ".4242.tmp-pass2"}
	kept := []string{".x.tmp", ".x.7.db", ".4242.tmpx", "-wal.1.tmp"}
	for _, suf := range append(abandoned, kept...) {
		if err := os.WriteFile(loc.Path+suf, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := indexer.Run(indexer.Options{Location: loc, Registry: all.Registry()}); err != nil {
		t.Fatal(err)
	}
	for _, suf := range abandoned {
		if _, err := os.Stat(loc.Path + suf); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("abandoned build %s not removed: %v", suf, err)
		}
	}
	for _, suf := range kept {
		if _, err := os.Stat(loc.Path + suf); err != nil {
			t.Errorf("%s is not this index's build, but: %v", suf, err)
		}
	}
}
