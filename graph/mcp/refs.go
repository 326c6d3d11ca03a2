package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type refsInput struct {
	Selector string   `json:"selector" jsonschema:"symbol:<path>#<name>[:<kind>]"`
	Kinds    []string `json:"kinds,omitempty"` // described by kindsSchema
	confidenceArg
	pageArgs
}

type refsOutput struct {
	query.RefsResult
	Truncated bool   `json:"truncated" jsonschema:"more entries follow; cursor fetches them"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"refs plus relations in the whole answer"`
}

func addRefs(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_refs",
		Title:       "Find references to a symbol",
		Description: "Who refers to a symbol: calls, type uses, imports and other references, each with file, line, confidence and the enclosing symbol (from), plus the types that implement or extend it. Calls of same-named definitions elsewhere are told apart. Inbound only. A page entry is one ref or relation.",
		InputSchema: schemaFor[refsInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
			kindsSchema(p["kinds"])
		}),
		Annotations: readOnly("Find references to a symbol"),
	}, func(ctx context.Context, in refsInput) (refsOutput, string, error) {
		floor, err := floorOf(in.confidenceArg)
		if err != nil {
			return refsOutput{}, "", err
		}
		pg, err := ix.pager(ctx, "refs", in.pageArgs, defaultLimit, in.Selector, in.Kinds, floor)
		if err != nil {
			return refsOutput{}, "", err
		}
		opts := query.RefsOptions{MinConfidence: floor, Kinds: in.Kinds}
		res, err := read(ctx, ix, func(g *core.Graph) (query.RefsResult, error) { return g.Refs(ctx, in.Selector, opts) })
		if err != nil {
			return refsOutput{}, "", err
		}
		return page(pg, len(res.Refs)+len(res.Relations), func(w window) (refsOutput, string) {
			part := res
			lo, hi := span(w.Off, w.End, 0, len(res.Refs))
			part.Refs = res.Refs[lo:hi]
			lo, hi = span(w.Off, w.End, len(res.Refs), len(res.Relations))
			part.Relations = res.Relations[lo:hi]
			out := refsOutput{RefsResult: part, Truncated: w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, text(render.RefsText, part) + w.footer()
		})
	})
}

// refKinds are the values of kinds: the extractors' ref and relation kinds.
func refKinds() []string { return slices.Concat(query.RefKinds, query.RelationKinds) }

// floorOf checks a confidence floor the way the CLI's --confidence does.
func floorOf(c confidenceArg) (query.Confidence, error) {
	if c.Confidence == "" {
		return query.DefaultConfidence, nil
	}
	level, err := query.ParseConfidence(c.Confidence)
	if err != nil {
		return "", fmt.Errorf("%w: %w", errBadArgs, err)
	}
	return level, nil
}

// kindsSchema lists the kinds in the description and the enum, from the
// same list the query checks.
func kindsSchema(s *jsonschema.Schema) {
	s.Description = "only these kinds (default: all)"
	s.Items.Enum = nil
	for _, k := range refKinds() {
		s.Items.Enum = append(s.Items.Enum, k)
	}
}
