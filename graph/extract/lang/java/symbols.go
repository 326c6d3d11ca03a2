package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

func isTypeDecl(k uint16) bool {
	return k == kinds.classDecl || k == kinds.ifaceDecl || k == kinds.enumDecl ||
		k == kinds.recordDecl || k == kinds.annoTypeDecl
}

// typeKind maps a declaration to its symbol kind; an annotation type
// (@interface) is an interface, as the JLS calls it.
func typeKind(k uint16) extract.SymbolKind {
	switch k {
	case kinds.ifaceDecl, kinds.annoTypeDecl:
		return extract.KindInterface
	case kinds.enumDecl:
		return extract.KindEnum
	case kinds.recordDecl:
		return extract.KindRecord
	}
	return extract.KindClass
}

// declare emits a symbol in the innermost frame; last is the final
// segment of its qualified name (name, or <init> for a constructor).
// Inside an anonymous body nothing is emitted and q is "".
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

// typeDecl emits a class, interface, enum, record or annotation type and
// walks it in a frame of its own: supertypes give relations, a record's
// components are its fields.
func (w *walker) typeDecl(i int32) {
	t := w.t
	nameNode, body := t.Child(i, fields.name), t.Child(i, fields.body)
	if nameNode < 0 {
		w.children(i)
		return
	}
	name := t.Text(nameNode)
	q, idx := w.declare(i, name, name, typeKind(t.Kind(i)), w.signature(i, body))
	if !w.top().class {
		w.bind(name, q) // a top-level or local type; members were bound by scanMembers
	}
	w.push(frame{q: q, sym: idx, class: true})
	if params := t.ChildOfKind(i, kinds.formalParams); params >= 0 {
		w.scanComponents(params)
	}
	if body >= 0 {
		w.scanMembers(body)
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case c == nameNode:
		case c == body:
			w.children(body)
		case t.Nodes[c].Field == fields.superclass:
			w.superclass(c, q)
		case t.Nodes[c].Field == fields.interfaces:
			w.top().supers = true
			w.supertypes(c, q, extract.RelImplements)
		case t.Kind(c) == kinds.extendsIfaces:
			w.top().supers = true
			w.supertypes(c, q, extract.RelExtends)
		case t.Kind(c) == kinds.formalParams:
			w.components(c)
		default:
			w.walk(c)
		}
	}
	w.pop()
}

// scanMembers binds the member types of a body and records its method
// names before the body is walked, so that uses above a declaration
// resolve too.
func (w *walker) scanMembers(body int32) {
	t, f := w.t, w.top()
	for c := t.FirstKid(body); c >= 0; c = t.Next(c) {
		k := t.Kind(c)
		switch {
		case isTypeDecl(k):
			if n := t.Child(c, fields.name); n >= 0 {
				name := t.Text(n)
				f.types = append(f.types, binding{name, qualifyMember(f.q, []byte(name))})
			}
		case k == kinds.methodDecl:
			if n := t.Child(c, fields.name); n >= 0 {
				f.addMethod(t.Text(n))
			}
		case k == kinds.fieldDecl || k == kinds.constDecl:
			typ := t.Child(c, fields.typ)
			for d := t.FirstKid(c); d >= 0; d = t.Next(d) {
				if t.Nodes[d].Field == fields.declarator {
					w.bindMember(f, t.Child(d, fields.name), typ)
				}
			}
		case k == kinds.enumConst:
			w.bindMember(f, t.Child(c, fields.name), noNode)
		case k == kinds.enumBodyDecls:
			w.scanMembers(c)
		}
	}
}

// scanComponents binds a record's components as fields (and accessors).
func (w *walker) scanComponents(params int32) {
	t, f := w.t, w.top()
	for p := t.FirstKid(params); p >= 0; p = t.Next(p) {
		if t.Kind(p) == kinds.formalParam {
			w.bindMember(f, t.Child(p, fields.name), t.Child(p, fields.typ))
		}
	}
}

// superclass emits the extends relation of a class and remembers the
// superclass for super(...) and super.m().
func (w *walker) superclass(clause int32, q string) {
	f := w.top()
	f.supers = true
	f.super = w.supertypes(clause, q, extract.RelExtends)
	if f.super != "" {
		f.superRecv = []string{f.super}
		_, f.superAlts = w.typeCandidate(w.t.FirstKid(clause))
	}
}

func (f *frame) addMethod(name string) {
	if f.methods == nil {
		f.methods = make(map[string]struct{})
	}
	f.methods[name] = struct{}{}
}

// components emits a record's components as fields; each also declares an
// accessor method of its name.
func (w *walker) components(params int32) {
	t := w.t
	for p := t.FirstKid(params); p >= 0; p = t.Next(p) {
		n := t.Child(p, fields.name)
		if t.Kind(p) != kinds.formalParam || n < 0 {
			w.walk(p)
			continue
		}
		name := t.Text(n)
		w.top().addMethod(name)
		w.declare(p, name, name, extract.KindField, w.fieldSignature(p, name))
		w.componentFacts(p, name)
		w.childrenExcept(p, n)
	}
}

// anonBody walks an anonymous class body or an enum constant's body: a
// class scope whose declarations have no stable name. super is the chain
// of the type it extends or implements (the instantiated type, the enum),
// the receiver of super.m() and of the fields it inherits.
func (w *walker) anonBody(body int32, super chain) {
	w.push(frame{class: true, anon: true, sym: extract.NoParent, supers: true,
		superRecv: super.Recv, superAlts: super.Alts})
	w.scanMembers(body)
	w.children(body)
	w.pop()
}

// method emits a method, constructor or annotation element and walks it in
// a frame of its own (its type parameters, local classes).
func (w *walker) method(i int32) {
	t := w.t
	nameNode := t.Child(i, fields.name)
	if nameNode < 0 {
		w.children(i)
		return
	}
	name := t.Text(nameNode)
	kind, last := extract.KindMethod, name
	if k := t.Kind(i); k == kinds.ctorDecl || k == kinds.compactCtor {
		kind, last = extract.KindConstructor, "<init>"
	}
	q, idx := w.declare(i, name, last, kind, w.signature(i, t.Child(i, fields.body)))
	if idx >= 0 {
		w.out.Symbols[idx].Arity = w.arity(t.ChildOfKind(i, kinds.formalParams))
	}
	w.push(frame{q: q, sym: idx})
	w.childrenExcept(i, nameNode)
	if kind == extract.KindMethod {
		w.returnsFact(i, q) // in the frame: its type parameters are not types
	}
	w.pop()
}

// arity is how many arguments a method's parameters take: overloads share
// a qualified name, so refs and selectors tell them apart by it. A compact
// record constructor (no parameter list) takes its components, unknown here.
func (w *walker) arity(params int32) extract.Arity {
	if params < 0 {
		return extract.Arity{}
	}
	a := extract.Arity{Known: true}
	for c := w.t.FirstKid(params); c >= 0; c = w.t.Next(c) {
		switch w.t.Kind(c) {
		case kinds.formalParam:
			a.Min++
		case kinds.spreadParam:
			a.Max = -1 // varargs: Min or more
		}
	}
	if a.Max == 0 {
		a.Max = a.Min
	}
	return a
}

// field emits one field per declarator of a field or interface constant
// declaration, each spanning the whole declaration.
func (w *walker) field(i int32) {
	t := w.t
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if t.Nodes[c].Field != fields.declarator {
			continue
		}
		if n := t.Child(c, fields.name); n >= 0 {
			name := t.Text(n)
			w.declare(i, name, name, extract.KindField, w.fieldSignature(i, name))
			if t.Child(c, fields.dimensions) < 0 {
				w.memberTypeFact(i, name, t.Child(i, fields.typ))
			}
		}
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if t.Nodes[c].Field == fields.declarator {
			w.childrenExcept(c, t.Child(c, fields.name))
		} else {
			w.walk(c)
		}
	}
}

// enumConst emits an enum constant as a field; its arguments are walked
// and its body is an anonymous class.
func (w *walker) enumConst(i int32) {
	t := w.t
	nameNode := t.Child(i, fields.name)
	if nameNode >= 0 {
		name := t.Text(nameNode)
		w.declare(i, name, name, extract.KindField, "")
		w.enumConstFact(i, name)
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case c == nameNode:
		case t.Kind(c) == kinds.classBody:
			w.anonBody(c, chain{Recv: w.top().self})
		default:
			w.walk(c)
		}
	}
}

// typeParams binds each type parameter in the innermost frame (so that T
// gets no ref) and walks its bounds and annotations.
func (w *walker) typeParams(i int32) {
	t := w.t
	for p := t.FirstKid(i); p >= 0; p = t.Next(p) {
		if t.Kind(p) != kinds.typeParam {
			w.walk(p)
			continue
		}
		n := t.ChildOfKind(p, kinds.typeIdent)
		if n >= 0 {
			w.bind(t.Text(n), "")
		}
		w.childrenExcept(p, n)
	}
}
