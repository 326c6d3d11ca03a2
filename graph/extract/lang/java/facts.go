package java

import "github.com/orbitgraph/orbit/graph/extract"

// The facts a file states about its own declarations (RESOLUTION.md):
// what a method returns and what type a field has, as written (a type
// named through on-demand imports with its alternatives, as its ref has
// them). Generics
// are erased (List<T> is java.util.List, never T); arrays, primitives and
// type parameters state nothing. Declarations without a stable name
// (inside anonymous bodies) state nothing either.

// returnsFact states the declared result type of a method.
func (w *walker) returnsFact(method int32, q string) {
	w.addFact(extract.FactReturns, q, "", w.t.Child(method, fields.typ), method)
}

// memberTypeFact states the declared type of a field of the innermost
// class; decl is the whole declaration.
func (w *walker) memberTypeFact(decl int32, name string, typ int32) {
	w.addFact(extract.FactType, w.top().q, name, typ, decl)
}

// componentFacts states a record component's type, as a field and as the
// result of its accessor.
func (w *walker) componentFacts(p int32, name string) {
	if w.t.Child(p, fields.dimensions) >= 0 {
		return
	}
	typ, owner := w.t.Child(p, fields.typ), w.top().q
	w.addFact(extract.FactType, owner, name, typ, p)
	if owner != "" {
		w.addFact(extract.FactReturns, owner+"."+name, "", typ, p)
	}
}

// enumConstFact states that an enum constant is of its enum's type.
func (w *walker) enumConstFact(i int32, name string) {
	if q := w.top().q; q != "" && !w.top().anon {
		w.out.Facts = append(w.out.Facts, extract.RawFact{
			Kind: extract.FactType, Subject: q, Member: name, Object: q, Span: w.t.Span(i),
		})
	}
}

func (w *walker) addFact(kind extract.FactKind, subject, member string, typ, decl int32) {
	if subject == "" || w.top().anon {
		return
	}
	if obj, alts := w.typeCandidate(typ); obj != "" {
		w.out.Facts = append(w.out.Facts, extract.RawFact{
			Kind: kind, Subject: subject, Member: member, Object: obj, Alternatives: alts, Span: w.t.Span(decl),
		})
	}
}
