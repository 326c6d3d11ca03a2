package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// prepare is the content the parser reads: newline-ended, with two
// constructs tree-sitter-kotlin v1.1.0 cannot parse written so that it
// can, each byte for byte the same length, so that every offset still
// points into the file as it is (the walk reads names from the file
// itself). Without them the parser's recovery loses the rest of the class
// or file: every later function stops being a callable.
func prepare(content []byte) []byte {
	b := newlineEnded(content)
	copied := len(b) != len(content)
	own := func() {
		if !copied {
			b = bytes.Clone(b)
			copied = true
		}
	}
	// A call of a function named like a modifier (Glide's
	// RequestOptions.override(w, h) inside an apply block, the stdlib's
	// suspend { }): the grammar takes the word for the modifier and loses
	// the rest of the file. The parser reads _verride, _uspend.
	for _, m := range modifierCall().FindAllSubmatchIndex(b, -1) {
		if bytes.HasPrefix(b[m[2]:m[3]], []byte("suspend")) && b[m[1]-1] == '(' && functionType(b, m[1]-1) {
			continue // suspend (A) -> B, a suspending function type
		}
		own()
		b[m[2]] = '_'
	}
	// An annotated primary constructor on a line of its own (`class A\n
	// @JvmOverloads\npublic constructor(...)`): the grammar accepts the
	// annotations only on the class's line, so the line breaks between
	// the class name and `constructor` become spaces.
	for _, m := range annotatedCtor().FindAllSubmatchIndex(b, -1) {
		gap := b[m[2]:m[3]]
		if bytes.IndexByte(gap, '@') < 0 || bytes.IndexAny(gap, "\r\n") < 0 {
			continue
		}
		own()
		for i := m[2]; i < m[3]; i++ {
			if b[i] == '\n' || b[i] == '\r' {
				b[i] = ' '
			}
		}
	}
	return b
}

// modifierCall is override followed by '(', or suspend followed by '(' or
// '{' (submatch 1, the word), neither after a '.' (a member call the
// grammar reads already) nor part of a longer name. As modifiers they are
// followed by a declaration or, suspend, by a function type.
var modifierCall = tsutil.LazyRegexp(`(?:^|[^.\w])(override\s*\(|suspend\s*[({])`)

// functionType reports whether the parenthesis at open closes on `) ->`.
func functionType(b []byte, open int) bool {
	depth := 0
	for i := open; i < len(b); i++ {
		switch b[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				rest := bytes.TrimLeft(b[i+1:], " \t\r\n")
				return bytes.HasPrefix(rest, []byte("->"))
			}
		}
	}
	return false
}

// annotatedCtor is a class header's name (and type parameters), then
// annotations (arguments nested three deep at most) and visibility
// modifiers up to `constructor`: submatch 1.
var annotatedCtor = tsutil.LazyRegexp(`\bclass\s+\w+(?:\s*<[^{}()=;]*>)?((?:\s|@[\w.]+(?:\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?|\bpublic\b|\bprivate\b|\binternal\b|\bprotected\b)*?)\bconstructor\s*\(`)
