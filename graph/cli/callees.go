package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newCalleesCmd(a *app) *cobra.Command {
	var confidence string
	cmd := &cobra.Command{
		Use:   "callees <selector>",
		Short: "List the calls a symbol makes, in source order",
		Long: `List the calls made inside a symbol's body (closures and nested functions
included), in source order, each with its line, column, confidence and, when
one indexed symbol has the callee's qualified name, that definition.

Calls below --confidence are counted in skipped_low_confidence; calls the
resolver could only guess by name are fuzzy_name.`,
		Example: `  orbit graph callees symbol:cmd/server/main.go#main
  orbit graph callees symbol:app/cli.py#sync --confidence fuzzy
  orbit graph callees symbol:src/run.rs#Runner.step --format text`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			floor, err := parseConfidence(confidence)
			if err != nil {
				return err
			}
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			res, err := g.Callees(context.Background(), args[0], query.CalleesOptions{MinConfidence: floor})
			if err != nil {
				return a.fail(err)
			}
			return emit(a, res, render.CalleesText)
		},
	}
	confidenceFlag(cmd.Flags().StringVar, &confidence)
	return cmd
}
