package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type traceInput struct {
	Command string `json:"command" jsonschema:"the CLI command: its full name (\"cli sync\") or, when unique, its last word (\"sync\")"`
	Depth   int    `json:"depth,omitempty" jsonschema:"how many calls deep to follow (default 5)"`
	confidenceArg
	pageArgs
}

type traceOutput struct {
	query.TraceResult
	Truncated bool   `json:"truncated" jsonschema:"the tree is incomplete: more nodes follow (cursor is set), or the walk hit its cap of 200 nodes (trace a sub-handler with orbit_graph_callees, or lower depth)"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"pass back with the same arguments for the next nodes"`
	Total     int    `json:"total" jsonschema:"nodes in the whole tree"`
}

func addTrace(s *mcp.Server, ix *index) {
	addTool(s, &mcp.Tool{
		Name:  "orbit_graph_trace",
		Title: "Trace the call tree of a CLI command",
		Description: fmt.Sprintf(`Show the call tree under a CLI command: its handler (from the index's command table: Python Click commands, Rust clap subcommands, Go cobra commands), the calls the handler makes, theirs, and so on, breadth first to depth, as nested nodes (name, qualified_name, confidence — null on the root —, path, line, children). A symbol already in the tree appears again as a leaf but is not expanded again; calls into code outside the index are leaves without a path.

Use it to learn what a command does end to end before changing it. An unknown command, or one whose handler could not be resolved, answers root: null (not an error); find commands with orbit_graph_search or orbit_graph_show command:<name>. Capped at %d nodes.

`+confidenceHelp+` Calls below the floor are not followed.

Each entry of a page is one node, counted breadth first; a later page repeats the ancestors of its nodes so that it is a tree too. `+pagingHelp+` `+freshnessHelp, query.MaxTraceNodes),
		InputSchema: schemaFor[traceInput](func(p map[string]*jsonschema.Schema) {
			setInt(p["limit"], query.MaxTraceNodes, 1, maxLimit)
			setInt(p["depth"], query.DefaultTraceDepth, 1, maxDepth)
		}),
		OutputSchema: traceOutputSchema(),
		Annotations:  readOnly("Trace the call tree of a CLI command"),
	}, func(ctx context.Context, in traceInput) (traceOutput, string, error) {
		floor, depth, err := walkArgs(in.confidenceArg, in.Depth, query.DefaultTraceDepth)
		if err != nil {
			return traceOutput{}, "", err
		}
		if strings.TrimSpace(in.Command) == "" {
			return traceOutput{}, "", badArg("command is empty")
		}
		pg, err := newPager("trace", in.pageArgs, query.MaxTraceNodes, in.Command, depth, floor)
		if err != nil {
			return traceOutput{}, "", err
		}
		opts := query.TraceOptions{Depth: depth, MinConfidence: floor}
		res, err := read(ctx, ix, func(g *core.Graph) (query.TraceResult, error) { return g.Trace(ctx, in.Command, opts) })
		if err != nil {
			return traceOutput{}, "", err
		}
		t := newTreeIndex(res.Root)
		return page(pg, len(t.order), func(w window) (traceOutput, string) {
			part := res
			part.Root = t.prune(w.Off, w.End)
			out := traceOutput{TraceResult: part, Truncated: res.Truncated || w.More(), Cursor: w.Cursor, Total: w.Total}
			return out, text(render.TraceText, part) + w.footer()
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
