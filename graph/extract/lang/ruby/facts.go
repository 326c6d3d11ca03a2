package ruby

import "github.com/orbitgraph/orbit/graph/extract"

// pendingFact is a type fact whose class, a constant, resolves after the
// walk.
type pendingFact struct {
	fact int
	ev   *evidence
}

// newEvidence is the evidence of a Foo.new value, or nil for any other:
// the only values Ruby facts are stated from.
func (w *walker) newEvidence(right int32) *evidence {
	if w.t.Kind(right) != kinds.call {
		return nil
	}
	ev := w.callEvidence(right)
	if ev == nil || ev.path == "" || ev.smeth != "" || len(ev.rest) > 0 {
		return nil
	}
	return ev
}

// ivarFact states `@x = Foo.new` in an instance method of class C as the
// type of C's member @x.
func (w *walker) ivarFact(left, right, stmt int32) {
	if w.cref == nil || w.self != selfInstance {
		return
	}
	w.typeFact(w.cref.qual, w.t.Text(left), right, stmt)
}

// typeFact states that subject (with member, its member) holds a Foo.new.
func (w *walker) typeFact(subject, member string, right, stmt int32) {
	ev := w.newEvidence(right)
	if ev == nil {
		return
	}
	w.out.Facts = append(w.out.Facts, extract.RawFact{Kind: extract.FactType, Subject: subject, Member: member, Span: w.t.Span(stmt)})
	w.facts = append(w.facts, pendingFact{fact: len(w.out.Facts) - 1, ev: ev})
}
