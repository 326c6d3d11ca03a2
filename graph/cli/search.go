package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

func newSearchCmd(a *app) *cobra.Command {
	var q query.SearchQuery
	cmd := &cobra.Command{
		Use:   "search <query>",
		Short: "Full-text search over symbols, strings and config keys",
		Long: `Full-text search over symbol names, notable string literals and config keys.

Words match identifier parts and word forms: "handler" finds HandlerFunc and
handle_request. An exact symbol name ranks first, then relevance (bm25).`,
		Example: `  orbit graph search ServeHTTP
  orbit graph search "connection refused" --kind string
  orbit graph search handler --kind method --lang go --limit 5`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
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
	return cmd
}
