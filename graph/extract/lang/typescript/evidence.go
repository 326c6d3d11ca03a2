package typescript

import (
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// valueOf is the type evidence the file gives for the value of expression
// e, as a receiver chain (DESIGN.md, Confidence: only what is declared or constructed
// in view): this, a typed variable, `new T()`, a call of a named function,
// a member of such a value, `x as T`. Zero when there is none.
func (w *walker) valueOf(e int32, sc *scope) cand {
	x, t := w.x, w.t
	switch t.Kind(e) {
	case x.this:
		if cls := sc.thisOf().class; cls != "" {
			return cand{recv: []string{cls}}
		}
	case x.super_:
		if base := sc.thisOf().base; base.q != "" {
			return cand{recv: []string{base.q}, alts: base.alts}
		}
	case x.identifier:
		return w.nameValue(t.Raw(e), sc)
	case x.member:
		return w.memberValue(e, sc)
	case x.call:
		return w.callValue(e, sc)
	case x.newExpr:
		ctor := t.Child(e, x.fConstructor)
		if c, _, _ := w.target(ctor, sc); c.q != "" {
			return cand{recv: []string{c.q}, alts: c.alts}
		}
		if t.Kind(ctor) == x.identifier {
			return w.builtinType(t.Raw(ctor), sc)
		}
	case x.arrayLit:
		return w.builtinType([]byte("Array"), sc)
	case x.parenExpr, x.nonNull, x.await, x.satisfiesExpr:
		return w.valueOf(t.FirstKid(e), sc)
	case x.asExpr:
		return w.typeValue(lastKid(t, e), sc)
	case x.typeAssertion:
		return w.typeValue(t.FirstKid(t.ChildOfKind(e, x.typeArgs)), sc)
	}
	return cand{}
}

// nameValue is the evidence for a name: a variable's declared or
// constructed type, or the imported name or class itself (what it is, its
// facts say elsewhere).
func (w *walker) nameValue(name []byte, sc *scope) cand {
	b, ok := sc.lookup(name)
	switch {
	case !ok:
		if typ := builtinStatics[string(name)]; typ != "" {
			return cand{recv: []string{libNamespace + ":" + typ}} // Object in Object.keys
		}
	case b.typ != nil:
		return *b.typ
	case b.kind == bindImport || b.kind == bindScope:
		return cand{recv: []string{b.target}, alts: b.alts}
	}
	return cand{}
}

// memberValue is the evidence for a.b: a static member of an import,
// module, class or namespace (`Cls.instance`: its field), or a member of
// a typed value.
func (w *walker) memberValue(e int32, sc *scope) cand {
	x, t := w.x, w.t
	prop := t.Child(e, x.fProperty)
	if prop == noNode || t.empty(prop) {
		return cand{}
	}
	if w.chain(e) {
		if b, ok := sc.lookup(w.segs[0]); ok {
			switch b.kind {
			case bindModule:
				return w.staticChain(b, ':')
			case bindScope, bindImport:
				return w.staticChain(b, 0)
			}
		}
	}
	obj := w.valueOf(t.Child(e, x.fObject), sc)
	if obj.recv == nil {
		return cand{}
	}
	return cand{recv: append(slices.Clip(obj.recv), t.Text(prop)), alts: obj.alts}
}

// staticChain is the receiver chain of the dotted name in w.segs, rooted
// at binding b: the root's target, then member steps. A module's first
// member joins its path with sep (":"); sep 0 starts the steps at once.
func (w *walker) staticChain(b binding, sep byte) cand {
	rest := w.segs[1:]
	root, alts := b.target, b.alts
	if sep != 0 {
		root += string(sep) + string(rest[0])
		alts = members(alts, sep, string(rest[0]))
		rest = rest[1:]
	}
	recv := make([]string, 0, 1+len(rest))
	recv = append(recv, root)
	for _, s := range rest {
		recv = append(recv, string(s))
	}
	return cand{recv: recv, alts: alts}
}

// callValue is the evidence for f(...): the result of calling a function
// or method the file names (a called type gives the type).
func (w *walker) callValue(e int32, sc *scope) cand {
	x, t := w.x, w.t
	fn := t.Child(e, x.fFunction)
	if t.Kind(fn) == x.identifier {
		if c, _ := w.nameTarget(t.Raw(fn), sc); c.q != "" {
			return cand{recv: []string{c.q, extract.CallResult}, alts: c.alts}
		}
		if _, bound := sc.lookup(t.Raw(fn)); !bound && builtinStatics[string(t.Raw(fn))] != "" {
			return cand{} // Number(x) is a number, not a NumberConstructor
		}
		return called(w.nameValue(t.Raw(fn), sc))
	}
	if t.Kind(fn) != x.member {
		return called(w.valueOf(fn, sc))
	}
	return called(w.memberValue(fn, sc))
}

// called appends the call step to an evidence chain.
func called(c cand) cand {
	if c.recv == nil {
		return cand{}
	}
	return cand{recv: append(slices.Clip(c.recv), extract.CallResult), alts: c.alts}
}

// typeValue is the evidence a written type gives: a named class,
// interface or alias of this file or an import (a generic instance
// counts as its type; `T | null | undefined` as T), or `this`. A builtin
// type is the standard library's (`Map<K, V>`, `T[]` as Array: builtinType);
// type parameters, `any`, functions and object types give none.
func (w *walker) typeValue(ty int32, sc *scope) cand {
	x, t := w.x, w.t
	switch t.Kind(ty) {
	case x.typeAnnotation, x.parenType:
		return w.typeValue(t.FirstKid(ty), sc)
	case x.typeID:
		if intrinsicTypes[string(t.Raw(ty))] {
			return cand{}
		}
		if c, _ := w.nameTarget(t.Raw(ty), sc); c.q != "" {
			return cand{recv: []string{c.q}, alts: c.alts}
		}
		return w.globalType(t.Raw(ty), sc)
	case x.arrayType:
		return w.builtinType([]byte("Array"), sc)
	case x.predefType:
		if box := primitiveBoxes[string(t.Raw(ty))]; box != "" {
			return w.builtinType([]byte(box), sc) // a string's members are String's
		}
	case x.nestedTypeID:
		if w.chain(ty) {
			if c, _ := w.chainTarget(sc); c.q != "" {
				return cand{recv: []string{c.q}, alts: c.alts}
			}
		}
	case x.genericType:
		return w.typeValue(t.Child(ty, x.fName), sc)
	case x.unionType:
		return w.typeValue(w.nonNullMember(ty), sc)
	case x.thisType:
		if cls := sc.thisOf().class; cls != "" {
			return cand{recv: []string{cls}}
		}
	}
	return cand{}
}

// builtinType is the evidence of a builtin name the file does not bind
// (`Map`, `Promise`): the standard library's declaration of it
// (dependencies_lib.go), whose members a sync with packages reads when
// TypeScript's lib is installed; without it the member stays by name, as
// before. The name itself still gives no ref (builtins).
func (w *walker) builtinType(name []byte, sc *scope) cand {
	if _, bound := sc.lookup(name); bound || !builtins[string(name)] {
		return cand{}
	}
	return cand{recv: []string{libNamespace + ":" + string(name)}}
}

// primitiveBoxes are the interfaces that declare a primitive type's members.
var primitiveBoxes = map[string]string{"string": "String", "number": "Number", "boolean": "Boolean", "bigint": "BigInt", "symbol": "Symbol"}

// globalType is the evidence of a type name the file does not bind: a
// global, the standard library's when it declares one (`HTMLElement`).
func (w *walker) globalType(name []byte, sc *scope) cand {
	if _, bound := sc.lookup(name); bound {
		return cand{}
	}
	return cand{recv: []string{libNamespace + ":" + string(name)}}
}

// nonNullMember is the one member of a union that is not null or
// undefined (`T | null`), or noNode.
func (w *walker) nonNullMember(u int32) int32 {
	x, t := w.x, w.t
	found := int32(noNode)
	for c := range t.Kids(u) {
		if t.Kind(c) == x.unionType {
			c = w.nonNullMember(c)
			if c == noNode {
				return noNode
			}
		}
		if t.Kind(c) == x.literalType {
			if k := t.Kind(t.FirstKid(c)); k == x.null_ || k == x.undefined_ {
				continue
			}
		}
		if found != noNode {
			return noNode
		}
		found = c
	}
	return found
}

// lastKid is the last child of i, or noNode.
func lastKid(t *tree, i int32) int32 {
	last := int32(noNode)
	for c := range t.Kids(i) {
		last = c
	}
	return last
}

// factObject is a receiver chain as a fact's object: a name, or a name's
// call result ("src/a:make()"), where the called name may go on with one
// member ("src/a:C.m()" for `this.m()` in class C); "" for other chains.
func factObject(c cand) string {
	if len(c.recv) == 0 {
		return ""
	}
	n, call := len(c.recv), ""
	if c.recv[n-1] == extract.CallResult {
		n, call = n-1, extract.CallResult
	}
	if n == 0 || n > 1 && call == "" || n > 2 || slices.Contains(c.recv[:n], extract.CallResult) {
		return ""
	}
	return strings.Join(c.recv[:n], ".") + call
}
