package typescript

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// export walks an export statement: a re-export is an import; an exported
// declaration is a symbol whose span includes `export`; a default-exported
// expression is the symbol "default"; `export {a}` gives use refs.
func (w *walker) export(i int32, sc *scope) {
	x, t := w.x, w.t
	if src := t.Child(i, x.fSource); src != noNode {
		w.reexport(i, src, sc)
		return
	}
	target := int32(noNode)
	for c := range t.Kids(i) {
		switch f := t.Nodes[c].Field; {
		case f == x.fDecorator:
			w.walk(c, sc)
		case f == x.fDeclaration || f == x.fValue:
			target = c
		case t.Nodes[c].Kind == x.exportClause:
			w.exportClause(c, sc)
		}
	}
	if target == noNode {
		w.exportAssignment(i, sc)
		return
	}
	d := decl{outer: i, exported: true, isDefault: w.isDefaultExport(i, target)}
	switch {
	case w.actOf(target) == actImport: // export import A = NS.B
		w.importStmt(target)
	case w.walkDecl(target, d, sc):
		if name := w.declName(target, d); d.isDefault && name != "default" && name != "" {
			w.addFact(extract.FactAlias, sc.prefix+"default", "", sc.prefix+name, i)
		}
	case d.isDefault && t.Nodes[target].Kind != x.identifier:
		w.defaultValue(i, target, sc)
	case d.isDefault:
		w.exportedNameFact(i, target, "default", sc)
	default:
		w.walk(target, sc)
	}
}

// isDefaultExport reports whether `default` is written between the export
// keyword (and decorators) and what it exports.
func (w *walker) isDefaultExport(i, target int32) bool {
	start := w.t.Nodes[i].Start
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field == w.x.fDecorator {
			start = w.t.Nodes[c].End
		}
	}
	return bytes.Contains(w.t.Src[start:w.t.Nodes[target].Start], []byte("default"))
}

// defaultValue emits the constant "default" for `export default <expr>`
// (an object, a call) and walks the expression.
func (w *walker) defaultValue(i, value int32, sc *scope) {
	w.addSymbol("default", sc.prefix+"default", extract.KindConst, w.t.Span(i), "", sc.sym, false)
	w.walk(value, sc)
	w.addFact(extract.FactType, sc.prefix+"default", "", factObject(w.valueOf(value, sc)), i)
}

// exportClause gives a use ref for each name `export {a, b as c}` exports
// from this file.
func (w *walker) exportClause(clause int32, sc *scope) {
	for s := range w.t.Kids(clause) {
		if n := w.t.Child(s, w.x.fName); w.t.Kind(n) == w.x.identifier {
			w.exprRef(n, sc, extract.RefUse)
			exported := w.t.Text(n)
			if a := w.t.Child(s, w.x.fAlias); a != noNode {
				exported = w.identOrString(a)
			}
			w.exportedNameFact(s, n, exported, sc)
		}
	}
}

// exportAssignment states, for `export = X` (a declaration file's
// CommonJS module: @types/react's `export = React`), that the module's
// names are X's members and its default import is X.
func (w *walker) exportAssignment(i int32, sc *scope) {
	t := w.t
	for k := range t.Kids(i) {
		if t.Nodes[k].Kind != w.x.identifier || !bytes.Contains(t.Src[t.Nodes[i].Start:t.Nodes[k].Start], []byte("=")) {
			continue
		}
		mod := moduleOf(sc, w.ns)
		q := sc.prefix + t.Text(k)
		w.addFact(extract.FactAlias, mod+":default", "", q, k)
		w.starFact(mod, q+".", k)
		return
	}
}
