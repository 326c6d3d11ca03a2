package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newSearchCmd(a *app) *cobra.Command {
	var q query.SearchQuery
	var task core.HistoryOptions
	var taskID string
	cmd := &cobra.Command{
		Use:   "search <query> | search --task-id ID",
		Short: "Full-text search over symbols, strings and config keys",
		Long: `Full-text search over symbol names, notable string literals and config keys.

Words match identifier parts and word forms: "handler" finds HandlerFunc and
handle_request. An exact symbol name ranks first, then relevance (bm25).

--task-id lists instead the symbols changed by the commits whose subjects
name a task id (see history: tracker keys like PROJ-123 and #123 by
default, --task-pattern for another convention), newest first.`,
		Example: `  orbit graph search ServeHTTP
  orbit graph search "connection refused" --kind string
  orbit graph search handler --kind method --lang go --limit 5
  orbit graph search --task-id PROJ-123`,
		Args: func(cmd *cobra.Command, args []string) error {
			if taskID != "" {
				return nil
			}
			return usageError{cobra.MinimumNArgs(1)(cmd, args)}.orNil()
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			if taskID != "" {
				if len(args) > 0 {
					return usageError{fmt.Errorf("--task-id takes no search words, got %q", strings.Join(args, " "))}
				}
				res, err := g.Task(context.Background(), taskID, task)
				if err != nil {
					return a.fail(err)
				}
				return emit(a, res, render.TaskText)
			}
			q.Text = strings.Join(args, " ")
			res, err := g.Search(context.Background(), q)
			if err != nil {
				return a.fail(err)
			}
			return emit(a, res, render.SearchText)
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.Kind, "kind", "", "symbol, string, config, or a symbol kind (function, method, struct, class, ...)")
	f.StringVar(&q.Lang, "lang", "", "only files of this language (go, python, ...)")
	f.IntVar(&q.Limit, "limit", query.DefaultSearchLimit, "maximum number of matches")
	f.BoolVar(&q.Generated, "generated", false, "include generated code (x.pb.go, x_pb2.py), which is indexed for refs and callees but not searched by default")
	f.BoolVar(&q.External, "external", false, "include dependency packages' declarations (sync --packages), after the worktree's matches; they are indexed for refs and callees but not searched by default")
	f.StringVar(&taskID, "task-id", "", "list the symbols changed by the commits naming this task id")
	f.StringVar(&task.TaskPattern, "task-pattern", "", "regular expression for task ids in commit subjects (with --task-id)")
	return cmd
}
