package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newShowCmd(a *app) *cobra.Command {
	var maxBytes int
	cmd := &cobra.Command{
		Use:   "show <selector>",
		Short: "Show a symbol, file, module or command with its source",
		Long: `Show what a selector addresses, with its source text (bounded by --max-bytes).

Selectors:
  symbol:<path>#<name>[:<kind>]   a symbol defined in a file; <name> may be a
                                  dotted suffix of the qualified name
                                  (Type.Method, Class.method)
  file:<path>                     a file and its top-level symbols
  module:<qualified>              a package or module and its files
  command:<name>                  a CLI command and its handler
  ext:<package>#<name>[:<kind>]   a symbol of a dependency package, by its
                                  import path (ext:net/http#ListenAndServe),
                                  when syncs index them (--packages)

Paths are relative to the worktree root. A selector that matches nothing
suggests near names; an ambiguous one lists selectors for each candidate.`,
		Example: `  orbit graph show symbol:net/http/server.go#Server.Serve
  orbit graph show symbol:app/cli.py#sync:function
  orbit graph show file:cmd/tool/main.go --max-bytes 2000
  orbit graph show module:example.com/app/internal/store
  orbit graph show "command:cli sync"`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			v, err := g.Show(context.Background(), args[0], maxBytes)
			if err != nil {
				return a.fail(err)
			}
			return emit(a, v, render.ShowText)
		},
	}
	cmd.Flags().IntVar(&maxBytes, "max-bytes", query.DefaultMaxBytes, "maximum bytes of source text to return")
	return cmd
}
