package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type syncInput struct {
	Full bool `json:"full,omitempty" jsonschema:"rehash and re-extract every file, rebuilding the index (slow; only after an extractor upgrade or suspected corruption)"`
}

func addSync(s *mcp.Server, ix *index) {
	destructive := false
	closed := false
	addTool(s, &mcp.Tool{
		Name:  "orbit_graph_sync",
		Title: "Sync the code graph",
		Description: `Bring the index up to date with the files on disk, then return what changed (files indexed, changed, removed, skipped).

Call it after editing, creating or deleting files when the next query must see the edits: it is the read-after-write barrier. It is incremental and cheap when little changed (unchanged files are skipped by mtime and size, then content hash). The server already syncs when it starts, and the other tools sync by themselves when there is no index yet. Honors .gitignore and .orbitignore; files over 1 MiB and binary files are skipped and counted.`,
		InputSchema: schemaFor[syncInput](nil),
		Annotations: &mcp.ToolAnnotations{Title: "Sync the code graph", DestructiveHint: &destructive, IdempotentHint: true, OpenWorldHint: &closed},
	}, func(ctx context.Context, in syncInput) (core.SyncReport, string, error) {
		mode := core.SyncAuto
		if in.Full {
			mode = core.SyncFull
		}
		rep, err := ix.Sync(ctx, mode)
		return rep, text(render.ReportText, rep), err
	})
}
