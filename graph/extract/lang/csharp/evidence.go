package csharp

import "github.com/orbitgraph/orbit/graph/extract"

// evidence is what the file says about the type of an expression (DESIGN.md,
// Confidence): a head, and the member and call steps applied to it. The head is
// either a qualified name known while walking (the enclosing type, for
// this) or a dotted name as written, whose candidates need the whole file
// and are found after the walk (resolveHead).
type evidence struct {
	qual   string // a qualified head known while walking, or ""
	path   string // else the dotted name as written
	abs    bool   // path was written with global::
	asType bool   // path was written in a type position: never a field
	value  bool   // path was read from a variable: a field or nothing, never a type
	sc     *scope // where path was written
	rest   []string
}

// with is e followed by more member or call steps; e is left as it is.
func (e *evidence) with(steps ...string) *evidence {
	if e == nil {
		return nil
	}
	c := *e
	c.rest = append(append(make([]string, 0, len(e.rest)+len(steps)), e.rest...), steps...)
	return &c
}

// isName reports whether e is still a bare dotted name (A.B.C, not yet
// known to be a variable, field or type), which a further .D extends.
func (e *evidence) isName() bool {
	return e.qual == "" && !e.asType && !e.value && len(e.rest) == 0
}

// typeEvidence is the evidence of a declared type: a named type
// (Foo, A.B, Foo<T>, Foo?); none for arrays, tuples, predefined types,
// var and type parameters.
func (w *walker) typeEvidence(typ int32) *evidence {
	if w.t.Kind(typ) == kinds.nullableType {
		typ = w.t.Child(typ, fields.typ)
	}
	switch w.t.Kind(typ) {
	case kinds.ident, kinds.genericName, kinds.qualifiedName, kinds.aliasQualified:
	default:
		return nil
	}
	abs, ok := w.chain(typ)
	if !ok {
		return nil
	}
	path := w.segPath(w.segs)
	if len(w.segs) == 1 && !abs && (contextualTypes[path] || w.sc.isTypeParam(path)) {
		return nil
	}
	return &evidence{path: path, abs: abs, asType: true, sc: w.sc}
}

// evidenceOf is the evidence of an expression's type, or nil when the file
// does not say: this, typed locals and parameters, fields of the enclosing
// types, new T(), casts, and member and call steps from those.
func (w *walker) evidenceOf(i int32) *evidence {
	t := w.t
	switch t.Kind(i) {
	case kinds.ident:
		name := identText(t.Text(i))
		if ev, ok := w.lookupLocal(name); ok {
			return ev
		}
		if w.sc.isTypeParam(name) {
			return nil
		}
		return &evidence{path: name, sc: w.sc}
	case kinds.memberAccess:
		nm := identText(t.Text(w.lastIdent(t.Child(i, fields.name))))
		ev := w.receiverEvidence(i)
		if ev != nil && ev.isName() {
			c := *ev
			c.path += "." + nm
			return &c
		}
		return ev.with(nm)
	case kinds.invocation:
		fn := t.Child(i, fields.function)
		switch t.Kind(fn) {
		case kinds.ident, kinds.genericName:
			return w.thisEvidence().with(identText(t.Text(w.lastIdent(fn))), extract.CallResult)
		case kinds.memberAccess:
			nm := identText(t.Text(w.lastIdent(t.Child(fn, fields.name))))
			return w.receiverEvidence(fn).with(nm, extract.CallResult)
		}
		return nil
	case kinds.objCreation:
		return w.typeEvidence(t.Child(i, fields.typ))
	case kinds.castExpr:
		return w.typeEvidence(t.Child(i, fields.typ))
	case kinds.asExpr:
		return w.typeEvidence(t.Child(i, fields.right))
	case kinds.parenExpr:
		return w.evidenceOf(t.FirstKid(i))
	}
	return nil
}

// receiverEvidence is the evidence of what a member access is applied to:
// its expression, this or base.
func (w *walker) receiverEvidence(ma int32) *evidence {
	switch expr := w.t.Child(ma, fields.expression); {
	case expr != noNode:
		return w.evidenceOf(expr)
	case w.isThis(ma):
		return w.thisEvidence()
	}
	return w.baseEvidence()
}

// thisEvidence is the innermost enclosing type, or nil outside any type
// (top-level statements).
func (w *walker) thisEvidence() *evidence {
	for s := w.sc; s != nil; s = s.parent {
		if s.kind == scopeType {
			return &evidence{qual: s.qual}
		}
	}
	return nil
}

// baseEvidence is the first entry of the innermost type's base list (a
// class's base class comes first), or nil when it has none.
func (w *walker) baseEvidence() *evidence {
	for s := w.sc; s != nil; s = s.parent {
		if s.kind == scopeType {
			return s.base
		}
	}
	return nil
}
