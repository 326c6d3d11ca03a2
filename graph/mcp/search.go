package main

import (
	"context"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

// searchCap is the most matches one search ranks (query's maxSearchLimit):
// pages reach that far and no further.
const searchCap = 500

type searchInput struct {
	Query string `json:"query" jsonschema:"words of a symbol name, string literal or config key"`
	Kind  string `json:"kind,omitempty" jsonschema:"symbol, string, config or a symbol kind (function, method, class, ...)"`
	Lang  string `json:"lang,omitempty" jsonschema:"only files of this language"`
	// Generated: a generator's output is indexed for refs but not searched.
	Generated bool `json:"generated,omitempty" jsonschema:"also generated code (x.pb.go)"`
	// External: dependency packages are indexed for refs but left out.
	External bool `json:"external,omitempty" jsonschema:"also dependencies"`
	pageArgs
}

type searchOutput struct {
	query.SearchResult
	Truncated bool   `json:"truncated" jsonschema:"more matches follow; cursor fetches them"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
}

func addSearch(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_search",
		Title:       "Search symbols, strings and config keys",
		Description: "Find symbols by name, and string literals and config keys by their words, best match first (an exact symbol name first). Each match has path, line and qualified name: build selectors from them. Use it instead of grep to find definitions. A page entry is one match.",
		InputSchema: schemaFor[searchInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], query.DefaultSearchLimit, 1, searchCap)
			kinds := []any{"symbol", "string", "config"}
			p["kind"].Examples = append(kinds, "function", "method", "class", "struct", "interface", "trait")
		}),
		Annotations: readOnly("Search symbols, strings and config keys"),
	}, func(ctx context.Context, in searchInput) (searchOutput, string, error) {
		if strings.TrimSpace(in.Query) == "" {
			return searchOutput{}, "", badArg("query is empty")
		}
		pg, err := ix.pager(ctx, "search", in.pageArgs, query.DefaultSearchLimit, in.Query, in.Kind, in.Lang, strconv.FormatBool(in.Generated), strconv.FormatBool(in.External))
		if err != nil {
			return searchOutput{}, "", err
		}
		off, err := pg.offset()
		if err != nil {
			return searchOutput{}, "", err
		}
		q := query.SearchQuery{Text: in.Query, Kind: in.Kind, Lang: in.Lang, Limit: min(searchCap, off+pg.limit+1), Generated: in.Generated, External: in.External}
		res, err := read(ctx, ix, func(g *core.Graph) (query.SearchResult, error) { return g.Search(ctx, q) })
		if err != nil {
			return searchOutput{}, "", err
		}
		return page(pg, len(res.Matches), func(w window) (searchOutput, string) {
			part := query.SearchResult{Matches: res.Matches[w.Off:w.End]}
			out := searchOutput{SearchResult: part, Truncated: w.More(), Cursor: w.Cursor}
			return out, text(render.SearchText, part) + searchFooter(w)
		})
	})
}

// searchFooter tells how to continue; the total is only known to be more.
func searchFooter(w window) string {
	if !w.More() {
		return ""
	}
	return "… more matches; call again with cursor \"" + w.Cursor + "\" for the next page\n"
}
