package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/core/render"
)

type showInput struct {
	Selector string `json:"selector" jsonschema:"a symbol:, file:, module: or command: selector"`
	MaxBytes int    `json:"max_bytes,omitempty" jsonschema:"byte budget of the response"`
}

// minSource is the least source worth showing before giving up on a budget.
const minSource = 256

func addShow(s *mcp.Server, ix *index) {
	addTool(s, ix, &mcp.Tool{
		Name:        "orbit_graph_show",
		Title:       "Show a symbol, file, module or command",
		Description: "Show what a selector names, with its source: a symbol's definition (signature, lines, parent, children), a file and its top-level symbols, a module and its files, or a CLI command and its handler. The source is cut to max_bytes (truncated).",
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
			if out, txt, structured, ok := fitChildren(*v, b, ix.answers); ok {
				if e := encodedIn(ctx); e != nil && structured != nil {
					e.json, e.text = structured, txt // the JSON measured is the JSON sent
				}
				return out, txt, nil
			}
			if src <= minSource {
				return query.NodeView{}, "", badArg("max_bytes %d is too small to show %s; raise it", b, in.Selector)
			}
		}
	})
}

// fitChildren keeps as many children as fit the budget, and returns the
// structured content's JSON as measured (nil when it is not sent).
func fitChildren(v query.NodeView, budget int, shape answers) (query.NodeView, string, []byte, bool) {
	build := func(n int) (query.NodeView, string, []byte, bool) {
		c := v
		if n < len(v.Children) {
			c.Children, c.ChildrenTruncated = v.Children[:n], true
		}
		t := text(render.ShowText, &c)
		sz, structured, err := shape.size(c, t)
		return c, t, structured, err == nil && sz <= budget
	}
	if c, t, js, ok := build(len(v.Children)); ok {
		return c, t, js, true
	}
	for n := len(v.Children) / 2; n >= 0; n /= 2 {
		if c, t, js, ok := build(n); ok {
			return c, t, js, true
		}
		if n == 0 {
			break
		}
	}
	return v, "", nil, false
}
