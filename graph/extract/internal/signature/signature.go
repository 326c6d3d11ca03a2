// Package signature puts a declaration's source text on one line, the way
// every extractor writes RawSymbol.Signature: comments dropped, runs of
// white space collapsed to one space (none just inside an opening bracket
// or before a closing one), literals copied as written. What differs
// between languages is lexical, so each describes its delimiters in a
// Style, a small table, and all share one loop.
//
// Layer: extract (leaf); imports only the standard library.
package signature

// Style is one language's delimiters. A zero field means the language has
// no such thing.
type Style struct {
	Space    string // white space besides '\n' ("\\" too where it continues a line)
	Comments string // "//" for // and /* */ comments, "#" for # comments
	Nested   bool   // block comments nest (Kotlin)
	Hashes   bool   // a line that starts with '#' is a directive, dropped (C#)
	Quotes   string // the bytes that open a string or character literal
	// LineQuotes are those of Quotes whose unterminated literals end with
	// the line; RawQuotes those whose literals have no escapes (Go's `).
	LineQuotes, RawQuotes string
	Triple                bool   // """ and ''' literals (Python)
	Verbatim              bool   // @"..." literals, with "" for a quote (C#)
	Open                  string // no space after these
	Close                 string // no space before these
	// CommaClose are the closers a trailing comma before them is dropped
	// for; with CommaOnNewline only when a newline came between (a list
	// written one item per line). NewlineClose are bytes that close a
	// list, as Close and CommaClose do, only after a newline (Rust's '>',
	// which is a comparison too).
	CommaClose, NewlineClose string
	CommaOnNewline           bool
}

// The byte classes of a Style, looked up in one table.
const (
	isSpace uint8 = 1 << iota
	isOpen
	isClose
	isCommaClose
	isNewlineClose
	isQuote
	isLineQuote
	isRawQuote
)

// Normalizer puts source text on one line in one Style. It is safe for
// concurrent use.
type Normalizer struct {
	st    Style
	class [256]uint8
}

// New compiles a Style.
func New(st Style) *Normalizer {
	n := &Normalizer{st: st}
	for _, set := range []struct {
		bytes string
		class uint8
	}{
		{st.Space + "\n", isSpace}, {st.Open, isOpen}, {st.Close, isClose}, {st.CommaClose, isCommaClose},
		{st.NewlineClose, isNewlineClose}, {st.Quotes, isQuote}, {st.LineQuotes, isLineQuote}, {st.RawQuotes, isRawQuote},
	} {
		for i := 0; i < len(set.bytes); i++ {
			n.class[set.bytes[i]] |= set.class
		}
	}
	return n
}

// Normalize puts b on one line.
func (n *Normalizer) Normalize(b []byte) string { return normalize(n, b) }

// NormalizeString puts s on one line.
func (n *Normalizer) NormalizeString(s string) string { return normalize(n, s) }

func normalize[S ~string | ~[]byte](n *Normalizer, s S) string {
	b := make([]byte, 0, len(s))
	space, newline := false, false
	for i := 0; i < len(s); {
		c := s[i]
		if n.class[c]&isSpace != 0 {
			space, newline, i = true, newline || c == '\n', i+1
			continue
		}
		if end := commentEnd(&n.st, s, i); end > i {
			space, i = true, end
			continue
		}
		b = n.separate(b, c, space, newline)
		space, newline = false, false
		j := literalEnd(n, s, i)
		b = append(b, s[i:j]...)
		i = j
	}
	return string(b)
}

// separate drops a trailing comma that c closes and writes the space a
// run of white space or comments before c stands for, where c needs it.
func (n *Normalizer) separate(b []byte, c byte, space, newline bool) []byte {
	if len(b) == 0 {
		return b
	}
	cl := n.class[c]
	closes := cl&isClose != 0 || newline && cl&isNewlineClose != 0
	dropsComma := cl&isCommaClose != 0 || newline && cl&isNewlineClose != 0
	if dropsComma && b[len(b)-1] == ',' && (newline || !n.st.CommaOnNewline) {
		b = b[:len(b)-1]
	}
	if space && !closes && len(b) > 0 && n.class[b[len(b)-1]]&isOpen == 0 {
		b = append(b, ' ')
	}
	return b
}

// Cap cuts s past max bytes at a character boundary, marking the cut with
// ellipsis: a signature that long is error recovery gluing code together.
func Cap(s string, max int, ellipsis string) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 { // inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + ellipsis
}
