package typescript

import "github.com/orbitgraph/orbit/graph/extract"

// typeName emits a type ref for a type name used in a type position.
// Declaration names never get here: their walkers skip them.
func (w *walker) typeName(i int32, sc *scope) {
	if w.t.empty(i) || intrinsicTypes[string(w.t.Raw(i))] {
		return
	}
	if c, emit := w.nameTarget(w.t.Raw(i), sc); emit {
		w.addRef(w.t.Span(i), w.t.Text(i), c, extract.RefType)
	}
}

// intrinsicTypes are the type names TypeScript reserves for its own types
// (a type alias, interface or class cannot take them), some of which the
// grammar parses as plain type names (`bigint`): never a ref, even in a
// file that declares a function of that name.
var intrinsicTypes = map[string]bool{
	"any": true, "bigint": true, "boolean": true, "never": true, "number": true, "object": true,
	"string": true, "symbol": true, "undefined": true, "unknown": true, "void": true,
}

// typeQuery emits `typeof x` and `typeof ns.x` as type refs to x.
func (w *walker) typeQuery(i int32, sc *scope) {
	for c := range w.t.Kids(i) {
		w.walk(c, sc)
		if k := w.t.Nodes[c].Kind; k == w.x.identifier || k == w.x.member {
			w.exprRef(c, sc, extract.RefType)
		}
	}
}

// bindTypeName binds the name a type parameter, mapped type key or infer
// introduces as a local type and walks the rest (constraints, defaults).
func (w *walker) bindTypeName(i, name int32, sc *scope) {
	if name != noNode && w.t.Nodes[name].Kind == w.x.typeID {
		sc.bind(w.t.Text(name), binding{kind: bindLocal})
	}
	for c := range w.t.Kids(i) {
		if c != name {
			w.walk(c, sc)
		}
	}
}

// objectType walks an object type; a mapped type { [K in T]: ... } binds
// K in a scope of its own.
func (w *walker) objectType(i int32, sc *scope) {
	t := w.t
	if first := t.FirstKid(i); t.Kind(first) == w.x.indexSig && t.ChildOfKind(first, w.x.mappedClause) != noNode {
		sc = sc.inner()
	}
	w.walkKids(i, sc)
}

// indexedType walks `T["m"]` and gives m a use ref on T's type (a
// method's type taken from its class: `QueryObserver<T>["fetch"]`,
// `(typeof ZodString)["create"]`).
func (w *walker) indexedType(i int32, sc *scope) {
	x, t := w.x, w.t
	w.walkKids(i, sc)
	obj, idx := t.FirstKid(i), lastKid(t, i)
	if obj == noNode || obj == idx || t.Kind(idx) != x.literalType {
		return
	}
	s := t.FirstKid(idx)
	if t.Kind(s) != x.str {
		return
	}
	name, ok := unquote(t.Raw(s))
	if !ok || name == "" {
		return
	}
	if c := w.lookupObject(obj, sc); len(c.recv) == 1 {
		w.addRef(t.Span(s), name, cand{recv: c.recv, alts: c.alts}, extract.RefUse)
	}
}

// lookupObject is the evidence for the object of `T["m"]`: a written type,
// or `(typeof C)`, C itself (a class's static side).
func (w *walker) lookupObject(ty int32, sc *scope) cand {
	x, t := w.x, w.t
	for t.Kind(ty) == x.parenType {
		ty = t.FirstKid(ty)
	}
	if t.Kind(ty) != x.typeQuery {
		return w.typeValue(ty, sc)
	}
	if c, _, _ := w.target(t.FirstKid(ty), sc); c.q != "" {
		return cand{recv: []string{c.q}, alts: c.alts}
	}
	return cand{}
}
