package cpp

import (
	"strings"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
)

// maxSignature caps a signature: the longest real prototypes are a few
// hundred bytes; longer ones are error recovery gluing code together.
const maxSignature = 400

// sig is the source between two offsets on one normalized line.
func (w *walker) sig(start, end uint32) string {
	if end < start {
		end = start
	}
	return normalize(w.t.Src[start:end])
}

// capSignature cuts a signature past maxSignature at a character
// boundary, marking the cut with "...".
func capSignature(s string) string {
	if len(s) <= maxSignature {
		return s
	}
	cut := maxSignature
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// funcSig is a function definition up to the end of its declarator:
// "static int add(int a, int b)", "template <class T> T max(T a, T b)",
// "int V::get() const". Constructor initializers and bodies are left out.
func (w *walker) funcSig(outer, d int32) string {
	return w.sig(w.headStart(outer, d), w.t.Nodes[d].End)
}

// headSpan is the span of a definition whose declarator is d: outer's,
// from headStart.
func (w *walker) headSpan(outer, d int32) extract.Span {
	return extract.Span{Start: w.headStart(outer, d), End: w.t.Nodes[outer].End}
}

// headStart is where the declaration of declarator d begins: outer's
// start, or after the last semicolon before d when tree-sitter glued
// the end of a macro-broken declaration to it
// (`int f(void) __THROW; int g(void);` read as one).
func (w *walker) headStart(outer, d int32) uint32 {
	start, end := w.t.Nodes[outer].Start, w.t.Nodes[d].Start
	if end <= start {
		return start
	}
	if semi := lastTopSemicolon(w.t.Src[start:end]); semi >= 0 {
		start += uint32(semi) + 1
		for start < end && isSpace(w.t.Src[start]) {
			start++
		}
	}
	return start
}

// lastTopSemicolon is the index of the last ';' in b outside braces,
// parentheses and literals, or -1.
func lastTopSemicolon(b []byte) int {
	last, depth := -1, 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '{', '(':
			depth++
		case '}', ')':
			depth--
		case '"', '\'':
			i += literalLen(b[i:], c) - 1
		case ';':
			if depth == 0 {
				last = i
			}
		}
	}
	return last
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// declSig is one declarator of a declaration with the declaration's
// specifiers and type, without its initial value and with the body of a
// struct, union or enum defined in the type elided: "static int counter",
// "typedef struct {...} point", "int (*handler)(int)".
func (w *walker) declSig(outer, typ, first, d int32) string {
	t := w.t
	start, prefixEnd := w.headStart(outer, first), t.Nodes[first].Start
	var prefix string
	if body := t.Child(typ, w.x.fBody); body != noNode && start <= t.Nodes[body].Start && t.Nodes[body].End <= prefixEnd {
		prefix = w.sig(start, t.Nodes[body].Start) + " {...}" + w.sig(t.Nodes[body].End, prefixEnd)
	} else {
		prefix = w.sig(start, prefixEnd)
	}
	if t.Nodes[d].Kind == w.x.initDecl {
		d = t.Child(d, w.x.fDeclarator)
	}
	if d == noNode {
		return prefix
	}
	decl := normalize(t.Raw(d))
	if n := strings.IndexFunc(decl, func(r rune) bool { return r != '*' && r != '&' }); n > 0 && decl[n] == ' ' {
		decl = decl[:n] + decl[n+1:] // "* make()" reads "*make()"
	}
	if prefix == "" {
		return decl
	}
	return prefix + " " + decl
}

// normalize puts source text on one line: comments dropped, line
// continuations and white space runs turned into one space, none just
// inside brackets or before a comma, and no trailing semicolon. String and
// character literals are copied as written.
func normalize(b []byte) string {
	out := make([]byte, 0, len(b))
	space := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '/' && i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*'):
			i += commentLen(b[i:]) - 1
			space = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\' || c == '\f' || c == '\v':
			space = true
		case c == ')' || c == ']' || c == ',' || c == ';':
			out = append(out, c)
			space = false
		case c == '"' || c == '\'':
			out = appendSpace(out, space)
			n := literalLen(b[i:], c)
			out = append(out, b[i:i+n]...)
			i += n - 1
			space = false
		default:
			out = appendSpace(out, space)
			out = append(out, c)
			space = false
		}
	}
	for len(out) > 0 && (out[len(out)-1] == ';' || out[len(out)-1] == ' ') {
		out = out[:len(out)-1]
	}
	return string(out)
}

// appendSpace writes the space a white space run stands for, unless it
// would begin the line or follow an opening bracket.
func appendSpace(out []byte, space bool) []byte {
	if !space || len(out) == 0 {
		return out
	}
	if last := out[len(out)-1]; last == '(' || last == '[' {
		return out
	}
	return append(out, ' ')
}
