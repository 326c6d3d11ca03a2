package typescript

import "github.com/orbitgraph/orbit/graph/extract"

// collect binds in sc every name the statements of a program or block
// declare, before the block is walked: functions and classes are visible
// above their declaration, and a name's symbol or import must be known at
// its first use. `var` in nested blocks is not hoisted out of them.
func (w *walker) collect(block int32, sc *scope) {
	w.collectExports(block, sc)
	for c := range w.t.Kids(block) {
		w.collectStmt(c, sc, false)
	}
}

// collectExports marks the names `export {a}`, `export default a` and
// `export = a` export, so that their declarations become symbols.
func (w *walker) collectExports(block int32, sc *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(block) {
		if t.Nodes[c].Kind != x.exportStmt || t.Child(c, x.fSource) != noNode {
			continue
		}
		for k := range t.Kids(c) {
			switch {
			case t.Nodes[k].Kind == x.identifier:
				sc.markExported(t.Text(k))
			case t.Nodes[k].Kind == x.exportClause:
				for s := range t.Kids(k) {
					if n := t.Child(s, x.fName); t.Kind(n) == x.identifier {
						sc.markExported(t.Text(n))
					}
				}
			}
		}
	}
}

// collectStmt binds the names one statement declares.
func (w *walker) collectStmt(c int32, sc *scope, exported bool) {
	x, t := w.x, w.t
	switch w.actOf(c) {
	case actFunction:
		w.bindDecl(c, extract.KindFunction, sc)
	case actClass:
		w.bindDecl(c, extract.KindClass, sc)
	case actInterface:
		w.bindDecl(c, extract.KindInterface, sc)
	case actEnum:
		w.bindDecl(c, extract.KindEnum, sc)
	case actTypeAlias:
		w.bindDecl(c, extract.KindTypeAlias, sc)
	case actNamespace:
		w.bindNamespace(c, sc)
	case actExprStmt:
		if k := t.onlyKid(c); w.actOfNode(k) == actNamespace {
			w.bindNamespace(k, sc)
		}
	case actVars:
		w.collectVars(c, sc, exported)
	case actExport:
		if d := t.Child(c, x.fDeclaration); d != noNode {
			w.collectStmt(d, sc, true)
		}
	case actAmbient:
		w.collectAmbient(c, sc, exported)
	case actImport:
		w.collectImport(c, sc)
	}
}

func (w *walker) collectAmbient(c int32, sc *scope, exported bool) {
	saved := w.ambient
	w.ambient = true
	for k := range w.t.Kids(c) {
		if w.t.Nodes[k].Kind == w.x.stmtBlock { // declare global { ... }
			for s := range w.t.Kids(k) {
				w.collectStmt(s, sc, exported)
			}
		} else {
			w.collectStmt(k, sc, exported)
		}
	}
	w.ambient = saved
}

// bindDecl binds a named declaration to its qualified name.
func (w *walker) bindDecl(c int32, kind extract.SymbolKind, sc *scope) {
	if n := w.t.Child(c, w.x.fName); n != noNode && !w.t.empty(n) {
		name := w.t.Text(n)
		sc.bind(name, symbolBinding(kind, sc.prefix+name))
	}
}

// bindNamespace binds `namespace A.B.C` as A; a module named by a string
// binds nothing.
func (w *walker) bindNamespace(c int32, sc *scope) {
	x, t := w.x, w.t
	n := t.Child(c, x.fName)
	for t.Kind(n) == x.nestedID {
		n = t.Child(n, x.fObject)
	}
	if t.Kind(n) == x.identifier && !t.empty(n) {
		name := t.Text(n)
		sc.bind(name, symbolBinding(extract.KindNamespace, sc.prefix+name))
	}
}

// collectVars binds each declarator of a let, const or var declaration:
// to its symbol, to what it requires, or as a local.
func (w *walker) collectVars(c int32, sc *scope, exported bool) {
	x, t := w.x, w.t
	isConst := w.isConstDecl(c)
	for d := range t.Kids(c) {
		if t.Nodes[d].Kind != x.declarator {
			continue
		}
		name, value := t.Child(d, x.fName), t.Child(d, x.fValue)
		switch {
		case name == noNode:
		case w.collectRequire(name, value, sc):
		case t.Nodes[name].Kind == x.identifier:
			n := t.Text(name)
			if kind, ok := w.varKind(value, isConst, exported || sc.exported(n)); ok {
				sc.bind(n, symbolBinding(kind, sc.prefix+n))
			} else {
				sc.bind(n, binding{kind: bindLocal})
			}
		default:
			w.bindPattern(name, sc)
		}
	}
}

// collectRequire binds the names `const x = require("m")` and its
// variants import.
func (w *walker) collectRequire(name, value int32, sc *scope) bool {
	x, t := w.x, w.t
	spec, prop, ok := w.requireSpec(value, sc)
	if !ok {
		return false
	}
	m := w.moduleRef(spec)
	switch {
	case t.Nodes[name].Kind == x.identifier && prop == "":
		sc.bind(t.Text(name), moduleBinding(m))
	case t.Nodes[name].Kind == x.identifier:
		sc.bind(t.Text(name), importBinding(m, prop))
	case t.Nodes[name].Kind == x.objectPattern && prop == "":
		w.eachPatternKey(name, func(key, local, _ int32) {
			if local != noNode {
				sc.bind(t.Text(local), importBinding(m, t.Text(key)))
			}
		})
	default:
		return false
	}
	return true
}

// collectImport binds the names an import statement introduces.
func (w *walker) collectImport(c int32, sc *scope) {
	x, t := w.x, w.t
	if req := t.ChildOfKind(c, x.importReq); req != noNode {
		spec, local := w.specifier(t.Child(req, x.fSource)), t.ChildOfKind(req, x.identifier)
		if spec != "" && local != noNode {
			sc.bind(t.Text(local), moduleBinding(w.moduleRef(spec)))
		}
		return
	}
	spec := w.specifier(t.Child(c, x.fSource))
	clause := t.ChildOfKind(c, x.importClause)
	if spec == "" || clause == noNode {
		return
	}
	m := w.moduleRef(spec)
	for k := range t.Kids(clause) {
		switch t.Nodes[k].Kind {
		case x.identifier:
			sc.bind(t.Text(k), importBinding(m, "default"))
		case x.namespaceImport:
			if l := t.FirstKid(k); l != noNode {
				sc.bind(t.Text(l), moduleBinding(m))
			}
		case x.namedImports:
			for s := range t.Kids(k) {
				name, alias := w.specNames(s)
				local := alias
				if local == "" {
					local = name
				}
				sc.bind(local, importBinding(m, name))
			}
		}
	}
}

// importBinding binds a name imported from module m (or from one of its
// alternatives: the index module of a directory import, other tsconfig
// paths targets).
func importBinding(m modRef, name string) binding {
	return binding{kind: bindImport, target: m.q + ":" + name, alts: members(m.alts, ':', name)}
}

// moduleBinding binds a whole module.
func moduleBinding(m modRef) binding {
	return binding{kind: bindModule, target: m.q, alts: m.alts}
}
