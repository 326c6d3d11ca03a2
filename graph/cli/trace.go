package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newTraceCmd(a *app) *cobra.Command {
	var confidence string
	var depth int
	var maxNodes *int
	cmd := &cobra.Command{
		Use:   "trace <command>",
		Short: "Show the call tree under a CLI command's handler",
		Long: fmt.Sprintf(`Show the call tree under a CLI command: its handler (found in the index's
command table: Click commands in Python, clap subcommands in Rust, cobra
commands in Go), the calls the handler makes, theirs, and so on, breadth
first to --depth.

<command> is the full command name ("cli sync") or, when unique, its last
word ("sync"). A symbol already in the tree is listed again as a leaf but not
expanded again. Calls to code outside the index are leaves without a path.
The tree is capped at %d nodes (truncated: true).

An unknown command, or one whose handler could not be resolved, answers
{"root": null, "visited_nodes": 0}.

`+pictureHelp, query.MaxTraceNodes),
		Example: `  orbit graph trace "cli sync"
  orbit graph trace job-run --depth 2
  orbit graph trace serve --confidence exact --format text
  orbit graph trace "cli sync" --format mermaid`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			floor, err := parseConfidence(confidence)
			if err != nil {
				return err
			}
			if err := a.drawing(*maxNodes); err != nil {
				return err
			}
			if depth < 1 {
				return usageError{fmt.Errorf("invalid --depth %d (want 1 or more)", depth)}
			}
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			res, err := g.Trace(context.Background(), strings.Join(args, " "), query.TraceOptions{Depth: depth, MinConfidence: floor})
			if err != nil {
				return a.fail(err)
			}
			return draw(a, res, *maxNodes, render.TraceText, render.TracePicture)
		},
	}
	f := cmd.Flags()
	f.IntVar(&depth, "depth", query.DefaultTraceDepth, "how many calls deep to follow")
	confidenceFlag(f.StringVar, &confidence)
	maxNodes = pictureFlags(f)
	return cmd
}
