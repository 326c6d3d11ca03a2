package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newImpactCmd(a *app) *cobra.Command {
	var confidence string
	var depth int
	var maxNodes *int
	cmd := &cobra.Command{
		Use:   "impact <selector>",
		Short: "List the symbols a change to a symbol may touch",
		Long: fmt.Sprintf(`List the symbols within --depth edges of a symbol: the symbols that refer to
it (callers, type users, importers), the indexed symbols it calls, and types
related to it by impl/extends/implements, then theirs, breadth first.

Each symbol comes with its distance, the edge that first reached it, that
edge's direction ("inbound": it refers to the symbol before it) and
confidence. Edges below --confidence are not followed. The list is ordered by
distance and capped at %d symbols (truncated: true).

`+pictureHelp, query.MaxImpactNodes),
		Example: `  orbit graph impact symbol:internal/store/store.go#Store.Save
  orbit graph impact symbol:app/models.py#User --depth 1
  orbit graph impact symbol:src/lib.rs#Transport --confidence exact --format text
  orbit graph impact symbol:internal/store/store.go#Store.Save --format dot | dot -Tsvg > impact.svg`,
		Args: args(cobra.ExactArgs(1)),
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
			res, err := g.Impact(context.Background(), args[0], query.ImpactOptions{Depth: depth, MinConfidence: floor})
			if err != nil {
				return a.fail(err)
			}
			return draw(a, res, *maxNodes, render.ImpactText, render.ImpactPicture)
		},
	}
	f := cmd.Flags()
	f.IntVar(&depth, "depth", query.DefaultImpactDepth, "how many edges to follow")
	confidenceFlag(f.StringVar, &confidence)
	maxNodes = pictureFlags(f)
	return cmd
}
