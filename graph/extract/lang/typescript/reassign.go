package typescript

import "github.com/orbitgraph/orbit/graph/extract"

// assignment walks `x = v` (and `x += v`) and keeps type evidence honest:
// a variable assigned takes the new value's type, or loses its type when
// the value has none, from here on in source order; `this.x = new T()` in
// a constructor states the type of field x. `this.x`, or a function of
// the file, assigned is a reference to it; so is a name assigned.
func (w *walker) assignment(i int32, sc *scope) {
	x, t := w.x, w.t
	left := t.Child(i, x.fLeft)
	right := t.Child(i, x.fRight)
	for c := range t.Kids(i) {
		w.walk(c, sc)
		switch {
		case c == left && (t.Kind(left) == x.identifier || t.Kind(t.Child(left, x.fObject)) == x.this):
			w.valueRef(left, sc) // this.m = this.m.bind(this), notify = fn: m and notify are written
		case c == right && t.Nodes[i].Kind == x.assignExpr:
			w.valueRef(right, sc) // context.fetchFn = fetchFn
		}
	}
	var typ cand
	if t.Nodes[i].Kind == x.assignExpr {
		typ = w.valueOf(t.Child(i, x.fRight), sc)
	}
	switch t.Kind(left) {
	case x.identifier:
		sc.retype(t.Raw(left), typ)
	case x.member:
		w.thisFieldFact(left, typ, sc)
	case x.objectPattern, x.arrayPattern:
		w.forgetPattern(left, sc)
	}
}

// thisFieldFact states the type of field x of the constructor's class
// from `this.x = v`, unless the class declares x above: its declaration
// says what x is.
func (w *walker) thisFieldFact(left int32, typ cand, sc *scope) {
	x, t := w.x, w.t
	ctx := sc.thisOf()
	if !ctx.ctor || ctx.class == "" || t.Kind(t.Child(left, x.fObject)) != x.this {
		return
	}
	p := t.Child(left, x.fProperty)
	if p == noNode || t.empty(p) {
		return
	}
	name := t.Text(p)
	if w.symbolIndex(ctx.class+"."+name) != extract.NoParent {
		return
	}
	w.addFact(extract.FactType, ctx.class, name, factObject(typ), left)
}

// forgetPattern drops the type of every variable a destructuring
// assignment assigns.
func (w *walker) forgetPattern(i int32, sc *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(i) {
		switch t.Nodes[c].Kind {
		case x.identifier, x.shorthandPattern:
			sc.retype(t.Raw(c), cand{})
		default:
			w.forgetPattern(c, sc)
		}
	}
}
