package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newWatchCmd(a *app) *cobra.Command {
	var debounce time.Duration
	cmd := &cobra.Command{
		Use:   "watch [--debounce 250ms]",
		Short: "Keep the index up to date: sync on every change until interrupted",
		Long: `Keep the index up to date: sync now, then again whenever files change, until
interrupted (Ctrl-C or SIGTERM).

Every directory the index covers is watched (the same .gitignore, .orbitignore
and default exclusions as sync). A burst of changes is synced once, after
--debounce without further events; changes during a sync bring exactly one
more sync after it. Each sync prints one report: a JSON object per line, or a
line of text with --format text. Another "orbit graph sync" of the same
worktree waits for the one in progress, and queries keep answering from the
last completed sync.

If the system cannot watch the worktree (inotify limits), it warns and syncs
every 2s instead, printing only syncs that changed something.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if debounce <= 0 {
				return usageError{fmt.Errorf("--debounce must be positive, got %s", debounce)}
			}
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			go func() { <-ctx.Done(); stop() }() // a second Ctrl-C kills a long sync
			var failed error
			err = g.WatchChanges(ctx, debounce, func(rep core.SyncReport, err error) {
				if err != nil {
					fmt.Fprintf(a.stderr, "orbit: sync: %v\n", err)
					return
				}
				if err := emit(a, rep, render.ReportText); err != nil && failed == nil {
					failed = err // stdout is gone: stop watching
					stop()
				}
			})
			if err != nil {
				return err
			}
			return failed
		},
	}
	cmd.Flags().DurationVar(&debounce, "debounce", core.DefaultDebounce, "quiet time after the last change before syncing")
	return cmd
}
