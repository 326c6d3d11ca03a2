package typescript

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// varKind is the symbol kind a declarator defines: a function or class
// value at any level; an exported or ambient (`declare`, .d.ts) const or
// variable. ok is false for the rest, which are locals.
func (w *walker) varKind(value int32, isConst, exported bool) (extract.SymbolKind, bool) {
	switch w.actOfNode(value) {
	case actFuncExpr:
		return extract.KindFunction, true
	case actClassExpr:
		return extract.KindClass, true
	}
	switch {
	case !exported && !w.ambient:
		return extract.KindUnknown, false
	case isConst:
		return extract.KindConst, true
	}
	return extract.KindVar, true
}

// actOfNode is actOf that accepts noNode.
func (w *walker) actOfNode(i int32) action {
	if i == noNode {
		return actSkip
	}
	return w.actOf(i)
}

// isConstDecl reports whether a lexical declaration is `const`.
func (w *walker) isConstDecl(i int32) bool { return bytes.HasPrefix(w.t.Raw(i), []byte("const")) }

// variables walks a let, const or var declaration: declarators that
// define symbols, require calls that import, process.env destructuring,
// and every type and value.
func (w *walker) variables(i int32, d decl, sc *scope) {
	x, t := w.x, w.t
	isConst, n := w.isConstDecl(i), 0
	for c := range t.Kids(i) {
		if t.Nodes[c].Kind == x.declarator {
			n++
		}
	}
	for c := range t.Kids(i) {
		if t.Nodes[c].Kind != x.declarator {
			w.walk(c, sc)
			continue
		}
		outer := c
		if n == 1 {
			outer = i
			if d.outer != noNode {
				outer = d.outer
			}
		}
		w.declarator(c, outer, i, isConst, d.exported, sc)
	}
}

// declarator walks one `name = value`; outer is the node whose span a
// symbol takes and decl the declaration its signature starts at.
func (w *walker) declarator(c, outer, declNode int32, isConst, exported bool, sc *scope) {
	x, t := w.x, w.t
	name, value := t.Child(c, x.fName), t.Child(c, x.fValue)
	if t.Kind(name) == x.identifier && !t.empty(name) {
		n := t.Text(name)
		if kind, ok := w.varKind(value, isConst, exported || sc.exported(n)); ok {
			w.boundSymbol(c, outer, declNode, n, kind, sc)
			return
		}
	}
	if w.requireDecl(name, value, sc) {
		return
	}
	if t.Kind(name) == x.objectPattern && w.isEnv(value, sc) {
		w.envPattern(name)
	}
	for k := range t.Kids(c) {
		switch {
		case k == name:
			w.patternDefaults(k, sc)
		case k == value && t.Kind(name) == x.identifier:
			w.walk(k, sc)
			w.valueRef(k, sc) // const step = this.multipleOf
		default:
			w.walk(k, sc)
		}
	}
	if t.Kind(name) == x.identifier {
		w.typeVariable(c, name, sc.prefix+t.Text(name), sc.parent == nil, sc)
	}
}

// typeVariable records what declarator c says of its variable's type:
// the variable's binding takes it (for receivers later in the file) and,
// for a module-level variable, a fact states it (for other files').
func (w *walker) typeVariable(c, name int32, q string, stated bool, sc *scope) {
	typ := w.declaredType(c, sc)
	sc.retype(w.t.Raw(name), typ)
	if stated {
		w.addFact(extract.FactType, q, "", factObject(typ), c)
	}
}

// boundSymbol emits the symbol a declarator defines and walks its type and
// value; a function or class value is walked as that symbol's body.
func (w *walker) boundSymbol(c, outer, declNode int32, name string, kind extract.SymbolKind, sc *scope) {
	x, t := w.x, w.t
	q := sc.prefix + name
	value := t.Child(c, x.fValue)
	start := c
	if outer != c {
		start = declNode
	}
	var sig string
	switch kind {
	case extract.KindFunction:
		sig = w.header(start, value, t.Child(value, x.fBody))
	case extract.KindClass:
		sig = w.header(start, value, t.Child(value, x.fBody))
	default:
		sig = w.header(start, c, value)
	}
	idx := w.addSymbol(name, q, kind, t.Span(outer), sig, sc.sym, false)
	for k := range t.Kids(c) {
		switch {
		case t.Nodes[k].Field == x.fName:
		case k == value && kind == extract.KindFunction:
			w.funcParts(k, newScope(q+".", idx, sc), sc, nil)
		case k == value && kind == extract.KindClass:
			w.classParts(k, q, idx, sc)
		default:
			w.walk(k, sc)
			if k == value {
				w.valueRef(k, sc) // export const stringType = ZodString.create
			}
		}
	}
	if kind == extract.KindConst || kind == extract.KindVar {
		w.typeVariable(c, t.Child(c, x.fName), q, true, sc)
		w.valueReturns(q, value, sc)
		w.objectReturns(q, value, sc)
	}
}
