package golang

import (
	"bytes"
	"go/token"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// blankBodies returns src with the bodies of its top-level functions and
// methods blanked (every byte between the body's braces but newlines
// becomes a space), so that a dependency's file parses quickly while every
// declaration keeps its offsets and lines (Input.DeclarationsOnly). A
// function body is the first '{' of a `func` line, at depth 0, outside the
// signature's parentheses, that does not open a struct or interface type.
// The elements of a package-level variable's composite literal (a '{' at
// depth 0 outside a signature that does not open a struct or interface
// type: `var tables = map[string]*RangeTable{…}`) are blanked too: they
// declare nothing, and the literal's type, which a fact may state, stays.
func blankBodies(src []byte) []byte {
	out, _ := blankHoles(src, []extract.Span{{Start: 0, End: uint32(len(src))}})
	return out
}

// blankHoles is blankBodies over the parts of src that keep names (each
// starting at a top-level declaration or the file's start, in order),
// and says what it blanked: the interiors of the braces, in order. It
// always returns a copy of src, which the extractor then owns.
func blankHoles(src []byte, keep []extract.Span) ([]byte, []extract.Span) {
	out := append([]byte(nil), src...)
	var holes []extract.Span
	for _, part := range keep {
		depth := 0      // braces outside function signatures
		sig := false    // in a top-level func's signature
		parens := 0     // in the signature
		var word []byte // the last identifier seen in a signature or at depth 0
		lineStart := true
		for i := int(part.Start); i < int(part.End) && i < len(src); i++ {
			c := src[i]
			if opensLiteral(c) {
				if j := skipLiteral(src, i); j > i {
					i, word, lineStart = j-1, nil, false
					continue
				}
			}
			switch {
			case depth == 0 && !sig && lineStart && hasWord(src, i, "func"):
				sig, parens, word = true, 0, nil
				i += 3
			case sig && c == '(':
				parens++
			case sig && c == ')':
				parens--
			case sig && c == '{' && typeLiteral(word):
				i = matching(src, i) // a type literal in the signature
				word = nil
			case sig && c == '{' && parens == 0:
				end := matching(src, i)
				out, holes = blankBetween(out, i, end), appendHole(holes, i, end)
				sig, i = false, end
			case sig && c == '\n' && parens == 0:
				sig = false // no body: a declaration implemented elsewhere
			case !sig && c == '{' && depth == 0 && !typeLiteral(word):
				end := matching(src, i) // a composite (or function) literal's elements
				out, holes = blankBetween(out, i, end), appendHole(holes, i, end)
				i, word = end, nil
				continue
			case !sig && c == '{':
				depth++
			case !sig && c == '}':
				depth--
			}
			if sig || depth == 0 {
				switch {
				case isIdentByte(c):
					if i == 0 || !isIdentByte(src[i-1]) {
						word = src[i:i]
					}
					word = src[i-len(word) : i+1]
				case c != ' ' && c != '\t' && c != '\n' && c != '\r':
					word = nil
				}
			}
			lineStart = c == '\n'
		}
	}
	return out, holes
}

// appendHole adds the interior of the braces at open and end, if any.
func appendHole(holes []extract.Span, open, end int) []extract.Span {
	if end > open+1 {
		holes = append(holes, extract.Span{Start: uint32(open + 1), End: uint32(end)})
	}
	return holes
}

// without is keep (in order) less holes (in order): what a parse of a
// file read in part and blanked reads (Input.Keep, tree-sitter's
// included ranges), so that the parser passes over the blanks.
func without(keep, holes []extract.Span) []extract.Span {
	var out []extract.Span
	h := 0
	for _, k := range keep {
		start := k.Start
		for ; h < len(holes) && holes[h].Start < k.End; h++ {
			if holes[h].End <= start {
				continue
			}
			if holes[h].Start > start {
				out = append(out, extract.Span{Start: start, End: holes[h].Start})
			}
			start = max(start, holes[h].End)
			if holes[h].End > k.End {
				break // it goes on into the next part
			}
		}
		if start < k.End {
			out = append(out, extract.Span{Start: start, End: k.End})
		}
	}
	return out
}

// typeLiteral: a '{' after word opens a struct or interface type.
func typeLiteral(word []byte) bool {
	return string(word) == "struct" || string(word) == "interface"
}

// blankBetween blanks in out every byte but newlines strictly between
// the braces at open and end.
func blankBetween(out []byte, open, end int) []byte {
	for k := open + 1; k < end && k < len(out); k++ {
		if out[k] != '\n' {
			out[k] = ' '
		}
	}
	return out
}

// matching is the index of the brace closing the one at i (len(src) when
// it is never closed), skipping strings, runes and comments.
func matching[T string | []byte](src T, i int) int {
	d := 0
	for ; i < len(src); i++ {
		if !braceStops[src[i]] {
			continue // most bytes: one table lookup
		}
		switch src[i] {
		case '{':
			d++
		case '}':
			if d--; d == 0 {
				return i
			}
		case '/', '"', '\'', '`':
			if j := skipLiteral(src, i); j > i {
				i = j - 1
			}
		}
	}
	return len(src)
}

// braceStops are the bytes matching looks at.
var braceStops = [256]bool{'{': true, '}': true, '/': true, '"': true, '\'': true, '`': true}

// opensLiteral: a comment, string or rune may start with c (skipLiteral).
func opensLiteral(c byte) bool { return c == '/' || c == '"' || c == '\'' || c == '`' }

// skipLiteral returns the index after the comment, string or rune starting
// at i, or i when none starts there.
func skipLiteral[T string | []byte](src T, i int) int {
	if i+1 < len(src) && src[i] == '/' && (src[i+1] == '/' || src[i+1] == '*') {
		if src[i+1] == '/' { // the newline is not part of the comment
			if j := indexFrom(src, i, "\n"); j >= 0 {
				return j
			}
			return len(src)
		}
		if j := indexFrom(src, i+2, "*/"); j >= 0 {
			return j + 2
		}
		return len(src)
	}
	switch q := src[i]; q {
	case '"', '\'':
		for i++; i < len(src) && src[i] != q && src[i] != '\n'; i++ {
			if src[i] == '\\' {
				i++
			}
		}
		return min(i+1, len(src))
	case '`':
		for i++; i < len(src) && src[i] != '`'; i++ {
		}
		return min(i+1, len(src))
	}
	return i
}

// indexFrom is the index of sep in src at or after i, -1 if none.
func indexFrom[T string | []byte](src T, i int, sep string) int {
	j := -1
	switch s := any(src[i:]).(type) {
	case string:
		j = strings.Index(s, sep)
	case []byte:
		j = bytes.Index(s, []byte(sep))
	}
	if j < 0 {
		return -1
	}
	return i + j
}

// hasWord reports the keyword w at i, as a whole word.
func hasWord(src []byte, i int, w string) bool {
	end := i + len(w)
	return end <= len(src) && string(src[i:end]) == w && (end == len(src) || !isIdentByte(src[end]))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// dropUnreachable removes from a dependency's declarations the symbols no
// importer can name or reach (Input.DeclarationsOnly): unexported
// package-level functions, variables and constants, and unexported
// methods of concrete types, which Go keeps to their package and which
// never satisfy another package's interface. An unexported type stays (an
// exported type may embed it, promoting its exported methods; an exported
// function may return it), and so do an interface's unexported methods
// (they keep other packages' types from implementing it). Relations and
// facts all stay: a fact of an exported variable may name an unexported
// one, or its initializing function's result, and chains follow facts
// without a definition.
func dropUnreachable(x *extract.ExtractedFile) {
	syms := x.Symbols
	drop := make([]bool, len(syms))
	for i, s := range syms {
		if token.IsExported(s.Name) {
			continue
		}
		switch s.Kind {
		case extract.KindFunction, extract.KindVar, extract.KindConst:
			drop[i] = s.Parent == extract.NoParent
		case extract.KindMethod:
			drop[i] = s.Parent < 0 || syms[s.Parent].Kind != extract.KindInterface
		}
	}
	for changed := true; changed; { // what a dropped symbol holds goes too
		changed = false
		for i, s := range syms {
			if !drop[i] && s.Parent >= 0 && drop[s.Parent] {
				drop[i], changed = true, true
			}
		}
	}
	at := make([]int, len(syms)) // each kept symbol's new index
	n := 0
	for i := range syms {
		if !drop[i] {
			at[i], n = n, n+1
		}
	}
	if n == len(syms) {
		return
	}
	kept := make([]extract.RawSymbol, 0, n)
	for i, s := range syms {
		if drop[i] {
			continue
		}
		if s.Parent >= 0 {
			s.Parent = at[s.Parent]
		}
		kept = append(kept, s)
	}
	x.Symbols = kept
}
