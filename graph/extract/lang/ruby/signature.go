package ruby

import "github.com/orbitgraph/orbit/graph/extract/internal/signature"

// header is a definition's text from its start to end on one line.
func (w *walker) header(i int32, end uint32) string {
	return normalize(w.t.Src[w.t.Nodes[i].Start:max(end, w.t.Nodes[i].Start)])
}

// defHeader is a def up to its parameters (or its name).
func (w *walker) defHeader(i, name int32) string {
	end := w.t.Nodes[name].End
	if p := w.t.Child(i, fields.parameters); p >= 0 {
		end = w.t.Nodes[p].End
	}
	return w.header(i, end)
}

// oneLine is Ruby's Style: a backslash continues a line; no space after
// the opening '|' of block parameters.
var oneLine = signature.New(signature.Style{Space: " \t\r\\", Comments: "#", Quotes: `"'`,
	Open: "([|", Close: ")],"})

// normalize puts source text on one line.
func normalize(s string) string { return oneLine.NormalizeString(s) }
