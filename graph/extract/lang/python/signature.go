package python

import "bytes"

// normalizeSignature puts a def or class header on one line: comments and
// line continuations dropped, whitespace runs collapsed to one space, no
// space just inside brackets, and the trailing comma of a parameter list
// written one per line dropped. String literals are kept as written.
func normalizeSignature(b []byte) string {
	out := make([]byte, 0, len(b))
	space, newline := false, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '#':
			for i+1 < len(b) && b[i+1] != '\n' {
				i++
			}
		case ' ', '\t', '\r', '\f', '\\':
			space = true
		case '\n':
			space, newline = true, true
		case ')', ']', '}':
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
			if c == '"' || c == '\'' {
				n := quotedLen(b[i:])
				out = append(out, b[i:i+n]...)
				i += n - 1
				continue
			}
			out = append(out, c)
		}
	}
	return string(out)
}

// quotedLen returns the length of the string literal body that starts with
// a quote at s[0], including its closing quotes; an unterminated literal
// runs to the end of the line (or of s, for a triple-quoted one).
func quotedLen(s []byte) int {
	q := s[:1]
	if len(s) >= 3 && s[1] == s[0] && s[2] == s[0] {
		q = s[:3]
	}
	for i := len(q); i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '\n' && len(q) == 1:
			return i
		case bytes.HasPrefix(s[i:], q):
			return i + len(q)
		}
	}
	return len(s)
}

func isOpenBracket(c byte) bool { return c == '(' || c == '[' || c == '{' }
