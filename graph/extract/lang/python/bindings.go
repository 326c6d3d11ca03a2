package python

// collect records in sc every name the statements under i bind: defs,
// classes, imports, assignment and loop targets, `as` names, walrus targets
// and match captures. Python decides a name's scope from the whole body, so
// this runs before the body is walked. It does not enter nested functions,
// classes or lambdas, nor the loop variables of comprehensions.
func (w *walker) collect(i int32, sc *scope) {
	x, t := w.x, w.t
	switch k := t.Nodes[i].Kind; k {
	case x.funcDef:
		w.bindDefinition(i, sc, bindDef)
	case x.classDef:
		w.bindDefinition(i, sc, bindClass)
	case x.decorated:
		if d := t.Child(i, x.fDefinition); d != noNode {
			w.collect(d, sc)
		}
	case x.lambda:
	case x.importStmt, x.importFrom, x.futureImport:
		w.importItems(i, func(it importItem) { w.bindImport(it, sc) })
	case x.assignment, x.augAssign, x.forStmt, x.forIn:
		w.collectTargets(i, sc)
	case x.asPatternTarget:
		w.bindTargets(i, sc)
	case x.namedExpr:
		w.bindTargets(t.Child(i, x.fName), sc)
	case x.globalStmt, x.nonlocalStmt:
		w.bindDeclared(i, sc, k == x.globalStmt)
	case x.typeAlias:
		w.bindTargets(t.FirstKid(t.Child(i, x.fLeft)), sc)
	case x.casePattern:
		w.bindCaptures(i, sc, k)
	default:
		for c := range t.Kids(i) {
			w.collect(c, sc)
		}
	}
}

// collectTargets binds the left side of an assignment or loop and scans
// the rest; a comprehension's loop variables belong to the comprehension.
func (w *walker) collectTargets(i int32, sc *scope) {
	isComp := w.t.Nodes[i].Kind == w.x.forIn
	for c := range w.t.Kids(i) {
		switch {
		case w.t.Nodes[c].Field != w.x.fLeft:
			w.collect(c, sc)
		case !isComp:
			if k := w.t.Nodes[i].Kind; k == w.x.assignment || k == w.x.augAssign {
				w.bindEnd = w.t.Nodes[i].End // bound once the statement has run
			}
			w.bindTargets(c, sc)
			w.bindEnd = 0
		}
	}
}

// bindDefinition binds the name of a def or class to its qualified name.
func (w *walker) bindDefinition(i int32, sc *scope, kind bindKind) {
	if n := w.t.Child(i, w.x.fName); n != noNode {
		name := w.t.Text(n)
		sc.bind(name, binding{kind: kind, target: join(sc.qual, name), at: w.t.Nodes[n].Start})
	}
}

// bindTargets binds the plain names of an assignment target, a parameter
// or a pattern; attributes and subscripts bind nothing.
func (w *walker) bindTargets(i int32, sc *scope) {
	if i == noNode {
		return
	}
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.identifier:
		sc.bind(t.Text(i), binding{kind: bindVar, at: w.bindEnd})
	case x.defaultParam, x.typedDefault:
		w.bindTargets(t.Child(i, x.fName), sc)
	case x.tuplePat, x.listPat, x.patternList, x.listSplatPat, x.dictSplatPat,
		x.parenExpr, x.tuple, x.list, x.listSplat, x.typedParam, x.asPatternTarget,
		x.parameters, x.lambdaParams:
		for c := range t.Kids(i) {
			if t.Nodes[c].Field != x.fType {
				w.bindTargets(c, sc)
			}
		}
	}
}

// bindDeclared handles `global a, b` and `nonlocal a, b`. At module level
// both are no-ops.
func (w *walker) bindDeclared(i int32, sc *scope, global bool) {
	if sc.kind == scopeModule {
		return
	}
	kind := bindNonlocal
	if global {
		kind = bindGlobal
	}
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == w.x.identifier {
			sc.names[w.t.Text(c)] = binding{kind: kind}
		}
	}
}

// bindCaptures binds the capture names of a match-case pattern: a bare
// name (not a class pattern's class), *rest, **rest and `as` names.
func (w *walker) bindCaptures(i int32, sc *scope, parent uint16) {
	x, t := w.x, w.t
	switch k := t.Nodes[i].Kind; {
	case k == x.dottedName:
		if parent != x.classPattern && t.Nodes[i].SubEnd == i+2 && t.Text(i) != "_" {
			w.bindTargets(i+1, sc)
		}
	case k == x.identifier:
		if parent == x.asPattern || parent == x.splatPattern {
			w.bindTargets(i, sc)
		}
	case k == x.str:
	default:
		for c := range t.Kids(i) {
			w.bindCaptures(c, sc, k)
		}
	}
}
