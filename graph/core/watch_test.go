package core

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	gosync "sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

var watchRepo = map[string]string{
	"go.mod":        "module example.com/w\n\ngo 1.26\n",
	"main.go":       "package main\n\nfunc main() { helper() }\n\nfunc helper() {}\n",
	"lib/lib.go":    "package lib\n\nfunc Lib() {}\n",
	"vendor/v.go":   "package v\n\nfunc Vendored() {}\n",
	"py/app/app.py": "def app():\n    pass\n",
}

// patience is how long a watcher test waits for a change to become
// queryable: generous, so a loaded machine does not fail it.
const patience = 10 * time.Second

// logWarn collects warnings safely from background goroutines.
type logWarn struct {
	mu  gosync.Mutex
	msg []string
}

func (l *logWarn) warn(s string) {
	l.mu.Lock()
	l.msg = append(l.msg, s)
	l.mu.Unlock()
}

func (l *logWarn) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.msg, "\n")
}

func openWith(t *testing.T, root string, opts Options) *Graph {
	t.Helper()
	opts.Registry = all.Registry()
	g, err := Open(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// has reports whether a search for name finds a symbol of that name.
func has(t *testing.T, g *Graph, name string) bool {
	t.Helper()
	res, err := g.Search(context.Background(), query.SearchQuery{Text: name, Kind: "symbol"})
	if err != nil {
		t.Fatalf("search %s: %v", name, err)
	}
	for _, m := range res.Matches {
		if m.Name == name {
			return true
		}
	}
	return false
}

// eventually polls cond until it holds or patience runs out.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: %s", patience, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestWatchSeesChanges(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	var log logWarn
	g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: 50 * time.Millisecond}, Warn: log.warn})
	if !has(t, g, "Lib") { // the first query waits for the initial sync
		t.Fatal("initial sync: Lib not found")
	}
	if has(t, g, "Vendored") {
		t.Fatal("vendor/ indexed")
	}

	repo.Write("lib/more.go", "package lib\n\nfunc Added() {}\n")
	eventually(t, "new file not queryable", func() bool { return has(t, g, "Added") })

	repo.Write("lib/more.go", "package lib\n\nfunc Renamed() {}\n")
	eventually(t, "edited file not queryable", func() bool { return has(t, g, "Renamed") && !has(t, g, "Added") })

	repo.Remove("lib/more.go")
	eventually(t, "deleted file still queryable", func() bool { return !has(t, g, "Renamed") })

	repo.Write("newdir/sub/a.go", "package sub\n\nfunc InNewDir() {}\n")
	eventually(t, "file in a new directory not queryable", func() bool { return has(t, g, "InNewDir") })
	// A later file in that directory needs the watch added for it.
	repo.Write("newdir/sub/b.go", "package sub\n\nfunc LaterInNewDir() {}\n")
	eventually(t, "second file in the new directory not queryable", func() bool { return has(t, g, "LaterInNewDir") })

	repo.Write(".orbitignore", "newdir/\n")
	eventually(t, ".orbitignore not applied", func() bool { return !has(t, g, "InNewDir") })
	if log.String() != "" {
		t.Errorf("warnings: %s", log.String())
	}
}

func TestWatchErrorOrOverflowSyncsEverything(t *testing.T) {
	for _, injected := range []error{fsnotify.ErrEventOverflow, errors.New("read inotify: input/output error")} {
		t.Run(fmt.Sprint(injected), func(t *testing.T) {
			repo := gittest.New(t, watchRepo)
			hooks := &watchHooks{errs: make(chan error)}
			var log logWarn
			g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: 20 * time.Millisecond}, Warn: log.warn, hooks: hooks})
			if !has(t, g, "Lib") {
				t.Fatal("initial sync: Lib not found")
			}
			hooks.dropEvents.Store(true) // as if the kernel queue overflowed
			repo.Write("lost/dir/lost.go", "package dir\n\nfunc Lost() {}\n")
			time.Sleep(100 * time.Millisecond)
			if has(t, g, "Lost") {
				t.Fatal("a dropped event synced")
			}
			hooks.dropEvents.Store(false)
			hooks.errs <- injected
			eventually(t, "no sync after "+injected.Error(), func() bool { return has(t, g, "Lost") })
			// The rescan watched the directory created while events were lost.
			repo.Write("lost/dir/found.go", "package dir\n\nfunc Found() {}\n")
			eventually(t, "directory created during the overflow is not watched", func() bool { return has(t, g, "Found") })
			if w := log.String(); errors.Is(injected, fsnotify.ErrEventOverflow) != (w == "") {
				t.Errorf("warnings after %v: %q", injected, w)
			}
		})
	}
}

func TestWatchLimitFallsBackToWindowed(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	hooks := &watchHooks{addWatch: func(dir string) error {
		if filepath.Base(dir) == "lib" {
			return syscall.ENOSPC // inotify: max_user_watches exhausted
		}
		return nil
	}}
	var log logWarn
	g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: 20 * time.Millisecond}, Warn: log.warn, hooks: hooks})
	if got, want := g.Policy(), (Windowed{Window: FallbackWindow}); got != want {
		t.Fatalf("policy = %v, want %v", got, want)
	}
	if w := log.String(); !strings.Contains(w, "max_user_watches") || !strings.Contains(w, "no space left on device") {
		t.Errorf("warning = %q", w)
	}
	if !has(t, g, "Lib") {
		t.Fatal("no sync before the first query")
	}
	g.Close() // and the watcher is gone: closing works as for any handle
}

func TestWatchLimitLaterFallsBackToWindowed(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	hooks := &watchHooks{addWatch: func(dir string) error {
		if filepath.Base(dir) == "deep" {
			return syscall.EMFILE
		}
		return nil
	}}
	var log logWarn
	g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: 20 * time.Millisecond}, Warn: log.warn, hooks: hooks})
	if _, ok := g.Policy().(Watch); !ok {
		t.Fatalf("policy = %v, want Watch", g.Policy())
	}
	repo.Write("deep/d.go", "package deep\n\nfunc Deep() {}\n")
	eventually(t, "no fallback", func() bool { _, ok := g.Policy().(Windowed); return ok })
	if w := log.String(); !strings.Contains(w, "max_user_instances") {
		t.Errorf("warning = %q", w)
	}
}

func TestWatchSyncIsBarrier(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: time.Hour}}) // events never fire in time
	if !has(t, g, "Lib") {
		t.Fatal("initial sync: Lib not found")
	}
	repo.Write("lib/b.go", "package lib\n\nfunc Barrier() {}\n")
	rep, err := g.Sync(context.Background(), SyncAuto)
	if err != nil || rep.FilesChanged != 1 {
		t.Fatalf("sync = %+v, %v", rep, err)
	}
	if !has(t, g, "Barrier") {
		t.Fatal("write not visible after Sync")
	}
}

func TestOnReadSyncsEveryQuery(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	g := openWith(t, repo.Root, Options{Policy: OnRead{}})
	if !has(t, g, "Lib") { // no index yet: the query builds it
		t.Fatal("Lib not found")
	}
	repo.Write("lib/c.go", "package lib\n\nfunc OnReadAdded() {}\n")
	if !has(t, g, "OnReadAdded") {
		t.Fatal("OnRead query did not see a write")
	}
}

func TestWindowedSyncsWhenOld(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	g := openWith(t, repo.Root, Options{Policy: Windowed{Window: time.Hour}})
	if !has(t, g, "Lib") { // never synced: the first query does
		t.Fatal("Lib not found")
	}
	repo.Write("lib/d.go", "package lib\n\nfunc WindowAdded() {}\n")
	if has(t, g, "WindowAdded") {
		t.Fatal("synced within the window")
	}
	g.fresh.mu.Lock()
	g.fresh.lastOK = time.Now().Add(-2 * time.Hour)
	g.fresh.mu.Unlock()
	if !has(t, g, "WindowAdded") {
		t.Fatal("no sync after the window")
	}
}

func TestManualNeverSyncs(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	g := openWith(t, repo.Root, Options{})
	if _, err := g.Search(context.Background(), query.SearchQuery{Text: "Lib"}); !errors.Is(err, ErrNoIndex) {
		t.Fatalf("search without sync: %v, want ErrNoIndex", err)
	}
}

// TestSyncsCoalesce: requests made while a sync runs share one sync after it.
func TestSyncsCoalesce(t *testing.T) {
	release := make(chan struct{})
	var mu gosync.Mutex
	runs := 0
	f := newFreshness(Manual{}, func(bool) (indexer.Report, error) {
		mu.Lock()
		runs++
		n := runs
		mu.Unlock()
		if n == 1 {
			<-release
		}
		return indexer.Report{FilesIndexed: n}, nil
	}, nil)
	first := f.request(false, false)
	queued := make([]*flight, 8)
	for i := range queued {
		queued[i] = f.request(i == 3, false) // one asks for a full sync
		if queued[i] != queued[0] || queued[i] == first {
			t.Fatalf("request %d made a new sync", i)
		}
	}
	if !queued[0].full {
		t.Error("the queued sync is not full although one request was")
	}
	close(release)
	for i, fl := range queued {
		if r, err := wait(context.Background(), fl); err != nil || r.FilesIndexed != 2 {
			t.Errorf("request %d got %+v, %v; want the second sync's report", i, r, err)
		}
	}
	f.waitIdle()
	mu.Lock()
	defer mu.Unlock()
	if runs != 2 {
		t.Fatalf("%d syncs ran, want 2", runs)
	}
}

func TestCloseStopsWatcher(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	before := runtime.NumGoroutine()
	for i := 0; i < 3; i++ {
		g, err := Open(repo.Root, Options{Registry: all.Registry(), Policy: Watch{Debounce: 10 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		repo.Write("lib/e.go", fmt.Sprintf("package lib\n\nfunc E%d() {}\n", i)) // a sync may be running at Close
		time.Sleep(15 * time.Millisecond)
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		if err := g.Close(); err != nil {
			t.Fatalf("second close: %v", err)
		}
	}
	// database/sql closes connections asynchronously: allow a moment.
	eventually(t, "goroutines leaked", func() bool { return runtime.NumGoroutine() <= before })
}

// TestWatchConcurrentQueries runs queries from many goroutines while files
// change and the watcher syncs (for the race detector).
func TestWatchConcurrentQueries(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: 5 * time.Millisecond}})
	ctx, cancel := context.WithCancel(context.Background())
	var wg gosync.WaitGroup
	errs := make(chan error, 4)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if _, err := g.Search(ctx, query.SearchQuery{Text: "Lib"}); err != nil && ctx.Err() == nil {
					errs <- err
					return
				}
				if _, err := g.Show(ctx, "file:main.go", 0); err != nil && ctx.Err() == nil {
					errs <- err
					return
				}
			}
		}()
	}
	for i := 0; i < 20; i++ {
		repo.Write("lib/churn.go", fmt.Sprintf("package lib\n\nfunc Churn%d() {}\n", i))
		if i%5 == 0 {
			if _, err := g.Sync(ctx, SyncAuto); err != nil {
				t.Error(err)
			}
		}
		time.Sleep(3 * time.Millisecond)
	}
	if _, err := g.Sync(ctx, SyncFull); err != nil { // a cold build swaps the file under the readers
		t.Error(err)
	}
	eventually(t, "last edit not queryable", func() bool { return has(t, g, "Churn19") })
	cancel()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("query: %v", err)
	}
}

func TestWatchChanges(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	g := openWith(t, repo.Root, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	reports := make(chan indexer.Report, 16)
	done := make(chan error)
	go func() {
		done <- g.WatchChanges(ctx, 20*time.Millisecond, func(rep indexer.Report, err error) {
			if err != nil {
				t.Error(err)
			}
			select {
			case reports <- rep:
			default:
			}
		})
	}()
	next := func() indexer.Report {
		select {
		case r := <-reports:
			return r
		case <-time.After(patience):
			t.Fatal("no sync report")
		}
		return indexer.Report{}
	}
	if r := next(); r.Mode != "cold" {
		t.Fatalf("first report = %+v, want the initial cold sync", r)
	}
	repo.Write("lib/f.go", "package lib\n\nfunc F() {}\n")
	for r := next(); r.FilesChanged == 0; r = next() {
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestWatchDirsLeaveOutIgnored(t *testing.T) {
	repo := gittest.New(t, map[string]string{
		"a/x.go": "package a\n", "a/node_modules/m.js": "", "vendor/v.go": "package v\n",
		"gen/g.go": "package gen\n", ".gitignore": "gen/\n", "b/c/d.py": "",
	})
	got, err := indexer.WatchDirs(repo.Root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"", "a", "b", "b/c"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("WatchDirs = %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(repo.Root, ".git")); err != nil {
		t.Fatal(err)
	}
}

// A watching handle checks the files for staleness only once its watcher
// has seen a change since the last sync: until then answers are fresh with
// nothing stat'ed; after one they name the changed file, as a handle
// without a watcher does; after the next sync they are quiet again.
func TestWatchingHandleChecksStalenessAfterAChange(t *testing.T) {
	repo := gittest.New(t, watchRepo)
	// An hour's debounce: no background sync during the test.
	g := openWith(t, repo.Root, Options{Policy: Watch{Debounce: time.Hour}})
	stale := func() query.Staleness {
		t.Helper()
		res, err := g.Search(context.Background(), query.SearchQuery{Text: "Lib"})
		if err != nil {
			t.Fatal(err)
		}
		return res.Staleness
	}
	if s := stale(); s.Stale { // waits for the initial sync
		t.Fatalf("after the initial sync: %+v", s)
	}
	eventually(t, "no quiet watcher after the initial sync", g.fresh.quiet)
	repo.Write("lib/lib.go", watchRepo["lib/lib.go"]+"\nfunc More() {}\n")
	eventually(t, "the watcher did not see the edit", func() bool { return !g.fresh.quiet() })
	// One write can bring several events; an event read after the sync
	// below started would rightly keep the handle checking.
	for seen := int64(-1); seen != g.fresh.w.changes.Load(); time.Sleep(200 * time.Millisecond) {
		seen = g.fresh.w.changes.Load()
	}
	if s := stale(); !s.Stale || len(s.StaleFiles) != 1 || s.StaleFiles[0] != "lib/lib.go" {
		t.Errorf("after an edit: %+v", s)
	}
	if _, err := g.Sync(context.Background(), SyncAuto); err != nil {
		t.Fatal(err)
	}
	if !g.fresh.quiet() {
		t.Error("not quiet after the sync")
	}
	if s := stale(); s.Stale {
		t.Errorf("after the sync: %+v", s)
	}
}
