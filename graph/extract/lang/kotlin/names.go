package kotlin

import "github.com/orbitgraph/orbit/graph/extract/internal/jvm"

// segments lists the names of a dotted name (an identifier, a chain of
// "." navigations over identifiers, a user type or a qualified
// identifier) into w.segs; ok is false for anything else.
func (w *walker) segments(i int32) ([]int32, bool) {
	w.segs = w.segs[:0]
	ok := w.appendSegs(i)
	return w.segs, ok && len(w.segs) > 0
}

func (w *walker) appendSegs(i int32) bool {
	t := w.t
	switch t.Kind(i) {
	case kinds.ident:
		w.segs = append(w.segs, i)
		return t.Nodes[i].End > t.Nodes[i].Start // a missing name is no name
	case kinds.navigation:
		name := w.navName(i)
		if name < 0 || w.navOp(i, name) != "." {
			return false
		}
		return w.appendSegs(t.FirstKid(i)) && w.appendSegs(name)
	case kinds.userType, kinds.qualifiedIdent:
		for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
			if t.Kind(c) == kinds.ident {
				if t.Nodes[c].End == t.Nodes[c].Start {
					return false
				}
				w.segs = append(w.segs, c)
			}
		}
		return true
	}
	return false
}

// dotted is the text of a dotted name without spaces or comments.
func (w *walker) dotted(i int32) string {
	segs, ok := w.segments(i)
	if !ok {
		return ""
	}
	return jvm.JoinSegs(w.t, segs)
}

func qualifyMember(q string, name []byte) string {
	if q == "" {
		return ""
	}
	return q + "." + string(name)
}
