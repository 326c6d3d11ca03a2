package ruby

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit records a notable string literal, its value as written between
// the delimiters ("...", '...', %q(...), %Q[...], %(...)), with #{...}
// kept.
func (w *walker) stringLit(i int32) {
	w.addString(i, stringValue(w.t.Text(i)))
}

// chainedString records "a" "b" as one value and walks the parts'
// interpolations.
func (w *walker) chainedString(i int32) {
	var b strings.Builder
	for c := range w.t.Kids(i) {
		b.WriteString(stringValue(w.t.Text(c)))
	}
	w.addString(i, b.String())
	for c := range w.t.Kids(i) {
		w.walkKids(c)
	}
}

// heredoc records the body of a heredoc, from the line after <<~EOS to the
// closing identifier.
func (w *walker) heredoc(i int32) {
	t := w.t
	end := t.ChildOfKind(i, kinds.heredocEnd)
	if end < 0 {
		return
	}
	v := t.Src[t.Nodes[i].Start:t.Nodes[end].Start]
	v = strings.TrimPrefix(strings.TrimPrefix(v, "\r"), "\n")
	w.addString(i, strings.TrimRight(v, " \t\r\n"))
}

func (w *walker) addString(i int32, v string) {
	if !extract.Notable(v) {
		return
	}
	sp := w.t.Span(i)
	w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.lines.Line(sp.Start), Span: sp})
}

// stringValue strips a string literal's delimiters.
func stringValue(s string) string {
	if len(s) < 2 {
		return ""
	}
	switch s[0] {
	case '"', '\'':
		return s[1 : len(s)-1]
	case '%':
		i := 1
		if s[i] == 'q' || s[i] == 'Q' {
			i++
		}
		if i+1 < len(s) {
			return s[i+1 : len(s)-1]
		}
	}
	return ""
}

// literal is the value of a plain string literal: no interpolation.
func (w *walker) literal(i int32) (string, bool) {
	if w.t.Kind(i) != kinds.str || w.t.ChildOfKind(i, kinds.interp) >= 0 {
		return "", false
	}
	return stringValue(w.t.Text(i)), true
}
