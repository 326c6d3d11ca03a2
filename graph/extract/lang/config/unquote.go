package config

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonString decodes a JSON string literal; an unknown or broken escape is
// kept as written.
func jsonString(lit string) string {
	return unescape(trimQuotes(lit, '"'))
}

// trimQuotes strips the quote q from both ends of lit, or only from the
// start when the literal is not closed.
func trimQuotes(lit string, q byte) string {
	if len(lit) > 0 && lit[0] == q {
		lit = lit[1:]
		if len(lit) > 0 && lit[len(lit)-1] == q {
			lit = lit[:len(lit)-1]
		}
	}
	return lit
}

// simpleEscapes maps the one-letter escapes of JSON, TOML and YAML
// double-quoted strings to what they stand for.
var simpleEscapes = map[byte]string{
	'"': "\"", '\\': "\\", '/': "/", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t",
	'0': "\x00", 'a': "\a", 'v': "\v", 'e': "\x1b", ' ': " ", '_': "\u00a0", 'N': "\u0085",
	'L': "\u2028", 'P': "\u2029",
}

// unescape decodes backslash escapes: the one-letter ones, \xXX, \uXXXX
// (with UTF-16 surrogate pairs) and \UXXXXXXXX.
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
		if r, n := hexEscape(s[i+1:]); n > 0 {
			b.WriteRune(r)
			i += n
		} else if e, ok := simpleEscapes[s[i+1]]; ok {
			b.WriteString(e)
			i++
		} else {
			b.WriteByte('\\')
		}
	}
	return b.String()
}

// hexEscape decodes the escape after a backslash when it is x, u or U
// with enough hex digits; n is how many bytes it used (0 for none).
func hexEscape(s string) (r rune, n int) {
	width := 0
	switch s[0] {
	case 'x':
		width = 2
	case 'u':
		width = 4
	case 'U':
		width = 8
	}
	if width == 0 || len(s) < 1+width {
		return 0, 0
	}
	v, err := strconv.ParseUint(s[1:1+width], 16, 32)
	if err != nil {
		return 0, 0
	}
	r, n = rune(v), 1+width
	if utf16.IsSurrogate(r) && len(s) >= n+6 && s[n] == '\\' && s[n+1] == 'u' {
		if lo, err := strconv.ParseUint(s[n+2:n+6], 16, 32); err == nil {
			if pair := utf16.DecodeRune(r, rune(lo)); pair != utf8.RuneError {
				return pair, n + 6
			}
		}
	}
	if !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	return r, n
}

// singleQuoted decodes a YAML single-quoted scalar, where a doubled quote
// stands for one.
func singleQuoted(lit string) string {
	return strings.ReplaceAll(trimQuotes(lit, '\''), "''", "'")
}

// foldLines joins a multi-line scalar's lines with single spaces, as YAML
// folds a flow scalar.
func foldLines(s string) string {
	if strings.IndexByte(s, '\n') < 0 {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
