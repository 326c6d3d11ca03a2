package store

import (
	"strings"
	"unicode"
)

// SearchTerms is what symbols_fts indexes for a name or qualified name: the
// text itself plus the parts of every camelCase or snake_case identifier in
// it, so that "handler" finds HandlerFunc. FTS5's tokenizer already splits on
// punctuation and underscores, so only case boundaries need adding. It is
// deterministic: deleting an FTS row recomputes the same terms.
func SearchTerms(s string) string {
	var b strings.Builder
	b.WriteString(s)
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return !isIdentRune(r) }) {
		parts := camelParts(word)
		if len(parts) > 1 {
			for _, p := range parts {
				b.WriteByte(' ')
				b.WriteString(p)
			}
		}
	}
	return b.String()
}

func isIdentRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// camelParts splits "HTTPServerError2" into HTTP, Server, Error2.
func camelParts(word string) []string {
	rs := []rune(word)
	var parts []string
	start := 0
	for i := 1; i < len(rs); i++ {
		prev, cur := rs[i-1], rs[i]
		boundary := unicode.IsLower(prev) && unicode.IsUpper(cur) ||
			unicode.IsUpper(prev) && unicode.IsUpper(cur) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if boundary {
			parts = append(parts, string(rs[start:i]))
			start = i
		}
	}
	return append(parts, string(rs[start:]))
}
