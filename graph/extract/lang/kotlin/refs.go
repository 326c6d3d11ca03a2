package kotlin

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// typeRef emits the type ref of a user type (one ref for a dotted name,
// spanning its names) and walks its type arguments; it returns the
// candidate, or "" for a type parameter.
func (w *walker) typeRef(i int32) string {
	t := w.t
	segs, _ := w.segments(i)
	if len(segs) == 0 {
		w.children(i)
		return ""
	}
	first, last := segs[0], segs[len(segs)-1]
	q, alts, ok := w.typeCands(t.Raw(first))
	if len(segs) > 1 {
		q, alts, ok = w.qualifyDotted(segs)
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch {
		case c == first && ok:
			sp := extract.Span{Start: t.Nodes[first].Start, End: t.Nodes[last].End}
			w.addTargetSpan(sp, t.Text(last), target{Q: q, Alts: alts}, extract.RefType)
		case t.Kind(c) != kinds.ident:
			w.walk(c)
		}
	}
	return q
}

// supertypes emits a type ref and a relation for each supertype: a
// superclass constructor call (Base()) extends; a plain type implements an
// interface, or extends one when the declaring type is an interface; a
// delegated interface (I by x) implements.
func (w *walker) supertypes(specs int32, from string, isInterface bool) {
	t := w.t
	for s := t.FirstKid(specs); s >= 0; s = t.Next(s) {
		for c := t.FirstKid(s); c >= 0; c = t.Next(c) {
			kind := extract.RelImplements
			switch t.Kind(c) {
			case kinds.ctorInvocation:
				kind = extract.RelExtends
			case kinds.explicitDeleg:
			case kinds.userType, kinds.nullableType:
				if isInterface {
					kind = extract.RelExtends
				}
			default:
				w.walk(c)
				continue
			}
			w.supertype(c, from, kind)
		}
	}
}

// supertype emits one supertype: the relation's span is the type.
func (w *walker) supertype(c int32, from string, kind extract.RelationKind) {
	t := w.t
	ty := c
	if k := t.Kind(c); k == kinds.ctorInvocation || k == kinds.explicitDeleg {
		ty = t.FirstKid(c)
	}
	q := ""
	if t.Kind(ty) == kinds.userType {
		q = w.typeRef(ty)
	} else if ty >= 0 {
		w.walk(ty)
	}
	if q != "" && from != "" {
		w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, To: q, Kind: kind, Span: t.Span(ty)})
	}
	if ty != c {
		for x := t.Next(ty); x >= 0; x = t.Next(x) {
			w.walk(x) // constructor arguments, the delegate
		}
	}
}

// annotation walks @A or @A(...) (and @file:A): the type is a type ref;
// serialized-name annotations give serde configs; the strings of
// @Suppress are not notable.
func (w *walker) annotation(i int32) {
	t := w.t
	inv := t.ChildOfKind(i, kinds.ctorInvocation)
	name, args := []byte(nil), int32(noNode)
	if inv >= 0 {
		if ty := t.ChildOfKind(inv, kinds.userType); ty >= 0 {
			name = w.lastIdent(ty)
		}
		args = t.ChildOfKind(inv, kinds.valueArgs)
	}
	if args >= 0 {
		w.serde(name, args)
	}
	if s := string(name); s == "Suppress" || s == "SuppressWarnings" {
		w.quiet++
		defer func() { w.quiet-- }()
	}
	w.children(i)
}

func (w *walker) lastIdent(i int32) []byte {
	var last []byte
	for c := w.t.FirstKid(i); c >= 0; c = w.t.Next(c) {
		if w.t.Kind(c) == kinds.ident {
			last = w.t.Raw(c)
		}
	}
	return last
}
