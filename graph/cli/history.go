package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newHistoryCmd(a *app) *cobra.Command {
	var opts core.HistoryOptions
	cmd := &cobra.Command{
		Use:   "history <selector>",
		Short: "List the commits that changed a symbol",
		Long: `List the commits that changed a symbol, newest first: hash, author, date,
subject, the task ids the subject names, and the change (created,
signature, body, deleted; renamed, moved, split, merged).

A commit changed the symbol when one of its hunks overlaps the symbol's
lines in that commit's version of the file or its parent's (the first
parent: merges count as the change they brought). The attribution of the
branch's first-parent history is kept beside the index and brought up to
date with each query (the first walk stops at 2000 commits, or --limit).
A symbol is followed by its stable id: unchanged (path, name, kind) carry
it from commit to commit, and an accepted operation log
(.orbit/operations/<sha>.json, see orbit graph oplog) carries it across
renames, moves, splits and merges; an entry where the symbol had another
file or name says so. Without a log such a refactor ends the history.
--since walks on demand from another revision, following the file's path.

The selector diff:[REV] lists every symbol the working tree's change
against REV (default HEAD) touches, each with its history.

Task ids come from the subject: by default tracker keys (PROJ-123) and
#123; --task-pattern, else history.task-pattern in .orbit/config, sets a
Go regular expression whose first capture group, when it has one, is the
id. A changed pattern rereads the ids of every stored commit.`,
		Example: `  orbit graph history symbol:graph/core/graph.go#Graph.Sync
  orbit graph history symbol:app/models.py#User --limit 50 --format text
  orbit graph history symbol:src/lib.rs#parse --since v1.2.0
  orbit graph history diff: --format text`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Limit < 0 {
				return usageError{fmt.Errorf("--limit must not be negative, got %d", opts.Limit)}
			}
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			res, err := g.History(context.Background(), args[0], opts)
			if err != nil {
				return a.fail(err)
			}
			return emit(a, res, render.HistoryText)
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.Limit, "limit", 0, "walk at most this many commits of the file (default 500)")
	f.StringVar(&opts.Since, "since", "", "start the walk at this revision instead of HEAD")
	f.StringVar(&opts.TaskPattern, "task-pattern", "", "regular expression for task ids in commit subjects")
	return cmd
}
