package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// typeRef emits the type ref of a type node and walks what it contains
// (type arguments); it returns the candidate of the named type, or "" when
// there is none (a type parameter, a primitive).
func (w *walker) typeRef(i int32) string {
	t := w.t
	switch t.kind(i) {
	case kinds.typeIdent:
		q, ok := w.typeName(t.bytes(i))
		if ok {
			w.addRef(i, t.text(i), q, extract.RefType)
		}
		return q
	case kinds.scopedTypeIdent:
		if segs, ok := w.segments(i); ok {
			last := t.text(segs[len(segs)-1])
			q, ok := w.qualifyDotted(segs)
			if ok {
				w.addRef(i, last, q, extract.RefType)
			}
			return q
		}
		w.children(i) // Outer<A>.Inner, annotated segments
	case kinds.genericType:
		q := ""
		for c := t.first(i); c >= 0; c = t.next(c) {
			if k := t.kind(c); q == "" && (k == kinds.typeIdent || k == kinds.scopedTypeIdent) {
				q = w.typeRef(c)
			} else {
				w.walk(c)
			}
		}
		return q
	default:
		w.walk(i)
	}
	return ""
}

// supertypes emits a type ref and a relation from the declared type for
// each type of a superclass, super_interfaces or extends_interfaces
// clause. It returns the first candidate (the superclass).
func (w *walker) supertypes(clause int32, from string, kind extract.RelationKind) string {
	t := w.t
	first := ""
	for c := t.first(clause); c >= 0; c = t.next(c) {
		if t.kind(c) == kinds.typeList {
			for ty := t.first(c); ty >= 0; ty = t.next(ty) {
				w.supertype(ty, from, kind, &first)
			}
			continue
		}
		w.supertype(c, from, kind, &first)
	}
	return first
}

func (w *walker) supertype(ty int32, from string, kind extract.RelationKind, first *string) {
	q := w.typeRef(ty)
	if q == "" || from == "" {
		return
	}
	if *first == "" {
		*first = q
	}
	w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, To: q, Kind: kind, Span: w.t.span(ty)})
}

// annotation emits a type ref for @A or @a.b.A, a serde config for the
// field-name annotations of Jackson and Gson, and walks the arguments;
// the strings of @SuppressWarnings are not notable.
func (w *walker) annotation(i int32) {
	t := w.t
	name := t.child(i, fields.name)
	last := ""
	if segs, ok := w.segments(name); ok {
		last = t.text(segs[len(segs)-1])
		q, ok := w.annotationType(segs)
		if ok {
			w.addRef(name, last, q, extract.RefType)
		}
	}
	args := t.child(i, fields.arguments)
	if args < 0 {
		return
	}
	w.serde(last, args)
	if last == "SuppressWarnings" {
		w.quiet++
		defer func() { w.quiet-- }()
	}
	w.children(args)
}

func (w *walker) annotationType(segs []int32) (string, bool) {
	if len(segs) == 1 {
		return w.typeName(w.t.bytes(segs[0]))
	}
	return w.qualifyDotted(segs)
}

// call emits the call ref of a method invocation, its env config if it
// reads the environment, and walks the receiver and arguments in order.
func (w *walker) call(i int32) {
	t := w.t
	obj, name, args := int32(noNode), int32(noNode), int32(noNode)
	for c := t.first(i); c >= 0; c = t.next(c) {
		switch t.nodes[c].Field {
		case fields.object:
			obj = c
		case fields.name:
			name = c
		case fields.arguments:
			args = c
		}
	}
	for c := t.first(i); c >= 0; c = t.next(c) {
		if c == name {
			q := w.callTarget(obj, name)
			w.addRef(name, t.text(name), q, extract.RefCall)
			w.envCall(q, obj, name, args)
		} else {
			w.walk(c)
		}
	}
}

// callTarget is the candidate for calling name on obj (noNode when
// unqualified): a method of an enclosing class or a static import, a
// method of this class, or a static method of a type. Calls on values are
// name-only.
func (w *walker) callTarget(obj, name int32) string {
	nm := w.t.bytes(name)
	switch w.t.kind(obj) {
	case 0:
		return w.methodTarget(nm)
	case kinds.this:
		return w.thisTarget(nm)
	case kinds.ident, kinds.fieldAccess:
		if q, ok := w.staticTarget(obj); ok {
			return q + "." + string(nm)
		}
	}
	return ""
}

// methodRef emits X::m as a call of m and X::new as a type ref of X.
func (w *walker) methodRef(i int32) {
	t := w.t
	recv, name := t.first(i), int32(noNode)
	for c := t.next(recv); c >= 0; c = t.next(c) {
		if t.kind(c) == kinds.ident {
			name = c
		}
	}
	if name < 0 && t.kind(recv) == kinds.ident { // Type::new
		if q, ok := w.typeName(t.bytes(recv)); ok {
			w.addRef(recv, t.text(recv), q, extract.RefType)
		}
		return
	}
	target := ""
	if name >= 0 {
		target = w.refTarget(recv, name)
	}
	for c := recv; c >= 0; c = t.next(c) {
		if c == name {
			w.addRef(name, t.text(name), target, extract.RefCall)
		} else if k := t.kind(c); k != kinds.ident && k != kinds.fieldAccess {
			w.walk(c)
		}
	}
}

// refTarget is the candidate of a method reference's method: a type
// receiver names a static (or unbound instance) method of that type.
func (w *walker) refTarget(recv, name int32) string {
	switch w.t.kind(recv) {
	case kinds.typeIdent, kinds.scopedTypeIdent, kinds.genericType:
		if q := w.typeCandidate(recv); q != "" {
			return q + "." + w.t.text(name)
		}
		return ""
	}
	return w.callTarget(recv, name)
}

// typeCandidate resolves a type node like typeRef, without emitting.
func (w *walker) typeCandidate(i int32) string {
	t := w.t
	switch t.kind(i) {
	case kinds.typeIdent:
		q, _ := w.typeName(t.bytes(i))
		return q
	case kinds.scopedTypeIdent:
		if segs, ok := w.segments(i); ok {
			q, _ := w.qualifyDotted(segs)
			return q
		}
	case kinds.genericType:
		return w.typeCandidate(t.first(i))
	}
	return ""
}

// ctorCall emits this(...) as a call of this class's constructor and
// super(...) as one of the superclass's, when the file names it.
func (w *walker) ctorCall(i int32) {
	t := w.t
	for c := t.first(i); c >= 0; c = t.next(c) {
		if t.nodes[c].Field != fields.constructor {
			w.walk(c)
			continue
		}
		fr := w.innermostClass()
		if fr == nil {
			continue
		}
		q := fr.q
		if t.kind(c) == kinds.super {
			q = fr.super
		}
		if q != "" {
			w.addRef(c, lastSegment(q), q+".<init>", extract.RefCall)
		}
	}
}

func lastSegment(q string) string {
	for i := len(q) - 1; i >= 0; i-- {
		if q[i] == '.' {
			return q[i+1:]
		}
	}
	return q
}
