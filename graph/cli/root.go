package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// app holds what every command shares: global flags and the output streams.
type app struct {
	stdout, stderr io.Writer
	root           string
	format         string
	maxFileSize    int64         // sync only; 0 means the default
	lockWait       time.Duration // sync only: 0 waits as long as it takes
	packages       bool          // index dependency packages (--packages)
	noCache        bool          // sync only: no shared extraction cache
	pictures       bool          // the command can draw: --format mermaid or dot
	formats        []string      // further --format values the command writes itself (check)
}

func newRootCmd(stdout, stderr io.Writer) (*cobra.Command, *app) {
	a := &app{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:           "orbit",
		Short:         "Orbit: a fast, fresh code graph for coding agents",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	graph := &cobra.Command{
		Use:   "graph",
		Short: "Index a worktree and query its code graph",
		Long: `Index a worktree and query its code graph: symbols, references, imports,
strings, config keys and CLI commands, kept in .orbit/graph/ (one SQLite file
per worktree and branch, never committed).

Run "orbit graph sync" first and after edits: queries read the index as of the
last sync (use "show" to see whether a file is stale).

Output is JSON on stdout; --format text is for people.
Exit codes: 0 ok, 1 failure, 2 usage, 3 selector not found or ambiguous,
4 no index or a corrupt one (run "orbit graph sync").`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError{fmt.Errorf("unknown command %q for \"orbit graph\"; see orbit graph --help", args[0])}
			}
			return cmd.Help()
		},
	}
	pf := graph.PersistentFlags()
	pf.StringVar(&a.root, "root", "", "worktree root (default: the git toplevel of the current directory, or the directory itself)")
	pf.StringVar(&a.format, "format", "json", "output format: json or text")
	pf.BoolVar(&a.packages, "packages", false, "syncs index the declarations of the dependency packages (standard library included) the worktree imports")
	graph.AddCommand(
		newSyncCmd(a), newSearchCmd(a), newShowCmd(a),
		newRefsCmd(a), newCalleesCmd(a), newImpactCmd(a), newTraceCmd(a),
		newOverviewCmd(a), newImplementorsCmd(a), newDepsCmd(a),
		newVersionCmd(a), newDBPathCmd(a), newCleanCmd(a),
		newWatchCmd(a), newHistoryCmd(a), newOplogCmd(a), newInitCmd(a), newCheckCmd(a),
	)
	root.AddCommand(graph)
	return root, a
}

// worktreeRoot is --root, else the git toplevel above the working
// directory, else the working directory itself.
func (a *app) worktreeRoot() (string, error) {
	if a.root != "" {
		if st, err := os.Stat(a.root); err != nil || !st.IsDir() {
			return "", usageError{fmt.Errorf("--root %q: %w", a.root, errBadRoot)}
		}
	}
	return core.WorktreeRoot(a.root)
}

// open opens the graph of the worktree, with warnings going to stderr.
func (a *app) open() (*core.Graph, error) {
	if a.format != "json" && a.format != "text" && !(a.pictures && render.IsPicture(a.format)) && !slices.Contains(a.formats, a.format) {
		valid := append([]string{"json", "text"}, a.formats...)
		if a.pictures {
			valid = append(valid, render.Mermaid, render.DOT)
		}
		return nil, usageError{&query.ValueError{Name: "--format", Value: a.format, Valid: valid}}
	}
	root, err := a.worktreeRoot()
	if err != nil {
		return nil, err
	}
	return core.Open(root, core.Options{
		Registry:    all.Registry(),
		MaxFileSize: a.maxFileSize,
		Warn:        func(msg string) { fmt.Fprintf(a.stderr, "orbit: warning: %s\n", msg) },
		LockWait:    a.lockWait,
		Packages:    a.packages,
		NoCache:     a.noCache,
		Waiting: func(holder string) {
			fmt.Fprintf(a.stderr, "orbit: waiting for another sync of this index (%s)\n", holder)
		},
	})
}
