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
	Selector string `json:"selector" jsonschema:"the calling symbol: symbol:<path>#<name>[:<kind>]"`
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
	addTool(s, &mcp.Tool{
		Name:  "orbit_graph_callees",
		Title: "List the calls a symbol makes",
		Description: `List the calls made inside a symbol's body (closures and nested functions included), in source order: each with line, column, confidence, the callee's qualified name when resolved and, when exactly one indexed symbol has that name, its definition (target, with path and line).

Use it to see what a function depends on without reading its body, or to walk down a call chain (feed a target back in as symbol:<path>#<name>). For the whole tree under a CLI command use orbit_graph_trace; for callers use orbit_graph_refs.

` + confidenceHelp + `

Each entry of a page is one call. ` + pagingHelp + ` ` + freshnessHelp,
		InputSchema: schemaFor[calleesInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
		}),
		Annotations: readOnly("List the calls a symbol makes"),
	}, func(ctx context.Context, in calleesInput) (calleesOutput, string, error) {
		floor, err := floorOf(in.confidenceArg)
		if err != nil {
			return calleesOutput{}, "", err
		}
		pg, err := newPager("callees", in.pageArgs, defaultLimit, in.Selector, floor)
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
