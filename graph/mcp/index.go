package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// index is the one Graph the server keeps open for its lifetime (DESIGN.md, A sync,
// "keep open"). The Graph serializes its own syncs and is safe for the
// concurrent tool calls the SDK makes.
type index struct {
	root    string
	policy  core.SyncPolicy
	g       *core.Graph // nil when openErr is set
	openErr error
	ready   chan struct{} // closed once the sync at start is over
	answers answers       // what a tool result carries (--answers)
}

// openIndex opens the worktree at root under policy. A root that cannot be
// opened is not fatal: every tool call then says why.
func openIndex(root string, policy core.SyncPolicy, packages bool, warn func(string)) *index {
	ix := &index{root: root, policy: policy, ready: make(chan struct{})}
	ix.g, ix.openErr = core.Open(root, core.Options{Registry: all.Registry(), Policy: policy, Warn: warn, Packages: packages})
	return ix
}

// start runs the server's sync at start. Under Watch the Graph did that
// itself at Open (and its first queries wait for it); OnRead and Windowed
// sync before queries anyway. Under Manual the sync runs here, in the
// background so that the client's handshake is not held up; tool calls wait
// for it.
func (ix *index) start(ctx context.Context) {
	if _, manual := ix.policy.(core.Manual); !manual || ix.openErr != nil {
		close(ix.ready)
		return
	}
	go func() {
		defer close(ix.ready)
		ix.g.Sync(ctx, core.SyncAuto) // a failure shows at the first query
	}()
}

// currentPolicy is the policy at work: a Watch handle that cannot watch
// the worktree has fallen back to Windowed.
func (ix *index) currentPolicy() core.SyncPolicy {
	if ix.g == nil {
		return ix.policy
	}
	return ix.g.Policy()
}

// Sync brings the index up to date: the read-after-write barrier.
func (ix *index) Sync(ctx context.Context, mode core.SyncMode) (core.SyncReport, error) {
	if ix.openErr != nil {
		return core.SyncReport{}, ix.unavailable(ix.openErr)
	}
	rep, err := ix.g.Sync(ctx, mode)
	if err != nil && ctx.Err() == nil {
		return rep, ix.unavailable(err)
	}
	return rep, err
}

// unavailable explains why the worktree cannot be queried.
func (ix *index) unavailable(err error) error {
	if ix.openErr != nil {
		return fmt.Errorf("cannot open the worktree %s: %w", ix.root, err)
	}
	return fmt.Errorf("cannot index the worktree %s: %w", ix.root, err)
}

// read runs a query on the graph once the sync at start is over. With no
// usable index (that sync failed, or the file was deleted or damaged since)
// it syncs and retries once, so an agent never has to.
func read[R any](ctx context.Context, ix *index, q func(*core.Graph) (R, error)) (R, error) {
	var zero R
	if ix.openErr != nil {
		return zero, ix.unavailable(ix.openErr)
	}
	select {
	case <-ix.ready:
	case <-ctx.Done():
		return zero, ctx.Err()
	}
	res, err := q(ix.g)
	if errors.Is(err, core.ErrNoIndex) || errors.Is(err, core.ErrCorruptIndex) {
		if _, err := ix.Sync(ctx, core.SyncAuto); err != nil {
			return zero, err
		}
		res, err = q(ix.g)
	}
	return res, err
}

// close stops the watcher and releases the index, waiting a bounded time
// for a sync in progress.
func (ix *index) close(wait time.Duration) error {
	if ix.g == nil {
		return nil
	}
	done := make(chan error, 1)
	go func() { done <- ix.g.Close() }()
	select {
	case err := <-done:
		return err
	case <-time.After(wait):
		return errors.New("a sync was still running at exit")
	}
}
