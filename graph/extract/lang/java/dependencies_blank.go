package java

import "bytes"

// A dependency's file (Input.DeclarationsOnly) keeps its declarations
// only, so the bodies of its methods and constructors are blanked before
// parsing, offsets and lines kept: most of a JDK file is bodies. The
// whole lines a body blanked are named for the parser to pass over
// without lexing them (tsutil.Door.Skip). Selection's Summarize lexes
// the same declarations in the same pass (scanDecls), without a copy.

// blankBodies returns src with the inside of every method and constructor
// body replaced by spaces, newlines kept (scanDecls finds them), and the
// whole blank lines of those bodies, sorted.
func blankBodies(src []byte) (blanked []byte, skip [][2]uint32) {
	out := append([]byte(nil), src...)
	scanDecls(src, nil, func(open, end int) {
		for j := open + 1; j < end; j++ {
			if out[j] != '\n' && out[j] != '\r' {
				out[j] = ' '
			}
		}
		if lines, ok := wholeLines(out, open+1, end); ok {
			skip = append(skip, lines)
		}
	})
	return out, skip
}

// wholeLines is the run of whole lines inside [from, to): from after the
// first newline to after the last.
func wholeLines(src []byte, from, to int) ([2]uint32, bool) {
	first := bytes.IndexByte(src[from:to], '\n')
	last := bytes.LastIndexByte(src[from:to], '\n')
	if first < 0 || first == last {
		return [2]uint32{}, false
	}
	return [2]uint32{uint32(from + first + 1), uint32(from + last + 1)}, true
}

// scanDecls lexes src as a dependency's declarations: tok, when set, gets
// each token outside comments, strings and characters (an identifier or
// keyword, else one punctuation byte) but those inside a method's or
// constructor's body, and body each such body: the "{" at open after a
// parameter list's ")" and an optional throws clause, and its closing
// "}" at end (len(src) when none), both of them tokens. A record header's
// ")" opens no body, and a lambda's "->" stands between.
func scanDecls(src []byte, tok func(start, end int), body func(open, end int)) {
	var parens []bool // open parentheses: whether each is a record header's
	afterParams, inThrows := false, false
	for i := 0; i < len(src); {
		c := src[i]
		if c == '/' || c == '"' || c == '\'' {
			if n := skipLexeme(src, i); n > i {
				i = n
				continue
			}
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			i++
			continue
		}
		if isIdentByte(c) {
			// a throws clause: `) throws IOException, a.B {`
			j := i + 1
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			if tok != nil {
				tok(i, j)
			}
			if string(src[i:j]) == "throws" {
				inThrows = afterParams
			} else if !inThrows {
				afterParams = false
			}
			i = j
			continue
		}
		if tok != nil {
			tok(i, i+1)
		}
		switch {
		case c == '(':
			parens = append(parens, isRecordHeader(src, i))
			afterParams, inThrows = false, false
		case c == ')':
			afterParams, inThrows = len(parens) > 0 && !parens[len(parens)-1], false
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
		case c == '{' && afterParams && len(parens) == 0:
			end := matchBrace(src, i)
			if body != nil {
				body(i, end)
			}
			i, afterParams, inThrows = end, false, false
			continue
		case c == '.' || c == ',':
			afterParams = afterParams && inThrows
		default:
			afterParams, inThrows = false, false
		}
		i++
	}
}

// isRecordHeader: the "(" at i follows `record Name` or `record Name<…>`.
func isRecordHeader(src []byte, i int) bool {
	j := skipSpaceBack(src, i-1)
	if j >= 0 && src[j] == '>' {
		for depth := 0; j >= 0; j-- {
			if src[j] == '>' {
				depth++
			} else if src[j] == '<' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		j = skipSpaceBack(src, j-1)
	}
	for j >= 0 && isIdentByte(src[j]) {
		j--
	}
	j = skipSpaceBack(src, j)
	return j >= 5 && string(src[j-5:j+1]) == "record" && (j < 6 || !isIdentByte(src[j-6]))
}

func skipSpaceBack(src []byte, j int) int {
	for j >= 0 && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
		j--
	}
	return j
}

// matchBrace is the index of the "}" closing the "{" at i (len(src) when
// none does).
func matchBrace(src []byte, i int) int {
	depth := 0
	for i < len(src) {
		switch src[i] {
		case '/', '"', '\'':
			if n := skipLexeme(src, i); n > i {
				i = n
				continue
			}
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
		i++
	}
	return len(src)
}

// skipLexeme returns the end of the comment, string, text block or
// character literal starting at i, or i when none starts there.
func skipLexeme(src []byte, i int) int {
	switch {
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
		for i < len(src) && src[i] != '\n' {
			i++
		}
		return i
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
		for i += 2; i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/'); i++ {
		}
		return min(i+2, len(src))
	case src[i] == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
		for i += 3; i+2 < len(src); i++ {
			if src[i] == '\\' {
				i++
			} else if src[i] == '"' && src[i+1] == '"' && src[i+2] == '"' {
				return i + 3
			}
		}
		return len(src)
	case src[i] == '"' || src[i] == '\'':
		q := src[i]
		for i++; i < len(src) && src[i] != q && src[i] != '\n'; i++ {
			if src[i] == '\\' {
				i++
			}
		}
		return min(i+1, len(src))
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
