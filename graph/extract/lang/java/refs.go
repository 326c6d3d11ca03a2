package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// typeRef emits the type ref of a type node and walks what it contains
// (type arguments); it returns the candidate of the named type, or "" when
// there is none (a type parameter, a primitive).
func (w *walker) typeRef(i int32) string {
	t := w.t
	switch t.Kind(i) {
	case kinds.typeIdent:
		q, alts, ok := w.typeCands(t.Raw(i))
		if ok {
			w.addTarget(i, t.Text(i), target{Q: q, Alts: alts}, extract.RefType)
		}
		return q
	case kinds.scopedTypeIdent:
		if segs, ok := w.segments(i); ok {
			last := t.Text(segs[len(segs)-1])
			q, alts, ok := w.qualifyDotted(segs)
			if ok {
				w.addTarget(i, last, target{Q: q, Alts: alts}, extract.RefType)
			}
			return q
		}
		w.children(i) // Outer<A>.Inner, annotated segments
	case kinds.genericType:
		q := ""
		for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
			if k := t.Kind(c); q == "" && (k == kinds.typeIdent || k == kinds.scopedTypeIdent) {
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
	for c := t.FirstKid(clause); c >= 0; c = t.Next(c) {
		if t.Kind(c) == kinds.typeList {
			for ty := t.FirstKid(c); ty >= 0; ty = t.Next(ty) {
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
	w.out.Relations = append(w.out.Relations, extract.RawRelation{From: from, To: q, Kind: kind, Span: w.t.Span(ty)})
}

// annotation emits a type ref for @A or @a.b.A, a serde config for the
// field-name annotations of Jackson and Gson, and walks the arguments;
// the strings of @SuppressWarnings are not notable.
func (w *walker) annotation(i int32) {
	t := w.t
	name := t.Child(i, fields.name)
	last := ""
	if segs, ok := w.segments(name); ok {
		last = t.Text(segs[len(segs)-1])
		q, alts, ok := w.annotationType(segs)
		if ok {
			w.addTarget(name, last, target{Q: q, Alts: alts}, extract.RefType)
		}
	}
	args := t.Child(i, fields.arguments)
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

func (w *walker) annotationType(segs []int32) (string, []string, bool) {
	if len(segs) == 1 {
		return w.typeCands(w.t.Raw(segs[0]))
	}
	return w.qualifyDotted(segs)
}
