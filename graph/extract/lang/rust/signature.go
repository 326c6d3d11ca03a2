package rust

import "github.com/orbitgraph/orbit/graph/extract/internal/signature"

// signature is an item's header on one normalized line: from the item's
// start (visibility and qualifiers included, attributes not) to the start
// of stop, or to the item's end without its semicolon when stop is noNode.
func (w *walker) signature(i, stop int32) string {
	t := w.t
	end := t.Nodes[i].End
	if stop != noNode {
		end = t.Nodes[stop].Start
	}
	b := t.Src[t.Nodes[i].Start:end]
	for len(b) > 0 && (b[len(b)-1] == ';' || b[len(b)-1] == '=' || b[len(b)-1] == ',' || isBlank(b[len(b)-1])) {
		b = b[:len(b)-1]
	}
	return normalizeSignature(b)
}

// maxSignature bounds a signature (a huge where clause or a type alias
// of a long type).
const maxSignature = 400

// oneLine is Rust's Style: '\” opens lifetimes as well as characters,
// so only '"' is a quote; a '>' after a newline closes a list of generic
// parameters written one per line.
var oneLine = signature.New(signature.Style{Space: " \t\r\f", Comments: "//", Quotes: `"`,
	Open: "([{<", Close: ")]}", CommaClose: ")]}", NewlineClose: ">", CommaOnNewline: true})

// normalizeSignature puts an item header on one line, cut at
// maxSignature.
func normalizeSignature(b []byte) string {
	return signature.Cap(oneLine.Normalize(b), maxSignature, "…")
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' }
