package python

import "bytes"

// A dependency's file (Input.DeclarationsOnly) keeps its declarations
// only, so the bodies of its functions and methods are blanked before
// parsing, offsets and lines kept: most of a standard-library module is
// bodies (DESIGN.md, Python dependencies: what a body keeps).

// blankBodies returns src with the block body of every def (module
// level, in a class, nested) replaced by spaces, newlines kept, but for
// an ellipsis where the body's first statement starts, so that the block
// still holds a statement and the def parses as one. A body on the def's
// own line (`def f(): pass`) stays, as does every class body. Strings,
// comments, brackets and backslash continuations are followed, so that a
// docstring's or a call's lines at any indentation belong to their
// statement. skip names the whole lines each body blanked below its
// first, for the parser to pass over (tsutil.Door.Skip).
func blankBodies(src []byte) (blanked []byte, skip [][2]uint32) {
	ls := logicalLines(src)
	var out []byte
	for k := 0; k < len(ls); k++ {
		l := ls[k]
		if !isDef(src[l.start:l.end]) || !blockHeader(src, l) {
			continue
		}
		m := k + 1
		for m < len(ls) && ls[m].indent > l.indent {
			m++
		}
		if m == k+1 {
			continue // no body below: a def the file cuts short
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		from, to := ls[k+1].start, ls[m-1].end
		for j := from; j < to; j++ {
			if out[j] != '\n' && out[j] != '\r' {
				out[j] = ' '
			}
		}
		room := 0
		for from+room < to && out[from+room] == ' ' {
			room++
		}
		if room >= 3 {
			copy(out[from:], "...")
		} else {
			out[from] = '0' // a one-byte statement: `x`
		}
		if nl := bytes.IndexByte(out[from:to], '\n'); nl >= 0 {
			skip = append(skip, [2]uint32{uint32(from + nl + 1), uint32(min(to+1, len(out)))})
		}
		k = m - 1
	}
	if out == nil {
		return src, nil
	}
	return out, skip
}

// logical is one logical line: its first byte (past the indentation),
// the newline ending it (or len(src)) and its indentation's width.
type logical struct {
	start, end, indent int
}

// logicalLines are the logical lines of src, blank and comment-only
// lines left out: a line goes on through open brackets, strings and
// backslash continuations.
func logicalLines(src []byte) []logical {
	var ls []logical
	for i := 0; i < len(src); {
		j, col := i, 0
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f') {
			if src[j] == '\t' {
				col = col/8*8 + 8
			} else {
				col++
			}
			j++
		}
		if j < len(src) && src[j] == '#' {
			j = skipLexeme(src, j)
		}
		if j >= len(src) || src[j] == '\n' || src[j] == '\r' {
			i = j + 1
			continue
		}
		start, depth := j, 0
		for j < len(src) {
			if n := skipLexeme(src, j); n > j {
				j = n
				continue
			}
			c := src[j]
			switch {
			case c == '\\' && j+1 < len(src) && (src[j+1] == '\n' || src[j+1] == '\r'):
				j++
				if src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n' {
					j++
				}
			case c == '(' || c == '[' || c == '{':
				depth++
			case (c == ')' || c == ']' || c == '}') && depth > 0:
				depth--
			case c == '\n' && depth == 0:
				ls = append(ls, logical{start, j, col})
				start = -1
			}
			if start < 0 {
				break
			}
			j++
		}
		if start >= 0 {
			ls = append(ls, logical{start, len(src), col})
		}
		i = j + 1
	}
	return ls
}

// isDef: the logical line is a def's (`def`, `async def`).
func isDef(line []byte) bool {
	if rest, ok := cutWord(line, "async"); ok {
		line = rest
	}
	_, ok := cutWord(line, "def")
	return ok
}

// cutWord cuts the keyword w and the blanks after it off the start of b.
func cutWord(b []byte, w string) ([]byte, bool) {
	if len(b) <= len(w) || string(b[:len(w)]) != w || b[len(w)] != ' ' && b[len(w)] != '\t' {
		return b, false
	}
	b = b[len(w):]
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b, true
}

// blockHeader: the def's line ends at its colon (at bracket depth 0),
// with at most a comment after it, so its body is the block below.
func blockHeader(src []byte, l logical) bool {
	depth := 0
	for j := l.start; j < l.end; {
		if n := skipLexeme(src, j); n > j {
			j = n
			continue
		}
		switch c := src[j]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ':' && depth == 0:
			for j++; j < l.end; j++ {
				switch src[j] {
				case ' ', '\t', '\r', '\\', '\n':
				case '#':
					return true
				default:
					return false
				}
			}
			return true
		}
		j++
	}
	return false
}

// skipLexeme returns the end of the comment (its newline) or string
// literal (single or triple quoted; a backslash escapes the next byte,
// which is how a raw string reads too) starting at i, or i when none
// starts there. A string's prefix (r, b, f) is an identifier's bytes
// before it and changes nothing here.
func skipLexeme(src []byte, i int) int {
	switch c := src[i]; c {
	case '#':
		for i < len(src) && src[i] != '\n' && src[i] != '\r' {
			i++
		}
		return i
	case '"', '\'':
		if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
			for i += 3; i < len(src); i++ {
				if src[i] == '\\' {
					i++
				} else if src[i] == c && i+2 < len(src) && src[i+1] == c && src[i+2] == c {
					return i + 3
				}
			}
			return len(src)
		}
		for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
			if src[i] == '\\' {
				i++
			}
		}
		if i < len(src) && src[i] == c {
			i++
		}
		return i
	}
	return i
}
