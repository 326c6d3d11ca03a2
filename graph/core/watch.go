package core

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	gosync "sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
)

// watchHooks let tests reach the watcher's failure paths without a mock of
// fsnotify. Production handles have none.
type watchHooks struct {
	addWatch   func(dir string) error // called before each watch is added; an error fails it
	dropEvents atomic.Bool            // discard file events (as an overflowing queue does)
	errs       chan error             // delivered to the watcher as if from fsnotify
}

// maxDelayFactor bounds how long a stream of events can postpone a sync:
// a burst that never goes quiet still syncs every maxDelayFactor×debounce.
const maxDelayFactor = 10

// watcher turns file events under a worktree into debounced sync requests.
// It watches every directory a sync scans (indexer.WatchDirs), adds watches as
// directories appear, and rescans after an overflow or an error, which also
// request a sync: every sync compares the whole worktree with the index, so
// a missed event costs latency, never correctness.
type watcher struct {
	root     string
	debounce time.Duration
	fsw      *fsnotify.Watcher
	hooks    *watchHooks
	warn     func(string)
	fire     func(full bool) // request a background sync
	failed   func(error)     // the watcher gave up (OS limits); it has stopped
	dirs     map[string]bool // absolute paths watched; owned by the loop once started
	// changes counts the events that may change the index, and the errors
	// that may have lost some; blind is set while a directory a sync scans
	// could not be watched. Staleness reads them (freshness.quiet).
	changes  atomic.Int64
	blind    atomic.Bool
	quit     chan struct{}
	done     chan struct{}
	stopOnce gosync.Once
}

// startWatcher watches root. Its error is one to fall back on: the OS
// could not create the watcher or watch every directory.
func startWatcher(root string, debounce time.Duration, hooks *watchHooks, warn func(string), fire func(bool), failed func(error)) (*watcher, error) {
	if hooks == nil {
		hooks = &watchHooks{}
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("start file watcher: %w", err)
	}
	w := &watcher{
		root: root, debounce: debounce, fsw: fsw, hooks: hooks, warn: warn, fire: fire, failed: failed,
		dirs: map[string]bool{}, quit: make(chan struct{}), done: make(chan struct{}),
	}
	if err := w.rescan(); err != nil {
		fsw.Close()
		return nil, err
	}
	go w.loop()
	return w, nil
}

// stop ends the watcher and waits for its goroutine.
func (w *watcher) stop() {
	w.stopOnce.Do(func() { close(w.quit) })
	<-w.done
}

func (w *watcher) loop() {
	defer close(w.done)
	defer w.fsw.Close()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var (
		pending, rescan bool
		first           time.Time // first event of the pending burst
	)
	arm := func() {
		now := time.Now()
		if !pending {
			pending, first = true, now
		}
		delay := w.debounce
		if limit := first.Add(maxDelayFactor * w.debounce); now.Add(delay).After(limit) {
			delay = max(limit.Sub(now), 0)
		}
		timer.Reset(delay)
	}
	for {
		select {
		case <-w.quit:
			return
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			if w.hooks.dropEvents.Load() {
				continue
			}
			relevant, dirs := w.classify(ev)
			if relevant {
				w.changes.Add(1)
				rescan = rescan || dirs
				arm()
			}
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			w.changes.Add(1)
			w.trouble(err)
			rescan = true
			arm()
		case err := <-w.hooks.errs:
			w.changes.Add(1)
			w.trouble(err)
			rescan = true
			arm()
		case <-timer.C:
			pending = false
			if rescan {
				rescan = false
				if err := w.rescan(); err != nil {
					w.failed(err)
					return
				}
			}
			w.fire(false)
		}
	}
}

// trouble notes a watcher error. Either way events may have been lost, so
// the caller rescans the directories and syncs everything (an auto sync
// compares every file, so nothing the lost events said is missed).
func (w *watcher) trouble(err error) {
	if !errors.Is(err, fsnotify.ErrEventOverflow) {
		w.warn(fmt.Sprintf("file watcher: %v; syncing everything", err))
	}
}

// classify says whether an event can change the index and whether the set
// of directories to watch may have changed with it.
func (w *watcher) classify(ev fsnotify.Event) (relevant, dirs bool) {
	rel, err := filepath.Rel(w.root, ev.Name)
	if err != nil || rel == "." {
		return false, false
	}
	rel = filepath.ToSlash(rel)
	if rel == ".orbit" || strings.HasPrefix(rel, ".orbit/") || rel == ".git" || strings.HasSuffix(rel, "/.git") {
		return false, false // the index itself, or git's own files
	}
	if ev.Op == fsnotify.Chmod {
		return false, false // attributes only: the content is what is indexed
	}
	switch base := filepath.Base(ev.Name); {
	case base == ".gitignore" || base == ".orbitignore":
		return true, true // may (un)ignore directories
	case ev.Has(fsnotify.Create):
		if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() {
			return true, true
		}
	case ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename):
		return true, w.dirs[ev.Name]
	}
	return true, false
}

// rescan makes the watched set equal to indexer.WatchDirs. Its error means the
// OS refused more watches, or the root is gone.
func (w *watcher) rescan() error {
	rels, err := indexer.WatchDirs(w.root)
	if err != nil {
		return err
	}
	want := make(map[string]bool, len(rels))
	for _, rel := range rels {
		want[filepath.Join(w.root, filepath.FromSlash(rel))] = true
	}
	for dir := range w.dirs {
		if !want[dir] {
			w.fsw.Remove(dir) // gone already, usually: the kernel drops its watch
			delete(w.dirs, dir)
		}
	}
	blind := false
	for _, rel := range rels {
		dir := filepath.Join(w.root, filepath.FromSlash(rel))
		if w.dirs[dir] {
			continue
		}
		err := w.add(dir)
		switch {
		case err == nil:
			w.dirs[dir] = true
		case isWatchLimit(err):
			return fmt.Errorf("watch %s: %w", dir, err)
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
			// removed since the walk; its parent's event brings a rescan
		default:
			blind = true
			w.warn(fmt.Sprintf("cannot watch %s: %v", dir, err))
		}
	}
	w.blind.Store(blind)
	return nil
}

func (w *watcher) add(dir string) error {
	if w.hooks.addWatch != nil {
		if err := w.hooks.addWatch(dir); err != nil {
			return err
		}
	}
	return w.fsw.Add(dir)
}

// isWatchLimit: the OS refused a watch for lack of resources (inotify's
// max_user_watches gives ENOSPC, max_user_instances EMFILE).
func isWatchLimit(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// limitHint tells a person which knob to turn.
func limitHint(err error) string {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "; raise fs.inotify.max_user_watches to watch"
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "; raise fs.inotify.max_user_instances or the open-file limit to watch"
	}
	return ""
}

// WatchChanges keeps the index up to date until ctx is done: it syncs now,
// then after every burst of file changes (debounce after the last event),
// and passes each sync's outcome to onSync, in order, from one goroutine.
// It returns nil when ctx is done, once the sync in progress has finished.
// This is `orbit graph watch`, on a Manual handle; a handle opened with the
// Watch policy runs the same watcher by itself.
//
// When the OS cannot watch the worktree (inotify limits) it warns and syncs
// every FallbackWindow instead, reporting only syncs that changed something.
func (g *Graph) WatchChanges(ctx context.Context, debounce time.Duration, onSync func(indexer.Report, error)) error {
	f := g.fresh
	if _, ok := g.Policy().(Watch); ok {
		return errors.New("graph: WatchChanges on a handle that watches already (the Watch policy)")
	}
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	f.setOnSync(onSync)
	defer func() {
		f.waitIdle()
		f.setOnSync(nil)
	}()
	failed := make(chan error, 1)
	fire := func(full bool) { f.request(full, true) }
	w, err := startWatcher(g.loc.Root, debounce, g.opts.hooks, f.warn, fire, func(err error) { failed <- err })
	if err == nil {
		fire(false)
		select {
		case <-ctx.Done():
			w.stop()
			return nil
		case err = <-failed:
			w.stop()
		}
	}
	f.warn(fmt.Sprintf("cannot watch the worktree (%v); syncing every %s instead%s", err, FallbackWindow, limitHint(err)))
	f.setOnSync(func(rep indexer.Report, err error) {
		if err != nil || rep.FilesChanged+rep.FilesRemoved > 0 || rep.Mode != "incremental" {
			onSync(rep, err)
		}
	})
	tick := time.NewTicker(FallbackWindow)
	defer tick.Stop()
	fire(false)
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			fire(false)
		}
	}
}
