package python

import (
	"bytes"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit emits a notable string literal and walks its f-string
// interpolations. Byte strings are skipped.
func (w *walker) stringLit(i int32, sc *scope) {
	if start, end, ok := w.strRange(i); ok && end-start >= extract.MinStringLen && i != w.skipStr {
		w.addString(i, string(w.t.Src[start:end]))
	}
	w.walkInterpolations(i, sc)
}

// concatString emits implicitly concatenated literals ("a" "b") as one
// value; a byte string part drops the whole value.
func (w *walker) concatString(i int32, sc *scope) {
	var b strings.Builder
	ok := true
	for c := range w.t.Kids(i) {
		v, isText := w.strValue(c)
		ok = ok && isText
		b.WriteString(v)
	}
	if ok && i != w.skipStr {
		w.addString(i, b.String())
	}
	for c := range w.t.Kids(i) {
		w.walkInterpolations(c, sc)
	}
}

func (w *walker) addString(i int32, v string) {
	if !extract.Notable(v) {
		return
	}
	sp := w.t.Span(i)
	w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.lines.Line(sp.Start), Span: sp})
}

func (w *walker) walkInterpolations(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == w.x.interp {
			w.walk(c, sc, false)
		}
	}
}

// strValue is the text between a string literal's quotes as written, with
// f-string {...} parts kept; ok is false for byte strings.
func (w *walker) strValue(i int32) (string, bool) {
	start, end, ok := w.strRange(i)
	return string(w.t.Src[start:end]), ok
}

// strRange is the byte range between a string literal's quotes; ok is
// false for byte strings.
func (w *walker) strRange(i int32) (start, end uint32, ok bool) {
	t := w.t
	start, end = t.Nodes[i].Start, t.Nodes[i].End
	for c := range t.Kids(i) {
		switch t.Nodes[c].Kind {
		case w.x.strStart:
			if bytes.ContainsAny(t.Raw(c), "bB") {
				return start, start, false
			}
			start = t.Nodes[c].End
		case w.x.strEnd:
			end = t.Nodes[c].Start
		}
	}
	return start, max(start, end), true
}

// literal is the value of a plain string literal (or a concatenation of
// them): not bytes and without interpolations. ok is false otherwise.
func (w *walker) literal(i int32) (string, bool) {
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.str:
		for c := range t.Kids(i) {
			if t.Nodes[c].Kind == x.interp {
				return "", false
			}
		}
		return w.strValue(i)
	case x.concatStr:
		var b strings.Builder
		for c := range t.Kids(i) {
			v, ok := w.literal(c)
			if !ok {
				return "", false
			}
			b.WriteString(v)
		}
		return b.String(), true
	}
	return "", false
}
