package rust

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit emits a notable string literal. Byte strings are skipped.
func (w *walker) stringLit(i int32) {
	v, ok := w.strValue(i)
	if !ok || !extract.Notable(v) {
		return
	}
	sp := w.t.Span(i)
	w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.lines.Line(sp.Start), Span: sp})
}

// strValue is the text between a string literal's quotes as written
// (escapes kept); ok is false for byte strings and broken literals.
func (w *walker) strValue(i int32) (string, bool) {
	b := w.t.Raw(i)
	q := bytes.IndexByte(b, '"')
	if q < 0 || bytes.IndexByte(b[:q], 'b') >= 0 {
		return "", false
	}
	hashes := 0
	for _, c := range b[:q] {
		if c == '#' {
			hashes++
		}
	}
	end := len(b) - 1 - hashes
	if end <= q {
		return "", false
	}
	return string(b[q+1 : end]), true
}

// strings emits the string literals anywhere below i (the rules of a
// macro_rules! definition).
func (w *walker) strings(i int32) {
	x, t := w.x, w.t
	for j := i + 1; j < t.Nodes[i].SubEnd; j++ {
		if k := t.Nodes[j].Kind; k == x.strLit || k == x.rawStrLit {
			w.stringLit(j)
		}
	}
}
