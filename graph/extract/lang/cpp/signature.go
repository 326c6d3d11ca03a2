package cpp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/signature"
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

// capSignature cuts a signature past maxSignature.
func capSignature(s string) string { return signature.Cap(s, maxSignature, "...") }

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

// oneLine is C's and C++'s Style: a backslash continues a line, and an
// unterminated literal ends with its line.
var oneLine = signature.New(signature.Style{Space: " \t\r\\\f\v", Comments: "//", Quotes: `"'`, LineQuotes: `"'`,
	Open: "([", Close: ")],;"})

// normalize puts source text on one line, without a trailing semicolon.
func normalize(b []byte) string { return strings.TrimRight(oneLine.Normalize(b), "; ") }
