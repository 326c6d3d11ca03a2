package typescript

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// iface emits an interface, its extends relations and its members.
func (w *walker) iface(i int32, d decl, sc *scope) {
	x, t := w.x, w.t
	name := w.declName(i, d)
	body := t.Child(i, x.fBody)
	if name == "" {
		w.walkKids(i, sc.inner())
		return
	}
	q := sc.prefix + name
	idx := w.addSymbol(name, q, extract.KindInterface, w.outerSpan(i, d), w.header(i, i, body), sc.sym, false)
	is := newScope(q+".", idx, sc)
	for c := range t.Kids(i) {
		switch {
		case c == body:
			w.interfaceBody(c, is)
		case t.Nodes[c].Kind == x.extendsType:
			for k := range t.Kids(c) {
				w.supertype(k, q, extract.RelExtends, is)
			}
		case t.Nodes[c].Field != x.fName:
			w.walk(c, is)
		}
	}
}

// interfaceBody emits properties and methods; call, construct and index
// signatures only have their types walked.
func (w *walker) interfaceBody(body int32, is *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(body) {
		switch t.Nodes[c].Kind {
		case x.methodSig:
			w.method(c, true, is)
		case x.propertySig:
			w.property(c, is)
		default:
			w.walk(c, is)
		}
	}
}

// property emits an interface property.
func (w *walker) property(i int32, is *scope) {
	nameNode := w.t.Child(i, w.x.fName)
	if name := w.memberName(nameNode); name != "" {
		w.addSymbol(name, is.prefix+name, extract.KindProperty, w.t.Span(i), w.header(i, i, noNode), is.sym, false)
		w.memberTypeFact(ownerOf(is), name, w.t.Child(i, w.x.fType), noNode, i, is)
	} else if nameNode != noNode {
		w.walk(nameNode, is)
	}
	for c := range w.t.Kids(i) {
		if c != nameNode {
			w.walk(c, is)
		}
	}
}

// maxAliasSignature is the longest type alias signature given whole; a
// longer one, or one written on several lines, stops before its `=`.
const maxAliasSignature = 120

// typeAlias emits `type T<P> = ...` and walks its value in a scope of its
// type parameters.
func (w *walker) typeAlias(i int32, d decl, sc *scope) {
	x, t := w.x, w.t
	name := w.declName(i, d)
	if name == "" {
		w.walkKids(i, sc.inner())
		return
	}
	q := sc.prefix + name
	sig := w.header(i, i, noNode)
	if len(sig) > maxAliasSignature || bytes.IndexByte(t.Raw(i), '\n') >= 0 {
		sig = w.header(i, i, t.Child(i, x.fValue))
	}
	idx := w.addSymbol(name, q, extract.KindTypeAlias, w.outerSpan(i, d), sig, sc.sym, false)
	ts := newScope(q+".", idx, sc)
	for c := range t.Kids(i) {
		if t.Nodes[c].Field != x.fName {
			w.walk(c, ts)
		}
	}
}

// enum emits an enum and its members (constants).
func (w *walker) enum(i int32, d decl, sc *scope) {
	x, t := w.x, w.t
	name := w.declName(i, d)
	body := t.Child(i, x.fBody)
	if name == "" || body == noNode {
		w.walkKids(i, sc)
		return
	}
	q := sc.prefix + name
	idx := w.addSymbol(name, q, extract.KindEnum, w.outerSpan(i, d), w.header(i, i, body), sc.sym, false)
	for m := range t.Kids(body) {
		n, value := m, int32(noNode)
		switch {
		case t.Nodes[m].Kind == x.enumAssign:
			n, value = t.Child(m, x.fName), t.Child(m, x.fValue)
		case t.Nodes[m].Field != x.fName: // broken code
			w.walk(m, sc)
			continue
		}
		if mn := w.memberName(n); mn != "" {
			w.addSymbol(mn, q+"."+mn, extract.KindConst, t.Span(m), "", idx, false)
		}
		if value != noNode {
			w.walk(value, sc)
		}
	}
}

// namespaceDecl emits `namespace A.B {}` or `module A {}` (a namespace:
// members are "ns:A.B.f") or `declare module "m" {}` (a module: members are
// "m:f", what importers of "m" name them).
func (w *walker) namespaceDecl(i int32, d decl, sc *scope) {
	x, t := w.x, w.t
	n, body := t.Child(i, x.fName), t.Child(i, x.fBody)
	var name, q, prefix string
	kind := extract.KindNamespace
	switch t.Kind(n) {
	case x.identifier, x.nestedID:
		if !w.chain(n) {
			break
		}
		name, q = string(w.segs[len(w.segs)-1]), sc.prefix+w.chainText()
		prefix = q + "."
	case x.str:
		spec := w.specifier(n)
		name, q, kind = spec, modulePath(w.dir, spec), extract.KindModule
		prefix = q + ":"
	}
	if name == "" {
		if body != noNode {
			w.body(body, sc.inner())
		}
		return
	}
	idx := w.addSymbol(name, q, kind, w.outerSpan(i, d), w.header(i, i, body), sc.sym, false)
	if body != noNode {
		w.body(body, newScope(prefix, idx, sc))
	}
}
