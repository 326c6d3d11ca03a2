package main

import (
	"fmt"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
)

// Policy names of --sync-policy.
const (
	policyWatch    = "watch"
	policyOnRead   = "on-read"
	policyWindowed = "windowed"
	policyManual   = "manual"
)

// syncPolicy is the core policy --sync-policy, --debounce and --window
// name (DESIGN.md, A sync; the MCP server's default is Watch{250ms}).
func syncPolicy(name string, debounce, window time.Duration) (core.SyncPolicy, error) {
	switch name {
	case policyWatch:
		if debounce <= 0 {
			return nil, fmt.Errorf("--debounce must be positive, got %s", debounce)
		}
		return core.Watch{Debounce: debounce}, nil
	case policyOnRead:
		return core.OnRead{}, nil
	case policyWindowed:
		if window <= 0 {
			return nil, fmt.Errorf("--window must be positive, got %s", window)
		}
		return core.Windowed{Window: window}, nil
	case policyManual:
		return core.Manual{}, nil
	}
	return nil, fmt.Errorf("unknown --sync-policy %q (want %s, %s, %s or %s)", name, policyWatch, policyOnRead, policyWindowed, policyManual)
}

// freshness tells an agent how current answers are under a policy.
func freshness(p core.SyncPolicy) string {
	const barrier = "Call orbit_graph_sync after editing files when the next answer must include the edits: it is the read-after-write barrier."
	switch p := p.(type) {
	case core.Watch:
		return fmt.Sprintf("Freshness: the server indexes the worktree when it starts, then watches it and re-syncs %s after files change, so answers may lag an edit briefly. ", p.Debounce) + barrier
	case core.OnRead:
		return "Freshness: every query first syncs the index with the files on disk, so answers are current."
	case core.Windowed:
		return fmt.Sprintf("Freshness: a query syncs the index first when it is older than %s. ", p.Window) + barrier
	}
	return "Freshness: the server indexes the worktree when it starts and not again by itself. " + barrier
}
