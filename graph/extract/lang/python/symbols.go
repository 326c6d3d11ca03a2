package python

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// decorated handles a decorated def or class. Its symbol's span starts at
// `def` or `class`: Python evaluates the decorators in the enclosing scope,
// before the definition, so the calls they make (`@app.route("/")`,
// `@click.option(...)`) are the enclosing scope's, never callees of the
// decorated function.
func (w *walker) decorated(i int32, sc *scope) {
	d := w.t.Child(i, w.x.fDefinition)
	switch w.t.Kind(d) {
	case w.x.funcDef:
		w.function(d, i, sc)
	case w.x.classDef:
		w.class(d, i, sc)
	default: // broken code
		w.walkKids(i, sc, false)
	}
}

// function emits a function, method or test symbol and walks it: the
// decorators, annotations and defaults in the enclosing scope, the body in
// a scope of its own.
func (w *walker) function(i, dec int32, sc *scope) {
	x, t := w.x, w.t
	name := w.defName(i)
	if name == "" {
		w.walkKids(i, sc, false)
		return
	}
	q := join(sc.qual, name)
	sig := w.signature(i, x.fName, x.fTypeParams, x.fParameters, x.fReturnType)
	sym := w.addSymbol(name, q, w.funcKind(name, sc), w.t.Span(i), sig, sc.symbolParent())
	if dec != noNode {
		at, ref := w.click(dec, name, q, sc)
		w.decorators(dec, sc, at, ref)
	}
	params := t.Child(i, x.fParameters)
	if params != noNode {
		w.paramExprs(params, sc)
	}
	if r := t.Child(i, x.fReturnType); r != noNode {
		w.typeRefs(r, sc)
	}
	prop := w.isProperty(dec, sc)
	w.returnsFact(i, q, sc, prop)
	fs := newScope(scopeFunc, q, sym, sc)
	w.bindTargets(params, fs)
	if sc.kind == scopeClass {
		fs.class = sc
	}
	if params != noNode {
		w.typeParams(params, fs, sc, sc.kind == scopeClass && !w.isStatic(dec))
	}
	fixture := w.isFixture(dec, sc)
	if fixture || w.out.Symbols[sym].Kind == extract.KindTest {
		w.fixtureParams(params, fs, sc.kind == scopeClass && !w.isStatic(dec))
	}
	outer := w.results
	w.results = nil
	if t.Child(i, x.fReturnType) == noNode {
		w.results = &results{ok: true, scope: fs, fixture: fixture}
	}
	if body := t.Child(i, x.fBody); body != noNode {
		w.collect(body, fs)
		w.walkBody(body, fs, false)
	}
	w.inferredResult(i, q, sc, prop)
	w.results = outer
}

// isStatic reports whether the decorators dec include @staticmethod.
func (w *walker) isStatic(dec int32) bool {
	if dec == noNode {
		return false
	}
	for d := range w.t.Kids(dec) {
		if e := w.t.FirstKid(d); w.t.Kind(e) == w.x.identifier && string(w.t.Raw(e)) == "staticmethod" {
			return true
		}
	}
	return false
}

// funcKind: a def in a class is a method; in a test file, module-level
// test_* functions and test* methods are tests.
func (w *walker) funcKind(name string, sc *scope) extract.SymbolKind {
	switch {
	case sc.kind == scopeClass && w.testFile && strings.HasPrefix(name, "test"):
		return extract.KindTest
	case sc.kind == scopeClass:
		return extract.KindMethod
	case sc.kind == scopeModule && w.testFile && strings.HasPrefix(name, "test_"):
		return extract.KindTest
	}
	return extract.KindFunction
}

// paramExprs walks parameter annotations (as types) and default values,
// both evaluated in the scope that defines the function.
func (w *walker) paramExprs(params int32, sc *scope) {
	x, t := w.x, w.t
	for p := range t.Kids(params) {
		for c := range t.Kids(p) {
			switch t.Nodes[c].Field {
			case x.fType:
				w.typeRefs(c, sc)
			case x.fValue:
				w.walk(c, sc, false)
			}
		}
	}
}

// class emits a class symbol, its base relations and walks its body, where
// ALL_CAPS assignments are class constants.
func (w *walker) class(i, dec int32, sc *scope) {
	x, t := w.x, w.t
	name := w.defName(i)
	if name == "" {
		w.walkKids(i, sc, false)
		return
	}
	q := join(sc.qual, name)
	sig := w.signature(i, x.fName, x.fTypeParams, x.fSuperclasses)
	sym := w.addSymbol(name, q, extract.KindClass, w.t.Span(i), sig, sc.symbolParent())
	if dec != noNode {
		w.decorators(dec, sc, noNode, extract.RawRef{})
	}
	cs := newScope(scopeClass, q, sym, sc)
	if sup := t.Child(i, x.fSuperclasses); sup != noNode {
		cs.base = w.bases(sup, q, sc)
	}
	if body := t.Child(i, x.fBody); body != noNode {
		w.collect(body, cs)
		w.walkBody(body, cs, true)
	}
}

// assignSymbols emits module-level constants and variables, and class-level
// constants, for each plain name assigned by a statement (`A = B = 1`
// defines both; `a, b = ...` defines neither).
func (w *walker) assignSymbols(stmt int32, sc *scope) {
	x, t := w.x, w.t
	for a := t.FirstKid(stmt); t.Kind(a) == x.assignment; a = t.Child(a, x.fRight) {
		left := t.Child(a, x.fLeft)
		if t.Kind(left) != x.identifier || t.Nodes[left].End == t.Nodes[left].Start {
			continue
		}
		name := t.Text(left)
		kind := extract.KindVar
		if isAllCaps(name) {
			kind = extract.KindConst
		} else if sc.kind != scopeModule {
			continue
		}
		w.addSymbol(name, join(sc.qual, name), kind, t.Span(a), "", sc.symbolParent())
	}
}

// isAllCaps reports whether name is a constant name: no lower-case letter
// and at least one upper-case one (MAX_SIZE, _DEFAULT, HTTP2).
func isAllCaps(name string) bool {
	upper := false
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9', c == '_':
		default:
			return false
		}
	}
	return upper
}

func (w *walker) addSymbol(name, q string, kind extract.SymbolKind, sp extract.Span, sig string, parent int) int {
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: q, Kind: kind, Span: sp, Signature: sig, Parent: parent,
	})
	return len(w.out.Symbols) - 1
}

// signature is the header of a def or class up to the last of the given
// fields present, on one normalized line.
func (w *walker) signature(i int32, fields ...uint16) string {
	t := w.t
	end := t.Nodes[i].Start
	for c := range t.Kids(i) {
		for _, f := range fields {
			if t.Nodes[c].Field == f && t.Nodes[c].End > end {
				end = t.Nodes[c].End
			}
		}
	}
	return normalizeSignature(t.Src[t.Nodes[i].Start:end])
}

// defName is the name of a def or class, or "" when the code is too broken
// to have one.
func (w *walker) defName(i int32) string {
	if n := w.t.Child(i, w.x.fName); n != noNode {
		return w.t.Text(n)
	}
	return ""
}
