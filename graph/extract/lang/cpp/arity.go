package cpp

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Overloads (DESIGN.md, Overloads): C++ overloads share a qualified name,
// so a function's or method's symbol states how many arguments it takes
// and a call ref how many it passes. C has no overloads: neither.

// arity is what a parameter list takes: its parameters, fewer those with
// a default value at least, any number more after `...` or a pack.
func (w *walker) arity(params int32) extract.Arity {
	x, t := w.x, w.t
	if !w.cxx || params < 0 {
		return extract.Arity{}
	}
	var n, required int16
	for c := range t.Kids(params) {
		switch t.Kind(c) {
		case x.paramDecl:
			if string(t.Raw(c)) != "void" {
				n, required = n+1, required+1
			}
		case x.optParamDecl:
			n++
		case x.varParamDecl, errorKind:
			return extract.Arity{Known: true, Min: required, Max: -1}
		}
	}
	if bytes.Contains(t.Raw(params), []byte("...")) { // f(const char *fmt, ...)
		return extract.Arity{Known: true, Min: required, Max: -1}
	}
	return extract.Arity{Known: true, Min: required, Max: n}
}

// setArity states the arity of the symbols added since index from that
// are functions or methods.
func (w *walker) setArity(from int, params int32) {
	a := w.arity(params)
	for i := from; i < len(w.out.Symbols); i++ {
		switch w.out.Symbols[i].Kind {
		case extract.KindFunction, extract.KindFunctionDeclaration, extract.KindMethod:
			w.out.Symbols[i].Arity = a
		}
	}
}

// callArgs is how many arguments an argument list passes; unknown when
// one is a pack expansion (`f(args...)`) or unreadable.
func (w *walker) callArgs(args int32) extract.Arity {
	x, t := w.x, w.t
	if !w.cxx || t.Kind(args) != x.argList {
		return extract.Arity{}
	}
	n := 0
	for c := range t.Kids(args) {
		if t.Kind(c) == errorKind || bytes.HasSuffix(t.Raw(c), []byte("...")) {
			return extract.Arity{}
		}
		n++
	}
	return extract.Exactly(n)
}
