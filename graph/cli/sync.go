package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newSyncCmd(a *app) *cobra.Command {
	var full bool
	var maxSize int64
	var wait time.Duration
	var noCache bool
	cmd := &cobra.Command{
		Use:   "sync [--full]",
		Short: "Bring the index up to date with the files on disk",
		Long: `Bring the index up to date with the files on disk.

Files unchanged by mtime and size are skipped; others are hashed (BLAKE3) and
re-extracted only if their content changed. New files are added, deleted
files removed, all in one transaction. The first sync, a corrupt index or an
extractor upgrade builds a fresh index and swaps it in atomically.

Honors .gitignore, .git/info/exclude and .orbitignore (with defaults for
vendored, generated and build output). Files over 1 MiB and binary files are
skipped and counted in the report.

One sync of an index runs at a time: a second one waits for the first, says
so on stderr after a second, and gives up after --wait (exit 1, reason
"locked") when that is set.

A file whose bytes any sync on this machine already extracted (in any
worktree, branch or repository) is read from the shared extraction cache
instead of being parsed again: $ORBIT_CACHE_DIR, else orbit/extract in the
user's cache directory, at most 1 GiB. --no-cache or ORBIT_CACHE=off turns
it off; deleting the directory loses nothing.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if maxSize <= 0 {
				return usageError{fmt.Errorf("--max-file-size must be positive, got %d", maxSize)}
			}
			if wait < 0 {
				return usageError{fmt.Errorf("--wait must not be negative, got %s", wait)}
			}
			a.maxFileSize, a.lockWait, a.noCache = maxSize, wait, noCache
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			mode := core.SyncAuto
			if full {
				mode = core.SyncFull
			}
			stop := a.progress(g)
			rep, err := g.Sync(context.Background(), mode)
			stop()
			if err != nil {
				return err
			}
			return emit(a, rep, render.ReportText)
		},
	}
	cmd.Flags().BoolVar(&full, "full", false, "rehash and re-extract every file (rebuilds the index)")
	cmd.Flags().Int64Var(&maxSize, "max-file-size", core.DefaultMaxFileSize, "skip files larger than this many bytes")
	cmd.Flags().BoolVar(&noCache, "no-cache", false, "parse every changed file; do not use the shared extraction cache (also ORBIT_CACHE=off)")
	cmd.Flags().DurationVar(&wait, "wait", 0, "give up after waiting this long for another sync of this index (0: wait as long as it takes)")
	return cmd
}
