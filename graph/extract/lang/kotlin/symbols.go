package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// declare emits a symbol in the innermost frame; last is the final part of
// its qualified name (the name, Receiver.name or <init>). Inside an
// anonymous body nothing is emitted and q is "".
func (w *walker) declare(i int32, name, last string, kind extract.SymbolKind, sig string) (q string, idx int) {
	f := w.top()
	if f.anon || name == "" {
		return "", extract.NoParent
	}
	q = jvm.Join(f.q, last)
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: q, Kind: kind, Span: w.t.Span(i), Signature: sig, Parent: f.sym,
	})
	return q, len(w.out.Symbols) - 1
}

// classDecl emits a class, interface, enum, object or companion object and
// walks it in a frame of its own; supertypes give relations.
func (w *walker) classDecl(i int32) {
	t := w.t
	nameNode := t.Child(i, fields.name)
	name := ""
	switch {
	case nameNode >= 0:
		name = t.Text(nameNode)
	case t.Kind(i) == kinds.companion:
		name = "Companion"
	default:
		w.children(i)
		return
	}
	kind := w.classKind(i, nameNode)
	body := w.classBody(i)
	q, idx := w.declare(i, name, name, kind, w.signature(i, body))
	if !w.top().class {
		w.bind(name, q) // a top-level or local class; members were bound by scanBody
	}
	info := w.infos[q]
	if info == nil || q == "" {
		info = w.scanClass(i, q)
	}
	w.push(frame{q: q, sym: idx, class: true, info: info, superRecv: w.superclass(i)})
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch t.Kind(c) {
		case kinds.delegationSpecs:
			w.supertypes(c, q, kind == extract.KindInterface)
		case kinds.ident:
		default:
			w.walk(c)
		}
	}
	w.pop()
}

func (w *walker) classBody(i int32) int32 {
	if b := w.t.ChildOfKind(i, kinds.classBody); b >= 0 {
		return b
	}
	return w.t.ChildOfKind(i, kinds.enumClassBody)
}

// classKind tells a class from an interface (its keyword), an enum class
// (its modifier) and an object.
func (w *walker) classKind(i, name int32) extract.SymbolKind {
	t := w.t
	if t.Kind(i) != kinds.classDecl {
		return extract.KindObject
	}
	start := t.Nodes[i].Start
	if mods := t.ChildOfKind(i, kinds.modifiers); mods >= 0 {
		start = t.Nodes[mods].End
		for m := t.FirstKid(mods); m >= 0; m = t.Next(m) {
			if t.Kind(m) == kinds.classModifier && string(t.Raw(m)) == "enum" {
				return extract.KindEnum
			}
		}
	}
	if name >= 0 && bytes.Contains(t.Src[start:t.Nodes[name].Start], []byte("interface")) {
		return extract.KindInterface
	}
	return extract.KindClass
}

// function emits a top-level function, method, extension function or
// local function and walks it in a frame of its own.
func (w *walker) function(i int32) {
	t := w.t
	nameNode := t.Child(i, fields.name)
	if nameNode < 0 {
		w.children(i)
		return
	}
	name := t.Text(nameNode)
	kind := extract.KindFunction
	if w.top().class {
		kind = extract.KindMethod
	}
	body := t.ChildOfKind(i, kinds.funcBody)
	q, idx := w.declare(i, name, w.receiverPrefix(i, nameNode)+name, kind, w.signature(i, body))
	if w.isLocal() {
		w.bindLocal(t.Raw(nameNode), q)
	}
	f := frame{q: q, sym: idx, extension: w.receiver(i, nameNode) >= 0}
	if f.extension {
		f.self = w.typeChain(w.receiver(i, nameNode)).Recv
	}
	w.push(f)
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case c == nameNode:
		case t.Kind(c) == kinds.funcParams:
			w.params(c)
		default:
			w.walk(c)
		}
	}
	w.returnsFact(i, q, body) // in the frame: its type parameters are not types
	w.pop()
}

// params binds a function's parameters as locals and walks their types
// and default values.
func (w *walker) params(i int32) {
	w.bindNames(i)
	for p := w.t.FirstKid(i); p >= 0; p = w.t.Next(p) {
		if w.t.Kind(p) == kinds.parameter {
			w.childrenExcept(p, w.t.ChildOfKind(p, kinds.ident))
		} else {
			w.walk(p)
		}
	}
}

// property emits a top-level or member property (an extension property is
// Receiver.name) and walks its type, initializer and accessors in a frame
// of its own. A local variable only binds its names.
func (w *walker) property(i int32) {
	t := w.t
	v := t.ChildOfKind(i, kinds.varDecl)
	if w.isLocal() || v < 0 {
		for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
			w.walk(c)
		}
		if n := t.ChildOfKind(v, kinds.ident); n >= 0 {
			w.bindValue(t.Raw(n), w.propertyValue(i, v, n))
		} else {
			w.bindNames(i)
		}
		return
	}
	nameNode := t.ChildOfKind(v, kinds.ident)
	if nameNode < 0 {
		w.children(i)
		return
	}
	name := t.Text(nameNode)
	sig := normalize(t.Src[w.headStart(i):t.Nodes[v].End])
	q, idx := w.declare(i, name, w.receiverPrefix(i, v)+name, extract.KindProperty, sig)
	if w.receiver(i, v) < 0 {
		w.propertyFact(i, q, name, w.propertyValue(i, v, nameNode))
	}
	w.push(frame{q: q, sym: idx})
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if c == v {
			w.childrenExcept(v, nameNode)
		} else {
			w.walk(c)
		}
	}
	w.pop()
}

// classParams walks a primary constructor's parameters: a val or var
// parameter is a property of the class, any other a local of its
// initializers.
func (w *walker) classParams(i int32) {
	t := w.t
	for p := t.FirstKid(i); p >= 0; p = t.Next(p) {
		n := t.ChildOfKind(p, kinds.ident)
		if t.Kind(p) != kinds.classParam || n < 0 {
			w.walk(p)
			continue
		}
		if w.isProperty(p) {
			end := t.Nodes[p].End
			if ty := t.Next(n); ty >= 0 {
				end = t.Nodes[ty].End
			}
			name := t.Text(n)
			q, _ := w.declare(p, name, name, extract.KindProperty, normalize(t.Src[w.headStart(p):end]))
			w.propertyFact(p, q, name, w.typeChain(t.Next(n)))
		} else {
			w.bindValue(t.Raw(n), w.typeChain(t.Next(n)))
		}
		w.childrenExcept(p, n)
	}
}

// isProperty reports a class parameter declared with val or var.
func (w *walker) isProperty(p int32) bool {
	t := w.t
	start := t.Nodes[p].Start
	if mods := t.ChildOfKind(p, kinds.modifiers); mods >= 0 {
		start = t.Nodes[mods].End
	}
	rest := t.Src[jvm.Kotlin.SkipBlank(t, start):t.Nodes[p].End]
	return len(rest) > 3 && (bytes.HasPrefix(rest, []byte("val")) || bytes.HasPrefix(rest, []byte("var"))) &&
		!jvm.Kotlin.IsIdentByte(rest[3])
}

// secondaryCtor emits `constructor(...)` as Class.<init>, named after the
// class.
func (w *walker) secondaryCtor(i int32) {
	q, idx := "", extract.NoParent
	if fr := w.top(); fr.class && fr.q != "" {
		sig := w.signature(i, w.t.ChildOfKind(i, kinds.block))
		q, idx = w.declare(i, lastSegment(fr.q), "<init>", extract.KindConstructor, sig)
	}
	w.push(frame{q: q, sym: idx})
	for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
		if w.t.Kind(c) == kinds.funcParams {
			w.params(c)
		} else {
			w.walk(c)
		}
	}
	w.pop()
}

// enumEntry emits an enum entry as a field (a static final field on the
// JVM, as in Java); its body is an anonymous class.
func (w *walker) enumEntry(i int32) {
	t := w.t
	nameNode := t.ChildOfKind(i, kinds.ident)
	if nameNode >= 0 {
		name := t.Text(nameNode)
		w.declare(i, name, name, extract.KindField, "")
		if fr := w.top(); fr.q != "" && !fr.anon {
			w.addFact(extract.FactType, fr.q, name, fr.q, i)
		}
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case c == nameNode:
		case t.Kind(c) == kinds.classBody:
			w.anonBody(c)
		default:
			w.walk(c)
		}
	}
}

// typeAlias emits `typealias Name<T> = Type`; its type parameters are
// bound while its type is walked.
func (w *walker) typeAlias(i int32) {
	t := w.t
	nameNode := t.Child(i, fields.typ)
	if nameNode < 0 {
		w.children(i)
		return
	}
	name := t.Text(nameNode)
	q, idx := w.declare(i, name, name, extract.KindTypeAlias, normalize(t.Src[w.headStart(i):t.Nodes[i].End]))
	w.push(frame{q: q, sym: idx})
	w.childrenExcept(i, nameNode)
	w.pop()
}

// typeParams binds each type parameter in the innermost frame (so that T
// gets no ref) and walks its bound.
func (w *walker) typeParams(i int32) {
	t := w.t
	for p := t.FirstKid(i); p >= 0; p = t.Next(p) {
		n := t.ChildOfKind(p, kinds.ident)
		if t.Kind(p) != kinds.typeParam || n < 0 {
			w.walk(p)
			continue
		}
		w.bind(t.Text(n), "")
		w.childrenExcept(p, n)
	}
}

// typeConstraint walks the bound of `where T : Bound`, not T itself.
func (w *walker) typeConstraint(i int32) {
	w.childrenExcept(i, w.t.ChildOfKind(i, kinds.ident))
}

func lastSegment(q string) string {
	for i := len(q) - 1; i >= 0; i-- {
		if q[i] == '.' {
			return q[i+1:]
		}
	}
	return q
}
