package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newOverviewCmd(a *app) *cobra.Command {
	var opts query.OverviewOptions
	cmd := &cobra.Command{
		Use:   "overview [dir:<path> | file:<path>]",
		Short: "Summarize the languages, symbol kinds and busiest files of a scope",
		Long: `Summarize the shape of the worktree, or of one directory or file in it:
files and bytes per language, symbols per kind, and the 20 files that define
the most symbols.

--detail full also lists every file in scope with all of its symbols (nested
ones under their parent, each with its line). The requested detail is always
honoured, however large the scope. (--detail, not --format: --format picks
json or text output, as for every command.)

Scopes:
  dir:<path>    a directory and everything below it (dir:. is the worktree)
  file:<path>   one file

Paths are relative to the worktree root. A scope that holds no indexed file
suggests near paths.`,
		Example: `  orbit graph overview
  orbit graph overview dir:internal/store --format text
  orbit graph overview file:cmd/tool/main.go --detail full`,
		Args: args(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			scope := ""
			if len(args) == 1 {
				scope = args[0]
			}
			res, err := g.Overview(context.Background(), scope, opts)
			if err != nil {
				return a.fail(err)
			}
			return emit(a, res, render.OverviewText)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "detail", query.OverviewSummary, "summary (counts and top files) or full (also every file with its symbols)")
	cmd.Flags().BoolVar(&opts.Generated, "generated", false, "include generated code (x.pb.go, x_pb2.py), which is indexed for refs and callees but left out by default")
	cmd.Flags().BoolVar(&opts.External, "external", false, "include dependency packages (sync --packages), which are indexed for refs and callees but left out by default")
	return cmd
}
