package main

import (
	"context"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type implementorsInput struct {
	Trait string `json:"trait" jsonschema:"a name (Display, io.Writer) or a symbol: selector"`
	pageArgs
}

type implementorsOutput struct {
	query.ImplementorsResult
	Truncated bool   `json:"truncated" jsonschema:"more implementors follow; cursor fetches them"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"implementors in the whole answer"`
}

func addImplementors(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_implementors",
		Title:       "List the implementors of a trait or interface",
		Description: "The types that implement a trait or interface (Rust impl blocks, implements and extends clauses, Go types satisfying an interface), each with file, line, confidence and whether the trait's path matched exactly. A page entry is one implementor.",
		InputSchema: schemaFor[implementorsInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
		}),
		Annotations: readOnly("List the implementors of a trait or interface"),
	}, func(ctx context.Context, in implementorsInput) (implementorsOutput, string, error) {
		if strings.TrimSpace(in.Trait) == "" {
			return implementorsOutput{}, "", badArg("trait is empty")
		}
		pg, err := ix.pager(ctx, "implementors", in.pageArgs, defaultLimit, in.Trait)
		if err != nil {
			return implementorsOutput{}, "", err
		}
		res, err := read(ctx, ix, func(g *core.Graph) (query.ImplementorsResult, error) { return g.Implementors(ctx, in.Trait) })
		if err != nil {
			return implementorsOutput{}, "", err
		}
		return page(pg, len(res.Implementors), func(w window) (implementorsOutput, string) {
			part := res
			part.Implementors = res.Implementors[w.Off:w.End]
			out := implementorsOutput{ImplementorsResult: part, Truncated: w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, text(render.ImplementorsText, part) + w.footer()
		})
	})
}
