package indexer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// lockHeld reports whether someone holds the sync lock of dbPath, by trying
// to take it without waiting through a separate open file (flock locks
// belong to open files, so this works within one process too).
func lockHeld(t *testing.T, dbPath string) bool {
	t.Helper()
	f, err := os.OpenFile(dbPath+LockSuffix, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == nil {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return false
	}
	if !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Fatal(err)
	}
	return true
}

// probe is the Go extractor, checking the lock whenever a sync extracts.
type probe struct {
	extract.Extractor
	check func()
}

func (p probe) Extract(in extract.Input) *extract.ExtractedFile {
	p.check()
	return p.Extractor.Extract(in)
}

func TestSyncHoldsLockWhileWriting(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	loc, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var heldDuring []bool
	reg := extract.NewRegistry(probe{all.Registry().For("x.go"), func() {
		held := lockHeld(t, loc.Path)
		mu.Lock()
		heldDuring = append(heldDuring, held)
		mu.Unlock()
	}})
	for i, full := range []bool{false, true, false} { // cold, full, incremental
		repo.Write("later.go", fmt.Sprintf("package main\n\nfunc later() {}\n\n// %d\n", i))
		heldDuring = nil
		rep, err := Run(Options{Location: loc, Registry: reg, Full: full})
		if err != nil {
			t.Fatal(err)
		}
		if len(heldDuring) == 0 || rep.FilesChanged == 0 {
			t.Fatalf("%s sync extracted nothing", rep.Mode)
		}
		for _, held := range heldDuring {
			if !held {
				t.Fatalf("%s sync: lock not held while extracting", rep.Mode)
			}
		}
		if lockHeld(t, loc.Path) {
			t.Fatalf("%s sync: lock still held after the sync", rep.Mode)
		}
	}
}

func TestSyncWaitsForLock(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	if err := dbpath.EnsureDir(repo.Root); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockIndex(loc.Path, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := Run(Options{Location: loc, Registry: all.Registry()})
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("sync ran while another held the lock (err %v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	if _, err := os.Stat(loc.Path); err == nil {
		t.Fatal("index written while another sync held the lock")
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentSyncsCoalesce: syncs of one worktree started together run
// one at a time; the first builds the index and the others find nothing
// left to do.
func TestConcurrentSyncsCoalesce(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	reg := all.Registry()
	const n = 4
	reports := make([]Report, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i], errs[i] = Run(Options{Location: loc, Registry: reg})
		}()
	}
	wg.Wait()
	modes := map[string]int{}
	for i, r := range reports {
		if errs[i] != nil {
			t.Fatalf("sync %d: %v", i, errs[i])
		}
		modes[r.Mode]++
		if r.Mode == "incremental" && r.FilesChanged+r.FilesRemoved != 0 {
			t.Errorf("sync %d redid work: %+v", i, r)
		}
	}
	if want := map[string]int{"cold": 1, "incremental": n - 1}; !cmp.Equal(modes, want) {
		t.Errorf("modes = %v, want %v", modes, want)
	}
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	if _, err := Run(Options{Location: coldLoc, Registry: reg, Full: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, loc.Path), dump(t, coldLoc.Path); got != want {
		t.Errorf("index differs from a cold build (-cold +concurrent):\n%s", cmp.Diff(want, got))
	}
}

// TestWorktreesDoNotContend: two worktrees on the same branch have separate
// index files and locks, so one's sync never waits for the other's.
func TestWorktreesDoNotContend(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	other := filepath.Join(t.TempDir(), "wt2")
	repo.Git("worktree", "add", "-q", "--force", other, "main") // main is checked out already
	loc1, err := dbpath.Resolve(repo.Root, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	loc2, err := dbpath.Resolve(other, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	if loc1.Branch != "main" || loc2.Branch != "main" {
		t.Fatalf("branches %q and %q, want main twice", loc1.Branch, loc2.Branch)
	}
	if loc1.Path == loc2.Path {
		t.Fatalf("both worktrees use %s", loc1.Path)
	}
	if err := dbpath.EnsureDir(repo.Root); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockIndex(loc1.Path, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	done := make(chan error)
	go func() {
		_, err := Run(Options{Location: loc2, Registry: all.Registry()})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(patience):
		t.Fatal("the second worktree's sync waited for the first worktree's lock")
	}
}

// patience bounds waits that only a bug makes long.
const patience = 30 * time.Second

// A waiting sync says so, naming the holder, and gives up at its limit.
func TestSyncWaitSaysWhoAndGivesUp(t *testing.T) {
	repo := gittest.New(t, seedRepo)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	if err := dbpath.EnsureDir(repo.Root); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockIndex(loc.Path, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	var heard []string
	start := time.Now()
	_, err = Run(Options{Location: loc, Registry: all.Registry(), LockWait: waitNoticeAfter + 300*time.Millisecond,
		Waiting: func(holder string) { heard = append(heard, holder) }})
	if !errors.Is(err, ErrLockTimeout) {
		t.Fatalf("sync under a held lock: err %v, want ErrLockTimeout", err)
	}
	if waited := time.Since(start); waited < waitNoticeAfter {
		t.Errorf("gave up after %s, before its limit", waited)
	}
	if want := fmt.Sprintf("pid %d", os.Getpid()); len(heard) != 1 || !strings.Contains(heard[0], want) {
		t.Errorf("heard %q, want one notice naming %s", heard, want)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
		t.Errorf("error %q does not name the holder", err)
	}
}
