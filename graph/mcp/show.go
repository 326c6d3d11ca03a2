package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type showInput struct {
	Selector string `json:"selector" jsonschema:"what to show: symbol:<path>#<name>[:<kind>], file:<path>, module:<qualified> or command:<name>"`
	MaxBytes int    `json:"max_bytes,omitempty" jsonschema:"byte budget of the whole response; the source text is cut (truncated: true) and then children dropped (children_truncated: true) to fit. Default 32768 (about 8k tokens)"`
}

// minSource is the least source worth showing before giving up on a budget.
const minSource = 256

func addShow(s *mcp.Server, ix *index) {
	addTool(s, &mcp.Tool{
		Name:  "orbit_graph_show",
		Title: "Show a symbol, file, module or command",
		Description: `Show what a selector addresses with its source text: a symbol's definition (kind, qualified name, signature, lines, parent, children such as methods or fields), a file and its top-level symbols, a module/package and its files, or a CLI command and its handler.

Use it instead of opening a file and scrolling when you know the symbol: it returns exactly the definition. stale: true means the file changed since the last sync (lines may be off; call orbit_graph_sync). ` + selectorHelp + `

The response stays within max_bytes: the source is cut first (truncated: true), then the children list (children_truncated: true); list every symbol of a file with orbit_graph_overview (scope file:<path>, detail full).`,
		InputSchema: schemaFor[showInput](nil),
		Annotations: readOnly("Show a symbol, file, module or command"),
	}, func(ctx context.Context, in showInput) (query.NodeView, string, error) {
		b, err := budget(in.MaxBytes)
		if err != nil {
			return query.NodeView{}, "", err
		}
		// The source appears twice (JSON and text), escaped in both.
		for src := min(query.DefaultMaxBytes, b/3); ; src /= 2 {
			v, err := read(ctx, ix, func(g *core.Graph) (*query.NodeView, error) { return g.Show(ctx, in.Selector, src) })
			if err != nil {
				return query.NodeView{}, "", err
			}
			if out, txt, ok := fitChildren(*v, b); ok {
				return out, txt, nil
			}
			if src <= minSource {
				return query.NodeView{}, "", badArg("max_bytes %d is too small to show %s; raise it", b, in.Selector)
			}
		}
	})
}

// fitChildren keeps as many children as fit the budget.
func fitChildren(v query.NodeView, budget int) (query.NodeView, string, bool) {
	build := func(n int) (query.NodeView, string, bool) {
		c := v
		if n < len(v.Children) {
			c.Children, c.ChildrenTruncated = v.Children[:n], true
		}
		t := text(render.ShowText, &c)
		sz, err := size(c, t)
		return c, t, err == nil && sz <= budget
	}
	if c, t, ok := build(len(v.Children)); ok {
		return c, t, true
	}
	for n := len(v.Children) / 2; n >= 0; n /= 2 {
		if c, t, ok := build(n); ok {
			return c, t, true
		}
		if n == 0 {
			break
		}
	}
	return v, "", false
}
