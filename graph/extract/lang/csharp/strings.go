package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit records a notable string literal: regular, verbatim, raw or
// interpolated, its value as written between the delimiters.
func (w *walker) stringLit(i int32) {
	n := &w.t.Nodes[i]
	if n.End-n.Start < extract.MinStringLen+2 { // delimiters take at least two bytes
		return
	}
	v := literalValue(w.t.Text(i))
	if !extract.Notable(v) {
		return
	}
	w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.lines.Line(n.Start), Span: w.t.Span(i)})
}

// literalValue strips a string literal's delimiters: the $ and @ prefixes,
// one quote (or a raw literal's run of three or more), and a u8 suffix.
// Escapes and interpolation holes stay as written; a raw literal's first
// and last lines, which only hold its delimiters, are trimmed away.
func literalValue(s string) string {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "u8"), "U8")
	i := 0
	for i < len(s) && (s[i] == '$' || s[i] == '@') {
		i++
	}
	verbatim := strings.IndexByte(s[:i], '@') >= 0
	q := 0
	for i+q < len(s) && s[i+q] == '"' && (q == 0 || !verbatim) {
		q++
	}
	if q == 2 { // ""
		return ""
	}
	body := s[i+q:]
	if closing := strings.Repeat(`"`, q); len(body) >= q && strings.HasSuffix(body, closing) {
		body = body[:len(body)-q]
	}
	if q >= 3 {
		body = strings.TrimSpace(body)
	}
	return body
}

// literalKey is the value of a plain (not interpolated) string literal.
func (w *walker) literalKey(i int32) (string, bool) {
	switch w.t.Kind(i) {
	case kinds.stringLit, kinds.verbatimString, kinds.rawString:
		return literalValue(w.t.Text(i)), true
	}
	return "", false
}
