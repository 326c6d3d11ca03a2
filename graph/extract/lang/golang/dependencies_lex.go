package golang

import (
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// goTokens reads Go's tokens as go/scanner does with comments skipped
// (the same tokens, the same semicolons inserted at line ends) for the
// pre-scan of a dependency's files (Summarize), without go/scanner's
// cost: it reads a string, so an identifier is a slice of it, not an
// allocation, and it keeps no line table and no comment text.
// TestTokensAsGoScanner checks it against go/scanner over GOROOT/src.
type goTokens struct {
	src    string
	pos    int  // where the next scan starts
	semi   bool // a newline here ends a statement (go/scanner's insertSemi)
	nlSemi int  // a /*…*/ comment holding a newline ended one there: ';' next; -1 none
}

func newGoTokens(src string) goTokens {
	z := goTokens{src: src, nlSemi: -1}
	switch {
	case strings.HasPrefix(src, "\uFEFF"):
		z.pos = len("\uFEFF") // a byte order mark starting the file
	case strings.HasPrefix(src, "\xFF\xFE") || strings.HasPrefix(src, "\xFE\xFF"):
		z.pos = -1 // UTF-16: go/scanner reads it as one illegal character
	}
	return z
}

// restart goes on scanning after the brace at end (a skipped body),
// where a newline ends the statement; at the end of src when end is.
func (z *goTokens) restart(end int) {
	z.pos, z.semi, z.nlSemi = min(end+1, len(z.src)), end < len(z.src), -1
}

// scan returns the next token, its offset and, for an identifier or a
// string, its text (a raw string's without carriage returns).
func (z *goTokens) scan() (int, token.Token, string) {
	src := z.src
	for {
		if z.nlSemi >= 0 {
			at := z.nlSemi
			z.nlSemi = -1
			return at, token.SEMICOLON, "\n"
		}
		if z.pos < 0 {
			z.pos = len(src)
			return 0, token.ILLEGAL, ""
		}
		i := z.pos
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n' && !z.semi) {
			i++
		}
		if i >= len(src) {
			z.pos = i
			if z.semi {
				z.semi = false
				return i, token.SEMICOLON, "\n"
			}
			return i, token.EOF, ""
		}
		c := src[i]
		if c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*') {
			end := skipLiteral(src, i)
			if z.semi && src[i+1] == '*' {
				if nl := strings.IndexByte(src[i:end], '\n'); nl >= 0 {
					z.semi, z.nlSemi = false, i+nl
				}
			}
			z.pos = end
			continue
		}
		tok, end, semi := z.token(i)
		z.pos = end
		if tok != token.ILLEGAL {
			z.semi = semi
		}
		switch tok {
		case token.IDENT:
			return i, tok, src[i:end]
		case token.STRING:
			lit := src[i:end]
			if c == '`' && strings.IndexByte(lit, '\r') >= 0 {
				lit = strings.ReplaceAll(lit, "\r", "")
			}
			return i, tok, lit
		case token.SEMICOLON:
			if c == '\n' {
				return i, tok, "\n"
			}
			return i, tok, ";"
		}
		return i, tok, ""
	}
}

// token reads the token at i (not a comment nor a space): what it is,
// where it ends and whether a newline after it ends a statement.
func (z *goTokens) token(i int) (token.Token, int, bool) {
	src := z.src
	c := src[i]
	switch {
	case isLetterAt(src, i):
		end := identEnd(src, i)
		if end-i == 1 {
			return token.IDENT, end, true
		}
		switch tok := keyword(src[i:end]); tok {
		case token.IDENT, token.BREAK, token.CONTINUE, token.FALLTHROUGH, token.RETURN:
			return tok, end, true
		default:
			return tok, end, false
		}
	case isDecimal(c) || c == '.' && i+1 < len(src) && isDecimal(src[i+1]):
		return token.INT, numberEnd(src, i), true
	case c == '`':
		return token.STRING, skipLiteral(src, i), true
	case c == '"':
		return token.STRING, quotedEnd(src, i), true
	case c == '\'':
		return token.CHAR, quotedEnd(src, i), true
	case c == '\n':
		return token.SEMICOLON, i + 1, false
	case c >= utf8.RuneSelf:
		_, w := utf8.DecodeRuneInString(src[i:])
		return token.ILLEGAL, i + w, false
	}
	tok, n := operator(src[i:])
	switch tok {
	case token.RPAREN, token.RBRACK, token.RBRACE, token.INC, token.DEC:
		return tok, i + n, true
	}
	return tok, i + n, false
}

// keyword is token.Lookup without its map: a switch compiles to a few
// comparisons of length and bytes.
func keyword(s string) token.Token {
	switch s {
	case "break":
		return token.BREAK
	case "case":
		return token.CASE
	case "chan":
		return token.CHAN
	case "const":
		return token.CONST
	case "continue":
		return token.CONTINUE
	case "default":
		return token.DEFAULT
	case "defer":
		return token.DEFER
	case "else":
		return token.ELSE
	case "fallthrough":
		return token.FALLTHROUGH
	case "for":
		return token.FOR
	case "func":
		return token.FUNC
	case "go":
		return token.GO
	case "goto":
		return token.GOTO
	case "if":
		return token.IF
	case "import":
		return token.IMPORT
	case "interface":
		return token.INTERFACE
	case "map":
		return token.MAP
	case "package":
		return token.PACKAGE
	case "range":
		return token.RANGE
	case "return":
		return token.RETURN
	case "select":
		return token.SELECT
	case "struct":
		return token.STRUCT
	case "switch":
		return token.SWITCH
	case "type":
		return token.TYPE
	case "var":
		return token.VAR
	}
	return token.IDENT
}

// operator is the operator or punctuation s starts with and its length
// (go/scanner's); ILLEGAL and 1 for any other byte.
func operator(s string) (token.Token, int) {
	at := func(i int) byte {
		if i < len(s) {
			return s[i]
		}
		return 0
	}
	// or: op, else op= as assign, else op followed by twice (++, <<…).
	or := func(op, assign token.Token, twice byte, double token.Token) (token.Token, int) {
		switch {
		case at(1) == '=':
			return assign, 2
		case twice != 0 && at(1) == twice:
			return double, 2
		}
		return op, 1
	}
	switch s[0] {
	case '(':
		return token.LPAREN, 1
	case ')':
		return token.RPAREN, 1
	case '[':
		return token.LBRACK, 1
	case ']':
		return token.RBRACK, 1
	case '{':
		return token.LBRACE, 1
	case '}':
		return token.RBRACE, 1
	case ',':
		return token.COMMA, 1
	case ';':
		return token.SEMICOLON, 1
	case '~':
		return token.TILDE, 1
	case '.':
		if at(1) == '.' && at(2) == '.' {
			return token.ELLIPSIS, 3
		}
		return token.PERIOD, 1
	case ':':
		return or(token.COLON, token.DEFINE, 0, 0)
	case '+':
		return or(token.ADD, token.ADD_ASSIGN, '+', token.INC)
	case '-':
		return or(token.SUB, token.SUB_ASSIGN, '-', token.DEC)
	case '*':
		return or(token.MUL, token.MUL_ASSIGN, 0, 0)
	case '/':
		return or(token.QUO, token.QUO_ASSIGN, 0, 0)
	case '%':
		return or(token.REM, token.REM_ASSIGN, 0, 0)
	case '^':
		return or(token.XOR, token.XOR_ASSIGN, 0, 0)
	case '=':
		return or(token.ASSIGN, token.EQL, 0, 0)
	case '!':
		return or(token.NOT, token.NEQ, 0, 0)
	case '|':
		return or(token.OR, token.OR_ASSIGN, '|', token.LOR)
	case '&':
		if at(1) == '^' {
			if at(2) == '=' {
				return token.AND_NOT_ASSIGN, 3
			}
			return token.AND_NOT, 2
		}
		return or(token.AND, token.AND_ASSIGN, '&', token.LAND)
	case '<':
		if at(1) == '-' {
			return token.ARROW, 2
		}
		if at(1) == '<' && at(2) == '=' {
			return token.SHL_ASSIGN, 3
		}
		return or(token.LSS, token.LEQ, '<', token.SHL)
	case '>':
		if at(1) == '>' && at(2) == '=' {
			return token.SHR_ASSIGN, 3
		}
		return or(token.GTR, token.GEQ, '>', token.SHR)
	}
	return token.ILLEGAL, 1
}

// isLetterAt: an identifier starts at i (go/scanner's isLetter).
func isLetterAt(src string, i int) bool {
	c := src[i]
	if c < utf8.RuneSelf {
		return 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_'
	}
	r, _ := utf8.DecodeRuneInString(src[i:])
	return unicode.IsLetter(r)
}

// identEnd is where the identifier starting at i ends.
func identEnd(src string, i int) int {
	for i < len(src) {
		c := src[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_' || isDecimal(c):
			i++
		case c >= utf8.RuneSelf:
			r, w := utf8.DecodeRuneInString(src[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return i
			}
			i += w
		default:
			return i
		}
	}
	return i
}

// quotedEnd is where the string or rune starting at i ends: after its
// closing quote, else before the end of its line (go/scanner's, for
// which a backslash escapes any character but a newline).
func quotedEnd(src string, i int) int {
	q := src[i]
	for i++; i < len(src) && src[i] != '\n'; {
		c := src[i]
		i++
		switch {
		case c == q:
			return i
		case c == '\\' && i < len(src) && src[i] != '\n':
			i++
		}
	}
	return i
}

func isDecimal(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDecimal(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

// numberEnd is where the number starting at i ends, as go/scanner's
// scanNumber reads it (a malformed one too).
func numberEnd(src string, i int) int {
	at := func(i int) byte {
		if i < len(src) {
			return src[i]
		}
		return 0
	}
	digits := func(i int, hex bool) int {
		for c := at(i); isDecimal(c) || c == '_' || hex && isHex(c); c = at(i) {
			i++
		}
		return i
	}
	hex := false
	if at(i) != '.' {
		if at(i) == '0' {
			i++
			switch at(i) | 0x20 {
			case 'x':
				i, hex = i+1, true
			case 'o', 'b':
				i++
			}
		}
		i = digits(i, hex)
	}
	if at(i) == '.' {
		i = digits(i+1, hex)
	}
	if e := at(i) | 0x20; e == 'e' || e == 'p' {
		i++
		if at(i) == '+' || at(i) == '-' {
			i++
		}
		i = digits(i, false)
	}
	if at(i) == 'i' {
		i++
	}
	return i
}
