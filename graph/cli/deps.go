package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core/render"
)

func newDepsCmd(a *app) *cobra.Command {
	var maxNodes *int
	cmd := &cobra.Command{
		Use:   "deps <file:<path> | dir:<path>>",
		Short: "List what the files of a file or directory import",
		Long: `List the outbound imports of a file, or of every file below a directory:
what each file imports (module path and imported name), not who imports it
(for that, see refs).

An import of something indexed carries internal_path: the directory of a Go
package, the file of a Python module, the file a relative specifier or an
include names. The other imports are external; their modules are also listed
once each. Source-level imports only: not the package manager's dependency
graph.

Paths are relative to the worktree root; dir:. is the whole worktree. A scope
that holds no indexed file suggests near paths.

A picture of a dir: scope has one node per directory, external modules last.
` + pictureHelp,
		Example: `  orbit graph deps file:cmd/tool/main.go
  orbit graph deps dir:internal/store --format text
  orbit graph deps dir:.
  orbit graph deps dir:internal --format dot | dot -Tpng > deps.png`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.drawing(*maxNodes); err != nil {
				return err
			}
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			res, err := g.Deps(context.Background(), args[0])
			if err != nil {
				return a.fail(err)
			}
			return draw(a, res, *maxNodes, render.DepsText, render.DepsPicture)
		},
	}
	maxNodes = pictureFlags(cmd.Flags())
	return cmd
}
