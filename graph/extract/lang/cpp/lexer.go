package cpp

import "bytes"

type tokKind uint8

const (
	tokEOF    tokKind = iota
	tokIdent          // an identifier or keyword
	tokString         // a string literal; text is what is between the quotes
	tokRaw            // a raw string literal, R"(...)", which only C++ has
	tokPunct          // one punctuation character, or "::", "[[", "]]"
)

type token struct {
	kind tokKind
	text []byte
}

func (t token) is(s string) bool { return t.kind != tokString && string(t.text) == s }

// lexer splits C-family source into identifiers, string literals and
// punctuation, skipping white space, comments, character literals,
// numbers and preprocessor lines.
type lexer struct {
	src       []byte
	pos       int
	lineStart bool   // only white space since the last newline: a '#' starts a directive
	attr      int    // nesting of [[ ]] attributes
	conds     []cond // the #if blocks open at pos
}

// cond is an open #if block: whether its current branch, and its #else
// branch, are compiled only as C++.
type cond struct{ cur, alt bool }

func (l *lexer) next() token {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.pos++
			l.lineStart = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\\':
			l.pos++
		case c == '#' && l.lineStart:
			end := l.lineEnd()
			l.directive(l.src[l.pos+1 : end])
			l.pos = end
		case c == '/' && l.pos+1 < len(l.src) && (l.src[l.pos+1] == '/' || l.src[l.pos+1] == '*'):
			l.pos += commentLen(l.src[l.pos:])
		default:
			l.lineStart = false
			if tok, ok := l.token(c); ok {
				return tok
			}
		}
	}
	return token{kind: tokEOF}
}

// token reads the token starting with c; ok is false for what is skipped.
func (l *lexer) token(c byte) (token, bool) {
	start := l.pos
	switch {
	case c == '"':
		n := literalLen(l.src[start:], '"')
		l.pos += n
		return token{kind: tokString, text: quoted(l.src[start : start+n])}, true
	case c == '\'':
		if start > 0 && isIdentByte(l.src[start-1]) { // a digit separator: 1'000
			l.pos++
		} else {
			l.pos += literalLen(l.src[start:], '\'')
		}
		return token{}, false
	case c >= '0' && c <= '9':
		l.pos = numberEnd(l.src, start)
		return token{}, false
	case isIdentByte(c):
		for l.pos < len(l.src) && isIdentByte(l.src[l.pos]) {
			l.pos++
		}
		if l.pos < len(l.src) && l.src[l.pos] == '"' && isRawPrefix(l.src[start:l.pos]) {
			l.pos = rawEnd(l.src, l.pos)
			return token{kind: tokRaw}, true
		}
		return token{kind: tokIdent, text: l.src[start:l.pos]}, true
	}
	return l.punct(), true
}

// punct reads "::", "[[", "]]" or one character, keeping count of the
// attribute brackets.
func (l *lexer) punct() token {
	start := l.pos
	l.pos++
	if l.pos < len(l.src) {
		switch two := string(l.src[start : l.pos+1]); two {
		case "::", "[[", "]]":
			l.pos++
			if two == "[[" {
				l.attr++
			} else if two == "]]" && l.attr > 0 {
				l.attr--
			}
		}
	}
	return token{kind: tokPunct, text: l.src[start:l.pos]}
}

// lineEnd is the end of the preprocessor line at l.pos: past backslash
// continuations and block comments that span lines. It jumps from newline
// to newline (most bytes of a header are in #define lines).
func (l *lexer) lineEnd() int {
	b := l.src
	for i := l.pos; ; {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return len(b)
		}
		line := b[i : i+j]
		if k := bytes.Index(line, []byte("/*")); k >= 0 && !bytes.Contains(line[k+2:], []byte("*/")) {
			i += k + commentLen(b[i+k:]) // a comment that goes on past the newline
			continue
		}
		if bytes.HasSuffix(bytes.TrimSuffix(line, []byte("\r")), []byte("\\")) {
			i += j + 1 // a continuation
			continue
		}
		return i + j
	}
}

// numberEnd is the end of the number starting at b[i], exponent signs
// and digit separators included.
func numberEnd(b []byte, i int) int {
	for i < len(b) {
		c := b[i]
		switch {
		case isIdentByte(c) || c == '.' || c == '\'':
			i++
		case (c == '+' || c == '-') && isExponent(b[i-1]):
			i++
		default:
			return i
		}
	}
	return i
}

// isExponent reports whether c introduces an exponent: 1e+5, 0x1p-3.
func isExponent(c byte) bool { return c == 'e' || c == 'E' || c == 'p' || c == 'P' }

// rawEnd is the end of the raw string literal whose quote is at b[q]:
// past `)delimiter"`, or the end of b.
func rawEnd(b []byte, q int) int {
	open := bytes.IndexByte(b[q:], '(')
	if open < 0 || open > 17 {
		return q + 1
	}
	closing := append([]byte(")"), b[q+1:q+open]...)
	closing = append(closing, '"')
	if end := bytes.Index(b[q+open:], closing); end >= 0 {
		return q + open + end + len(closing)
	}
	return len(b)
}

func isRawPrefix(p []byte) bool {
	return bytes.Equal(p, []byte("R")) || bytes.Equal(p, []byte("LR")) || bytes.Equal(p, []byte("uR")) ||
		bytes.Equal(p, []byte("UR")) || bytes.Equal(p, []byte("u8R"))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// directive follows the #if blocks a preprocessor line opens or closes.
func (l *lexer) directive(line []byte) {
	line = bytes.TrimLeft(line, " \t")
	n := 0
	for n < len(line) && isIdentByte(line[n]) {
		n++
	}
	name, rest := string(line[:n]), line[n:]
	switch name {
	case "if", "ifdef", "ifndef":
		l.conds = append(l.conds, cppCondition(name, rest))
	case "elif", "elifdef", "elifndef":
		if len(l.conds) > 0 {
			l.conds[len(l.conds)-1] = cppCondition(name[2:], rest)
		}
	case "else":
		if len(l.conds) > 0 {
			c := &l.conds[len(l.conds)-1]
			c.cur = c.alt
		}
	case "endif":
		if len(l.conds) > 0 {
			l.conds = l.conds[:len(l.conds)-1]
		}
	}
}

// cppCondition reads an #if, #ifdef or #ifndef (or #elif...) condition:
// which of its branches only C++ compiles.
func cppCondition(directive string, rest []byte) cond {
	i := cppGuard(rest)
	if i < 0 {
		return cond{}
	}
	negated := directive == "ifndef"
	if directive == "if" {
		before := bytes.TrimRight(rest[:i], " \t(")
		before = bytes.TrimRight(bytes.TrimSuffix(before, []byte("defined")), " \t(")
		negated = bytes.HasSuffix(before, []byte("!"))
	}
	return cond{cur: !negated, alt: negated}
}

// cppGuard is the index in a condition of the first macro that guards
// C++-only code, or -1: __cplusplus, and project macros named after it
// (ICU's U_SHOW_CPLUSPLUS_API, glibc's __CORRECT_ISO_CPP_STRING_H_PROTO).
func cppGuard(cond []byte) int {
	for i := 0; i < len(cond); i++ {
		if !isIdentByte(cond[i]) || i > 0 && isIdentByte(cond[i-1]) {
			continue
		}
		j := i
		for j < len(cond) && isIdentByte(cond[j]) {
			j++
		}
		word := cond[i:j]
		if bytes.Contains(bytes.ToLower(word), []byte("cplusplus")) || bytes.Contains(word, []byte("_CPP_")) {
			return i
		}
		i = j
	}
	return -1
}

// inCPP reports whether pos is in a block only C++ compiles.
func (l *lexer) inCPP() bool {
	for _, c := range l.conds {
		if c.cur {
			return true
		}
	}
	return false
}
