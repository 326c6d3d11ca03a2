package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
)

func newOplogCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "oplog",
		Short: "Check operation logs, for tools that write them",
		Long: `Operation logs (.orbit/operations/<commit sha>.json) let a refactoring
tool state which symbols a commit created, deleted, renamed, moved,
re-signed, re-bodied, split or merged, each named by a stable id; history
uses an accepted log to follow symbols across such commits and falls back
to matching (path, name, kind) when a log is missing, malformed, of a later
schema version, or contradicted by the commit's tree.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newOplogValidateCmd(a), newOplogSchemaCmd(a), newOplogIDCmd(a))
	return cmd
}

func newOplogValidateCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "validate <file>",
		Short: "Check an operation log: well-formed, and true to its commit",
		Long: `Check an operation log. Always: UTF-8 JSON that the version-1 schema
accepts (orbit graph oplog schema), every operation with its own fields and
no others, and commitSha equal to the file's name. When the file is this
worktree's .orbit/operations/<sha>.json for a commit of the branch's
first-parent history, also every operation against the commit's tree diff
and the stable ids of its parent, as history does.

Status: accepted, rejected (the tree contradicts it), malformed, future (a
later schema version), or well_formed (not checked against a tree). Exit
status 1 for rejected, malformed and future.`,
		Example: `  orbit graph oplog validate .orbit/operations/$(git rev-parse HEAD).json`,
		Args:    args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			check, err := g.ValidateOpLog(context.Background(), args[0])
			if err != nil {
				return a.fail(err)
			}
			if err := emit(a, check, oplogText); err != nil {
				return err
			}
			if check.Status != "accepted" && check.Status != core.OpLogWellFormed {
				return reportedError{fmt.Errorf("operation log %s: %s", args[0], check.Status)}
			}
			return nil
		},
	}
}

func oplogText(w io.Writer, c core.OpLogCheck) error {
	_, err := fmt.Fprintf(w, "%s: %s", c.File, c.Status)
	if err == nil && c.Operations > 0 {
		_, err = fmt.Fprintf(w, " (%d operations)", c.Operations)
	}
	if err == nil && c.Message != "" {
		_, err = fmt.Fprintf(w, "\n  %s", c.Message)
	}
	if err == nil {
		_, err = fmt.Fprintln(w)
	}
	return err
}

func newOplogSchemaCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of operation logs (version 1)",
		Args:  args(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			_, err := a.stdout.Write(core.OpLogSchema())
			return err
		},
	}
}

func newOplogIDCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "id <selector>",
		Short: "Print a symbol's stable id, for a tool writing an operation log",
		Long: `Print the stable id of a symbol at HEAD: the id an operation log names it
by. Ids are carried across commits by (path, name, kind) and, through
accepted logs, across renames, moves, splits and merges; no query answer
shows them.`,
		Example: `  orbit graph oplog id symbol:graph/core/graph.go#Graph.Sync`,
		Args:    args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			id, err := g.StableID(context.Background(), args[0])
			if err != nil {
				return a.fail(err)
			}
			return emit(a, struct {
				Selector string `json:"selector"`
				StableID string `json:"stable_id"`
			}{args[0], id}, func(w io.Writer, v struct {
				Selector string `json:"selector"`
				StableID string `json:"stable_id"`
			}) error {
				_, err := fmt.Fprintln(w, v.StableID)
				return err
			})
		},
	}
}
