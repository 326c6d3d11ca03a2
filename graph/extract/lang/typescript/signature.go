package typescript

import "bytes"

// header is the signature of a declaration: the source from the start of
// from (after its decorators) up to stop (a body or value), or to the end
// of i when stop is noNode, on one normalized line.
func (w *walker) header(from, i, stop int32) string {
	t := w.t
	start := t.Nodes[from].Start
	for c := range t.Kids(from) {
		if t.Nodes[c].Kind != w.x.decorator {
			break
		}
		start = t.Nodes[c].End
	}
	end := t.Nodes[i].End
	if stop != noNode && t.Nodes[stop].Start >= start {
		end = t.Nodes[stop].Start
	}
	return normalizeSignature(t.Src[start:max(start, end)])
}

// normalizeSignature puts a declaration header on one line: comments
// dropped, whitespace runs collapsed to one space, no space just inside
// brackets, no trailing comma before a closing bracket on its own line,
// and no trailing `{`, `=>`, `=`, `;` or `,`. String literals are kept as
// written.
func normalizeSignature(b []byte) string {
	out := make([]byte, 0, len(b))
	space, newline := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '/' && i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*'):
			i = skipComment(b, i) - 1
			space = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			space = true
		case c == '\n':
			space, newline = true, true
		case c == ')' || c == ']' || c == '}':
			if newline && len(out) > 0 && out[len(out)-1] == ',' {
				out = out[:len(out)-1]
			}
			out = append(out, c)
			space, newline = false, false
		default:
			if space && len(out) > 0 && !isOpenBracket(out[len(out)-1]) {
				out = append(out, ' ')
			}
			space, newline = false, false
			if c == '"' || c == '\'' || c == '`' {
				n := quotedLen(b[i:])
				out = append(out, b[i:i+n]...)
				i += n - 1
				continue
			}
			out = append(out, c)
		}
	}
	return string(trimHeaderEnd(out))
}

// trimHeaderEnd drops what ends a header rather than belongs to it.
func trimHeaderEnd(b []byte) []byte {
	for {
		b = bytes.TrimRight(b, " ")
		switch {
		case bytes.HasSuffix(b, []byte("=>")):
			b = b[:len(b)-2]
		case len(b) > 0 && bytes.IndexByte([]byte("{=;,"), b[len(b)-1]) >= 0 && !bytes.HasSuffix(b, []byte("==")):
			b = b[:len(b)-1]
		default:
			return b
		}
	}
}

// skipComment returns the offset just past the comment starting at b[i].
func skipComment(b []byte, i int) int {
	if b[i+1] == '/' {
		if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
			return i + j
		}
		return len(b)
	}
	if j := bytes.Index(b[i+2:], []byte("*/")); j >= 0 {
		return i + 2 + j + 2
	}
	return len(b)
}

// quotedLen returns the length of the string literal starting with a
// quote at s[0], closing quote included; an unterminated one runs to the
// end of the line (or of s, for a template).
func quotedLen(s []byte) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '\n' && q != '`':
			return i
		case s[i] == q:
			return i + 1
		}
	}
	return len(s)
}

func isOpenBracket(c byte) bool { return c == '(' || c == '[' || c == '{' }
