package csharp

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// invocation handles a call: a ref for what is called (after the refs of
// its receiver), an environment read, then the arguments.
func (w *walker) invocation(i int32) {
	fn := w.t.Child(i, fields.function)
	args := w.t.Child(i, fields.arguments)
	w.callee(fn)
	w.envConfig(fn, args)
	w.walk(args)
}

// callee emits the call ref of a called expression: M(), M<T>(),
// recv.M(), this.M(), a?.M(), A.B.M(). Anything else (a delegate returned
// by a call, a lambda) is walked without a call ref.
func (w *walker) callee(fn int32) {
	t := w.t
	switch t.Kind(fn) {
	case kinds.ident, kinds.genericName:
		id := w.lastIdent(fn)
		if name := identText(t.Text(id)); name != "nameof" {
			w.pendCall(id, name, "", w.thisEvidence())
		}
		w.typeArgs(fn)
	case kinds.memberAccess:
		w.memberCall(fn, t.Child(fn, fields.expression), t.Child(fn, fields.name))
	case kinds.qualifiedName:
		w.memberCall(fn, t.Child(fn, fields.qualifier), t.Child(fn, fields.name))
	case kinds.condAccess:
		w.conditionalCall(fn)
	default:
		w.walk(fn)
	}
}

// memberCall handles recv.M(): this.M() and base.M() on the enclosing
// type and its base; a receiver with type evidence (evidence.go) gives the
// call a receiver; a dotted name that is no variable or field names a type
// (Type.M()) or a using alias. Any other receiver is walked and the call
// keeps its name only.
func (w *walker) memberCall(fn, recv, nm int32) {
	id := w.lastIdent(nm)
	if id == noNode {
		w.walkKids(fn)
		return
	}
	name := identText(w.t.Text(id))
	switch abs, ok := w.chain(recv); {
	case recv == noNode && w.isThis(fn):
		w.pendCall(id, name, "this", w.thisEvidence())
	case recv == noNode: // base.M()
		w.pendCall(id, name, "base", w.baseEvidence())
	case ok:
		var buf [8]seg
		segs := append(buf[:0], w.segs...)
		for _, s := range segs {
			w.typeArgs(s.generic)
		}
		ev := &evidence{path: w.segPath(segs), abs: true, sc: w.sc}
		if !abs {
			ev = w.evidenceOf(recv)
		}
		w.pendCall(id, name, w.segPath(segs), ev)
	default:
		ev := w.evidenceOf(recv)
		w.walk(recv)
		w.pendCall(id, name, "?", ev)
	}
	w.typeArgs(nm)
}

// conditionalCall handles a?.M(): the receiver's evidence holds for M.
func (w *walker) conditionalCall(fn int32) {
	t := w.t
	var ev *evidence
	for c := range t.Kids(fn) {
		if nm := t.Child(c, fields.name); t.Nodes[c].Kind == kinds.memberBinding && nm != noNode {
			id := w.lastIdent(nm)
			w.pendCall(id, identText(t.Text(id)), "?", ev)
			w.typeArgs(nm)
			continue
		}
		if t.Nodes[c].Field == fields.condition {
			ev = w.evidenceOf(c)
			if ev != nil && ev.isName() {
				ev.value = true // a?.M(): a is a value, never a type
			}
		}
		w.walk(c)
	}
}

// isThis reports whether a member access without an expression child
// starts with the keyword this (rather than base).
func (w *walker) isThis(fn int32) bool {
	rest := w.t.Src[w.t.Nodes[fn].Start:]
	return strings.HasPrefix(rest, "this") && (len(rest) == 4 || !isIdentByte(rest[4]))
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// pendCall emits a call ref whose candidate is found after the walk.
func (w *walker) pendCall(id int32, name, recv string, ev *evidence) {
	ref := w.addRef(id, extract.RefCall, name, "")
	w.calls = append(w.calls, pendingCall{ref: ref, sc: w.sc, recv: recv, ev: ev})
}

// objectCreation handles `new T(...)`: a call ref to the type, then the
// arguments and initializer.
func (w *walker) objectCreation(i int32) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field == fields.typ {
			w.namedType(c, extract.RefCall, false)
		} else {
			w.walk(c)
		}
	}
}

// attribute handles [Name(args)]: a type ref to the attribute class, its
// serialization name if it gives one, then the arguments.
func (w *walker) attribute(i int32) {
	nm := w.t.Child(i, fields.name)
	for c := range w.t.Kids(i) {
		if c == nm {
			w.namedType(c, extract.RefType, true)
			w.serdeConfig(i, nm)
		} else {
			w.walk(c)
		}
	}
}
