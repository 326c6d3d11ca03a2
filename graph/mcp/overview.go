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
	Scope  string `json:"scope,omitempty" jsonschema:"dir:<path> (a directory and everything below it; dir:. is the worktree) or file:<path>; default: the whole worktree"`
	Detail string `json:"detail,omitempty" jsonschema:"summary (counts per language and symbol kind, and the 20 files with the most symbols) or full (also every file in scope with all of its symbols)"`
	// Generated: a generator's output is indexed for refs but left out.
	Generated bool `json:"generated,omitempty" jsonschema:"also count and list generated code (x.pb.go, x_pb2.py)"`
	pageArgs
}

type overviewOutput struct {
	query.OverviewResult
	Truncated bool   `json:"truncated" jsonschema:"more of file_list follows; cursor fetches it"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"entries of file_list in the whole answer: files plus their symbols (0 for a summary)"`
}

func addOverview(s *mcp.Server, ix *index) {
	addTool(s, &mcp.Tool{
		Name:  "orbit_graph_overview",
		Title: "Summarize the shape of the code",
		Description: `Summarize the worktree, or one directory or file in it: files and bytes per language, symbols per kind, and the 20 files that define the most symbols. With detail full, also every file in scope with all of its symbols (nested ones name their parent, each with its line).

Use it first in unfamiliar code, to see where the bulk of it lives, and with a file: scope and detail full as a table of contents of a file. A scope that holds no indexed file fails with suggestions of near paths.

Paging applies to file_list (detail full): each entry is a file or one of its symbols, and a file split across pages appears on both with its own part of the symbols; the counts and top files repeat on every page. ` + pagingHelp + ` ` + freshnessHelp,
		InputSchema: schemaFor[overviewInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], 500, 1, maxLimit)
			p["detail"].Enum = []any{query.OverviewSummary, query.OverviewFull}
			p["detail"].Default = mustJSON(query.OverviewSummary)
		}),
		Annotations: readOnly("Summarize the shape of the code"),
	}, func(ctx context.Context, in overviewInput) (overviewOutput, string, error) {
		pg, err := newPager("overview", in.pageArgs, 500, in.Scope, in.Detail, strconv.FormatBool(in.Generated))
		if err != nil {
			return overviewOutput{}, "", err
		}
		opts := query.OverviewOptions{Format: in.Detail, Generated: in.Generated}
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
