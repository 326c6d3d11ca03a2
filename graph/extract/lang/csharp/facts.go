package csharp

import "github.com/orbitgraph/orbit/graph/extract"

// typeFact states that subject (a method: returns) or member of subject (a
// field or property: type) has the type written at typ, when that is a
// plain named type: generic types are skipped (a List<T> is not a T), as
// are arrays, tuples, predefined types and type parameters. The Object is
// the type's candidate, found after the walk.
func (w *walker) typeFact(kind extract.FactKind, subject, member string, typ, decl int32) {
	if subject == "" || hasGeneric(w.t, typ) {
		return
	}
	ev := w.typeEvidence(typ)
	if ev == nil {
		return
	}
	w.out.Facts = append(w.out.Facts, extract.RawFact{Kind: kind, Subject: subject, Member: member, Span: w.t.Span(decl)})
	w.facts = append(w.facts, pendingFact{fact: len(w.out.Facts) - 1, ev: ev})
}

// baseTypeEvidence is the evidence of the first entry of a base list.
func (w *walker) baseTypeEvidence(list int32) *evidence {
	first := w.t.FirstKid(list)
	if w.t.Kind(first) == kinds.primaryBase {
		first = w.t.FirstKid(first)
	}
	return w.typeEvidence(first)
}

// hasGeneric reports whether a type is or contains type arguments.
func hasGeneric(t *tree, typ int32) bool {
	if typ == noNode {
		return false
	}
	for i := typ; i < t.Nodes[typ].SubEnd; i++ {
		if t.Nodes[i].Kind == kinds.genericName {
			return true
		}
	}
	return false
}
