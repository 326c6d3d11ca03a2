package main

import (
	"context"
	"io"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

// maxDepth bounds impact and trace depths; the node caps bound the work.
const maxDepth = 20

type impactInput struct {
	Selector string `json:"selector" jsonschema:"symbol:<path>#<name>[:<kind>], or diff: / diff:<rev>"`
	Depth    int    `json:"depth,omitempty" jsonschema:"edges to follow (default 3)"`
	confidenceArg
	pageArgs
	pictureArgs
}

type impactOutput struct {
	query.ImpactResult
	Truncated bool   `json:"truncated" jsonschema:"the list is incomplete: more entries follow (cursor is set), or the walk hit its cap of 200 symbols (narrow it: lower depth, raise confidence)"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"symbols in the whole answer"`
}

func addImpact(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_impact",
		Title:       "List what a change to a symbol may touch",
		Description: "What a change may touch: the symbols within depth edges of a symbol (callers, callees, related types), nearest first, with distance, edge, direction and confidence; at most 200. The selector diff: (or diff:<rev>) starts from the symbols the uncommitted change touches. A page entry is one symbol.",
		InputSchema: schemaFor[impactInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
			setInt(p["depth"], query.DefaultImpactDepth, 1, maxDepth)
			pictureSchema(p)
		}),
		Annotations: readOnly("List what a change to a symbol may touch"),
	}, func(ctx context.Context, in impactInput) (impactOutput, string, error) {
		floor, depth, err := walkArgs(in.confidenceArg, in.Depth, query.DefaultImpactDepth)
		if err != nil {
			return impactOutput{}, "", err
		}
		if err := in.check(); err != nil {
			return impactOutput{}, "", err
		}
		pg, err := ix.pager(ctx, "impact", in.pageArgs, defaultLimit, in.Selector, depth, floor)
		if err != nil {
			return impactOutput{}, "", err
		}
		opts := query.ImpactOptions{Depth: depth, MinConfidence: floor}
		res, err := read(ctx, ix, func(g *core.Graph) (query.ImpactResult, error) { return g.Impact(ctx, in.Selector, opts) })
		if err != nil {
			return impactOutput{}, "", err
		}
		pic := in.picture(func(to io.Writer, o render.PictureOptions) error { return render.ImpactPicture(to, res, o) })
		return page(pg, len(res.Symbols), func(w window) (impactOutput, string) {
			part := res
			part.Symbols = res.Symbols[w.Off:w.End]
			out := impactOutput{ImpactResult: part, Truncated: res.Truncated || w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, textOr(pic, text(render.ImpactText, part)+w.footer())
		})
	})
}

// walkArgs checks the confidence floor and depth of impact and trace.
func walkArgs(c confidenceArg, depth, def int) (query.Confidence, int, error) {
	floor, err := floorOf(c)
	if err != nil {
		return "", 0, err
	}
	switch {
	case depth == 0:
		depth = def
	case depth < 1 || depth > maxDepth:
		return "", 0, badArg("invalid depth %d (want 1 to %d)", depth, maxDepth)
	}
	return floor, depth, nil
}
