package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract/internal/signature"
)

// signature is a declaration's header without its leading annotations,
// up to its body (or its end), on one normalized line.
func (w *walker) signature(i, body int32) string {
	end := w.t.Nodes[i].End
	if body >= 0 {
		end = w.t.Nodes[body].Start
	}
	return normalize(bytes.TrimRight(w.t.Src[w.headStart(i):end], " \t\r\n;"))
}

// headStart is where a declaration's signature starts: past the
// annotations that lead its modifiers.
func (w *walker) headStart(i int32) uint32 {
	t := w.t
	start := t.Nodes[i].Start
	mods := t.FirstKid(i)
	if t.Kind(mods) != kinds.modifiers {
		return start
	}
	for c := t.FirstKid(mods); c >= 0; c = t.Next(c) {
		if t.Kind(c) != kinds.annotation || w.skipBlank(start) != t.Nodes[c].Start {
			break
		}
		start = t.Nodes[c].End
	}
	return w.skipBlank(start)
}

// skipBlank returns the first offset at or after p that is not white
// space or a comment.
func (w *walker) skipBlank(p uint32) uint32 {
	rest := skipSpaceAndComments(w.t.Src[p:])
	return uint32(len(w.t.Src) - len(rest))
}

// oneLine is Kotlin's Style: Java's, with nested block comments.
var oneLine = signature.New(signature.Style{Space: " \t\r\f", Comments: "//", Nested: true, Quotes: `"'`,
	Open: "([<", Close: ")]>,", CommaClose: ")]>"})

// normalize puts source text on one line.
func normalize(s []byte) string { return oneLine.Normalize(s) }
