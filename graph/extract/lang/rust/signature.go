package rust

// signature is an item's header on one normalized line: from the item's
// start (visibility and qualifiers included, attributes not) to the start
// of stop, or to the item's end without its semicolon when stop is noNode.
func (w *walker) signature(i, stop int32) string {
	t := w.t
	end := t.Nodes[i].End
	if stop != noNode {
		end = t.Nodes[stop].Start
	}
	b := t.Src[t.Nodes[i].Start:end]
	for len(b) > 0 && (b[len(b)-1] == ';' || b[len(b)-1] == '=' || b[len(b)-1] == ',' || isBlank(b[len(b)-1])) {
		b = b[:len(b)-1]
	}
	return normalizeSignature(b)
}

// maxSignature bounds a signature (a huge where clause or a type alias
// of a long type).
const maxSignature = 400

// normalizeSignature puts an item header on one line: comments dropped,
// whitespace runs collapsed to one space, no space just inside brackets,
// and the trailing comma of a list written one item per line dropped.
// String literals are kept as written.
func normalizeSignature(b []byte) string {
	out := make([]byte, 0, len(b))
	space, newline := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i+1 < len(b) && b[i+1] != '\n' {
				i++
			}
			space = true
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			i += 2
			for i+1 < len(b) && !(b[i] == '*' && b[i+1] == '/') {
				i++
			}
			i++
			space = true
		case c == '\n':
			space, newline = true, true
		case isBlank(c):
			space = true
		case c == ')' || c == ']' || c == '}' || c == '>' && newline:
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
			if c == '"' {
				n := quotedLen(b[i:])
				out = append(out, b[i:i+n]...)
				i += n - 1
				continue
			}
			out = append(out, c)
		}
	}
	if len(out) > maxSignature {
		n := maxSignature
		for n > 0 && out[n]&0xC0 == 0x80 { // not inside a UTF-8 sequence
			n--
		}
		out = append(out[:n], "…"...)
	}
	return string(out)
}

// quotedLen returns the length of the string literal starting with a quote
// at s[0], closing quote included, or len(s) when it is not closed.
func quotedLen(s []byte) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(s)
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' }

func isOpenBracket(c byte) bool { return c == '(' || c == '[' || c == '{' || c == '<' }
