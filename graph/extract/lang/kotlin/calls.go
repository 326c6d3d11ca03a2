package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// call emits the call ref of a call expression, its env config if it
// reads the environment, and walks the rest in source order.
func (w *walker) call(i int32) {
	t := w.t
	callee := t.FirstKid(i)
	q := ""
	switch t.Kind(callee) {
	case kinds.ident:
		tg, emit := w.nameTarget(t.Raw(callee))
		if emit {
			w.addTargetSpan(t.Span(callee), t.Text(callee), tg, extract.RefCall)
		}
		q = tg.Q
	case kinds.navigation:
		q = w.memberCall(callee)
	default:
		w.walk(callee)
	}
	for c := t.Next(callee); c >= 0; c = t.Next(c) {
		w.walk(c)
	}
	if q == getenv || t.Kind(callee) == kinds.navigation && w.isEnvMapRead(callee) {
		w.envArg(t.ChildOfKind(i, kinds.valueArgs))
	}
}

// memberCall handles a called a.f / T.f: the receiver is walked, f is a
// call ref. It returns the candidate.
func (w *walker) memberCall(nav int32) string {
	t := w.t
	recv, name := t.FirstKid(nav), w.navName(nav)
	if name < 0 || w.navOp(nav, name) == "::" {
		w.children(nav)
		return ""
	}
	w.walk(recv)
	tg := w.memberTarget(recv, t.Raw(name))
	w.addTargetSpan(t.Span(name), t.Text(name), tg, extract.RefCall)
	return tg.Q
}

// memberTarget is the target of calling f on recv: a static, object or
// companion member for T.f(); for a value the file gives evidence for,
// its receiver chain; otherwise name-only.
func (w *walker) memberTarget(recv int32, name []byte) target {
	c, isType := w.object(recv)
	if isType {
		q := w.staticMember(c.Recv[0], name)
		return target{Q: q, Alts: jvm.Suffixed(c.Alts, "."+string(name))}
	}
	return target{Recv: c.Recv, Alts: c.Alts}
}

// navigation handles a navigation that is not called: T::f is a call ref
// (a function reference), T::class a type ref; a plain a.b is walked.
func (w *walker) navigation(i int32) {
	t := w.t
	name := w.navName(i)
	if name < 0 || w.navOp(i, name) != "::" {
		w.children(i)
		return
	}
	recv := t.FirstKid(i)
	if string(t.Raw(name)) == "class" {
		if t.Kind(recv) == kinds.ident {
			if q, ok := w.typeName(t.Raw(recv)); ok {
				w.addRef(recv, t.Text(recv), q, extract.RefType)
			}
			return
		}
		w.walk(recv)
		return
	}
	w.walk(recv)
	w.addTargetSpan(t.Span(name), t.Text(name), w.memberTarget(recv, t.Raw(name)), extract.RefCall)
}

// navName is the member name of a navigation: its identifier after the
// receiver, or noNode.
func (w *walker) navName(nav int32) int32 {
	recv := w.t.FirstKid(nav)
	if recv < 0 {
		return noNode
	}
	if n := w.t.Next(recv); n >= 0 && w.t.Kind(n) == kinds.ident {
		return n
	}
	return noNode
}

// navOp is the operator between a navigation's receiver and name: ".",
// "?." or "::".
func (w *walker) navOp(nav, name int32) string {
	recv := w.t.FirstKid(nav)
	op := bytes.TrimSpace(w.t.Src[w.t.Nodes[recv].End:w.t.Nodes[name].Start])
	switch {
	case bytes.HasPrefix(op, []byte("::")):
		return "::"
	case bytes.HasPrefix(op, []byte("?.")):
		return "?."
	}
	return "."
}

// callableRef emits ::f and T::f as call refs (T::class as a type ref).
func (w *walker) callableRef(i int32) {
	t := w.t
	name, recv := int32(noNode), int32(noNode)
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if t.Kind(c) == kinds.ident {
			name = c
		} else if recv < 0 {
			recv = c
		}
	}
	if recv >= 0 {
		w.walk(recv)
	}
	if name < 0 {
		return
	}
	var tg target
	emit := true
	switch {
	case recv < 0:
		tg, emit = w.nameTarget(t.Raw(name))
	case t.Kind(recv) == kinds.userType:
		if tq, alts := w.typeCandidate(recv); tq != "" {
			nm := "." + t.Text(name)
			tg = target{Q: w.staticMember(tq, t.Raw(name)), Alts: jvm.Suffixed(alts, nm)}
		}
	}
	if emit {
		w.addTargetSpan(t.Span(name), t.Text(name), tg, extract.RefCall)
	}
}

// typeCandidate resolves a user type like typeRef, without emitting.
func (w *walker) typeCandidate(ty int32) (string, []string) {
	segs, ok := w.segments(ty)
	if !ok {
		return "", nil
	}
	if len(segs) == 1 {
		q, alts, _ := w.typeCands(w.t.Raw(segs[0]))
		return q, alts
	}
	q, alts, _ := w.qualifyDotted(segs)
	return q, alts
}

// infix emits `a f b` as a call of f on a value (name-only).
func (w *walker) infix(i int32) {
	t := w.t
	k := 0
	for c := t.FirstKid(i); c >= 0; c = t.Next(c) {
		if k == 1 && t.Kind(c) == kinds.ident {
			w.addRef(c, t.Text(c), "", extract.RefCall)
		} else {
			w.walk(c)
		}
		k++
	}
}
