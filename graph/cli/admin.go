package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type versionInfo struct {
	Version          string `json:"version"`
	ExtractorVersion int    `json:"extractor_version"`
	SchemaVersion    int    `json:"schema_version"`
}

func newVersionCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the build, extractor and schema versions",
		Args:  args(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			v := versionInfo{Version: "(devel)", ExtractorVersion: core.ExtractorVersion, SchemaVersion: core.SchemaVersion}
			if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
				v.Version = bi.Main.Version
			}
			return emit(a, v, func(w io.Writer, v versionInfo) error {
				_, err := fmt.Fprintf(w, "orbit %s (extractor %d, schema %d)\n", v.Version, v.ExtractorVersion, v.SchemaVersion)
				return err
			})
		},
	}
}

type dbPathInfo struct {
	Path     string `json:"path"`
	Root     string `json:"root"`
	Branch   string `json:"branch"`
	Commit   string `json:"commit_sha"`
	Detached bool   `json:"detached"`
	Git      bool   `json:"git"`
}

func newDBPathCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "db-path",
		Short: "Print where this worktree's index lives",
		Args:  args(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			l := g.Location()
			info := dbPathInfo{Path: l.Path, Root: l.Root, Branch: l.Branch, Commit: l.CommitSHA, Detached: l.Detached, Git: l.Git}
			return emit(a, info, func(w io.Writer, i dbPathInfo) error {
				_, err := fmt.Fprintln(w, i.Path)
				return err
			})
		},
	}
}

func newCleanCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "clean",
		Short: "Delete stale index files (old extractor versions, unreachable detached commits)",
		Long: `Delete index files of other extractor versions, and indexes of detached
commits that no local branch or tag reaches. The active index and other
branches' current indexes are kept.`,
		Args: args(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			rep, err := g.Clean()
			if err != nil {
				return err
			}
			return emit(a, rep, render.CleanText)
		},
	}
}
