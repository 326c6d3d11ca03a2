package core

import (
	"context"
	"fmt"
	gosync "sync"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
)

// SyncPolicy says when a Graph brings its index up to date by itself (DESIGN.md,
// A sync). It is chosen at Open (Options.Policy) and is one of Manual, OnRead,
// Windowed and Watch. Graph.Sync works under every policy and is the hard
// read-after-write barrier.
type SyncPolicy interface{ syncPolicy() }

// Manual never syncs by itself: callers invoke Graph.Sync. The default, for
// tests and one-shot CLI commands.
type Manual struct{}

// OnRead syncs before every query: the simplest correctness story, paying a
// no-op sync (a stat of every file) per query.
type OnRead struct{}

// Windowed syncs before a query only when the last successful sync of this
// handle started more than Window ago: for processes that cannot watch.
type Windowed struct{ Window time.Duration }

// Watch syncs once at Open, then after file events, Debounce after the last
// of a burst, in the background; queries never wait for a sync except the
// first one. For long-lived processes (the MCP server uses
// Watch{DefaultDebounce}). Freshness is eventual: after an edit, queries
// may see the old index until the debounced sync commits.
type Watch struct{ Debounce time.Duration }

func (Manual) syncPolicy()   {}
func (OnRead) syncPolicy()   {}
func (Windowed) syncPolicy() {}
func (Watch) syncPolicy()    {}

func (Manual) String() string     { return "manual" }
func (OnRead) String() string     { return "on-read" }
func (p Windowed) String() string { return fmt.Sprintf("windowed(%s)", p.Window) }
func (p Watch) String() string    { return fmt.Sprintf("watch(%s)", p.Debounce) }

const (
	// DefaultDebounce is the quiet time Watch waits for by default (DESIGN.md,
	// A sync: the MCP server's Watch{250ms}).
	DefaultDebounce = 250 * time.Millisecond
	// FallbackWindow is the Windowed policy a Watch handle falls back to
	// when the OS cannot watch the worktree (inotify limits).
	FallbackWindow = 2 * time.Second
)

// flight is one sync that callers can wait for together.
type flight struct {
	full       bool // set before the flight starts
	background bool // some requester was the watcher: report its outcome
	done       chan struct{}
	start      time.Time // set when it starts
	changes    int64     // the watcher's change count when it started
	rep        indexer.Report
	err        error
}

// freshness is a Graph's sync policy at work: it runs syncs one at a time
// and coalesces requests. A request made while a sync runs cannot be served
// by it (that sync may have read the files before the caller's writes), so
// it joins the single sync queued behind it: however many requests arrive
// during one sync, exactly one more runs after it.
type freshness struct {
	run  func(full bool) (indexer.Report, error) // one sync (Graph.runSync)
	warn func(string)

	mu      gosync.Mutex
	idle    *gosync.Cond // signalled when running becomes nil
	policy  SyncPolicy   // Watch falls back to Windowed when it cannot watch
	lastOK  time.Time    // start of the last successful sync
	okSeen  int64        // the watcher's change count at lastOK
	running *flight
	next    *flight
	initial *flight                     // Watch: the sync at Open, which the first queries wait for
	onSync  func(indexer.Report, error) // told the outcome of background syncs
	w       *watcher
}

func newFreshness(policy SyncPolicy, run func(bool) (indexer.Report, error), warn func(string)) *freshness {
	if policy == nil {
		policy = Manual{}
	}
	if warn == nil {
		warn = func(string) {}
	}
	f := &freshness{run: run, warn: warn, policy: policy}
	f.idle = gosync.NewCond(&f.mu)
	return f
}

// request returns a sync that starts after now (queuing one if needed).
func (f *freshness) request(full, background bool) *flight {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requestLocked(full, background)
}

func (f *freshness) requestLocked(full, background bool) *flight {
	if f.running == nil {
		f.running = &flight{full: full, background: background, done: make(chan struct{}), start: time.Now(), changes: f.changesLocked()}
		go f.fly(f.running)
		return f.running
	}
	if f.next == nil {
		f.next = &flight{done: make(chan struct{})}
	}
	f.next.full = f.next.full || full
	f.next.background = f.next.background || background
	return f.next
}

// recent returns the running sync if it started within maxAge (its view of
// the files is fresh enough for a Windowed query), else requests one.
func (f *freshness) recent(maxAge time.Duration) *flight {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.running != nil && time.Since(f.running.start) < maxAge {
		return f.running
	}
	return f.requestLocked(false, false)
}

// fly runs fl and then each sync queued behind it.
func (f *freshness) fly(fl *flight) {
	for fl != nil {
		rep, err := f.run(fl.full)
		f.mu.Lock()
		fl.rep, fl.err = rep, err
		if err == nil && fl.start.After(f.lastOK) {
			f.lastOK, f.okSeen = fl.start, fl.changes
		}
		onSync := f.onSync
		f.mu.Unlock()
		if fl.background && onSync != nil {
			onSync(rep, err)
		}
		f.mu.Lock()
		f.running, f.next = f.next, nil
		next := f.running
		if next != nil {
			next.start, next.changes = time.Now(), f.changesLocked()
		} else {
			f.idle.Broadcast()
		}
		f.mu.Unlock()
		close(fl.done)
		fl = next
	}
}

// changesLocked is the watcher's change count (0 without a watcher).
func (f *freshness) changesLocked() int64 {
	if f.w == nil {
		return 0
	}
	return f.w.changes.Load()
}

// quiet reports whether the Watch policy's watcher, watching every
// directory a sync scans, has seen no change since the last successful sync
// started: that sync read the files as they are, so the index is fresh as
// far as the watcher can tell and a staleness check has nothing to stat.
// (An event the watcher has not read yet is learnt of by a later answer, as
// the check's one-second reuse allows.)
func (f *freshness) quiet() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, watching := f.policy.(Watch)
	return watching && f.w != nil && !f.w.blind.Load() && !f.lastOK.IsZero() && f.w.changes.Load() == f.okSeen
}

// wait waits for fl, or for ctx.
func wait(ctx context.Context, fl *flight) (indexer.Report, error) {
	select {
	case <-fl.done:
		return fl.rep, fl.err
	case <-ctx.Done():
		return indexer.Report{}, ctx.Err()
	}
}

// sync is Graph.Sync: a barrier that coalesces with background syncs.
func (f *freshness) sync(ctx context.Context, full bool) (indexer.Report, error) {
	return wait(ctx, f.request(full, false))
}

// beforeRead applies the policy before a query.
func (f *freshness) beforeRead(ctx context.Context) error {
	f.mu.Lock()
	policy, lastOK, initial := f.policy, f.lastOK, f.initial
	f.mu.Unlock()
	var fl *flight
	switch p := policy.(type) {
	case OnRead:
		fl = f.request(false, false)
	case Windowed:
		if time.Since(lastOK) < p.Window {
			return nil
		}
		fl = f.recent(p.Window)
	case Watch:
		// Reads never wait for background syncs, only for the first one:
		// until it is done the index may not exist. Its failure was warned.
		if initial != nil {
			select {
			case <-initial.done:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	default:
		return nil
	}
	if _, err := wait(ctx, fl); err != nil {
		return fmt.Errorf("auto sync before query: %w", err)
	}
	return nil
}

// startWatch starts the Watch policy's watcher and its initial sync. When
// the OS cannot watch the worktree the handle falls back to Windowed.
func (f *freshness) startWatch(root string, debounce time.Duration, hooks *watchHooks) {
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	f.setOnSync(func(_ indexer.Report, err error) {
		if err != nil {
			f.warn(fmt.Sprintf("background sync: %v", err))
		}
	})
	w, err := startWatcher(root, debounce, hooks, f.warn, func(full bool) { f.request(full, true) }, f.fallBack)
	if err != nil {
		f.fallBack(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.w = w
	f.initial = f.requestLocked(false, true)
}

// fallBack switches a Watch handle to Windowed{FallbackWindow} after the
// watcher failed for good (it has stopped itself).
func (f *freshness) fallBack(err error) {
	f.mu.Lock()
	_, watching := f.policy.(Watch)
	if watching {
		f.policy = Windowed{Window: FallbackWindow}
	}
	f.mu.Unlock()
	if watching {
		f.warn(fmt.Sprintf("cannot watch the worktree (%v); syncing before queries when the index is older than %s instead%s",
			err, FallbackWindow, limitHint(err)))
	}
}

func (f *freshness) setOnSync(fn func(indexer.Report, error)) {
	f.mu.Lock()
	f.onSync = fn
	f.mu.Unlock()
}

// Policy is the handle's sync policy now: what Open was given, unless a
// Watch handle fell back to Windowed.
func (g *Graph) Policy() SyncPolicy {
	g.fresh.mu.Lock()
	defer g.fresh.mu.Unlock()
	return g.fresh.policy
}

// stop stops the watcher and waits for every sync in flight.
func (f *freshness) stop() {
	f.mu.Lock()
	w := f.w
	f.w = nil
	f.mu.Unlock()
	if w != nil {
		w.stop()
	}
	f.waitIdle()
}

// waitIdle waits until no sync runs or is queued.
func (f *freshness) waitIdle() {
	f.mu.Lock()
	for f.running != nil {
		f.idle.Wait()
	}
	f.mu.Unlock()
}
