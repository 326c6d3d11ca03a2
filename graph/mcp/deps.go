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

type depsInput struct {
	Scope string `json:"scope" jsonschema:"file:<path> or dir:<path> (dir:. is the worktree)"`
	pageArgs
	pictureArgs
}

type depsOutput struct {
	query.DepsResult
	Truncated bool   `json:"truncated" jsonschema:"more entries follow; cursor fetches them"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next page"`
	Total     int    `json:"total" jsonschema:"imports of all files plus external modules in the whole answer"`
}

func addDeps(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_deps",
		Title:       "List what files import",
		Description: "What a file, or every file below a directory, imports, with the indexed file or package each import names; imports of things outside the index are listed once each under external. A page entry is one import or external module.",
		InputSchema: schemaFor[depsInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], defaultLimit, 1, maxLimit)
			pictureSchema(p)
		}),
		Annotations: readOnly("List what files import"),
	}, func(ctx context.Context, in depsInput) (depsOutput, string, error) {
		if in.Scope == "" {
			return depsOutput{}, "", badArg("scope is empty (want file:<path> or dir:<path>; dir:. is the worktree)")
		}
		if err := in.check(); err != nil {
			return depsOutput{}, "", err
		}
		pg, err := ix.pager(ctx, "deps", in.pageArgs, defaultLimit, in.Scope)
		if err != nil {
			return depsOutput{}, "", err
		}
		res, err := read(ctx, ix, func(g *core.Graph) (query.DepsResult, error) { return g.Deps(ctx, in.Scope) })
		if err != nil {
			return depsOutput{}, "", err
		}
		imports := 0
		for _, f := range res.Files {
			imports += len(f.Imports)
		}
		pic := in.picture(func(to io.Writer, o render.PictureOptions) error { return render.DepsPicture(to, res, o) })
		return page(pg, imports+len(res.External), func(w window) (depsOutput, string) {
			part := res
			part.Files = filesPart(res.Files, w.Off, w.End)
			lo, hi := span(w.Off, w.End, imports, len(res.External))
			part.External = res.External[lo:hi]
			out := depsOutput{DepsResult: part, Truncated: w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, textOr(pic, text(render.DepsText, part)+w.footer())
		})
	})
}

// filesPart keeps the imports [off, end) of the files' imports in order,
// and the files they belong to.
func filesPart(files []query.FileDeps, off, end int) []query.FileDeps {
	part := files[:0:0]
	base := 0
	for _, f := range files {
		n := len(f.Imports)
		if lo, hi := span(off, end, base, n); lo < hi {
			f.Imports = f.Imports[lo:hi]
			part = append(part, f)
		}
		base += n
	}
	return part
}
