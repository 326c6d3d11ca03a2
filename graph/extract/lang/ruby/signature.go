package ruby

import "strings"

// header is a definition's text from its start to end on one line.
func (w *walker) header(i int32, end uint32) string {
	return normalize(w.t.Src[w.t.Nodes[i].Start:max(end, w.t.Nodes[i].Start)])
}

// defHeader is a def up to its parameters (or its name).
func (w *walker) defHeader(i, name int32) string {
	end := w.t.Nodes[name].End
	if p := w.t.Child(i, fields.parameters); p >= 0 {
		end = w.t.Nodes[p].End
	}
	return w.header(i, end)
}

// normalize puts source text on one line: comments dropped, white space
// and line continuations collapsed to one space, none just inside
// brackets or before a comma. String literals are copied as written.
func normalize(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\':
			space, i = true, i+1
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			space = true
		default:
			if space && len(b) > 0 && !strings.ContainsRune("([|", rune(b[len(b)-1])) && c != ')' && c != ']' && c != ',' {
				b = append(b, ' ')
			}
			space = false
			j := literalEnd(s, i)
			b = append(b, s[i:j]...)
			i = j
		}
	}
	return string(b)
}

// literalEnd returns the end of the token at s[i]: a quoted string, or the
// single byte otherwise.
func literalEnd(s string, i int) int {
	q := s[i]
	if q != '"' && q != '\'' {
		return i + 1
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(s)
}
