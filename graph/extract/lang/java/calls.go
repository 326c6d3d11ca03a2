package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// call emits the call ref of a method invocation, its env config if it
// reads the environment, and walks the receiver and arguments in order.
func (w *walker) call(i int32) {
	t := w.t
	obj, name, args := int32(noNode), int32(noNode), int32(noNode)
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		switch t.Nodes[c].Field {
		case fields.object:
			obj = c
		case fields.name:
			name = c
		case fields.arguments:
			args = c
		}
	}
	if obj < 0 && t.Kind(t.FirstKid(i)) == kinds.super {
		obj = t.FirstKid(i) // super.m(): super is not in the object field
	}
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if c == name {
			tg := w.callRef(obj, name)
			n := len(w.out.Refs)
			w.addTarget(name, t.Text(name), tg, extract.RefCall)
			if len(w.out.Refs) > n && args >= 0 {
				w.out.Refs[n].Args = extract.Exactly(w.countKids(args))
			}
			w.envCall(tg.Q, obj, name, args)
		} else {
			w.walk(c)
		}
	}
}

// countKids counts an argument list's arguments (comments are not in the
// tree).
func (w *walker) countKids(list int32) int {
	n := 0
	for c := w.t.FirstKid(list); c >= 0; c = w.t.Next(c) {
		n++
	}
	return n
}

// callTarget is the candidate qualified name of calling name on obj, ""
// when the call goes through a receiver or is name-only.
func (w *walker) callTarget(obj, name int32) string {
	if tg := w.callRef(obj, name); tg.Recv == nil {
		return tg.Q
	}
	return ""
}

// methodRef emits X::m as a call of m and X::new as a type ref of X.
func (w *walker) methodRef(i int32) {
	t := w.t
	recv, name := t.FirstKid(i), int32(noNode)
	for c := t.Next(recv); c >= 0; c = t.Next(c) {
		if t.Kind(c) == kinds.ident {
			name = c
		}
	}
	if name < 0 && t.Kind(recv) == kinds.ident { // Type::new
		if q, alts, ok := w.typeCands(t.Raw(recv)); ok {
			w.addTarget(recv, t.Text(recv), target{Q: q, Alts: alts}, extract.RefType)
		}
		return
	}
	var tg target
	if name >= 0 {
		tg = w.refTarget(recv, name)
	}
	for c := recv; c >= 0; c = t.Next(c) {
		if c == name {
			w.addTarget(name, t.Text(name), tg, extract.RefCall)
		} else if k := t.Kind(c); k != kinds.ident && k != kinds.fieldAccess {
			w.walk(c)
		}
	}
}

// refTarget is the target of a method reference's method: a type
// receiver names a static (or unbound instance) method of that type.
func (w *walker) refTarget(recv, name int32) target {
	switch w.t.Kind(recv) {
	case kinds.typeIdent, kinds.scopedTypeIdent, kinds.genericType:
		q, alts := w.typeCandidate(recv)
		if q == "" {
			return target{}
		}
		nm := "." + w.t.Text(name)
		return target{Q: q + nm, Alts: jvm.Suffixed(alts, nm)}
	}
	return w.callRef(recv, name)
}

// typeCandidate resolves a type node like typeRef, without emitting.
func (w *walker) typeCandidate(i int32) (string, []string) {
	t := w.t
	switch t.Kind(i) {
	case kinds.typeIdent:
		q, alts, _ := w.typeCands(t.Raw(i))
		return q, alts
	case kinds.scopedTypeIdent:
		if segs, ok := w.segments(i); ok {
			q, alts, _ := w.qualifyDotted(segs)
			return q, alts
		}
	case kinds.genericType:
		return w.typeCandidate(t.FirstKid(i))
	}
	return "", nil
}

// ctorCall emits this(...) as a call of this class's constructor and
// super(...) as one of the superclass's, when the file names it.
func (w *walker) ctorCall(i int32) {
	t := w.t
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if t.Nodes[c].Field != fields.constructor {
			w.walk(c)
			continue
		}
		fr := w.innermostClass()
		if fr == nil {
			continue
		}
		q := fr.q
		if t.Kind(c) == kinds.super {
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
