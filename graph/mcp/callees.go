package main

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type calleesInput struct {
	Selector string `json:"selector" jsonschema:"symbol:<path>#<name>[:<kind>]"`
	confidenceArg
	pageArgs
}

type calleesOutput struct {
	query.CalleesResult
	Truncated bool   `json:"truncated" jsonschema:"more calls follow; cursor fetches them"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"calls in the whole answer"`
}

func addCallees(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_callees",
		Title:       "List the calls a symbol makes",
		Description: "What a symbol calls, in source order: each call with line, confidence and, when the index holds exactly one definition, its target. A page entry is one call.",
		InputSchema: schemaFor[calleesInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
		}),
		Annotations: readOnly("List the calls a symbol makes"),
	}, func(ctx context.Context, in calleesInput) (calleesOutput, string, error) {
		floor, err := floorOf(in.confidenceArg)
		if err != nil {
			return calleesOutput{}, "", err
		}
		pg, err := ix.pager(ctx, "callees", in.pageArgs, defaultLimit, in.Selector, floor)
		if err != nil {
			return calleesOutput{}, "", err
		}
		opts := query.CalleesOptions{MinConfidence: floor}
		res, err := read(ctx, ix, func(g *core.Graph) (query.CalleesResult, error) { return g.Callees(ctx, in.Selector, opts) })
		if err != nil {
			return calleesOutput{}, "", err
		}
		return page(pg, len(res.Callees), func(w window) (calleesOutput, string) {
			part := res
			part.Callees = res.Callees[w.Off:w.End]
			out := calleesOutput{CalleesResult: part, Truncated: w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, text(render.CalleesText, part) + w.footer()
		})
	})
}
