package main

import (
	"context"
	"io"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type traceInput struct {
	Command string `json:"command" jsonschema:"the command's path (\"cli sync\") or unique last word"`
	Depth   int    `json:"depth,omitempty" jsonschema:"calls deep (default 5)"`
	confidenceArg
	pageArgs
	pictureArgs
}

type traceOutput struct {
	query.TraceResult
	Truncated bool   `json:"truncated" jsonschema:"the tree is incomplete: more nodes follow (cursor is set), or the walk hit its cap of 200 nodes (trace a sub-handler with orbit_graph_callees, or lower depth)"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next nodes"`
	Total     int    `json:"total" jsonschema:"nodes in the whole tree"`
}

func addTrace(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_trace",
		Title:       "Trace the call tree of a CLI command",
		Description: "The call tree under a CLI command's handler (Click, clap, cobra): the handler, its calls, theirs, breadth first to depth; a symbol seen before is a leaf; at most 200 nodes. An unknown command is an empty tree. A page entry is one node.",
		InputSchema: schemaFor[traceInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], query.MaxTraceNodes, 1, maxLimit)
			setInt(p["depth"], query.DefaultTraceDepth, 1, maxDepth)
			pictureSchema(p)
		}),
		Annotations: readOnly("Trace the call tree of a CLI command"),
	}, func(ctx context.Context, in traceInput) (traceOutput, string, error) {
		floor, depth, err := walkArgs(in.confidenceArg, in.Depth, query.DefaultTraceDepth)
		if err != nil {
			return traceOutput{}, "", err
		}
		if strings.TrimSpace(in.Command) == "" {
			return traceOutput{}, "", badArg("command is empty")
		}
		if err := in.check(); err != nil {
			return traceOutput{}, "", err
		}
		pg, err := ix.pager(ctx, "trace", in.pageArgs, query.MaxTraceNodes, in.Command, depth, floor)
		if err != nil {
			return traceOutput{}, "", err
		}
		opts := query.TraceOptions{Depth: depth, MinConfidence: floor}
		res, err := read(ctx, ix, func(g *core.Graph) (query.TraceResult, error) { return g.Trace(ctx, in.Command, opts) })
		if err != nil {
			return traceOutput{}, "", err
		}
		t := newTreeIndex(res.Root)
		pic := in.picture(func(to io.Writer, o render.PictureOptions) error { return render.TracePicture(to, res, o) })
		return page(pg, len(t.order), func(w window) (traceOutput, string) {
			part := res
			part.Root = t.prune(w.Off, w.End)
			out := traceOutput{TraceResult: part, Truncated: res.Truncated || w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, textOr(pic, text(render.TraceText, part)+w.footer())
		})
	})
}

// treeIndex numbers the nodes of a call tree breadth first, so a page of
// nodes [off, end) holds the shallowest calls first.
type treeIndex struct {
	root   *query.TraceNode
	order  []*query.TraceNode
	parent map[*query.TraceNode]*query.TraceNode
}

func newTreeIndex(root *query.TraceNode) *treeIndex {
	t := &treeIndex{root: root, parent: map[*query.TraceNode]*query.TraceNode{}}
	if root == nil {
		return t
	}
	t.order = append(t.order, root)
	for i := 0; i < len(t.order); i++ {
		for _, c := range t.order[i].Children {
			t.parent[c] = t.order[i]
			t.order = append(t.order, c)
		}
	}
	return t
}

// prune copies the tree keeping the nodes [off, end) of the breadth-first
// order and their ancestors.
func (t *treeIndex) prune(off, end int) *query.TraceNode {
	if t.root == nil || off >= end {
		return nil
	}
	keep := map[*query.TraceNode]bool{}
	for _, n := range t.order[off:end] {
		for ; n != nil && !keep[n]; n = t.parent[n] {
			keep[n] = true
		}
	}
	return copyKept(t.root, keep)
}

func copyKept(n *query.TraceNode, keep map[*query.TraceNode]bool) *query.TraceNode {
	c := *n
	c.Children = n.Children[:0:0]
	for _, k := range n.Children {
		if keep[k] {
			c.Children = append(c.Children, copyKept(k, keep))
		}
	}
	return &c
}
