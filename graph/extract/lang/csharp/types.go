package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// seg is one name of a dotted chain: its identifier and, when it was
// written with type arguments, its generic_name.
type seg struct{ name, generic int32 }

// chain collects into w.segs the names of a dotted type name or member
// access (A.B<T>.C, global::A.B); abs reports the global:: prefix. ok is
// false for anything else (this.x, f().x, string.Join).
func (w *walker) chain(i int32) (abs, ok bool) {
	w.segs = w.segs[:0]
	return w.appendChain(i)
}

func (w *walker) appendChain(i int32) (abs, ok bool) {
	t := w.t
	switch t.Kind(i) {
	case kinds.ident:
		w.segs = append(w.segs, seg{name: i, generic: noNode})
		return false, true
	case kinds.genericName:
		id := t.ChildOfKind(i, kinds.ident)
		w.segs = append(w.segs, seg{name: id, generic: i})
		return false, id != noNode
	case kinds.qualifiedName:
		if abs, ok = w.appendChain(t.Child(i, fields.qualifier)); ok {
			_, ok = w.appendChain(t.Child(i, fields.name))
		}
		return abs, ok
	case kinds.memberAccess:
		if abs, ok = w.appendChain(t.Child(i, fields.expression)); ok {
			_, ok = w.appendChain(t.Child(i, fields.name))
		}
		return abs, ok
	case kinds.aliasQualified:
		a := t.Child(i, fields.alias)
		if abs = t.Text(a) == "global"; !abs && a != noNode {
			w.segs = append(w.segs, seg{name: a, generic: noNode})
		}
		_, ok = w.appendChain(t.Child(i, fields.name))
		return abs, ok
	}
	return false, false
}

// segPath joins the names of segs with dots, type arguments left out.
func (w *walker) segPath(segs []seg) string {
	if len(segs) == 1 {
		return identText(w.t.Text(segs[0].name))
	}
	var b strings.Builder
	for i, s := range segs {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(identText(w.t.Text(s.name)))
	}
	return b.String()
}

// dottedText is a namespace or using name as written, without white
// space, comments or global::.
func (w *walker) dottedText(i int32) string {
	if _, ok := w.chain(i); ok {
		return w.segPath(w.segs)
	}
	return normalize(w.t.Text(i))
}

// lastIdent is the identifier a type or member name ends with.
func (w *walker) lastIdent(i int32) int32 {
	t := w.t
	for {
		switch t.Kind(i) {
		case kinds.qualifiedName, kinds.aliasQualified:
			i = t.Child(i, fields.name)
		case kinds.genericName:
			return t.ChildOfKind(i, kinds.ident)
		case kinds.ident:
			return i
		default:
			return noNode
		}
	}
}

// typeRef emits the type refs of a type: a named type, or the named types
// inside arrays, nullables, pointers, tuples and function pointers.
// Predefined types (int, string) and var give none.
func (w *walker) typeRef(i int32) {
	switch w.t.Kind(i) {
	case kinds.ident, kinds.genericName, kinds.qualifiedName, kinds.aliasQualified:
		w.namedType(i, extract.RefType, false)
	case kinds.predefinedType, kinds.implicitType, 0:
	default:
		w.walkKids(i)
	}
}

// contextualTypes are identifiers the grammar reads as type names that are
// keywords in their place.
var contextualTypes = map[string]bool{"var": true, "dynamic": true, "nint": true, "nuint": true, "unmanaged": true, "notnull": true}

// namedType emits a ref of kind for a type name (Foo, A.B, Foo<T>,
// global::A.B, an attribute's name when attr) and the refs of its type
// arguments, in source order. It returns the index of the ref's pending
// candidate, or -1 when it made no ref: type parameters and contextual
// keywords are not references.
func (w *walker) namedType(i int32, kind extract.RefKind, attr bool) int {
	abs, ok := w.chain(i)
	if !ok {
		w.walkKids(i)
		return -1
	}
	var buf [8]seg
	segs := append(buf[:0], w.segs...)
	last := segs[len(segs)-1]
	for _, s := range segs[:len(segs)-1] {
		w.typeArgs(s.generic)
	}
	name := identText(w.t.Text(last.name))
	if name == "" { // a name tree-sitter recovered from nothing (`class A : <>`)
		w.typeArgs(last.generic)
		return -1
	}
	if len(segs) == 1 && !abs && !attr && (contextualTypes[name] || w.sc.isTypeParam(name)) {
		w.typeArgs(last.generic)
		return -1
	}
	ref := w.addRef(last.name, kind, name, "")
	w.types = append(w.types, pendingType{ref: ref, rel: -1, sc: w.sc, path: w.segPath(segs), abs: abs, attr: attr})
	p := len(w.types) - 1
	w.typeArgs(last.generic)
	return p
}

// typeArgs emits the type refs of a generic name's type arguments.
func (w *walker) typeArgs(g int32) {
	if w.t.Kind(g) != kinds.genericName {
		return
	}
	if args := w.t.ChildOfKind(g, kinds.typeArgList); args != noNode {
		for c := range w.t.Kids(args) {
			w.typeRef(c)
		}
	}
}
