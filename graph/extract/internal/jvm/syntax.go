package jvm

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract/internal/signature"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Syntax is where Java's and Kotlin's lexical rules part, for what both
// extractors read from the source text rather than the tree: signatures,
// the package header of a file that did not parse.
type Syntax struct {
	nested    bool // block comments nest (Kotlin)
	dollar    bool // '$' is an identifier byte (Java)
	semicolon bool // a package declaration ends at ';' alone (Java)
	oneLine   *signature.Normalizer
}

// Java and Kotlin are the two Syntaxes.
var (
	Java   = &Syntax{dollar: true, semicolon: true, oneLine: newOneLine(false)}
	Kotlin = &Syntax{nested: true, oneLine: newOneLine(true)}
)

// newOneLine is the signature Style of both: no space inside type
// arguments, a trailing comma before a closing bracket dropped.
func newOneLine(nested bool) *signature.Normalizer {
	return signature.New(signature.Style{Space: " \t\r\f", Comments: "//", Nested: nested, Quotes: `"'`,
		Open: "([<", Close: ")]>,", CommaClose: ")]>"})
}

// Normalize puts source text on one line.
func (x *Syntax) Normalize(b []byte) string { return x.oneLine.Normalize(b) }

// Signature is declaration i's header from start (see HeadStart) up to
// body (or i's end), on one line without a closing semicolon.
func (x *Syntax) Signature(t *tsutil.Tree[[]byte], i, body int32, start uint32) string {
	end := t.Nodes[i].End
	if body >= 0 {
		end = t.Nodes[body].Start
	}
	return x.Normalize(bytes.TrimRight(t.Src[start:end], " \t\r\n;"))
}

// HeadStart is where declaration i's signature starts: past the
// annotations (nodes of the annos kinds) that lead its modifiers node
// (of kind mods).
func (x *Syntax) HeadStart(t *tsutil.Tree[[]byte], i int32, mods uint16, annos ...uint16) uint32 {
	start := t.Nodes[i].Start
	m := t.FirstKid(i)
	if t.Kind(m) != mods {
		return start
	}
	for c := t.FirstKid(m); c >= 0; c = t.Next(c) {
		if !isOneOf(t.Kind(c), annos) || x.SkipBlank(t, start) != t.Nodes[c].Start {
			break
		}
		start = t.Nodes[c].End
	}
	return x.SkipBlank(t, start)
}

func isOneOf(k uint16, kinds []uint16) bool {
	for _, a := range kinds {
		if k == a {
			return true
		}
	}
	return false
}

// SkipBlank returns the first offset at or after p that is not white
// space or a comment.
func (x *Syntax) SkipBlank(t *tsutil.Tree[[]byte], p uint32) uint32 {
	rest := x.SkipSpaceAndComments(t.Src[p:])
	return uint32(len(t.Src) - len(rest))
}
