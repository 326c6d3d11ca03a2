package main

import (
	"context"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type overviewInput struct {
	Scope  string `json:"scope,omitempty" jsonschema:"dir:<path> or file:<path> (default: the worktree)"`
	Detail string `json:"detail,omitempty" jsonschema:"summary or full"`
	// Generated: a generator's output is indexed for refs but left out.
	Generated bool `json:"generated,omitempty" jsonschema:"also generated code (x.pb.go)"`
	// External: dependency packages are indexed for refs but left out.
	External bool `json:"external,omitempty" jsonschema:"also dependencies"`
	pageArgs
}

type overviewOutput struct {
	query.OverviewResult
	Truncated bool   `json:"truncated" jsonschema:"more of file_list follows; cursor fetches it"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"entries of file_list in the whole answer: files plus their symbols (0 for a summary)"`
}

func addOverview(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_overview",
		Title:       "Summarize the shape of the code",
		Description: "The shape of the worktree, a directory or a file: files and bytes per language, symbols per kind, the files defining the most symbols; detail full also lists every file with its symbols. A page entry is a file or a symbol of file_list.",
		InputSchema: schemaFor[overviewInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], 500, 1, maxLimit)
			p["detail"].Enum = []any{query.OverviewSummary, query.OverviewFull}
			p["detail"].Default = mustJSON(query.OverviewSummary)
		}),
		Annotations: readOnly("Summarize the shape of the code"),
	}, func(ctx context.Context, in overviewInput) (overviewOutput, string, error) {
		pg, err := ix.pager(ctx, "overview", in.pageArgs, 500, in.Scope, in.Detail, strconv.FormatBool(in.Generated), strconv.FormatBool(in.External))
		if err != nil {
			return overviewOutput{}, "", err
		}
		opts := query.OverviewOptions{Format: in.Detail, Generated: in.Generated, External: in.External}
		res, err := read(ctx, ix, func(g *core.Graph) (query.OverviewResult, error) { return g.Overview(ctx, in.Scope, opts) })
		if err != nil {
			return overviewOutput{}, "", err
		}
		total := 0
		for _, f := range res.FileList {
			total += 1 + len(f.Symbols)
		}
		return page(pg, total, func(w window) (overviewOutput, string) {
			part := res
			part.FileList = fileListPart(res.FileList, w.Off, w.End)
			out := overviewOutput{OverviewResult: part, Truncated: w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, text(render.OverviewText, part) + w.footer()
		})
	})
}

// fileListPart keeps the entries [off, end) of a file list numbered file,
// its symbols, next file, its symbols, …: a file is kept when it or any of
// its symbols is.
func fileListPart(files []query.OverviewFile, off, end int) []query.OverviewFile {
	part := files[:0:0]
	base := 0
	for _, f := range files {
		n := 1 + len(f.Symbols)
		if base < end && base+n > off {
			lo, hi := span(off, end, base+1, len(f.Symbols))
			f.Symbols = f.Symbols[lo:hi]
			part = append(part, f)
		}
		base += n
	}
	return part
}
