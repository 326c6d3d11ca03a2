package main

import (
	"context"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newRefsCmd(a *app) *cobra.Command {
	var confidence string
	var kinds []string
	cmd := &cobra.Command{
		Use:   "refs <selector>",
		Short: "List the references to a symbol, strongest confidence first",
		Long: `List the references to a symbol: calls, type uses, imports, trait bounds and
command bindings (each with its file, line, column and the symbol around it),
plus impl/extends/implements relations into it.

References are grouped by confidence: exact, import_resolved, same_module,
then fuzzy_name. fuzzy_name rows only share the symbol's short name (method
calls on values of unknown type, for instance); they are counted in
skipped_low_confidence unless --confidence fuzzy asks for them.`,
		Example: `  orbit graph refs symbol:net/http/server.go#Server.Serve
  orbit graph refs symbol:app/store.py#Store.save --confidence fuzzy
  orbit graph refs symbol:src/lib.rs#Transport --kind impl,trait_bound
  orbit graph refs symbol:fmt/print.go#Sprintf --kind call --format text`,
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
			res, err := g.Refs(context.Background(), args[0], query.RefsOptions{MinConfidence: floor, Kinds: kinds})
			if err != nil {
				return a.fail(err)
			}
			return emit(a, res, render.RefsText)
		},
	}
	f := cmd.Flags()
	confidenceFlag(f.StringVar, &confidence)
	f.StringSliceVar(&kinds, "kind", nil, "only these kinds: "+strings.Join(slices.Concat(query.RefKinds, query.RelationKinds), ", ")+" (comma-separated)")
	return cmd
}

// confidenceFlag declares --confidence the same way on every query command.
func confidenceFlag(stringVar func(*string, string, string, string), p *string) {
	stringVar(p, "confidence", string(query.DefaultConfidence), "lowest confidence shown: "+query.ConfidenceChoices())
}

// parseConfidence checks a --confidence value before the index is opened.
func parseConfidence(s string) (query.Confidence, error) {
	level, err := query.ParseConfidence(s)
	if err != nil {
		return "", usageError{err}
	}
	return level, nil
}
