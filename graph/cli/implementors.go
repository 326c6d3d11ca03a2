package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/render"
)

func newImplementorsCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "implementors <trait>",
		Short: "List the types that implement a trait or interface",
		Long: `List the concrete types that implement a trait or interface: Rust impl
blocks and implements clauses of classes (and, where the extractor derives
them, Go types satisfying an interface).

The trait is matched by its last path segment, however each file spelled it:
Display finds impls of std::fmt::Display and of fmt::Display, LoopTransport
finds LoopTransport and run::LoopTransport. Segments match whole: Writer does
not find StringWriter.

<trait> is a name, optionally path-qualified in any language's syntax
(fmt::Display, io.Writer), or a symbol:<path>#<name> selector of the trait's
definition. With a qualified name or a selector, implementors whose trait
path ends the same way are "exact" matches and come first; the others are
reported too, as "name" matches. No implementors is an empty list, not an
error.`,
		Example: `  orbit graph implementors Display
  orbit graph implementors fmt::Display --format text
  orbit graph implementors io.Writer
  orbit graph implementors symbol:src/run.rs#LoopTransport`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			res, err := g.Implementors(context.Background(), args[0])
			if err != nil {
				return a.fail(err)
			}
			return emit(a, res, render.ImplementorsText)
		},
	}
}
