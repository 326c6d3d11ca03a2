package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// Every command of this CLI that runs something traces, by the path a user
// types, in an index of this repository (issue 13: commands added from
// other files were named by one word and closures had no handler).
func TestEveryOwnCommandTraces(t *testing.T) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	g, err := core.Open(repo, core.Options{Registry: all.Registry(), IndexPath: filepath.Join(t.TempDir(), "self.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	if _, err := g.Sync(ctx, core.SyncAuto); err != nil {
		t.Fatal(err)
	}
	var paths []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Run != nil || c.RunE != nil {
			paths = append(paths, c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	root, _ := newRootCmd(io.Discard, io.Discard)
	walk(root)
	if len(paths) < 10 {
		t.Fatalf("only %d commands: %v", len(paths), paths)
	}
	for _, p := range paths {
		res, err := g.Trace(ctx, p, query.TraceOptions{Depth: 1})
		if err != nil {
			t.Errorf("trace %q: %v", p, err)
			continue
		}
		if res.Root == nil || len(res.Root.Children) == 0 {
			t.Errorf("trace %q: %+v, want a handler that calls something", p, res.Root)
		}
	}
}
