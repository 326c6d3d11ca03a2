package java

import (
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit records a notable string literal or text block.
func (w *walker) stringLit(i int32) {
	n := &w.t.Nodes[i]
	if w.quiet > 0 || n.End-n.Start < extract.MinStringLen+2 { // decoding never lengthens
		return
	}
	v, ok := literalValue(w.t.Raw(i))
	if !ok || !extract.Notable(v) {
		return
	}
	w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.line(i), Span: w.t.Span(i)})
}

// stringValue is the value of a string literal node; ok is false for any
// other expression.
func (w *walker) stringValue(i int32) (string, bool) {
	if w.t.Kind(i) != kinds.stringLit {
		return "", false
	}
	return literalValue(w.t.Raw(i))
}

// literalValue decodes a string literal or text block as written.
func literalValue(lit []byte) (string, bool) {
	s := string(lit)
	if strings.HasPrefix(s, `"""`) {
		if len(s) < 6 || !strings.HasSuffix(s, `"""`) {
			return "", false
		}
		return unescape(textBlock(s[3 : len(s)-3]))
	}
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	return unescape(s[1 : len(s)-1])
}

// textBlock applies the text block rules that matter for searching: the
// line break after the opening quotes is dropped, and so is the
// indentation common to all non-blank lines (and the closing line).
func textBlock(body string) string {
	if i := strings.IndexByte(body, '\n'); i >= 0 && strings.TrimSpace(body[:i]) == "" {
		body = body[i+1:]
	}
	lines := strings.Split(body, "\n")
	indent := -1
	for k, l := range lines {
		trimmed := strings.TrimLeft(l, " \t")
		if trimmed == "" && k != len(lines)-1 {
			continue
		}
		if n := len(l) - len(trimmed); indent < 0 || n < indent {
			indent = n
		}
	}
	for k, l := range lines {
		if len(l) >= indent {
			l = l[indent:]
		}
		lines[k] = strings.TrimRight(l, " \t\r")
	}
	return strings.Join(lines, "\n")
}

// unescape decodes Java's escape sequences (\n, \t, \", octal, \uXXXX,
// \s and a line continuation); ok is false for a malformed one.
func unescape(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		n, ok := unescapeOne(&b, s[i+1:])
		if !ok {
			return "", false
		}
		i += n
	}
	return b.String(), true
}

// unescapeOne writes the escape starting at s (just past the backslash)
// and returns how many bytes of s it used.
func unescapeOne(b *strings.Builder, s string) (int, bool) {
	if k := strings.IndexByte(escapes, s[0]); k >= 0 {
		b.WriteByte(escaped[k])
		return 1, true
	}
	switch s[0] {
	case '\n':
		return 1, true
	case 'u':
		j := 1
		for j < len(s) && s[j] == 'u' {
			j++
		}
		if j+4 > len(s) {
			return 0, false
		}
		r, err := strconv.ParseUint(s[j:j+4], 16, 32)
		if err != nil {
			return 0, false
		}
		b.WriteRune(rune(r))
		return j + 4, true
	}
	j := 0
	for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '7' {
		j++
	}
	if j == 0 {
		return 0, false
	}
	v, _ := strconv.ParseUint(s[:j], 8, 32)
	if v > 0xff {
		j--
		v >>= 3
	}
	b.WriteRune(rune(v))
	return j, true
}

// escapes are the one-letter escapes and escaped what they stand for.
const escapes, escaped = "btnfrs\"'\\", "\b\t\n\f\r \"'\\"
