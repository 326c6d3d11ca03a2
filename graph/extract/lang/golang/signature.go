package golang

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract/internal/signature"
)

// funcSignature is a function or method declaration up to its body.
func (x *fileExtractor) funcSignature(decl int32) string {
	end := x.t.Nodes[decl].End
	if body := x.t.Child(decl, fields.body); body >= 0 {
		end = x.t.Nodes[body].Start
	}
	return normalize(x.t.Src[x.t.Nodes[decl].Start:end])
}

// typeSignature is "type Name[P any] struct", "type Name = Other" or
// "type Name underlying", cut before any inline struct or interface body.
func (x *fileExtractor) typeSignature(spec int32) string {
	typ := x.t.Child(spec, fields.typ)
	prefix := "type " + normalize(x.t.Src[x.t.Nodes[spec].Start:x.nodeStart(typ)]) + " "
	switch x.t.Kind(typ) {
	case kinds.structType:
		return prefix + "struct"
	case kinds.interfaceType:
		return prefix + "interface"
	}
	under := normalize(x.t.Text(typ))
	if i := strings.IndexByte(under, '{'); i >= 0 {
		under = strings.TrimRight(under[:i], " ")
	}
	return prefix + under
}

// valueSignature is "const Name", "var Name" or with the declared type,
// "var Name Type"; values are left out.
func (x *fileExtractor) valueSignature(keyword, name string, spec int32) string {
	if typ := x.t.Child(spec, fields.typ); typ >= 0 {
		return keyword + " " + name + " " + normalize(x.t.Text(typ))
	}
	return keyword + " " + name
}

// nodeStart is a node's start offset, or the end of the file for -1.
func (x *fileExtractor) nodeStart(i int32) uint32 {
	if i < 0 {
		return uint32(len(x.t.Src))
	}
	return x.t.Nodes[i].Start
}

// oneLine is Go's Style: a trailing comma before a closing bracket is
// dropped; raw strings have no escapes.
var oneLine = signature.New(signature.Style{Space: " \t\r", Comments: "//", Quotes: "\"'`", RawQuotes: "`",
	Open: "([{", Close: ")]},", CommaClose: ")]}"})

// normalize puts source text on one line.
func normalize(s string) string { return oneLine.NormalizeString(s) }
