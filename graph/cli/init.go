package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
)

type initReport struct {
	Path     string `json:"path"`
	Replaced bool   `json:"replaced"` // an existing file was overwritten (--force)
}

func newInitCmd(a *app) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "init [--force]",
		Short: "Write an editable .orbitignore holding the default exclusions",
		Long: `Write .orbitignore at the worktree root with the exclusions Orbit applies by
default (vendored code, virtual environments, build output at the root, lock
files, source maps) as gitignore patterns. The file then holds the
defaults (its first line says so): delete a line to index what it skipped,
add patterns for committed files that should not be indexed. Written and
unedited, it changes nothing. Minified bundles each language knows by name
are skipped either way.

An existing .orbitignore is left alone unless --force.`,
		Example: `  orbit graph init
  orbit graph init --root ../other-repo --force`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.format != "json" && a.format != "text" {
				return usageError{fmt.Errorf("unknown --format %q (want json or text)", a.format)}
			}
			root, err := a.worktreeRoot()
			if err != nil {
				return err
			}
			rep := initReport{Path: filepath.Join(root, ".orbitignore")}
			flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
			if force {
				_, err := os.Lstat(rep.Path)
				rep.Replaced = err == nil
				flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			}
			f, err := os.OpenFile(rep.Path, flags, 0o644)
			if errors.Is(err, fs.ErrExist) {
				return a.fail(fmt.Errorf("%s exists; it is kept (--force overwrites it)", rep.Path))
			}
			if err != nil {
				return a.fail(err)
			}
			_, err = f.Write(core.DefaultIgnoreFile())
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return a.fail(err)
			}
			return emit(a, rep, func(w io.Writer, r initReport) error {
				verb := "wrote"
				if r.Replaced {
					verb = "replaced"
				}
				_, err := fmt.Fprintf(w, "%s %s\n", verb, r.Path)
				return err
			})
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "overwrite an existing .orbitignore")
	return cmd
}
