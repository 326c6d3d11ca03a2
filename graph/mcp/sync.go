package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type syncInput struct {
	Full bool `json:"full,omitempty" jsonschema:"re-extract every file (slow; for suspected corruption)"`
}

func addSync(s *mcp.Server, ix *index) {
	destructive := false
	closed := false
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_sync",
		Title:       "Sync the code graph",
		Description: "Bring the index up to date with the files on disk (incremental: cheap when little changed) and report what changed. Call it after editing files when the next answer must include the edits.",
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
