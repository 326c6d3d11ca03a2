package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/orbitgraph/orbit/graph/core/render"
)

const pictureHelp = `--format mermaid or dot draws the answer as a Mermaid flowchart or a Graphviz
digraph (render DOT with "dot -Tsvg"). At most --max-nodes nodes are drawn:
the rest is collapsed into "+N more" nodes and a note says what was cut.
Dashed edges are resolved by module or name only (same_module, fuzzy_name).`

// pictureFlags add --max-nodes to a command that can draw its answer
// (impact, trace, deps) and let --format be mermaid or dot for it.
func pictureFlags(f *pflag.FlagSet) *int {
	n := f.Int("max-nodes", render.DefaultMaxNodes, "mermaid and dot: nodes to draw before collapsing the rest")
	return n
}

// draw prints v as a picture when --format is mermaid or dot, else as emit
// does.
func draw[T any](a *app, v T, maxNodes int, text func(io.Writer, T) error, picture func(io.Writer, T, render.PictureOptions) error) error {
	if render.IsPicture(a.format) {
		return picture(a.stdout, v, render.PictureOptions{Format: a.format, MaxNodes: maxNodes})
	}
	return emit(a, v, text)
}

// drawing lets this run's --format be mermaid or dot, and refuses a
// budget too small to draw anything.
func (a *app) drawing(n int) error {
	a.pictures = true
	if n < 2 {
		return usageError{fmt.Errorf("invalid --max-nodes %d (want 2 or more)", n)}
	}
	return nil
}
