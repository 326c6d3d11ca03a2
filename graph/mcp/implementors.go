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
	Trait string `json:"trait" jsonschema:"the trait or interface: a name, optionally path-qualified in the language's syntax (Display, fmt::Display, io.Writer), or the symbol:<path>#<name> selector of its definition"`
	pageArgs
}

type implementorsOutput struct {
	query.ImplementorsResult
	Truncated bool   `json:"truncated" jsonschema:"more implementors follow; cursor fetches them"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"implementors in the whole answer"`
}

func addImplementors(s *mcp.Server, ix *index) {
	addTool(s, &mcp.Tool{
		Name:  "orbit_graph_implementors",
		Title: "List the implementors of a trait or interface",
		Description: `List the concrete types that implement a trait or interface: Rust impl blocks, implements clauses of classes and, where the extractor derives them, Go types satisfying an interface; each with its file, line, confidence and match.

The trait is matched by its last path segment, however each file spelled it (Display finds impls of std::fmt::Display and of fmt::Display); segments match whole (Writer does not find StringWriter). With a qualified name or a selector, implementors whose trait path ends the same way are "exact" matches and come first, the others are "name" matches. Prefer it to orbit_graph_refs with kinds [impl], which only sees relations to one exact qualified name. No implementors is an empty list, not an error.

Each entry of a page is one implementor. ` + pagingHelp + ` ` + freshnessHelp,
		InputSchema: schemaFor[implementorsInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
		}),
		Annotations: readOnly("List the implementors of a trait or interface"),
	}, func(ctx context.Context, in implementorsInput) (implementorsOutput, string, error) {
		if strings.TrimSpace(in.Trait) == "" {
			return implementorsOutput{}, "", badArg("trait is empty")
		}
		pg, err := newPager("implementors", in.pageArgs, defaultLimit, in.Trait)
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
