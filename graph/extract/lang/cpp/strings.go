package cpp

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit emits a notable string literal; adjacent literals ("a" "b")
// are one value, with any macro between them (PRIu64) left out.
func (w *walker) stringLit(i int32) {
	if v, ok := w.literal(i); ok {
		w.addString(w.t.Span(i), v)
	}
}

// literal is the value of a string literal, escapes decoded, or of
// adjacent literals concatenated.
func (w *walker) literal(i int32) (string, bool) {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.stringLit:
		return unescape(quoted(t.Raw(i))), true
	case x.rawStr:
		if c := t.ChildOfKind(i, x.rawStrContent); c != noNode {
			return t.Text(c), true
		}
		return "", true
	case x.concatString:
		var b strings.Builder
		for c := range t.Kids(i) {
			if v, ok := w.literal(c); ok {
				b.WriteString(v)
			}
		}
		return b.String(), true
	}
	return "", false
}

// quoted is the text between the first and the last double quote of a
// literal (L"...", u8"..." included); an unterminated one runs to its end.
func quoted(b []byte) []byte {
	start := 0
	for start < len(b) && b[start] != '"' {
		start++
	}
	if start == len(b) {
		return nil
	}
	end := len(b)
	if end-1 > start && b[end-1] == '"' {
		end--
	}
	return b[start+1 : end]
}

func (w *walker) addString(sp extract.Span, v string) {
	if !extract.Notable(v) {
		return
	}
	w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.lines.Line(sp.Start), Span: sp})
}

// macroStrings emits the notable string literals in a macro's body, which
// tree-sitter leaves as unparsed text: `#define USAGE "usage: tool FILE"`.
func (w *walker) macroStrings(arg int32) {
	b := w.t.Raw(arg)
	base := w.t.Nodes[arg].Start
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\'':
			i += literalLen(b[i:], '\'') - 1
		case '/':
			i += commentLen(b[i:]) - 1
		case '"':
			n := literalLen(b[i:], '"')
			sp := extract.Span{Start: base + uint32(i), End: base + uint32(i+n)}
			w.addString(sp, unescape(quoted(b[i:i+n])))
			i += n - 1
		}
	}
}

// literalLen is the length of the quoted literal at b[0] (== q),
// closing quote included; an unterminated one runs to the end of the line.
func literalLen(b []byte, q byte) int {
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case q:
			return i + 1
		case '\n':
			return i
		}
	}
	return len(b)
}

// commentLen is the length of the comment at b[0] ('/'), or 1 when there
// is none.
func commentLen(b []byte) int {
	if len(b) < 2 {
		return 1
	}
	switch b[1] {
	case '/':
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			return i
		}
		return len(b)
	case '*':
		if i := bytes.Index(b[2:], []byte("*/")); i >= 0 {
			return i + 4
		}
		return len(b)
	}
	return 1
}

// unescape decodes the escape sequences of a C string literal's body:
// simple ones (\n, \"), octal, \x hex and \u, \U code points. Bytes
// that do not make UTF-8 are kept as they are; Notable drops such values.
func unescape(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		i++
		var n int
		out, n = appendEscape(out, b[i:])
		i += n - 1
	}
	return string(out)
}

// simpleEscapes maps the letter after a backslash to its byte.
var simpleEscapes = [256]byte{'n': '\n', 't': '\t', 'r': '\r', 'a': 7, 'b': 8, 'f': 12, 'v': 11,
	'\\': '\\', '\'': '\'', '"': '"', '?': '?', 'e': 27}

// appendEscape decodes the escape whose text after the backslash starts
// e, and returns how many bytes of e it read.
func appendEscape(out, e []byte) ([]byte, int) {
	c := e[0]
	switch {
	case c >= '0' && c <= '7':
		v, n := digits(e, 8, 3)
		return append(out, byte(v)), n
	case c == 'x':
		v, n := digits(e[1:], 16, 2)
		return append(out, byte(v)), n + 1
	case c == 'u' || c == 'U':
		size := 4
		if c == 'U' {
			size = 8
		}
		v, n := digits(e[1:], 16, size)
		return utf8.AppendRune(out, rune(v)), n + 1
	case simpleEscapes[c] != 0:
		return append(out, simpleEscapes[c]), 1
	}
	return append(out, '\\', c), 1
}

// digits reads up to max digits of base from b.
func digits(b []byte, base, max int) (int, int) {
	v, n := 0, 0
	for n < len(b) && n < max {
		d := strings.IndexByte("0123456789abcdef", b[n]|0x20)
		if d < 0 || d >= base {
			break
		}
		v, n = v*base+d, n+1
	}
	return v, n
}
