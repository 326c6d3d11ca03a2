package csharp

import "strings"

// header is a declaration's signature: its text from the first modifier
// (attributes left out) up to its body, accessors, initializer, constructor
// initializer or expression body, on one normalized line without the
// closing semicolon.
func (w *walker) header(i int32) string {
	t := w.t
	start, end := t.Nodes[i].Start, t.Nodes[i].End
	seenOther := false
	for c := range t.Kids(i) {
		n := &t.Nodes[c]
		if n.Kind == kinds.attributeList && !seenOther {
			start = n.End
			continue
		}
		if n.Field == fields.body || n.Field == fields.accessors || n.Field == fields.value ||
			n.Kind == kinds.ctorInit {
			end = n.Start
			break
		}
		seenOther = true
	}
	return strings.TrimSuffix(normalize(t.Src[start:end]), ";")
}

// normalize turns source text into one line: comments and preprocessor
// lines dropped, white space collapsed to single spaces, none just inside
// brackets or before a comma. String and character literals are copied as
// written.
func normalize(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			space, i = true, i+1
			continue
		case strings.HasPrefix(s[i:], "//"), c == '#' && lineStart(s, i):
			space, i = true, skipLine(s, i)
			continue
		case strings.HasPrefix(s[i:], "/*"):
			space, i = true, skipBlockComment(s, i)
			continue
		}
		b = separate(b, c, space)
		space = false
		j := literalEnd(s, i)
		b = append(b, s[i:j]...)
		i = j
	}
	return string(b)
}

// separate writes the space that a run of white space or comments stands
// for when c needs it.
func separate(b []byte, c byte, space bool) []byte {
	if len(b) == 0 || !space {
		return b
	}
	last := b[len(b)-1]
	if last != '(' && last != '[' && c != ')' && c != ']' && c != ',' {
		b = append(b, ' ')
	}
	return b
}

// literalEnd returns the end of the token starting at s[i]: a whole string
// or character literal ("a\"b", @"a""b", 'c'), or the single byte otherwise.
func literalEnd(s string, i int) int {
	q := s[i]
	verbatim := q == '@' && i+1 < len(s) && s[i+1] == '"'
	if verbatim {
		i, q = i+1, '"'
	} else if q != '"' && q != '\'' {
		return i + 1
	}
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '\\' && !verbatim:
			j++
		case s[j] == q && verbatim && j+1 < len(s) && s[j+1] == q:
			j++
		case s[j] == q:
			return j + 1
		}
	}
	return len(s)
}

// lineStart reports whether only white space precedes s[i] on its line.
func lineStart(s string, i int) bool {
	for i--; i >= 0 && (s[i] == ' ' || s[i] == '\t'); i-- {
	}
	return i < 0 || s[i] == '\n'
}

func skipLine(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

func skipBlockComment(s string, i int) int {
	if j := strings.Index(s[i+2:], "*/"); j >= 0 {
		return i + 2 + j + 2
	}
	return len(s)
}

// scanNamespace finds the first namespace declaration by a lexical scan,
// for files whose parse failed: a line that starts with "namespace".
func scanNamespace(src []byte) string {
	for line := range strings.Lines(string(src)) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "namespace")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		rest = strings.TrimSpace(rest)
		end := strings.IndexFunc(rest, func(r rune) bool {
			return !(r == '.' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80)
		})
		if end < 0 {
			end = len(rest)
		}
		return rest[:end]
	}
	return ""
}
