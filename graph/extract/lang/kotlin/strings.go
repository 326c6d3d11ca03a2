package kotlin

import (
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit records a notable string literal, its value as written
// between the quotes (templates kept as ${...}), and walks the
// expressions of its templates.
func (w *walker) stringLit(i int32) {
	if w.quiet == 0 {
		if v, ok := w.stringText(i); ok && extract.Notable(v) {
			w.out.Strings = append(w.out.Strings, extract.RawString{Value: v, Line: w.line(i), Span: w.t.Span(i)})
		}
	}
	w.children(i)
}

// stringText is the value of a string literal as written, escapes
// decoded in "..." strings (raw """...""" strings have none).
func (w *walker) stringText(i int32) (string, bool) {
	s := string(w.t.Raw(i))
	if w.t.Kind(i) == kinds.multilineStr {
		if len(s) < 6 || !strings.HasPrefix(s, `"""`) || !strings.HasSuffix(s, `"""`) {
			return "", false
		}
		return s[3 : len(s)-3], true
	}
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	return unescape(s[1 : len(s)-1]), true
}

// literal is the value of a string literal without templates: a key that
// is known before the program runs. ok is false otherwise.
func (w *walker) literal(i int32) (string, bool) {
	k := w.t.Kind(i)
	if k != kinds.str && k != kinds.multilineStr || w.t.ChildOfKind(i, kinds.interp) >= 0 {
		return "", false
	}
	v, ok := w.stringText(i)
	if !ok || hasTemplate(w.t.Raw(i)) {
		return "", false
	}
	return v, true
}

// hasTemplate reports a $name or ${ template in a literal's source (the
// grammar does not always mark $name).
func hasTemplate(s []byte) bool {
	for i := 0; i+1 < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '$' && (s[i+1] == '{' || s[i+1] == '_' || isLetter(s[i+1])):
			return true
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 }

// unescape decodes Kotlin's escapes (\n, \t, \", \$, \uXXXX); a malformed
// one is kept as written.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		if k := strings.IndexByte(escapes, s[i+1]); k >= 0 {
			b.WriteByte(escaped[k])
			i++
			continue
		}
		if s[i+1] == 'u' && i+6 <= len(s) {
			if r, err := strconv.ParseUint(s[i+2:i+6], 16, 32); err == nil {
				b.WriteRune(rune(r))
				i += 5
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// escapes are the one-letter escapes and escaped what they stand for.
const escapes, escaped = "tbnr\"'\\$", "\t\b\n\r\"'\\$"
