package typescript

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
)

// addString records a string value if it is notable.
func (w *walker) addString(v string, sp extract.Span) {
	if extract.Notable(v) {
		w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.lines.Line(sp.Start), Span: sp})
	}
}

// stringLit records a string literal's decoded value.
func (w *walker) stringLit(i int32) {
	if w.t.Nodes[i].End-w.t.Nodes[i].Start < extract.MinStringLen+2 { // decoding never lengthens
		return
	}
	if v, ok := unquote(w.t.Raw(i)); ok {
		w.addString(v, w.t.Span(i))
	}
}

// template records a template literal: decoded when it has no
// substitutions, as written between the backquotes otherwise; and walks
// the substitutions.
func (w *walker) template(i int32, sc *scope) {
	t := w.t
	raw := t.Raw(i)
	switch {
	case len(raw) < 2:
	case t.ChildOfKind(i, w.x.templateSub) != noNode:
		w.addString(string(raw[1:len(raw)-1]), t.Span(i))
	default:
		if v, ok := unquote(raw); ok {
			w.addString(v, t.Span(i))
		}
	}
	for c := range t.Kids(i) {
		w.walk(c, sc)
	}
}

// literal is the value of a string literal or a template literal without
// substitutions; ok is false for any other expression.
func (w *walker) literal(i int32) (string, bool) {
	t := w.t
	switch t.Nodes[i].Kind {
	case w.x.str:
		return unquote(t.Raw(i))
	case w.x.template:
		if t.FirstKid(i) == noNode {
			return unquote(t.Raw(i))
		}
	}
	return "", false
}

// jsxText records the text between JSX tags with its whitespace runs
// collapsed, spanning the text without its surrounding whitespace.
func (w *walker) jsxText(i int32) {
	raw := w.t.Raw(i)
	trimmed := bytes.TrimLeft(raw, " \t\r\n")
	start := w.t.Nodes[i].Start + uint32(len(raw)-len(trimmed))
	trimmed = bytes.TrimRight(trimmed, " \t\r\n")
	if len(trimmed) < extract.MinStringLen {
		return
	}
	v := strings.Join(strings.Fields(string(trimmed)), " ")
	w.addString(v, extract.Span{Start: start, End: start + uint32(len(trimmed))})
}

// styleAttrs are JSX attributes whose string values are class lists or
// inline styles rather than text worth searching.
var styleAttrs = map[string]bool{"className": true, "class": true, "style": true}

// jsxAttr walks an attribute, leaving out the string value of a style
// attribute.
func (w *walker) jsxAttr(i int32, sc *scope) {
	t := w.t
	first := t.FirstKid(i)
	skip := first != noNode && styleAttrs[string(t.Raw(first))]
	for c := range t.Kids(i) {
		if c != first && !(skip && t.Nodes[c].Kind == w.x.str) {
			w.walk(c, sc)
		}
	}
}

// unquote decodes a JavaScript string or template literal with its
// quotes; ok is false when it is not one.
func unquote(lit []byte) (string, bool) {
	if len(lit) < 2 {
		return "", false
	}
	q := lit[0]
	if (q != '"' && q != '\'' && q != '`') || lit[len(lit)-1] != q {
		return "", false
	}
	body := lit[1 : len(lit)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body), true
	}
	return decodeEscapes(body), true
}

// decodeEscapes decodes the escape sequences of a string body; a
// malformed one is kept as written.
func decodeEscapes(s []byte) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		if r, n := escapeRune(s[i:]); n > 0 {
			if r >= 0 {
				b.WriteRune(r)
			}
			i += n - 1
			continue
		}
		b.WriteByte(s[i]) // \q is q
	}
	return b.String()
}

// simpleEscapes maps the one-letter escapes to their values.
var simpleEscapes = [256]byte{'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'f': '\f', 'v': '\v', '0': 0}

// escapeRune decodes the escape after a backslash: the rune (-1 for a line
// continuation, which is nothing) and how many bytes it took; n is 0 when
// the escaped character stands for itself.
func escapeRune(s []byte) (rune, int) {
	switch c := s[0]; {
	case c == '\n':
		return -1, 1
	case c == '\r':
		if len(s) > 1 && s[1] == '\n' {
			return -1, 2
		}
		return -1, 1
	case c == '0' && len(s) > 1 && s[1] >= '0' && s[1] <= '9':
		return 0, 0 // a legacy octal escape: kept as its digits
	case simpleEscapes[c] != 0 || c == '0':
		return rune(simpleEscapes[c]), 1
	case c == 'x' && len(s) >= 3:
		return hexRune(s[1:3], 3)
	case c == 'u' && len(s) >= 3 && s[1] == '{':
		if end := bytes.IndexByte(s, '}'); end > 2 {
			return hexRune(s[2:end], end+1)
		}
	case c == 'u' && len(s) >= 5:
		return hexRune(s[1:5], 5)
	}
	return 0, 0
}

// hexRune parses hex digits as a code point taking n bytes; lone
// surrogates become U+FFFD.
func hexRune(h []byte, n int) (rune, int) {
	v, err := strconv.ParseUint(string(h), 16, 32)
	if err != nil || v > utf8.MaxRune {
		return 0, 0
	}
	r := rune(v)
	if !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	return r, n
}
