package java

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
	head := bytes.TrimRight(w.t.Src[w.headStart(i):end], " \t\r\n;")
	return normalize(head)
}

// fieldSignature is a field's modifiers and type followed by its name:
// "private static final String NAME"; a record component is "int x".
func (w *walker) fieldSignature(i int32, name string) string {
	typ := w.t.Child(i, fields.typ)
	if typ < 0 {
		return name
	}
	return normalize(w.t.Src[w.headStart(i):w.t.Nodes[typ].End]) + " " + name
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
		if k := t.Kind(c); k != kinds.anno && k != kinds.markerAnno || w.skipBlank(start) != t.Nodes[c].Start {
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

// oneLine is Java's Style: no space inside type arguments, and a
// trailing comma before a closing bracket dropped.
var oneLine = signature.New(signature.Style{Space: " \t\r\f", Comments: "//", Quotes: `"'`,
	Open: "([<", Close: ")]>,", CommaClose: ")]>"})

// normalize puts source text on one line.
func normalize(s []byte) string { return oneLine.Normalize(s) }
